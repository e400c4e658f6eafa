"""Correspondence tables with no clock at weekends (issue 34), through the services and the API
with a frozen clock: each player's weekend is their own time zone's (ana in New York, bo in
Tokyo), across New York's spring-forward weekend; the sweeper times nobody out in a weekend;
the API's clock says the clock stands still and until when; a player's new time zone moves
their deadline; the projections rebuild the same from the log."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
from django.test import Client

from games import services
from games.models import Game
from tests.support.clocks import assert_clocks_rebuild_equal
from tests.support.clocks import play_turn
from tests.support.clocks import seat_row
from tests.support.clocks import sweep
from tests.support.clocks import timed_game
from tests.support.factories import PASSWORD
from tests.support.factories import client_for

pytestmark = pytest.mark.django_db

WEEKENDS = {"kind": "correspondence", "days_per_move": 1, "vacation_days": 5, "weekend_pause": True}
ZONES = {"ana": "America/New_York", "bo": "Asia/Tokyo"}
FRIDAY_NOON_NY = datetime(2026, 3, 6, 17, tzinfo=UTC)  # Saturday 02:00 in Tokyo
# Each player's first turn, begun then: due after their weekend and a day of their clock.
DUE_FIRST = {
    # 6 h on Friday, the weekend (to Monday 08:00 EDT: the clocks went forward), 18 h more.
    "ana": datetime(2026, 3, 9, 12, tzinfo=UTC) + timedelta(hours=18),
    # Already Saturday: the weekend to Monday 08:00 JST, then the whole day.
    "bo": datetime(2026, 3, 8, 23, tzinfo=UTC) + timedelta(days=1),
}


@pytest.fixture
def players(ana, bo):
    for user in (ana, bo):
        user.time_zone = ZONES[user.username]
        user.save(update_fields=["time_zone"])
    return ana, bo


def mover(game: Game, users):
    game.refresh_from_db()
    return next(u for u in users if seat_row(game, game.to_move).user_id == u.id)


def test_each_players_weekend_is_their_own_time_zones(frozen_clock, players):
    frozen_clock.freeze(FRIDAY_NOON_NY)
    game = timed_game(*players[:1], [players[1]], WEEKENDS)
    first = mover(game, players)
    assert game.deadline == DUE_FIRST[first.username]
    assert game.time_control["weekend_pause"] is True
    # The first mover plays on Saturday 12:00 UTC: the other's turn begins in their weekend.
    frozen_clock.freeze(datetime(2026, 3, 7, 12, tzinfo=UTC))
    play_turn(game, first)
    second = mover(game, players)
    assert second != first
    weekend_ends = {
        "ana": datetime(2026, 3, 9, 12, tzinfo=UTC),  # Monday 08:00 EDT
        "bo": datetime(2026, 3, 8, 23, tzinfo=UTC),  # Monday 08:00 JST
    }[second.username]
    assert game.deadline == weekend_ends + timedelta(days=1)
    clock = client_for().get(f"/api/v1/games/{game.id}").json()["clock"]
    assert clock["paused"] == "weekend"
    assert clock["pauses"][0] == {
        "reason": "weekend",
        "start": "2026-03-07T12:00:00Z",
        "end": weekend_ends.isoformat().replace("+00:00", "Z"),
    }
    # Nobody is timed out in a weekend, nor a second before the deadline; then they are.
    frozen_clock.freeze(game.deadline - timedelta(seconds=1))
    assert client_for().get(f"/api/v1/games/{game.id}").json()["clock"]["paused"] is None
    assert sweep() == 0
    frozen_clock.advance(timedelta(seconds=2))
    assert sweep() == 1
    assert_clocks_rebuild_equal(game)


def test_without_weekends_off_the_same_turn_is_due_a_day_later_in_any_zone(frozen_clock, players):
    frozen_clock.freeze(FRIDAY_NOON_NY)
    game = timed_game(players[0], [players[1]], {**WEEKENDS, "weekend_pause": False})
    assert game.deadline == FRIDAY_NOON_NY + timedelta(days=1)
    assert client_for().get(f"/api/v1/games/{game.id}").json()["clock"]["pauses"] == []


def test_a_new_time_zone_moves_the_deadline_of_the_turn_under_way(frozen_clock, players):
    frozen_clock.freeze(FRIDAY_NOON_NY)
    game = timed_game(players[0], [players[1]], WEEKENDS)
    first = mover(game, players)
    other = "bo" if first.username == "ana" else "ana"
    services.player_time_zone_set(user=first, time_zone=ZONES[other])
    game.refresh_from_db()
    assert game.deadline == DUE_FIRST[other]
    assert_clocks_rebuild_equal(game)


def test_the_settings_page_sets_the_time_zone_and_refuses_an_unknown_one(frozen_clock, players):
    frozen_clock.freeze(FRIDAY_NOON_NY)
    game = timed_game(players[0], [players[1]], WEEKENDS)
    first = mover(game, players)
    browser = Client()
    assert browser.login(username=first.username, password=PASSWORD)
    form = {"form": "preferences", "language": "", "sounds": "on"}
    page = browser.post("/settings", {**form, "time_zone": "Mars/Olympus_Mons"}, follow=True)
    assert "Choose a time zone from the list." in page.content.decode()
    first.refresh_from_db()
    assert first.time_zone == ZONES[first.username]
    browser.post("/settings", {**form, "time_zone": ""})
    first.refresh_from_db()
    assert first.time_zone == ""
    game.refresh_from_db()
    # UTC: Friday 17:00, so 1 h before the weekend and 23 h from Monday 08:00 UTC.
    assert game.deadline == datetime(2026, 3, 9, 8, tzinfo=UTC) + timedelta(hours=23)
    assert 'value="Asia/Tokyo"' in browser.get("/settings").content.decode()


@pytest.mark.parametrize(
    "tc",
    [
        {"kind": "live", "weekend_pause": True},
        {"kind": "correspondence", "weekend_pause": "yes"},
        {"kind": "correspondence", "weekend_pause": 1},
    ],
)
def test_only_a_correspondence_table_has_weekends_off_and_it_is_true_or_false(ana, tc):
    r = client_for(ana).post("/api/v1/games", {"players": 2, "time_control": tc}, format="json")
    assert (r.status_code, r.json()["code"]) == (400, "invalid_time_control")
