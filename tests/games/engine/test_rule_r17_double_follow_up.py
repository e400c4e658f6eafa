"""R17: from the second turn on, a player who lays a double must lay another tile in the same
turn, on any train where a play is legal for them (the double itself, their own train, an open
train, the Mexican Train); a double laid as that tile owes yet another one, and so on."""

from games.engine import Code
from games.engine import PlayTile
from games.engine import TilePlayed
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import engine
from tests.games.engine.factories import legal_moves
from tests.games.engine.factories import open_keys
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import seat0_second_turn
from tests.games.engine.factories import seat0_third_turn
from tests.games.engine.factories import start
from tests.games.engine.factories import stop

SEAT0 = [(6, 6), (6, 5), (5, 5), (5, 3), (6, 2)]
SEAT1 = [(4, 4), (4, 3), (3, 3), (1, 1), (0, 0)]  # nothing shows 6: seat 1 passes


def _double_laid():
    """Seat 0 (own train ends in 5) lays [5,5] on its own train on its second turn;
    train 1 carries a marker and ends in 6, the Mexican Train is empty."""
    state, _ = seat0_second_turn([SEAT0, SEAT1])
    assert legal_moves(state, 0) == [
        PlayTile(0, (5, 3), 0),
        PlayTile(0, (5, 5), 0),
        PlayTile(0, (6, 2), 1),
        PlayTile(0, (6, 2), MEXICAN),
    ]
    state, events = run(state, play(0, 5, 5, 0))
    assert events == [TilePlayed(0, (5, 5), 0)]
    return state


def test_laying_a_double_on_a_later_turn_does_not_end_the_turn():
    state = _double_laid()
    assert state.to_move == 0
    assert legal_moves(state, 1) == []


def test_follow_up_may_go_on_the_double_own_train_marked_train_or_mexican():
    state = _double_laid()
    assert legal_moves(state, 0) == [
        PlayTile(0, (5, 3), 0),
        PlayTile(0, (6, 2), 1),
        PlayTile(0, (6, 2), MEXICAN),
    ]


def test_follow_up_cannot_be_skipped_by_stopping_or_passing():
    state = _double_laid()
    assert refusal(state, stop(0)) == (Code.STOP_NOT_ALLOWED, "R10")
    assert refusal(state, pass_(0)) == (Code.HAS_LEGAL_PLAY, "R18")


def test_follow_up_on_the_double_itself_ends_the_turn():
    state = _double_laid()
    state, events = run(state, play(0, 5, 3, 0))
    assert events == [TilePlayed(0, (5, 3), 0)]
    assert state.trains[0] == [(6, 5), (5, 5), (5, 3)]
    assert state.to_move == 1
    assert state.open_doubles == []


def test_follow_up_on_the_mexican_train_ends_the_turn_and_leaves_the_double_uncovered():
    state = _double_laid()
    state, _ = run(state, play(0, 6, 2, MEXICAN))
    assert state.to_move == 1
    assert open_keys(state) == [0]


def test_follow_up_on_a_marked_opponent_train():
    state = _double_laid()
    state, _ = run(state, play(0, 6, 2, 1))
    assert state.trains[1] == [(6, 2)]
    assert state.to_move == 1


def test_follow_up_on_a_closed_opponent_train_is_refused():
    hands = [[(6, 6), (6, 5), (5, 5), (6, 2), (1, 0)], [(6, 1), (4, 4), (4, 3), (3, 3), (0, 0)]]
    state, _ = start(hands)
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0), play(1, 6, 1, 1), stop(1))
    state, _ = run(state, play(0, 5, 5, 0))
    # [1,0] fits train 1's end (1), but train 1 carries no marker.
    assert refusal(state, play(0, 1, 0, 1)) == (Code.TRAIN_CLOSED, "R9")
    assert legal_moves(state, 0) == [PlayTile(0, (6, 2), MEXICAN)]


# -- a double after a double --------------------------------------------------------------

DD_SEAT0 = [(6, 6), (6, 5), (6, 3), (5, 5), (3, 3), (3, 1), (0, 0)]
DD_SEAT1 = [(6, 1), (4, 4), (4, 2), (2, 2), (2, 0), (4, 0), (1, 0)]


def _second_double_turn():
    """Seat 0's own train ends in 5 and the Mexican Train in 3 (both from seat 0)."""
    state, _ = seat0_third_turn([DD_SEAT0, DD_SEAT1])
    assert state.to_move == 0
    assert state.ends == [5, 1, 3]
    return state


def test_double_laid_as_the_follow_up_owes_another_follow_up():
    state = _second_double_turn()
    state, _ = run(state, play(0, 5, 5, 0))
    assert legal_moves(state, 0) == [PlayTile(0, (3, 1), MEXICAN), PlayTile(0, (3, 3), MEXICAN)]
    state, _ = run(state, play(0, 3, 3, MEXICAN))
    assert state.to_move == 0
    # Only the new double's own number is left to play on (own train shows 5: nothing).
    assert legal_moves(state, 0) == [PlayTile(0, (3, 1), MEXICAN)]
    state, _ = run(state, play(0, 3, 1, MEXICAN))
    assert state.to_move == 1
    assert state.trains[0] == [(6, 5), (5, 5)]
    assert state.trains[2] == [(6, 3), (3, 3), (3, 1)]
    assert open_keys(state) == [0]


def test_turn_does_not_end_after_a_double_laid_as_a_follow_up():
    state = _second_double_turn()
    state, _ = run(state, play(0, 5, 5, 0), play(0, 3, 3, MEXICAN))
    assert state.to_move == 0
    assert legal_moves(state, 1) == []
    assert refusal(state, stop(0)) == (Code.STOP_NOT_ALLOWED, "R10")
    assert refusal(state, pass_(0)) == (Code.HAS_LEGAL_PLAY, "R18")


def test_no_follow_up_is_owed_for_a_non_double():
    state = _second_double_turn()
    state, _ = run(state, play(0, 3, 1, MEXICAN))
    assert state.to_move == 1
    assert legal_moves(state, 0) == []
    assert state.open_doubles == []
