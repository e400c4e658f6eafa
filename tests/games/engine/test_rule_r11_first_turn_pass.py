"""R11: a player who cannot or does not start their train on the first turn places their marker
where it would start (the empty train is open); they do not draw on the first turn."""

from games.engine import Code
from games.engine import DrawTile
from games.engine import Pass
from games.engine import PlayTile
from games.engine import TurnPassed
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

HANDS = [
    [(6, 6), (6, 5), (5, 1), (5, 0)],
    [(2, 2), (3, 1), (4, 0), (3, 0)],  # nothing shows 6: seat 1 cannot start
    [(6, 3), (6, 2), (1, 0), (4, 4)],
]


def test_a_player_who_cannot_start_passes_and_marks_their_empty_train():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0))
    assert legal_moves(state, 1) == [Pass(1)]
    state, events = run(state, pass_(1))
    assert events == [TurnPassed(1)]
    assert view(state, 2)["trains"][1] == {"train": 1, "tiles": [], "end": 6, "marker": True}
    assert state.to_move == 2


def test_a_player_who_could_start_may_still_pass_and_mark_their_train():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0))
    assert Pass(0) in legal_moves(state, 0)
    state, _ = run(state, pass_(0))
    assert state.markers[0] is True
    assert state.trains[0] == []
    assert state.to_move == 1


def test_nobody_draws_on_the_first_turn_even_without_a_tile_to_start_with():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), pass_(0))
    assert DrawTile(1) not in legal_moves(state, 1)
    assert refusal(state, draw(1)) == (Code.NO_DRAW_ON_FIRST_TURN, "R11")


def test_the_engine_placer_does_not_draw_on_their_first_turn_either():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0))
    assert refusal(state, draw(0)) == (Code.NO_DRAW_ON_FIRST_TURN, "R11")


def test_passing_a_first_turn_leaves_the_hand_and_the_boneyard_as_they_were():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), pass_(0))
    before_hand, before_boneyard = set(state.hands[1]), state.boneyard_left
    state, events = run(state, pass_(1))
    assert events == [TurnPassed(1)]
    assert state.hands[1] == before_hand
    assert state.boneyard_left == before_boneyard


def test_the_empty_train_marked_on_the_first_turn_may_be_started_by_another_player_later():
    state, _ = start(HANDS, [(0, 0)])
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0), pass_(1), play(2, 6, 3, 2), stop(2))
    assert not state.first_turn
    # seat 0 plays on its own train; seat 1 still cannot play, draws [0,0] and passes again
    state, _ = run(state, play(0, 5, 1, 0), draw(1), pass_(1))
    assert state.to_move == 2
    # seat 2 starts seat 1's empty, marked train
    assert PlayTile(2, (6, 2), 1) in legal_moves(state, 2)
    state, _ = run(state, play(2, 6, 2, 1))
    assert state.trains[1] == [(6, 2)]


def test_the_mexican_train_is_no_alternative_to_passing_on_the_first_turn():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0))
    # seat 1 cannot start its train; the Mexican Train is not an alternative on the first turn
    assert legal_moves(state, 1) == [Pass(1)]
    assert not any(isinstance(m, PlayTile) and m.train == MEXICAN for m in legal_moves(state, 2))
