"""R14: from the second turn on a player lays exactly one tile per turn (more only through
doubles), on their own train, any train carrying a marker, or the Mexican Train; the Mexican
Train may be started from the second turn on by a tile showing the engine's number."""

from games.engine import Code
from games.engine import DrawTile
from games.engine import PlayTile
from games.engine import TilePlayed
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import engine
from tests.games.engine.factories import legal_moves
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import seat0_second_turn
from tests.games.engine.factories import start
from tests.games.engine.factories import stop

SEAT0 = [(6, 6), (6, 5), (5, 4), (6, 3), (2, 0)]
SEAT1 = [(6, 2), (2, 1), (3, 1), (1, 0), (3, 3)]


def _both_trains_started():
    """Seat 0 starts its train with [6,5], seat 1 with [6,2]: no markers, Mexican empty."""
    state, _ = start([SEAT0, SEAT1])
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0), play(1, 6, 2, 1), stop(1))
    assert not state.first_turn
    assert state.to_move == 0
    return state


def _seat1_passed_first_turn():
    """Seat 0 starts with [6,5]; seat 1 passes its first turn, so train 1 carries a marker."""
    state, _ = seat0_second_turn([SEAT0, SEAT1])
    assert state.markers == [False, True]
    return state


def test_later_turn_offers_own_train_and_mexican_but_not_a_closed_train():
    state = _both_trains_started()
    # [2,0] would fit train 1's end (2) but that train carries no marker.
    assert legal_moves(state, 0) == [
        PlayTile(0, (5, 4), 0),
        PlayTile(0, (6, 3), MEXICAN),
    ]


def test_later_turn_offers_a_marked_opponent_train():
    state = _seat1_passed_first_turn()
    assert legal_moves(state, 0) == [
        PlayTile(0, (5, 4), 0),
        PlayTile(0, (6, 3), 1),
        PlayTile(0, (6, 3), MEXICAN),
    ]


def test_playing_on_an_unmarked_opponent_train_is_refused():
    state = _both_trains_started()
    assert refusal(state, play(0, 2, 0, 1)) == (Code.TRAIN_CLOSED, "R9")


def test_playing_on_a_marked_opponent_train_is_allowed():
    state = _seat1_passed_first_turn()
    state, events = run(state, play(0, 6, 3, 1))
    assert events == [TilePlayed(0, (6, 3), 1)]
    assert state.trains[1] == [(6, 3)]
    assert state.ends[1] == 3


def test_later_turn_lays_exactly_one_tile_then_the_turn_passes():
    state = _both_trains_started()
    state, events = run(state, play(0, 5, 4, 0))
    assert events == [TilePlayed(0, (5, 4), 0)]
    assert state.to_move == 1
    assert legal_moves(state, 0) == []
    # A second tile in the same turn: it is no longer seat 0's turn.
    assert refusal(state, play(0, 6, 3, MEXICAN)) == (Code.NOT_YOUR_TURN, "R6")


def test_mexican_train_cannot_be_started_on_the_first_turn():
    state, _ = start([SEAT0, SEAT1])
    state, _ = run(state, engine(0))
    assert refusal(state, play(0, 6, 3, MEXICAN)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")


def test_mexican_train_can_be_started_from_the_second_turn_with_an_engine_number_tile():
    state = _both_trains_started()
    assert PlayTile(0, (6, 3), MEXICAN) in legal_moves(state, 0)
    state, events = run(state, play(0, 6, 3, MEXICAN))
    assert events == [TilePlayed(0, (6, 3), MEXICAN)]
    assert state.trains[state.seats] == [(6, 3)]
    assert state.ends[state.seats] == 3
    assert state.to_move == 1


def test_mexican_train_cannot_be_started_with_a_tile_lacking_the_engine_number():
    state = _both_trains_started()
    # [5,4] fits seat 0's own train (end 5) but not the empty Mexican Train (engine 6).
    assert refusal(state, play(0, 5, 4, MEXICAN)) == (Code.TILE_DOES_NOT_MATCH, "R8")


def test_mexican_train_is_open_to_every_player_and_continues_from_its_end():
    state = _both_trains_started()
    state, _ = run(state, play(0, 6, 3, MEXICAN))
    # Seat 1 did not start the Mexican Train and carries no marker, yet may play on it.
    assert legal_moves(state, 1) == [
        PlayTile(1, (2, 1), 1),
        PlayTile(1, (3, 1), MEXICAN),
        PlayTile(1, (3, 3), MEXICAN),
    ]
    state, events = run(state, play(1, 3, 1, MEXICAN))
    assert events == [TilePlayed(1, (3, 1), MEXICAN)]
    assert state.trains[state.seats] == [(6, 3), (3, 1)]
    assert state.to_move == 0


def test_started_mexican_train_no_longer_takes_engine_number_tiles():
    hands = [[(6, 6), (6, 5), (6, 3), (6, 4)], [(6, 2), (2, 1), (1, 0), (0, 0)]]
    state, _ = start(hands)
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0), play(1, 6, 2, 1), stop(1))
    state, _ = run(state, play(0, 6, 3, MEXICAN), play(1, 2, 1, 1))
    assert refusal(state, play(0, 6, 4, MEXICAN)) == (Code.TILE_DOES_NOT_MATCH, "R8")
    # Own train ends in 5, train 1 is closed, the Mexican Train ends in 3: nothing fits.
    assert legal_moves(state, 0) == [DrawTile(0)]


def test_own_train_is_playable_by_its_owner_without_a_marker():
    state = _both_trains_started()
    assert state.markers[0] is False
    state, events = run(state, play(0, 5, 4, 0))
    assert events == [TilePlayed(0, (5, 4), 0)]
    assert state.ends[0] == 4
