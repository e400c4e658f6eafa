"""The profile and leaderboard pages render with their hooks."""

import pytest

from ratings.services import rating_apply_game
from tests.support.factories import bot
from tests.support.factories import finished_game
from tests.support.pages import rendered

pytestmark = pytest.mark.django_db


def test_the_profile_page_carries_the_chart_and_the_rating_cards(client, ana, bo):
    rating_apply_game(game_id=finished_game([ana, bo], [1, 2]).pk)

    body = rendered(
        client,
        "/players/ana",
        [
            'data-testid="profile"',
            'data-username="ana"',
            'data-testid="rating-cards"',
            'data-testid="rating-chart"',
            'data-testid="kind-switch"',
            'data-testid="history-table"',
            "frontend/js/profile.js",
        ],
    )
    assert "https://" not in body
    assert "http://" not in body


def test_a_bot_profile_page_says_bots_are_not_rated(client):
    greedy = bot("greedy")

    body = client.get(f"/players/{greedy.username}").content.decode()

    assert 'data-testid="bot-unrated"' in body
    assert 'data-testid="rating-chart"' not in body


def test_the_profile_page_of_an_unknown_player_is_404(client, db):
    assert client.get("/players/nobody").status_code == 404


def test_the_leaderboard_page_renders_and_the_nav_links_to_it(client, ana):
    rendered(
        client,
        "/leaderboard",
        ['data-testid="leaderboard"', 'id="leaderboard-rows"', "frontend/js/leaderboard.js"],
    )
    assert 'href="/leaderboard"' in client.get("/").content.decode()


def test_a_logged_in_player_has_a_link_to_their_profile(client, ana):
    client.force_login(ana)

    assert 'href="/players/ana"' in client.get("/").content.decode()
