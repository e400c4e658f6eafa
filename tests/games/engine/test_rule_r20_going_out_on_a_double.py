"""R20: a player may go out on a double; if it is their last tile the round ends at once and no
follow-up is owed."""

from games.engine import Code
from games.engine import MatchEnded
from games.engine import PlayTile
from games.engine import RoundEnded
from games.engine import TilePlayed
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import draw
from tests.games.engine.factories import legal_moves
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import seat0_second_turn
from tests.games.engine.factories import seat0_third_turn

SEAT0 = [(6, 6), (6, 5), (5, 5)]
SEAT1 = [(4, 4), (4, 3), (2, 1)]  # nothing shows 6: seat 1 passes; 8 + 7 + 3 = 18 pips


def _last_tile_is_a_double(rounds=2):
    state, _ = seat0_second_turn([SEAT0, SEAT1], rounds=rounds)
    assert state.hands[0] == {(5, 5)}
    return state


def test_going_out_on_a_double_ends_the_round_at_once():
    state = _last_tile_is_a_double()
    state, events = run(state, play(0, 5, 5, 0))
    assert events == [
        TilePlayed(0, (5, 5), 0),
        RoundEnded(1, (0, 18), 0, False),
    ]
    assert state.phase == "dealing"
    assert state.round_history == [(0, 18)]


def test_no_follow_up_is_owed_after_going_out_on_a_double():
    state = _last_tile_is_a_double()
    state, _ = run(state, play(0, 5, 5, 0))
    assert legal_moves(state, 0) == []
    assert legal_moves(state, 1) == []
    assert refusal(state, draw(0)) == (Code.ROUND_NOT_STARTED, "R4")
    assert refusal(state, pass_(0)) == (Code.ROUND_NOT_STARTED, "R4")


def test_going_out_on_a_double_in_the_last_round_ends_the_match():
    state = _last_tile_is_a_double(rounds=1)
    state, events = run(state, play(0, 5, 5, 0))
    assert events == [
        TilePlayed(0, (5, 5), 0),
        RoundEnded(1, (0, 18), 0, False),
        MatchEnded((0, 18), (1, 0), (1, 2)),
    ]
    assert state.finished


def test_going_out_on_a_double_laid_as_a_follow_up_ends_the_round():
    seat0 = [(6, 6), (6, 5), (6, 3), (5, 5), (3, 3)]
    seat1 = [(6, 1), (4, 4), (4, 2), (2, 2), (2, 0)]  # 20 pips once [6,1] is laid
    state, _ = seat0_third_turn([seat0, seat1], rounds=2)
    state, _ = run(state, play(0, 5, 5, 0))
    assert state.to_move == 0  # [5,5] owes a follow-up: seat 0's last tile, the double [3,3]
    state, events = run(state, play(0, 3, 3, MEXICAN))
    assert events == [
        TilePlayed(0, (3, 3), MEXICAN),
        RoundEnded(1, (0, 20), 0, False),
    ]
    # Neither the [5,5] left uncovered nor the last [3,3] is owed anything.
    assert state.open_doubles == []
    assert state.phase == "dealing"


def test_going_out_on_a_double_on_a_marked_opponent_train():
    seat0 = [(6, 6), (6, 5), (6, 4), (4, 4)]
    seat1 = [(3, 3), (3, 2), (2, 1), (1, 0)]  # nothing shows 6: seat 1 passes
    state, _ = seat0_second_turn([seat0, seat1], [(5, 0)], rounds=2)
    state, _ = run(state, play(0, 6, 4, 1), draw(1), pass_(1))
    assert legal_moves(state, 0) == [PlayTile(0, (4, 4), 1)]
    state, events = run(state, play(0, 4, 4, 1))
    # Seat 1 holds [3,3] [3,2] [2,1] [1,0] and the drawn [5,0]: 20 pips.
    assert events == [TilePlayed(0, (4, 4), 1), RoundEnded(1, (0, 20), 0, False)]
