"""R13a: placing the engine is not part of the first turn: the player who placed it then takes
their first turn like everyone else (start their train, or pass and mark it)."""

from games.engine import Code
from games.engine import Pass
from games.engine import PlayTile
from games.engine import view
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import draw
from tests.games.engine.factories import engine
from tests.games.engine.factories import legal_moves
from tests.games.engine.factories import pass_
from tests.games.engine.factories import pass_first_turns
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import start
from tests.games.engine.factories import stop


def _deal():
    """Seat 1 of 3 holds the engine."""
    return start(
        [
            [(6, 3), (3, 2), (1, 0), (0, 0)],
            [(6, 6), (6, 5), (5, 4), (2, 2)],
            [(6, 1), (1, 1), (4, 0), (4, 4)],
        ]
    )


def test_after_placing_the_engine_the_placer_takes_a_first_turn():
    state, _ = _deal()
    state, _ = run(state, engine(1))
    assert state.to_move == 1
    assert view(state, 1)["first_turn"] is True
    assert legal_moves(state, 1) == [PlayTile(1, (6, 5), 1), Pass(1)]


def test_the_placer_may_start_their_train_with_many_tiles_on_that_first_turn():
    state, _ = _deal()
    state, _ = run(state, engine(1), play(1, 6, 5, 1), play(1, 5, 4, 1), stop(1))
    assert state.trains[1] == [(6, 5), (5, 4)]
    assert state.to_move == 2


def test_the_placer_may_pass_that_first_turn_and_mark_their_train():
    state, _ = _deal()
    state, _ = run(state, engine(1), pass_(1))
    assert state.markers[1] is True
    assert state.to_move == 2


def test_the_placers_first_turn_follows_the_first_turn_rules():
    state, _ = _deal()
    state, _ = run(state, engine(1))
    assert refusal(state, play(1, 6, 5, MEXICAN)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")
    assert refusal(state, draw(1)) == (Code.NO_DRAW_ON_FIRST_TURN, "R11")
    assert refusal(state, stop(1)) == (Code.STOP_NOT_ALLOWED, "R10")


def test_placing_the_engine_does_not_use_up_a_first_turn():
    state, _ = _deal()
    state, _ = run(state, engine(1))
    state, order = pass_first_turns(state)
    # three first turns, the placer's first; then the second turns start again with the placer
    assert order == [1, 2, 0]
    assert state.to_move == 1
    state, _ = run(state, play(1, 6, 5, MEXICAN))
    assert state.trains[3] == [(6, 5)]
