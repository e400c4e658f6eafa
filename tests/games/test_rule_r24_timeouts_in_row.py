"""RULES R24: "Every game has a time control: live (seconds per move plus a reserve) or
correspondence (days per move, with vacation days per player per year). A player whose time runs
out has the game's timeout action applied: by default, a draw-or-pass on their behalf (R15);
after a configured number of consecutive timeouts their seat is taken by a bot or forfeited."

Here: timeouts in a row — after the time control's ``timeouts_allowed`` a bot takes the seat, or
(``on_timeouts: forfeit``) the seat is forfeited and the timeout action plays it to the end; a
move of the player's own resets the count.
"""

from __future__ import annotations

import pytest

from core.errors import ApplicationError
from eventstore import store
from games import services
from tests.support.clocks import LIVE
from tests.support.clocks import assert_clocks_rebuild_equal
from tests.support.clocks import events_after
from tests.support.clocks import play_turn
from tests.support.clocks import run_with_seat_0_absent
from tests.support.clocks import seat_row
from tests.support.clocks import timed_game

pytestmark = pytest.mark.django_db


def test_after_the_allowed_timeouts_in_a_row_a_bot_plays_the_seat(frozen_clock, ana, bo):
    game = timed_game(ana, [bo], {**LIVE, "timeouts_allowed": 2}, rounds=2)
    run_with_seat_0_absent(
        frozen_clock, game, bo, until=lambda g: seat_row(g, 0).resigned_at is not None
    )
    handed = [e for e in store.read(game.stream) if e.type == "SeatResigned"]
    assert [e.data for e in handed] == [{"seat": 0, "reason": "timeouts"}]
    assert seat_row(game, 0).timeouts_in_row == 2
    # From now on the platform plays seat 0 with a bot, with no clock to wait for.
    while game.status == "active":
        play_turn(game, bo)
    later = [e for e in events_after(game, handed[0].seq) if e.data.get("seat") == 0]
    assert later
    assert all(e.actor["kind"] == "bot" for e in later if "by" in e.data)
    with pytest.raises(ApplicationError):
        services.game_move(game_id=game.id, user=ana, move={"action": "draw"})
    assert_clocks_rebuild_equal(game)


def test_with_the_forfeit_setting_the_seat_is_forfeited_and_played_by_the_timeout_action(
    frozen_clock, ana, bo
):
    tc = {**LIVE, "timeouts_allowed": 1, "on_timeouts": "forfeit"}
    game = timed_game(ana, [bo], tc, rounds=2)
    run_with_seat_0_absent(
        frozen_clock, game, bo, until=lambda g: seat_row(g, 0).forfeited_at is not None
    )
    forfeited = [e for e in store.read(game.stream) if e.type == "SeatForfeited"]
    assert [e.data for e in forfeited] == [{"seat": 0, "reason": "timeouts"}]
    while game.status == "active":
        play_turn(game, bo)
    assert game.status == "finished"
    later = [e for e in events_after(game, forfeited[0].seq) if e.data.get("seat") == 0]
    moves = [e for e in later if "by" in e.data]
    assert moves
    assert all(e.data["by"] == "timeout" for e in moves)
    with pytest.raises(ApplicationError) as refused:
        services.game_move(game_id=game.id, user=ana, move={"action": "draw"})
    assert refused.value.code in ("resigned", "game_over")
    assert_clocks_rebuild_equal(game)


def test_a_move_of_the_player_resets_their_timeouts_in_a_row(frozen_clock, ana, bo):
    game = timed_game(ana, [bo], {**LIVE, "timeouts_allowed": 3}, rounds=2)
    run_with_seat_0_absent(
        frozen_clock, game, bo, until=lambda g: seat_row(g, 0).timeouts_in_row == 1
    )
    while game.to_move != 0:
        play_turn(game, bo)
    play_turn(game, ana)
    assert seat_row(game, 0).timeouts_in_row == 0
    assert_clocks_rebuild_equal(game)


@pytest.mark.parametrize("on_timeouts", ["bot", "forfeit"])
def test_a_timeout_that_ends_the_match_hands_no_seat_over(frozen_clock, ana, bo, on_timeouts):
    """On this deal bo lays his whole hand on his first turn (R10); ana's first turn, timed
    out, is the last one the round owes (R13), so the timeout ends the match. Her seat is not
    handed over after the end: a finished game's record has no seat given up in it, and a
    tournament does not count her as having left it."""
    tc = {**LIVE, "timeouts_allowed": 1, "on_timeouts": on_timeouts}
    game = timed_game(ana, [bo], tc, deal=b"ends-357")
    run_with_seat_0_absent(frozen_clock, game, bo, until=lambda g: False)
    game.refresh_from_db()
    assert game.status == "finished"
    types = [e.type for e in store.read(game.stream)]
    assert types[-3:] == ["TurnPassed", "RoundEnded", "MatchEnded"]
    assert "SeatResigned" not in types
    assert "SeatForfeited" not in types
    row = seat_row(game, 0)
    assert row.resigned_at is None
    assert row.forfeited_at is None
    assert_clocks_rebuild_equal(game)
