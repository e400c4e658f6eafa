"""R18: if the follow-up tile a double owes cannot be played, the player draws one tile (if any);
if that cannot be played either, they mark their own train and the turn passes. A drawn double
that is played owes its own follow-up, which may again be drawn for."""

from games.engine import Code
from games.engine import DrawTile
from games.engine import Pass
from games.engine import PlayTile
from games.engine import TileDrawn
from games.engine import TurnPassed
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import draw
from tests.games.engine.factories import empty_boneyard_second_turn
from tests.games.engine.factories import legal_moves
from tests.games.engine.factories import open_keys
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import seat0_second_turn
from tests.games.engine.factories import seat0_third_turn

SEAT0 = [(6, 6), (6, 5), (5, 5), (1, 1), (2, 1)]
SEAT1 = [(4, 4), (4, 3), (3, 3), (0, 0), (1, 0)]  # nothing shows 6: seat 1 passes


def _double_without_follow_up(boneyard_front):
    """Seat 0 lays [5,5] on its own train; nothing in its hand shows 5 or 6 (the ends of train 1,
    which is marked, and of the empty Mexican Train)."""
    state, _ = seat0_second_turn([SEAT0, SEAT1], boneyard_front)
    state, _ = run(state, play(0, 5, 5, 0))
    assert state.to_move == 0
    return state


def test_unplayable_follow_up_means_draw():
    state = _double_without_follow_up([(3, 2)])
    assert legal_moves(state, 0) == [DrawTile(0)]
    assert refusal(state, pass_(0)) == (Code.MUST_DRAW, "R18")


def test_drawn_follow_up_that_cannot_be_played_means_marker_and_pass():
    state = _double_without_follow_up([(3, 2)])
    state, events = run(state, draw(0))
    assert events == [TileDrawn(0, (3, 2))]
    assert legal_moves(state, 0) == [Pass(0)]
    state, events = run(state, pass_(0))
    assert events == [TurnPassed(0)]
    assert state.markers == [True, True]
    assert state.to_move == 1
    assert open_keys(state) == [0]  # the uncovered double is now open (R19)


def test_only_one_draw_for_the_owed_follow_up():
    state = _double_without_follow_up([(3, 2), (5, 0)])
    state, _ = run(state, draw(0))
    assert refusal(state, draw(0)) == (Code.ALREADY_DREW, "R18")


def test_drawn_follow_up_that_fits_must_be_played():
    state = _double_without_follow_up([(5, 0)])
    state, _ = run(state, draw(0))
    assert legal_moves(state, 0) == [PlayTile(0, (5, 0), 0)]
    assert refusal(state, pass_(0)) == (Code.HAS_LEGAL_PLAY, "R18")
    state, _ = run(state, play(0, 5, 0, 0))
    assert state.trains[0] == [(6, 5), (5, 5), (5, 0)]
    assert state.to_move == 1
    assert state.open_doubles == []


def test_drawn_follow_up_may_go_anywhere_legal():
    state = _double_without_follow_up([(6, 4)])
    state, _ = run(state, draw(0))
    assert legal_moves(state, 0) == [PlayTile(0, (6, 4), 1), PlayTile(0, (6, 4), MEXICAN)]
    state, _ = run(state, play(0, 6, 4, MEXICAN))
    assert state.to_move == 1
    assert open_keys(state) == [0]


# -- a drawn double owes its own follow-up, which may again be drawn for --------------------

DD_SEAT0 = [(6, 6), (6, 5), (6, 3), (5, 5), (0, 0), (1, 1)]
DD_SEAT1 = [(6, 1), (4, 4), (4, 2), (2, 2), (2, 0), (4, 0)]


def _drawn_double(boneyard_rest):
    """Seat 0 (own train ends in 5, Mexican in 3, train 1 closed) lays [5,5], cannot follow it
    up, draws [3,3] and plays it on the Mexican Train."""
    state, _ = seat0_third_turn([DD_SEAT0, DD_SEAT1], [(3, 3), *boneyard_rest])
    state, _ = run(state, play(0, 5, 5, 0))
    assert legal_moves(state, 0) == [DrawTile(0)]
    state, _ = run(state, draw(0))
    assert legal_moves(state, 0) == [PlayTile(0, (3, 3), MEXICAN)]
    state, _ = run(state, play(0, 3, 3, MEXICAN))
    assert state.to_move == 0
    return state


def test_drawn_double_owes_another_follow_up_that_may_be_drawn_for():
    state = _drawn_double([(3, 2)])
    assert legal_moves(state, 0) == [DrawTile(0)]
    state, events = run(state, draw(0))
    assert events == [TileDrawn(0, (3, 2))]
    assert legal_moves(state, 0) == [PlayTile(0, (3, 2), MEXICAN)]
    state, _ = run(state, play(0, 3, 2, MEXICAN))
    assert state.to_move == 1
    assert open_keys(state) == [0]


def test_drawn_double_whose_follow_up_cannot_be_drawn_leaves_both_doubles_open():
    state = _drawn_double([(4, 1), (3, 2)])
    state, _ = run(state, draw(0))
    assert legal_moves(state, 0) == [Pass(0)]
    assert refusal(state, draw(0)) == (Code.ALREADY_DREW, "R18")
    state, _ = run(state, pass_(0))
    assert state.markers[0] is True
    assert open_keys(state) == [0, MEXICAN]


# -- empty boneyard ----------------------------------------------------------------------

EMPTY_SEAT0 = [(6, 6), (6, 5), (5, 5), (0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (3, 0),
               (3, 1), (3, 2), (3, 3), (4, 0)]  # fmt: skip


def test_unplayable_follow_up_with_an_empty_boneyard_means_marker_and_pass():
    state = empty_boneyard_second_turn(EMPTY_SEAT0)
    state, _ = run(state, play(0, 5, 5, 0))
    assert legal_moves(state, 0) == [Pass(0)]
    assert refusal(state, draw(0)) == (Code.BONEYARD_EMPTY, "R18")
    state, events = run(state, pass_(0))
    assert events == [TurnPassed(0)]
    assert state.markers[0] is True
    assert open_keys(state) == [0]
    assert state.to_move == 1
