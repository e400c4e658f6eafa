"""RULES R24: "Every game has a time control: live (seconds per move plus a reserve) or
correspondence (days per move, with vacation days per player per year). A player whose time runs
out has the game's timeout action applied: by default, a draw-or-pass on their behalf (R15);
after a configured number of consecutive timeouts their seat is taken by a bot or forfeited."

Here: a correspondence clock — days per move, enforced by the sweeper; vacations (through the
services and over the API) pause it, up to the game's vacation days; and the issue's story of a
player who leaves a correspondence game against three bots and comes back days later.
"""

from __future__ import annotations

from datetime import datetime
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from core.errors import ApplicationError
from eventstore import store
from games import services
from games.integrity import verify_game
from games.models import Game
from games.tasks import sweep_deadlines
from tests.games.api.factories import player
from tests.support.clocks import CORR
from tests.support.clocks import assert_clocks_rebuild_equal
from tests.support.clocks import events_after
from tests.support.clocks import seat_row
from tests.support.clocks import sweep
from tests.support.clocks import timed_game

pytestmark = pytest.mark.django_db

VACATION = "/api/v1/me/vacation"


@pytest.fixture
def api_client_anon():
    return APIClient()


def test_a_correspondence_deadline_of_days_is_enforced(frozen_clock, ana, bo):
    game = timed_game(ana, [bo], CORR)
    seq = game.version
    assert game.deadline == game.turn_started_at + timedelta(days=2)
    frozen_clock.advance(timedelta(days=2) - timedelta(minutes=1))
    assert sweep() == 0
    frozen_clock.advance(timedelta(minutes=2))
    assert sweep() == 1
    assert {e.actor["kind"] for e in events_after(game, seq)} == {"timeout"}


def test_a_vacation_pauses_the_clock_up_to_the_games_vacation_days(frozen_clock, ana, bo):
    game = timed_game(ana, [bo], CORR)
    user = [ana, bo][game.to_move]
    started = game.turn_started_at
    frozen_clock.advance(timedelta(days=1))
    services.player_vacation_start(user=user, days=30)
    game.refresh_from_db()
    assert game.deadline == started + timedelta(days=2 + 5)  # capped at vacation_days=5
    frozen_clock.advance(timedelta(days=5))
    assert sweep() == 0
    services.player_vacation_end(user=user)
    game.refresh_from_db()
    assert game.deadline == started + timedelta(days=7)
    frozen_clock.advance(timedelta(days=1, seconds=1))
    assert sweep() == 1
    assert seat_row(game, [ana, bo].index(user)).vacation_used_s == 5 * 86400
    assert_clocks_rebuild_equal(game)


def test_a_vacation_started_after_the_deadline_was_set_is_seen_by_the_timeout(
    frozen_clock, ana, bo
):
    game = timed_game(ana, [bo], CORR)
    user = [ana, bo][game.to_move]
    user.vacation_from = frozen_clock.now()
    user.vacation_until = frozen_clock.now() + timedelta(days=3)
    user.save()  # written behind the service's back: the row's deadline is now stale
    frozen_clock.advance(timedelta(days=2, minutes=1))
    assert sweep() == 0
    game.refresh_from_db()
    assert game.deadline == game.turn_started_at + timedelta(days=5)


@pytest.mark.parametrize("days", [0, 61, "3", True, None])
def test_a_vacation_of_a_bad_length_is_refused(ana, days):
    with pytest.raises(ApplicationError) as refused:
        services.player_vacation_start(user=ana, days=days)
    assert refused.value.code == "invalid_vacation"


def test_ending_a_vacation_that_is_not_running_is_refused(ana):
    with pytest.raises(ApplicationError) as refused:
        services.player_vacation_end(user=ana)
    assert refused.value.code == "not_on_vacation"


@pytest.mark.django_db(transaction=True)
def test_a_player_leaves_a_correspondence_game_with_three_bots_and_comes_back_days_later(
    frozen_clock,
):
    from tests.games.api.factories import player
    from tests.games.api.factories import url

    ana = player("ana")
    # A deal of a known shape (the rest goes over the API): on a random one her timed-out turn
    # could end the round with her first to move in the next, and no bot would move after it
    # (a fresh-clone CI run, once). On this one her timeout passes and the bots play on.
    game = services.game_create(
        user=get_user_model().objects.get(pk=ana.user_id),
        players=4,
        variants={"set_max": 6, "hand_size": 5, "rounds": 2},
        time_control={"kind": "correspondence", "days_per_move": 3},
        server_seed=b"r24-leaves-0".ljust(32, b"."),
    )
    gid = str(game.id)
    for strategy in ("greedy", "smart", "random"):
        assert ana.post(url(gid, "bots"), {"strategy": strategy}, format="json").status_code == 201
    assert ana.post(url(gid, "start")).status_code == 200
    game = Game.objects.get(pk=gid)
    assert game.to_move == 0, "the bots play every turn up to hers"
    due = game.deadline
    assert due == game.turn_started_at + timedelta(days=3)
    assert ana.get("/api/v1/notifications").json()["unread"] == 1
    seq = game.version

    # She leaves. Two days on nothing has happened; four days on her clock has been enforced.
    frozen_clock.advance(timedelta(days=2))
    assert sweep_deadlines.run() == 0
    frozen_clock.advance(timedelta(days=2))
    assert sweep_deadlines.run() == 1
    game.refresh_from_db()
    after = store.read(game.stream, after=seq)
    assert after[0].actor["kind"] == "timeout"
    assert after[0].data["seat"] == 0
    bots_moved = {e.data.get("seat") for e in after if e.actor["kind"] == "bot"}
    assert bots_moved, "the bots moved after her timeout"
    mine = ana.get("/api/v1/games", {"mine": "1"}).json()["results"]
    assert [g["id"] for g in mine] == [gid]
    if game.status == "active":
        assert game.to_move == 0
        assert game.deadline > frozen_clock.now()
        assert mine[0]["seats"][0]["timeouts_in_row"] == 1
        assert ana.get("/api/v1/notifications").json()["unread"] == 2
    assert verify_game(game).ok


# -- over the API ------------------------------------------------------------------------------


def test_a_vacation_starts_and_ends_over_the_api(frozen_clock):
    ana = player("ana")
    r = ana.post(VACATION, {"days": 10}, format="json")
    assert r.status_code == 200, r.json()
    until = r.json()["vacation_until"]
    assert until
    assert ana.get("/api/v1/me").json()["vacation_until"] == until
    frozen_clock.advance(timedelta(days=2))
    r = ana.delete(VACATION)
    assert r.status_code == 200
    ended = datetime.fromisoformat(r.json()["vacation_until"].replace("Z", "+00:00"))
    assert ended == frozen_clock.now() < datetime.fromisoformat(until.replace("Z", "+00:00"))
    r = ana.delete(VACATION)
    assert r.status_code == 400
    assert r.json()["code"] == "not_on_vacation"


@pytest.mark.parametrize("body", [{}, {"days": 0}, {"days": 61}, {"days": "x"}])
def test_a_bad_vacation_is_a_400_and_changes_nothing(body):
    ana = player("ana")
    r = ana.post(VACATION, body, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == "invalid"
    assert ana.get("/api/v1/me").json()["vacation_until"] is None


def test_vacation_needs_a_login(api_client_anon):
    assert api_client_anon.post(VACATION, {"days": 3}, format="json").status_code == 401
