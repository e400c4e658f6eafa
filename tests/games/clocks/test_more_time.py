"""More time for an opponent (issue 34, games.more_time) over the API, with a frozen clock: the
gift is logged as MoreTimeGiven for every viewer, the deadline moves back by it (a live move
longer, its reserve spared; a correspondence day charged later), and the refusals an attacker
meets — a spectator, a second account, the giver to themselves, a seat not to move, a seat the
platform plays, a finished game, huge, negative or zero amounts, past the per-game limit, too
fast. The log still verifies, the record still verifies, the projections still rebuild."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command

from games import services
from games.engine import verify_record
from games.integrity import verify_game
from games.models import Game
from tests.support.clocks import CORR
from tests.support.clocks import LIVE
from tests.support.clocks import assert_clocks_rebuild_equal
from tests.support.clocks import play_turn
from tests.support.clocks import seat_row
from tests.support.clocks import sweep
from tests.support.clocks import timed_game
from tests.support.factories import client_for
from tests.support.factories import new_tournament
from tests.support.factories import organizer
from tests.support.factories import person
from tests.support.factories import play
from tests.support.factories import register
from tests.support.factories import start
from tests.support.throttling import limits_on

pytestmark = pytest.mark.django_db
REPO = Path(__file__).resolve().parents[3]


def give(user, game: Game, seat: int, seconds, **extra):
    body = {"seat": seat, "seconds": seconds, **extra}
    return client_for(user).post(f"/api/v1/games/{game.id}/more-time", body, format="json")


def mover_and_other(game: Game, users):
    game.refresh_from_db()
    mover = next(u for u in users if seat_row(game, game.to_move).user_id == u.id)
    return mover, [u for u in users if u != mover]


def refused(response, status: int, code: str) -> None:
    assert (response.status_code, response.json()["code"]) == (status, code), response.json()


def test_a_live_gift_moves_the_deadline_back_for_all_to_see_and_spares_the_reserve(
    frozen_clock, ana, bo
):
    game = timed_game(ana, [bo], LIVE)
    mover, (other,) = mover_and_other(game, [ana, bo])
    before = game.deadline
    r = give(other, game, game.to_move, 30)
    assert r.status_code == 201, r.json()
    (event,) = r.json()["events"]
    assert event["type"] == "MoreTimeGiven"
    seat_of_other = seat_row(game, 1 - game.to_move).index
    assert event["data"] == {"seat": game.to_move, "seconds": 30, "given_by": seat_of_other}
    game.refresh_from_db()
    assert game.deadline == before + timedelta(seconds=30)
    assert game.turn_extra_s == 30
    detail = client_for().get(f"/api/v1/games/{game.id}").json()  # a spectator's
    assert detail["clock"] == {"extra_seconds": 30, "paused": None, "pauses": []}
    assert detail["seats"][seat_of_other]["more_time_given"] == 1
    logged = client_for().get(f"/api/v1/games/{game.id}/events").json()
    assert logged[-1]["type"] == "MoreTimeGiven"
    # 35 s on a 10 s move with 30 s more: within the move, so the 20 s reserve is untouched.
    frozen_clock.advance(timedelta(seconds=35))
    moved_seat = game.to_move
    play_turn(game, mover)
    assert seat_row(game, moved_seat).reserve_ms == 20_000
    game.refresh_from_db()
    assert game.turn_extra_s == 0  # the next turn starts with none
    assert_clocks_rebuild_equal(game)


def test_a_correspondence_day_given_holds_the_timeout_off_for_a_day(frozen_clock, ana, bo):
    game = timed_game(ana, [bo], CORR)
    _, (other,) = mover_and_other(game, [ana, bo])
    due = game.deadline
    assert give(other, game, game.to_move, 86400).status_code == 201
    game.refresh_from_db()
    assert game.deadline == due + timedelta(days=1)
    frozen_clock.advance(due - frozen_clock.now() + timedelta(seconds=1))
    assert sweep() == 0  # the old deadline has passed: nothing happens
    frozen_clock.advance(timedelta(days=1))
    assert sweep() == 1
    assert_clocks_rebuild_equal(game)


def test_the_bounds_of_a_gift_are_the_tables_kind_and_refuse_huge_negative_and_zero(ana, bo):
    live = timed_game(ana, [bo], LIVE)
    _, (other,) = mover_and_other(live, [ana, bo])
    for seconds in (14, 301, 86400, 0, -60, 10**9, 2**63 - 1):
        r = give(other, live, live.to_move, seconds)
        refused(r, 400, "invalid_more_time")
        assert (r.json()["min"], r.json()["max"]) == (15, 300)
    refused(give(other, live, live.to_move, 2**63), 400, "invalid")  # past any int column
    refused(give(other, live, live.to_move, True), 400, "invalid")
    refused(give(other, live, live.to_move, "thirty"), 400, "invalid")
    corr = timed_game(ana, [bo], CORR, deal=b"other")
    _, (other,) = mover_and_other(corr, [ana, bo])
    for seconds in (300, 86399, 7 * 86400 + 1):
        refused(give(other, corr, corr.to_move, seconds), 400, "invalid_more_time")
    assert give(other, corr, corr.to_move, 7 * 86400).status_code == 201
    assert Game.objects.get(pk=live.pk).turn_extra_s == 0


def test_nobody_but_another_player_gives_the_seat_to_move_time(frozen_clock, ana, bo):
    cy = person("cy")
    game = timed_game(ana, [bo, cy], LIVE)
    users = [ana, bo, cy]
    mover, others = mover_and_other(game, users)
    to_move = game.to_move
    # A spectator, and a second account of the mover's, not seated: no seat, no gift.
    refused(give(person("watcher"), game, to_move, 30), 403, "not_a_player")
    refused(give(person(f"{mover.username}-alt"), game, to_move, 30), 403, "not_a_player")
    assert client_for().post(
        f"/api/v1/games/{game.id}/more-time", {"seat": to_move, "seconds": 30}, format="json"
    ).status_code in (401, 403)
    # The mover to themselves, a player to themselves, a player to a seat not to move.
    refused(give(mover, game, to_move, 30), 400, "more_time_to_self")
    giver, third = others
    refused(give(giver, game, users.index(giver), 30), 400, "more_time_to_self")
    third_seat = users.index(third)
    refused(give(giver, game, third_seat, 30), 409, "more_time_not_to_move")
    refused(give(giver, game, 7, 30), 400, "invalid_seat")
    # A stale view of the game, then past the deadline.
    refused(give(giver, game, to_move, 30, expected_seq=game.version - 1), 409, "stale")
    frozen_clock.advance(game.deadline - frozen_clock.now() + timedelta(seconds=1))
    refused(give(giver, game, to_move, 30), 409, "deadline_passed")
    assert not Game.objects.get(pk=game.pk).turn_extra_s


def test_a_seat_the_platform_plays_has_no_clock_to_give_time_to(ana, bo):
    cy = person("cy")
    game = timed_game(ana, [bo, cy], LIVE)
    mover, (giver, _) = mover_and_other(game, [ana, bo, cy])
    # The mover leaves; its bot's turn is not played until the commit (none here).
    services.game_resign(game_id=game.id, user=mover)
    refused(give(giver, game, game.to_move, 30), 409, "more_time_no_clock")
    # A player who left gives no more time either.
    refused(give(mover, game, (game.to_move + 1) % 3, 30), 403, "resigned")


def test_each_player_gives_more_time_at_most_three_times_a_game(ana, bo):
    game = timed_game(ana, [bo], CORR)
    _, (other,) = mover_and_other(game, [ana, bo])
    for _ in range(3):
        assert give(other, game, game.to_move, 86400).status_code == 201
    r = give(other, game, game.to_move, 86400)
    refused(r, 409, "more_time_limit")
    assert r.json()["limit"] == 3
    game.refresh_from_db()
    assert game.turn_extra_s == 3 * 86400
    assert seat_row(game, 1 - game.to_move).more_time_given == 3


def test_no_time_is_given_in_a_finished_game(ana, bo):
    game = play(timed_game(ana, [bo], LIVE), [ana, bo])
    assert game.status == "finished"
    refused(give(ana, game, 1, 30), 400, "game_over")


def test_giving_more_time_is_rate_limited_per_player(settings, monkeypatch, ana, bo):
    limits_on(settings, monkeypatch, more_time="2/min")
    game = timed_game(ana, [bo], CORR)
    _, (other,) = mover_and_other(game, [ana, bo])
    for _ in range(2):
        assert give(other, game, game.to_move, 86400).status_code == 201
    refused(give(other, game, game.to_move, 86400), 429, "throttled")  # the game's limit is 3


def test_gifts_keep_the_log_the_record_and_the_projections_verified(frozen_clock, ana, bo):
    game = timed_game(ana, [bo], LIVE)
    for _ in range(2):
        mover, (other,) = mover_and_other(game, [ana, bo])
        assert give(other, game, game.to_move, 15).status_code == 201
        play_turn(game, mover)
    game = play(game, [ana, bo])
    assert verify_game(game).ok, verify_game(game)
    out = io.StringIO()
    call_command("verify_events", str(game.id), stdout=out)
    assert "OK" in out.getvalue()
    record = client_for(ana).get(f"/api/v1/games/{game.id}/record").json()
    assert verify_record(record).ok
    assert "MoreTimeGiven" not in json.dumps(record)  # the record is the match's, as specified
    engine = subprocess.run(
        [sys.executable, "-m", "games.engine", "verify", "-"],
        input=json.dumps(record),
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert engine.returncode == 0, engine.stdout + engine.stderr
    assert_clocks_rebuild_equal(game)


def test_a_tournament_table_takes_no_gift(frozen_clock, ana, bo):
    people = [ana, bo, person("cy"), person("di")]
    cup = new_tournament(organizer())
    register(cup, people)
    cup = start(cup)
    game = Game.objects.filter(tournament_table__round__tournament=cup, status="active").first()
    assert game is not None
    mover = seat_row(game, game.to_move).user
    giver = next(s.user for s in game.seats.all() if s.user != mover and not s.user.is_bot)
    refused(give(giver, game, game.to_move, 15), 409, "tournament_game")
