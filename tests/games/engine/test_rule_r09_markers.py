"""R9: a marker on a train makes it open to everyone; the Mexican Train is always open; a player's
own train is always playable by its owner."""

from games.engine import Code
from games.engine import PlayTile
from games.engine import view
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import engine
from tests.games.engine.factories import legal_moves
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import start
from tests.games.engine.factories import stop


def _both_started():
    """Both trains started on the first turns, no marker anywhere: train 0 ends 5, train 1 ends 4."""
    state, _ = start(
        [
            [(6, 6), (6, 5), (5, 1), (4, 0), (6, 3)],
            [(6, 4), (5, 2), (4, 3), (1, 1), (2, 2)],
        ]
    )
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0), play(1, 6, 4, 1), stop(1))
    assert not state.first_turn
    assert view(state, 0)["trains"][0]["marker"] is False
    assert view(state, 0)["trains"][1]["marker"] is False
    return state


def test_a_player_may_play_on_their_own_unmarked_train():
    state = _both_started()
    state, _ = run(state, play(0, 5, 1, 0))
    assert state.trains[0][-1] == (5, 1)


def test_a_train_without_a_marker_is_closed_to_everyone_but_its_owner():
    state = _both_started()
    # [4,0] fits the end of seat 1's train (4), which carries no marker
    assert refusal(state, play(0, 4, 0, 1)) == (Code.TRAIN_CLOSED, "R9")
    assert PlayTile(0, (4, 0), 1) not in legal_moves(state, 0)


def test_the_mexican_train_is_open_without_any_marker():
    state = _both_started()
    assert not any(state.markers)
    assert PlayTile(0, (6, 3), MEXICAN) in legal_moves(state, 0)
    state, _ = run(state, play(0, 6, 3, MEXICAN))
    assert state.trains[2] == [(6, 3)]
    # and for the next player too, on the Mexican Train's new end
    state, _ = run(state, play(1, 4, 3, MEXICAN))
    assert state.trains[2] == [(6, 3), (3, 4)]


def test_the_mexican_train_is_always_shown_as_open():
    state, _ = start([[(6, 6), (6, 5)], [(6, 4), (2, 1)]])
    state, _ = run(state, engine(0))
    assert view(state, 0)["trains"][-1] == {"train": MEXICAN, "tiles": [], "end": 6, "marker": True}


def _seat_zero_marked():
    """Seat 0 passes its first turn (marker on its empty train); seat 1 starts its own."""
    state, _ = start(
        [
            [(6, 6), (6, 5), (0, 0), (4, 0)],
            [(6, 4), (6, 2), (3, 3), (3, 1)],
        ]
    )
    state, _ = run(state, engine(0), pass_(0), play(1, 6, 4, 1), stop(1))
    return state


def test_anyone_may_play_on_a_marked_train_and_anyone_on_the_mexican_train():
    state = _seat_zero_marked()
    assert view(state, 1)["trains"][0]["marker"] is True
    # seat 0 starts the Mexican Train; nobody holds a marker there
    state, _ = run(state, play(0, 6, 5, MEXICAN))
    assert state.trains[2] == [(6, 5)]
    # seat 1 plays on seat 0's marked (still empty) train
    assert PlayTile(1, (6, 2), 0) in legal_moves(state, 1)
    state, _ = run(state, play(1, 6, 2, 0))
    assert state.trains[0] == [(6, 2)]


def test_a_marker_opens_only_its_owners_train():
    state = _seat_zero_marked()
    state, _ = run(state, play(0, 6, 5, MEXICAN), play(1, 6, 2, 0))
    assert state.to_move == 0
    assert view(state, 0)["trains"][1]["marker"] is False
    # [4,0] fits seat 1's train (end 4), but only seat 0's own train carries a marker
    assert refusal(state, play(0, 4, 0, 1)) == (Code.TRAIN_CLOSED, "R9")
    assert PlayTile(0, (4, 0), 1) not in legal_moves(state, 0)


def test_a_player_may_play_on_their_own_train_while_it_carries_their_marker():
    state = _seat_zero_marked()
    state, _ = run(state, play(0, 6, 5, 0))
    assert state.trains[0] == [(6, 5)]
