"""R16: a player's marker is removed when that player plays on their own train (and only then)."""

import pytest

from games.engine import DrawTile
from games.engine import PlayTile
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import draw
from tests.games.engine.factories import engine
from tests.games.engine.factories import legal_moves
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import run
from tests.games.engine.factories import start
from tests.games.engine.factories import stop

SEAT0 = [(6, 6), (6, 5), (6, 3), (1, 1)]
SEAT1 = [(6, 2), (6, 4), (2, 0), (0, 0)]


def _both_marked():
    """Both seats pass their first turn: both own trains carry markers."""
    state, _ = start([SEAT0, SEAT1])
    state, _ = run(state, engine(0), pass_(0), pass_(1))
    assert state.markers == [True, True]
    return state


@pytest.mark.parametrize(
    ("owners_play", "markers"),
    [
        pytest.param(play(0, 6, 5, 0), [False, True], id="their_own_train_removes_the_marker"),
        pytest.param(play(0, 6, 3, MEXICAN), [True, True], id="the_mexican_train_keeps_the_marker"),
        pytest.param(play(0, 6, 3, 1), [True, True], id="another_marked_train_keeps_the_marker"),
    ],
)
def test_owner_playing_on(owners_play, markers):
    state = _both_marked()
    state, _ = run(state, owners_play)
    assert state.markers == markers


def test_marker_stays_when_another_player_plays_on_the_marked_train():
    state = _both_marked()
    state, _ = run(state, play(0, 6, 3, MEXICAN), play(1, 6, 2, 0))
    assert state.trains[0] == [(6, 2)]
    assert state.markers == [True, True]
    # Train 0 is still open: seat 1 may play on it again on a later turn.
    state, _ = run(state, play(0, 6, 5, 1))
    assert PlayTile(1, (2, 0), 0) in legal_moves(state, 1)


def test_marker_is_removed_when_a_drawn_tile_is_played_on_own_train():
    hands = [[(6, 6), (1, 1), (2, 1), (3, 1)], [(6, 2), (4, 4), (4, 3), (0, 0)]]
    state, _ = start(hands, [(6, 0)])
    state, _ = run(state, engine(0), pass_(0), play(1, 6, 2, 1), stop(1))
    assert state.markers == [True, False]
    assert legal_moves(state, 0) == [DrawTile(0)]
    state, _ = run(state, draw(0))
    assert legal_moves(state, 0) == [PlayTile(0, (6, 0), 0), PlayTile(0, (6, 0), MEXICAN)]
    state, _ = run(state, play(0, 6, 0, 0))
    assert state.markers == [False, False]


def test_marker_is_removed_when_the_owner_satisfies_an_open_double_on_their_own_train():
    hands = [[(6, 6), (6, 5), (5, 5), (1, 1)], [(6, 2), (4, 4), (4, 3), (0, 0)]]
    state, _ = start(hands, [(3, 0), (2, 1), (5, 3)])
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0), play(1, 6, 2, 1), stop(1))
    # Seat 0 lays [5,5], cannot follow it up, draws [3,0] and marks its train.
    state, _ = run(state, play(0, 5, 5, 0), draw(0), pass_(0))
    assert state.markers == [True, False]
    assert state.open_doubles == [0]
    # Seat 1 cannot satisfy it either: draws [2,1] and marks its own train.
    state, _ = run(state, draw(1), pass_(1))
    assert state.markers == [True, True]
    # Seat 0 draws [5,3] and satisfies its own double: its marker goes.
    state, _ = run(state, draw(0), play(0, 5, 3, 0))
    assert state.open_doubles == []
    assert state.markers == [False, True]
