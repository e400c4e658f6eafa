"""V5 first_turn "draw": a player who cannot start their train on the first turn must draw one
tile (if the boneyard has any), may then start with it and go on laying tiles; otherwise they
pass. A player who can start may still pass without drawing."""

import pytest

from games.engine import Code
from games.engine import DrawTile
from games.engine import Pass
from games.engine import PlayTile
from games.engine import Ruleset
from games.engine import RulesetError
from games.engine import TileDrawn
from games.engine.tiles import full_set
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
    [(6, 6), (6, 5), (1, 1), (0, 0)],
    [(5, 3), (3, 2), (2, 2), (1, 0)],  # nothing shows 6: seat 1 cannot start
]


def _at_seat_one(front):
    state, _ = start(HANDS, front, first_turn="draw")
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0))
    assert state.to_move == 1
    assert state.first_turn
    return state


def test_a_player_who_cannot_start_must_draw_before_passing():
    state = _at_seat_one([(6, 3)])
    assert legal_moves(state, 1) == [DrawTile(1)]
    assert refusal(state, pass_(1)) == (Code.MUST_DRAW, "V5")


def test_a_player_may_start_with_the_drawn_tile_and_go_on_laying_tiles():
    state = _at_seat_one([(6, 3)])
    state, events = run(state, draw(1))
    assert events == [TileDrawn(1, (6, 3))]
    assert legal_moves(state, 1) == [PlayTile(1, (6, 3), 1), Pass(1)]
    state, _ = run(state, play(1, 6, 3, 1), play(1, 3, 2, 1), play(1, 2, 2, 1))
    assert state.to_move == 1  # the first turn goes on until the player stops
    state, _ = run(state, stop(1))
    assert state.trains[1] == [(6, 3), (3, 2), (2, 2)]
    assert state.hands[1] == {(5, 3), (1, 0)}
    assert state.markers[1] is False


def test_a_drawn_tile_that_does_not_fit_leaves_the_player_to_pass_and_mark_their_train():
    state = _at_seat_one([(4, 0)])
    state, _ = run(state, draw(1))
    assert legal_moves(state, 1) == [Pass(1)]
    assert refusal(state, draw(1)) == (Code.ALREADY_DREW, "V5")
    state, _ = run(state, pass_(1))
    assert state.markers[1] is True
    assert (4, 0) in state.hands[1]
    assert len(state.hands[1]) == 5


def test_the_drawn_tile_may_only_start_the_players_own_train():
    state = _at_seat_one([(6, 3)])
    state, _ = run(state, draw(1))
    assert refusal(state, play(1, 6, 3, MEXICAN)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")
    assert refusal(state, play(1, 6, 3, 0)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")


def test_a_player_who_drew_a_fitting_tile_may_still_pass():
    # "may then start with it": starting stays optional on the first turn
    state = _at_seat_one([(6, 3)])
    state, _ = run(state, draw(1), pass_(1))
    assert state.markers[1] is True
    assert (6, 3) in state.hands[1]


def test_a_player_who_can_start_may_pass_without_drawing():
    state, _ = start(HANDS, [(6, 3)], first_turn="draw")
    state, _ = run(state, engine(0))
    assert legal_moves(state, 0) == [PlayTile(0, (6, 5), 0), Pass(0)]
    assert refusal(state, draw(0)) == (Code.HAS_LEGAL_PLAY, "V5")
    state, _ = run(state, pass_(0))
    assert state.markers[0] is True
    assert state.boneyard_left == 28 - 8
    assert len(state.hands[0]) == 3


def test_a_player_who_has_started_their_train_may_not_draw():
    state, _ = start(HANDS, [(6, 3)], first_turn="draw")
    state, _ = run(state, engine(0), play(0, 6, 5, 0))
    assert refusal(state, draw(0)) == (Code.TRAIN_STARTED, "V5")


def test_the_engine_placer_who_cannot_start_must_draw_too():
    state, _ = start(
        [
            [(6, 6), (1, 1), (0, 0), (2, 0)],
            [(5, 3), (3, 2), (2, 2), (1, 0)],
        ],
        [(6, 1)],
        first_turn="draw",
    )
    state, _ = run(state, engine(0))
    assert legal_moves(state, 0) == [DrawTile(0)]
    state, _ = run(state, draw(0), play(0, 6, 1, 0), play(0, 1, 1, 0), stop(0))
    assert state.trains[0] == [(6, 1), (1, 1)]
    assert state.to_move == 1


def test_with_an_empty_boneyard_a_player_who_cannot_start_just_passes():
    # 4 x 7 tiles: the whole double-6 set is dealt; seat 0 holds every tile showing 6
    sixes = [t for t in full_set(6) if 6 in t]
    rest = [t for t in full_set(6) if 6 not in t]
    state, _ = start([sixes, rest[0:7], rest[7:14], rest[14:21]], first_turn="draw")
    assert state.boneyard_left == 0
    state, _ = run(state, engine(0), pass_(0))
    assert legal_moves(state, 1) == [Pass(1)]
    assert refusal(state, draw(1)) == (Code.BONEYARD_EMPTY, "V5")
    state, _ = run(state, pass_(1))
    assert state.markers[1] is True


def test_the_draw_option_leaves_the_free_first_turn_as_the_default():
    assert Ruleset.for_players(4).first_turn == "free"
    assert Ruleset.for_players(4, first_turn="draw").first_turn == "draw"
    state, _ = start(HANDS, [(6, 3)])
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0))
    assert legal_moves(state, 1) == [Pass(1)]
    assert refusal(state, draw(1)) == (Code.NO_DRAW_ON_FIRST_TURN, "R11")


@pytest.mark.parametrize("value", ["Draw", "forced", ""])
def test_an_unknown_first_turn_option_is_refused(value):
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(4, first_turn=value)
    assert exc.value.rule == "V5"
