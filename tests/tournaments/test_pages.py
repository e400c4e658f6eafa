"""The tournament pages render with their DOM hooks; the list offers the form to organizers."""

import pytest

from tests.support.factories import new_tournament
from tests.support.factories import person

pytestmark = pytest.mark.django_db


def test_the_list_page_has_its_three_lists_and_the_nav_link(client):
    body = client.get("/tournaments").content.decode()

    for hook in ["tournaments-running", "tournaments-upcoming", "tournaments-finished"]:
        assert f'data-testid="{hook}"' in body
    assert 'data-testid="tournaments-link"' in body
    assert 'data-testid="tournament-form"' not in body


def test_organizers_get_the_scheduling_form(client, org):
    client.force_login(org)
    assert 'data-testid="tournament-form"' in client.get("/tournaments").content.decode()
    client.force_login(person("ana"))
    assert 'data-testid="tournament-form"' not in client.get("/tournaments").content.decode()


def test_a_tournament_page_has_registration_rounds_and_standings(client, org):
    tournament = new_tournament(org, format="duplicate")
    client.force_login(person("ana"))

    body = client.get(f"/tournaments/{tournament.pk}").content.decode()

    assert tournament.name in body
    for hook in [
        "tournament",
        "countdown",
        "register",
        "withdraw",
        "check-in",
        "standings",
        "rounds",
        "final-places",
        "entrants",
    ]:
        assert f'data-testid="{hook}"' in body
    assert client.get("/tournaments/424242").status_code == 404


def test_an_anonymous_visitor_is_asked_to_log_in_to_register(client, org):
    tournament = new_tournament(org)
    body = client.get(f"/tournaments/{tournament.pk}").content.decode()
    assert 'data-testid="login-to-register"' in body
    assert 'data-testid="register"' not in body
