"""The team pages: the list with its search and form, a team's page with its members, ratings,
role badges, the buttons each visitor gets, the leaders' tools and the chat panel."""

from __future__ import annotations

import pytest

from ratings.models import Rating
from teams import services
from tests.support.factories import bot
from tests.support.factories import person

pytestmark = pytest.mark.django_db


def page(client, user, path: str) -> str:
    if user is not None:
        client.force_login(user)
    r = client.get(path)
    assert r.status_code == 200
    return r.content.decode()


def test_the_list_shows_open_teams_searches_and_offers_the_form(client, ana, bo, club, guild):
    body = page(client, None, "/teams")
    assert "Train Spotters" in body
    assert "Closed Guild" in body
    assert 'data-testid="teams-link"' in body
    assert 'data-testid="team-form"' not in body
    assert 'data-testid="login-to-create"' in body
    body = page(client, bo, "/teams?q=guild")
    assert "Closed Guild" in body
    assert "Train Spotters" not in body
    assert 'data-testid="team-form"' in body
    assert 'data-testid="my-teams"' not in body
    body = page(client, ana, "/teams?q=zzz")
    assert 'data-testid="team-list-empty"' in body
    assert 'data-testid="my-teams"' in body


def test_a_closed_team_is_hidden_from_the_list_but_its_page_says_why(client, mod, bo, club):
    services.team_close(team_id=club.pk, staff=mod, reason="spam <b>links</b>")
    assert "Train Spotters" not in page(client, None, "/teams")
    body = page(client, bo, f"/teams/{club.slug}")
    assert 'data-testid="team-closed-note"' in body
    assert "spam &lt;b&gt;links&lt;/b&gt;" in body  # the reason is text, never markup
    assert 'data-testid="team-join"' not in body


def test_a_visitor_sees_members_ratings_badges_and_the_join_button(client, bo, club):
    Rating.objects.create(user=bo, kind="live", mu=30.0, sigma=2.0, games=12)
    services.team_join(team_id=club.pk, user=bo)
    body = page(client, None, f"/teams/{club.slug}")
    assert 'data-testid="login-to-join"' in body
    body = page(client, person("cy"), f"/teams/{club.slug}")
    assert 'data-testid="team-join"' in body
    assert body.count('data-testid="team-member"') == 2
    assert body.count('data-testid="leader-badge"') == 1
    assert "Rating 1980" in body  # 1500 + 20 × (30 − 3 × 2)
    assert "Average live rating of the rated members: 1980" in body
    assert "unrated" in body
    assert 'data-testid="chat-panel"' not in body  # not a member
    assert 'data-testid="member-remove"' not in body
    assert 'data-testid="team-events"' not in body  # nothing to list


def test_a_member_gets_leave_and_the_chat_and_a_leader_the_tools(client, ana, bo, cy, guild):
    request = services.team_request_join(team_id=guild.pk, user=cy, message="please")
    _, asked = services.team_join_or_request(team_id=guild.pk, user=bo)
    services.team_request_accept(team_id=guild.pk, request_id=asked.pk, user=ana)
    body = page(client, bo, f"/teams/{guild.slug}")
    assert 'data-testid="team-leave"' in body
    assert 'data-testid="chat-panel"' in body
    assert 'data-chat-path="teams/closed-guild/chat"' in body
    assert 'data-testid="team-requests"' not in body
    assert 'data-testid="member-remove"' not in body
    assert 'data-testid="team-edit-panel"' not in body
    body = page(client, ana, f"/teams/{guild.slug}")
    assert 'data-testid="team-edit-panel"' in body
    assert 'data-testid="team-requests"' in body
    assert f'data-team-action="requests/{request.pk}/accept"' in body
    assert "please" in body
    assert 'data-team-action="members/bo/remove"' in body
    assert 'data-team-action="members/bo/promote"' in body
    assert 'data-testid="chat-close"' in body
    body = page(client, cy, f"/teams/{guild.slug}")
    assert 'data-testid="team-asked"' in body


def test_a_team_that_takes_requests_shows_the_ask_form_and_a_bot_is_told_no(client, bo, guild):
    assert 'data-testid="team-ask"' in page(client, bo, f"/teams/{guild.slug}")
    assert "Bot accounts do not join teams." in page(client, bot(), f"/teams/{guild.slug}")


def test_an_unknown_team_is_404(client):
    assert client.get("/teams/no-such-team").status_code == 404


def test_the_team_pages_carry_no_inline_code_under_the_strict_policy(client, ana, club):
    from tests.hardening.test_headers import inline_code

    for user in (None, ana):
        for path in ("/teams", f"/teams/{club.slug}"):
            body = page(client, user, path)
            assert inline_code(body) == [], path


def test_staff_get_the_close_form_and_players_do_not(client, ana, mod, club):
    assert 'data-testid="team-staff"' not in page(client, ana, f"/teams/{club.slug}")
    body = page(client, mod, f"/teams/{club.slug}")
    assert 'data-testid="team-staff"' in body
    assert 'data-testid="chat-panel"' in body  # staff read a team's chat to moderate it
    assert 'data-chat-mode="off"' in body  # but do not write in it
    services.team_close(team_id=club.pk, staff=mod, reason="spam")
    assert 'data-testid="team-staff"' not in page(client, mod, f"/teams/{club.slug}")


def test_leaders_come_first_then_members_by_rating_the_unrated_last(client, ana, bo, cy, di, club):
    for user, mu in ((bo, 26.0), (cy, None), (di, 30.0)):
        services.team_join(team_id=club.pk, user=user)
        if mu is not None:
            Rating.objects.create(user=user, kind="live", mu=mu, sigma=2.0, games=3)
    body = page(client, None, f"/teams/{club.slug}")
    order = [body.index(f'data-username="{name}"') for name in ("ana", "di", "bo", "cy")]
    assert order == sorted(order)
    assert body.count("Rating ") == 2


def test_a_player_at_the_limit_is_told_why_there_is_no_form(client, bo):
    for n in range(services.MAX_TEAMS_PER_USER):
        services.team_create(user=bo, name=f"Team {n}")
    body = page(client, bo, "/teams")
    assert 'data-testid="team-form"' not in body
    assert "You are in 10 teams: leave one to create another." in body
