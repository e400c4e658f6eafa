"""RULES R24: "Every game has a time control: live (seconds per move plus a reserve) or
correspondence (days per move, with vacation days per player per year). A player whose time runs
out has the game's timeout action applied: by default, a draw-or-pass on their behalf (R15);
after a configured number of consecutive timeouts their seat is taken by a bot or forfeited."

Here: a live clock, through the services — the seat to move gets its seconds per move plus what
is left of its reserve, the sweeper applies the draw-or-pass once the deadline passes (never
before, never twice), a slow move spends reserve, and a move racing its own timeout gives one
outcome.
"""

from __future__ import annotations

from datetime import timedelta
from functools import partial

import pytest

from core.errors import ApplicationError
from eventstore import store
from games import services
from games.automatic import game_apply_timeout
from games.domain import MoveResult
from games.domain import load
from games.engine import legal_moves
from tests.support.clocks import LIVE
from tests.support.clocks import assert_clocks_rebuild_equal
from tests.support.clocks import body
from tests.support.clocks import clock_fields
from tests.support.clocks import events_after
from tests.support.clocks import play_turn
from tests.support.clocks import seat_row
from tests.support.clocks import sweep
from tests.support.clocks import timed_game
from tests.support.threads import run_together

pytestmark = pytest.mark.django_db


def test_a_started_live_game_gives_the_seat_to_move_its_move_time_plus_reserve(
    frozen_clock, ana, bo
):
    game = timed_game(ana, [bo], LIVE)
    assert game.turn_started_at == store.read(game.stream)[-1].created_at
    assert game.deadline == game.turn_started_at + timedelta(seconds=30)
    assert [s.reserve_ms for s in game.seats.all()] == [20_000, 20_000]
    assert_clocks_rebuild_equal(game)


def test_the_sweeper_applies_the_draw_or_pass_when_the_deadline_passes_and_not_before(
    frozen_clock, ana, bo
):
    game = timed_game(ana, [bo], LIVE)
    seat, seq = game.to_move, game.version
    frozen_clock.advance(timedelta(seconds=29.9))
    assert sweep() == 0
    game.refresh_from_db()
    assert game.version == seq

    frozen_clock.advance(timedelta(seconds=0.2))
    assert sweep() == 1
    game.refresh_from_db()
    timed_out = events_after(game, seq)
    assert timed_out
    assert game.to_move != seat
    assert {e.actor["kind"] for e in timed_out} == {"timeout"}
    assert {e.data["by"] for e in timed_out} == {"timeout"}
    assert {e.data["seat"] for e in timed_out} == {seat}
    assert seat_row(game, seat).timeouts_in_row == 1
    assert seat_row(game, seat).reserve_ms == 0  # the whole reserve went
    assert game.deadline == game.turn_started_at + timedelta(seconds=30)
    assert_clocks_rebuild_equal(game)


def test_a_timeout_for_an_old_seq_or_applied_twice_appends_nothing(frozen_clock, ana, bo):
    game = timed_game(ana, [bo], LIVE)
    seq = game.version
    frozen_clock.advance(timedelta(seconds=31))
    assert game_apply_timeout(game_id=game.id, seq=seq - 1) is None
    first = game_apply_timeout(game_id=game.id, seq=seq)
    assert first is not None
    assert game_apply_timeout(game_id=game.id, seq=seq) is None
    game.refresh_from_db()
    assert game.version == first.seq


def test_a_timeout_before_its_deadline_appends_nothing(frozen_clock, ana, bo):
    game = timed_game(ana, [bo], LIVE)
    seq = game.version
    log = [e.hash for e in store.read(game.stream)]
    clocks = clock_fields(game)
    assert log
    assert clocks["deadline"] is not None
    # at the start of the turn, and a millisecond before its deadline
    for wait in (timedelta(0), clocks["deadline"] - frozen_clock.now() - timedelta(milliseconds=1)):
        frozen_clock.advance(wait)
        assert game_apply_timeout(game_id=game.id, seq=seq) is None
        assert [e.hash for e in store.read(game.stream)] == log
        assert events_after(game, seq) == []
        game.refresh_from_db()
        assert game.version == seq
        assert clock_fields(game) == clocks


def test_a_move_after_the_deadline_is_refused_and_the_timeout_is_applied_instead(
    frozen_clock, ana, bo
):
    game = timed_game(ana, [bo], LIVE)
    user = [ana, bo][game.to_move]
    move = legal_moves(load(game.stream).state, game.to_move)[0]
    frozen_clock.advance(timedelta(seconds=31))
    with pytest.raises(ApplicationError) as refused:
        services.game_move(game_id=game.id, user=user, move=body(move))
    assert refused.value.code == "deadline_passed"
    assert refused.value.status == 409
    assert sweep() == 1


def test_a_slow_move_spends_reserve_and_a_quick_one_does_not(frozen_clock, ana, bo):
    game = timed_game(ana, [bo], LIVE)
    first = game.to_move
    frozen_clock.advance(timedelta(seconds=25))
    play_turn(game, [ana, bo][first])
    assert seat_row(game, first).reserve_ms == 5_000
    second = game.to_move
    frozen_clock.advance(timedelta(seconds=3))
    play_turn(game, [ana, bo][second])
    assert seat_row(game, second).reserve_ms == 20_000
    assert game.deadline == game.turn_started_at + timedelta(
        seconds=10, milliseconds=seat_row(game, game.to_move).reserve_ms
    )
    assert_clocks_rebuild_equal(game)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_move_racing_its_own_timeout_gives_exactly_one_outcome(frozen_clock, ana, bo):
    outcomes = set()
    for _ in range(12):
        game = timed_game(ana, [bo], LIVE)
        seat, seq = game.to_move, game.version
        user = [ana, bo][seat]
        move = body(legal_moves(load(game.stream).state, seat)[0])
        frozen_clock.freeze(game.deadline)  # at the deadline both the move and timeout may go

        def mover(user=user, move=move, game=game, seq=seq):
            try:
                return services.game_move(game_id=game.id, user=user, move=move, expected_seq=seq)
            except ApplicationError as exc:
                return exc.code

        moved, timed_out = run_together(
            [mover, partial(game_apply_timeout, game_id=game.id, seq=seq)]
        )
        first = store.read(game.stream, after=seq)[0]
        if isinstance(moved, MoveResult):
            assert timed_out is None
            assert first.actor["kind"] == "player"
            outcomes.add("move")
        else:
            assert moved == "stale", (moved, timed_out)
            assert timed_out is not None
            assert first.actor["kind"] == "timeout"
            outcomes.add("timeout")
        kinds = [e.actor["kind"] for e in store.read(game.stream, after=seq)]
        assert (
            kinds.count("player") == 0
            or kinds.count("timeout") == 0
            or (
                kinds.index("timeout") > kinds.index("player")  # a later turn, not the raced one
            )
        )
        frozen_clock.reset()
        frozen_clock.freeze()
    print(f"outcomes seen: {sorted(outcomes)}")
