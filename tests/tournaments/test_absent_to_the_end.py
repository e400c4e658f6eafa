"""A player absent from a tournament game until it ended is a no-show, even when the game ended
before the clock handed the seat over. On this deal bo lays his whole hand on his first turn
(R10) and ana's first turn, timed out, is the last one the round owes (R13): the timeout ends
the match, so no seat is handed over (the result counts ana as having finished it, R24). She
never moved: the tournament's absence rule counts her as a no-show all the same, as it would
had the hand-over come first (a flake hunt found a Swiss seating such a player again in round
2 whenever the deal ended a game on her first timeout)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from eventstore import store
from tests.support import people
from tests.support.clocks import LIVE
from tests.support.clocks import play_turn
from tests.support.clocks import run_with_seat_0_absent
from tests.support.clocks import timed_game
from tournaments.absence import table_departures

pytestmark = pytest.mark.django_db
ana, bo = people.ana, people.bo


def test_a_player_whose_only_turn_timed_out_and_ended_the_match_is_a_no_show(frozen_clock, ana, bo):
    game = timed_game(ana, [bo], {**LIVE, "timeouts_allowed": 1}, deal=b"ends-357")
    run_with_seat_0_absent(frozen_clock, game, bo, until=lambda g: False)
    game.refresh_from_db()
    assert game.status == "finished"
    assert "SeatForfeited" not in [e.type for e in store.read(game.stream)]
    departures = table_departures(SimpleNamespace(game=game))
    assert departures == [{"seat": 0, "user": ana.pk, "reason": "timeouts", "moved": False}]


def test_a_player_who_moved_and_stayed_to_the_end_did_not_leave(frozen_clock, ana, bo):
    game = timed_game(ana, [bo], {**LIVE, "timeouts_allowed": 1}, deal=b"ends-357")
    while game.status == "active":
        play_turn(game, ana if game.to_move == 0 else bo)
        game.refresh_from_db()
    assert table_departures(SimpleNamespace(game=game)) == []
