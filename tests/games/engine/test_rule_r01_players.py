"""R1: a match has 2 to 14 players; seats are numbered 0..n-1, clockwise."""

import pytest

from games.engine import Code
from games.engine import Ruleset
from games.engine import RulesetError
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import engine
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import start


@pytest.mark.parametrize("players", range(2, 15))
def test_every_player_count_from_two_to_fourteen_gets_a_ruleset(players):
    rs = Ruleset.for_players(players)
    rs.check(players)  # does not raise


@pytest.mark.parametrize("players", [-1, 0, 1, 15, 16, 30])
def test_fewer_than_two_or_more_than_fourteen_players_are_refused_at_creation(players):
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(players)
    assert exc.value.rule == "R1"


@pytest.mark.parametrize("players", [1, 15])
def test_an_explicit_ruleset_is_refused_for_a_player_count_outside_two_to_fourteen(players):
    rs = Ruleset(set_max=18, hand_size=2, rounds=19)
    with pytest.raises(RulesetError) as exc:
        rs.check(players)
    assert exc.value.rule == "R1"


@pytest.mark.parametrize("players", ["4", 4.0, None, True])
def test_a_player_count_that_is_not_a_whole_number_is_refused(players):
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(players)
    assert exc.value.rule == "R1"


def _three_seats():
    # seat 0 holds the engine
    return start([[(6, 6), (6, 5), (1, 0)], [(6, 4), (2, 1), (3, 0)], [(6, 3), (4, 1), (5, 0)]])


@pytest.mark.parametrize("seat", [3, -1, 99])
def test_a_seat_outside_zero_to_n_minus_one_is_unknown(seat):
    state, _ = _three_seats()
    state, _ = run(state, engine(0))
    assert refusal(state, play(seat, 6, 5, seat)) == (Code.UNKNOWN_SEAT, "R1")
    assert refusal(state, pass_(seat)) == (Code.UNKNOWN_SEAT, "R1")


def test_seats_take_turns_clockwise_in_seat_order_and_wrap_from_the_last_seat_to_seat_zero():
    # seat 1 holds the engine: the turns go 1, 2, 0, then 1 again
    state, _ = start([[(6, 5), (2, 1), (3, 0)], [(6, 6), (6, 4), (1, 0)], [(6, 3), (4, 1), (5, 0)]])
    assert state.to_move == 1
    state, _ = run(state, engine(1), pass_(1))
    assert state.to_move == 2
    state, _ = run(state, pass_(2))
    assert state.to_move == 0
    state, _ = run(state, pass_(0))
    assert state.to_move == 1
    # the first turns are over: seat 1 may now use the Mexican Train
    state, _ = run(state, play(1, 6, 4, MEXICAN))
    assert state.to_move == 2
