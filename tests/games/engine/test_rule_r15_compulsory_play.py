"""R15: playing is compulsory when a legal play exists. A player with no legal play draws one
tile; if it can be played they must play it (anywhere legal), otherwise they mark their own
train and the turn passes. With an empty boneyard they just mark and pass. Nobody draws while
holding a legal play, and at most one tile is drawn for each tile owed."""

from games.engine import Code
from games.engine import DrawTile
from games.engine import Pass
from games.engine import PlayTile
from games.engine import TileDrawn
from games.engine import TilePlayed
from games.engine import TurnPassed
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import draw
from tests.games.engine.factories import empty_boneyard_second_turn
from tests.games.engine.factories import legal_moves
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import seat0_second_turn

SEAT0 = [(6, 6), (6, 5), (1, 1), (2, 1)]
SEAT1 = [(4, 4), (4, 3), (3, 3), (0, 0)]  # nothing shows 6: seat 1 passes its first turn


def _stuck(boneyard_front):
    """Seat 0's later turn: own train ends in 5, train 1 (marked) and the Mexican Train in 6;
    seat 0 holds [1,1] and [2,1]: no legal play."""
    state, _ = seat0_second_turn([SEAT0, SEAT1], boneyard_front)
    assert not state.first_turn
    assert state.to_move == 0
    return state


def test_player_without_a_legal_play_must_draw():
    state = _stuck([(3, 2)])
    assert legal_moves(state, 0) == [DrawTile(0)]


def test_passing_without_drawing_is_refused_while_the_boneyard_has_tiles():
    state = _stuck([(3, 2)])
    assert refusal(state, pass_(0)) == (Code.MUST_DRAW, "R15")


def test_drawing_while_holding_a_legal_play_is_refused():
    state, _ = seat0_second_turn([[(6, 6), (6, 5), (5, 1), (2, 1)], SEAT1], [(3, 2)])
    assert legal_moves(state, 0) == [PlayTile(0, (5, 1), 0)]
    assert refusal(state, draw(0)) == (Code.HAS_LEGAL_PLAY, "R15")
    assert refusal(state, pass_(0)) == (Code.HAS_LEGAL_PLAY, "R15")


def test_drawn_unplayable_tile_leaves_only_a_pass_which_marks_own_train():
    state = _stuck([(3, 2)])
    state, events = run(state, draw(0))
    assert events == [TileDrawn(0, (3, 2))]
    assert (3, 2) in state.hands[0]
    assert state.to_move == 0
    assert legal_moves(state, 0) == [Pass(0)]
    state, events = run(state, pass_(0))
    assert events == [TurnPassed(0)]
    assert state.markers == [True, True]
    assert state.to_move == 1


def test_never_draws_twice_for_one_owed_tile():
    state = _stuck([(3, 2), (5, 0)])
    state, _ = run(state, draw(0))
    # The second boneyard tile would fit, but one draw per owed tile only.
    assert refusal(state, draw(0)) == (Code.ALREADY_DREW, "R15")


def test_drawn_playable_tile_must_be_played():
    state = _stuck([(5, 0)])
    state, _ = run(state, draw(0))
    assert legal_moves(state, 0) == [PlayTile(0, (5, 0), 0)]
    assert refusal(state, pass_(0)) == (Code.HAS_LEGAL_PLAY, "R15")
    state, events = run(state, play(0, 5, 0, 0))
    assert events == [TilePlayed(0, (5, 0), 0)]
    assert state.ends[0] == 0
    assert state.markers[0] is False
    assert state.to_move == 1


def test_drawn_playable_tile_may_be_played_anywhere_it_is_legal():
    state = _stuck([(6, 0)])
    state, _ = run(state, draw(0))
    # Not on its own train (end 5), but on the marked train 1 or the Mexican Train.
    assert legal_moves(state, 0) == [PlayTile(0, (6, 0), 1), PlayTile(0, (6, 0), MEXICAN)]
    state, events = run(state, play(0, 6, 0, 1))
    assert events == [TilePlayed(0, (6, 0), 1)]
    assert state.trains[1] == [(6, 0)]


def test_drawn_double_that_fits_must_be_played_and_owes_a_follow_up_that_may_be_drawn_for():
    state = _stuck([(5, 5), (3, 2)])
    state, _ = run(state, draw(0))
    assert legal_moves(state, 0) == [PlayTile(0, (5, 5), 0)]
    state, _ = run(state, play(0, 5, 5, 0))
    # The drawn double owes a follow-up (R17): one more draw is allowed for it (R18).
    assert state.to_move == 0
    assert legal_moves(state, 0) == [DrawTile(0)]
    state, events = run(state, draw(0))
    assert events == [TileDrawn(0, (3, 2))]
    assert legal_moves(state, 0) == [Pass(0)]
    state, _ = run(state, pass_(0))
    assert state.markers[0] is True
    assert [state.train_key(i) for i in state.open_doubles] == [0]


def test_only_the_drawn_tile_counts_after_a_draw():
    state = _stuck([(6, 0)])
    state, _ = run(state, draw(0))
    assert refusal(state, play(0, 2, 1, 0)) == (Code.TILE_DOES_NOT_MATCH, "R8")


# -- empty boneyard: all 28 tiles of the double-6 set are dealt -----------------------------

EMPTY_SEAT0 = [(6, 6), (6, 5), (0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1),
               (3, 2), (4, 0), (4, 1), (4, 2)]  # fmt: skip


def _stuck_with_empty_boneyard():
    state = empty_boneyard_second_turn(EMPTY_SEAT0)
    # Seat 0: own train ends in 5, Mexican in 6, train 1 (end 4) is closed to it.
    assert state.to_move == 0
    assert state.phase == "playing"
    return state


def test_with_an_empty_boneyard_a_player_without_a_play_just_passes():
    state = _stuck_with_empty_boneyard()
    assert legal_moves(state, 0) == [Pass(0)]
    state, events = run(state, pass_(0))
    assert events == [TurnPassed(0)]
    assert state.markers[0] is True
    assert state.to_move == 1


def test_drawing_from_an_empty_boneyard_is_refused():
    state = _stuck_with_empty_boneyard()
    assert refusal(state, draw(0)) == (Code.BONEYARD_EMPTY, "R15")
