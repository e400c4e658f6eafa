"""R6: the holder of the round's engine double places it in the station, takes the round's first
turn, and play goes clockwise."""

import pytest

from games.engine import Code
from games.engine import EnginePlaced
from games.engine import PlaceEngine
from games.engine import view
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import draw
from tests.games.engine.factories import engine
from tests.games.engine.factories import legal_moves
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import start
from tests.games.engine.factories import stop

# seat 2 of 3 holds the engine [6,6]
HANDS = [[(6, 5), (2, 1), (3, 0)], [(6, 4), (4, 1), (5, 0)], [(6, 6), (6, 3), (1, 0)]]


def test_the_holder_of_the_engine_double_is_the_one_to_place_it():
    state, _ = start(HANDS)
    assert state.to_move == 2
    assert legal_moves(state, 2) == [PlaceEngine(2)]
    assert legal_moves(state, 0) == []
    assert legal_moves(state, 1) == []


def test_placing_the_engine_puts_it_in_the_station_and_out_of_the_hand():
    state, _ = start(HANDS)
    state, events = run(state, engine(2))
    assert events == [EnginePlaced(2, (6, 6))]
    assert (6, 6) not in state.hands[2]
    assert len(state.hands[2]) == 2
    v = view(state, 2)
    assert v["engine"] == 6
    assert v["engine_placed"] is True
    assert all(t["end"] == 6 and t["tiles"] == [] for t in v["trains"])


@pytest.mark.parametrize("seat", [0, 1])
def test_another_seat_may_not_place_the_engine(seat):
    state, _ = start(HANDS)
    assert refusal(state, engine(seat)) == (Code.NOT_YOUR_TURN, "R6")


def test_the_holder_may_not_draw_pass_or_play_before_placing_the_engine():
    state, _ = start(HANDS)
    assert refusal(state, draw(2)) == (Code.MUST_PLACE_ENGINE, "R6")
    assert refusal(state, pass_(2)) == (Code.ENGINE_NOT_PLACED, "R6")
    assert refusal(state, play(2, 6, 3, 2)) == (Code.ENGINE_NOT_PLACED, "R6")
    assert refusal(state, stop(2)) == (Code.STOP_NOT_ALLOWED, "R10")


def test_the_engine_cannot_be_placed_twice():
    state, _ = start(HANDS)
    state, _ = run(state, engine(2))
    assert refusal(state, engine(2)) == (Code.ENGINE_ALREADY_PLACED, "R6")


def test_the_engine_holder_takes_the_rounds_first_turn():
    state, _ = start(HANDS)
    state, _ = run(state, engine(2))
    assert state.to_move == 2
    assert state.first_turn
    state, _ = run(state, play(2, 6, 3, 2), stop(2))
    assert [tuple(t) for t in view(state, 0)["trains"][2]["tiles"]] == [(6, 3)]


def test_after_the_engine_holder_play_goes_clockwise():
    state, _ = start(HANDS)
    state, _ = run(state, engine(2), pass_(2))
    assert state.to_move == 0
    assert refusal(state, pass_(1)) == (Code.NOT_YOUR_TURN, "R6")
    state, _ = run(state, pass_(0))
    assert state.to_move == 1
    state, _ = run(state, pass_(1))
    # the second turns begin again with the engine holder
    assert state.to_move == 2
    assert not state.first_turn
    state, _ = run(state, play(2, 6, 3, MEXICAN))
    assert state.to_move == 0


def test_a_seat_out_of_turn_may_not_play():
    state, _ = start(HANDS)
    state, _ = run(state, engine(2))
    assert refusal(state, play(0, 6, 5, 0)) == (Code.NOT_YOUR_TURN, "R6")
