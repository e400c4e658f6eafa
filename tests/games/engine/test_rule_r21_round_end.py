"""R21: the round ends when a player lays their last tile, or when it is blocked: once every
player has had their first turn, a turn ends with the boneyard empty and no tile in any hand
fitting any train's open end, whoever's train it is. It then ends at once."""

from games.engine import Code
from games.engine import DrawTile
from games.engine import MatchEnded
from games.engine import Pass
from games.engine import PlayTile
from games.engine import RoundEnded
from games.engine import TilePlayed
from games.engine import TurnPassed
from games.engine import TurnStopped
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import blocked_after_seat0_first_turn
from tests.games.engine.factories import draw
from tests.games.engine.factories import engine
from tests.games.engine.factories import lay
from tests.games.engine.factories import legal_moves
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import rest_of_set
from tests.games.engine.factories import run
from tests.games.engine.factories import seat0_second_turn
from tests.games.engine.factories import start
from tests.games.engine.factories import stop


def _pips(hand):
    return sum(a + b + (50 if (a, b) == (0, 0) else 0) for a, b in hand)


# -- going out ---------------------------------------------------------------------------------


def test_round_ends_when_a_player_lays_their_last_tile_on_a_later_turn():
    hands = [[(6, 6), (6, 5), (5, 4)], [(3, 3), (3, 2), (2, 1)]]  # seat 1: 6 + 5 + 3 pips
    state, _ = seat0_second_turn(hands, rounds=2)
    state, events = run(state, play(0, 5, 4, 0))
    assert events == [TilePlayed(0, (5, 4), 0), RoundEnded(1, (0, 14), 0, False)]
    assert state.phase == "dealing"
    assert legal_moves(state, 1) == []
    assert refusal(state, draw(1)) == (Code.ROUND_NOT_STARTED, "R4")


def test_round_ends_when_the_follow_up_to_a_double_is_the_players_last_tile():
    hands = [[(6, 6), (6, 5), (5, 5), (5, 4)], [(3, 3), (3, 2), (2, 1), (1, 0)]]
    state, _ = seat0_second_turn(hands, rounds=2)
    state, _ = run(state, play(0, 5, 5, 0))
    state, events = run(state, play(0, 5, 4, 0))
    assert events == [TilePlayed(0, (5, 4), 0), RoundEnded(1, (0, 15), 0, False)]
    assert state.phase == "dealing"


# -- blocked right after the first turns -----------------------------------------------------


# All 28 tiles dealt. Seat 0's first turn lays every tile showing 6 (the train ends in 6 again):
# [6,5] [5,4] [6,4] [6,3] [3,2] [6,2] [6,1] [1,0] [6,0]; seat 1 holds no 6 at all.
def test_blocked_round_is_not_detected_before_every_first_turn_is_done():
    state, events = blocked_after_seat0_first_turn(rounds=2)
    # Nothing in any hand fits any end (6, 6, 6) and the boneyard is empty, but seat 1 has not
    # had its first turn yet.
    assert events == [TurnStopped(0)]
    assert state.phase == "playing"
    assert state.to_move == 1
    assert legal_moves(state, 1) == [Pass(1)]


def test_blocked_round_ends_at_once_after_the_last_first_turn():
    state, _ = blocked_after_seat0_first_turn(rounds=2)
    state, events = run(state, pass_(1))
    # Seat 0 holds [5,5] [4,4] [3,3] [2,2]: 28; seat 1 holds 62 pips plus 50 for [0,0].
    assert events == [TurnPassed(1), RoundEnded(1, (28, 112), None, True)]
    assert state.phase == "dealing"
    assert state.round_history == [(28, 112)]


def test_blocked_last_round_ends_the_match():
    state, _ = blocked_after_seat0_first_turn(rounds=1)
    state, events = run(state, pass_(1))
    assert events == [
        TurnPassed(1),
        RoundEnded(1, (28, 112), None, True),
        MatchEnded((28, 112), (0, 0), (1, 2)),
    ]
    assert state.finished


# -- blocked on a later turn ------------------------------------------------------------------

# Seat 0's first turn: [6,1] [1,0] [0,0] [2,0] [6,2] (ends in 6); seat 1's: [6,3] [3,0] [4,0]
# [6,4] [6,5] [5,0] (ends in 0). Only [6,0] (seat 0's) is left of the tiles showing 6 or 0.
LATE_SEAT0 = [(6, 6), (6, 1), (1, 0), (0, 0), (2, 0), (6, 2), (6, 0), (1, 1), (2, 1), (2, 2),
              (3, 1), (3, 2), (3, 3), (4, 1)]  # fmt: skip


def _both_first_turns(seat0_hand, train0, train1):
    """Deal all 28 tiles, seat 1 holding those seat 0 does not; seat 0 places the engine, lays
    ``train0`` and stops, seat 1 lays ``train1`` and stops. Return (state, events of that stop)."""
    state, _ = start([seat0_hand, rest_of_set(seat0_hand)], rounds=2)
    state, _ = run(state, engine(0), *lay(0, *train0), stop(0), *lay(1, *train1))
    return run(state, stop(1))


def _late_block():
    return _both_first_turns(
        LATE_SEAT0,
        [(6, 1), (1, 0), (0, 0), (2, 0), (6, 2)],
        [(6, 3), (3, 0), (4, 0), (6, 4), (6, 5), (5, 0)],
    )


def test_round_is_not_blocked_while_a_tile_still_fits():
    state, events = _late_block()
    assert events == [TurnStopped(1)]
    assert state.ends == [6, 0, 6]
    assert state.phase == "playing"
    assert legal_moves(state, 0) == [PlayTile(0, (6, 0), 0), PlayTile(0, (6, 0), MEXICAN)]


def test_round_blocked_by_a_later_play_ends_at_once():
    state, _ = _late_block()
    state, events = run(state, play(0, 6, 0, MEXICAN))
    # Ends 6, 0, 0: every tile showing 6 or 0 is on the table.
    assert events == [
        TilePlayed(0, (6, 0), MEXICAN),
        RoundEnded(1, (_pips(state.hands[0]), _pips(state.hands[1])), None, True),
    ]
    assert events[-1].scores == (29, 61)
    assert state.phase == "dealing"


# -- not blocked while a tile fits a train closed to its holder -------------------------------

# Seat 0's train: [6,5] [5,4] [6,4] [6,1] [3,1] (ends in 3); seat 1's: [6,0] [2,0] [6,2] [6,3]
# [3,0] [1,0] (ends in 1). Every tile showing 6 is laid. Seat 0 holds tiles showing 1 (train 1's
# end) but none showing 3; seat 1 holds tiles showing 3 (train 0's end) but none showing 1.
CLOSED_SEAT0 = [(6, 6), (6, 5), (5, 4), (6, 4), (6, 1), (3, 1), (1, 1), (2, 1), (4, 1), (5, 1),
                (0, 0), (2, 2), (4, 0), (4, 2)]  # fmt: skip


def test_round_is_not_blocked_while_a_tile_fits_a_train_closed_to_its_holder():
    state, _ = _both_first_turns(
        CLOSED_SEAT0,
        [(6, 5), (5, 4), (6, 4), (6, 1), (3, 1)],
        [(6, 0), (2, 0), (6, 2), (6, 3), (3, 0), (1, 0)],
    )
    assert state.ends == [3, 1, 6]
    assert state.boneyard_left == 0
    assert state.phase == "playing"
    # Seat 0 cannot play (its 1s fit only the closed train 1): it passes, marking train 0.
    assert legal_moves(state, 0) == [Pass(0)]
    state, events = run(state, pass_(0))
    assert events == [TurnPassed(0)]
    assert state.phase == "playing"
    # Now seat 1's 3s fit the marked train 0.
    assert legal_moves(state, 1) == [
        PlayTile(1, (3, 2), 0),
        PlayTile(1, (3, 3), 0),
        PlayTile(1, (4, 3), 0),
        PlayTile(1, (5, 3), 0),
    ]


def test_round_is_not_blocked_while_the_boneyard_has_tiles():
    hands = [[(6, 6), (6, 5), (1, 1), (2, 1)], [(6, 4), (2, 2), (3, 3), (0, 0)]]
    state, _ = start(hands, [(3, 2), (3, 1)], rounds=2)
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0), play(1, 6, 4, 1), stop(1))
    # Nobody holds a tile fitting 5, 4 or 6, but the boneyard is not empty.
    state, events = run(state, draw(0), pass_(0))
    assert events[-1] == TurnPassed(0)
    assert state.phase == "playing"
    assert legal_moves(state, 1) == [DrawTile(1)]
