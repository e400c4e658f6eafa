"""V2 max_doubles_per_turn=1: at most one double per later turn (so never more than one open
double at a time); first turns are exempt (doubles there are ordinary tiles, R10)."""

from games.engine import Code
from games.engine import DrawTile
from games.engine import Pass
from games.engine import PlayTile
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import draw
from tests.games.engine.factories import engine
from tests.games.engine.factories import legal_moves
from tests.games.engine.factories import open_keys
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import seat0_third_turn
from tests.games.engine.factories import start
from tests.games.engine.factories import stop

SEAT1 = [(6, 1), (4, 4), (4, 2), (2, 2), (2, 0), (4, 0), (1, 0)]


def _double_laid(seat0, seat1=SEAT1, boneyard_front=(), **variants):
    """Seat 0's own train ends in 5 and the Mexican Train in 3; train 1 (seat 1's, end 1) is
    closed. Seat 0 lays [5,5] on its own train."""
    state, _ = seat0_third_turn([seat0, seat1], boneyard_front, **variants)
    state, _ = run(state, play(0, 5, 5, 0))
    assert state.to_move == 0
    return state


WITH_PLAIN = [(6, 6), (6, 5), (6, 3), (5, 5), (3, 3), (3, 1), (0, 0)]


def test_second_double_in_a_later_turn_is_refused():
    state = _double_laid(WITH_PLAIN, max_doubles_per_turn=1)
    assert legal_moves(state, 0) == [PlayTile(0, (3, 1), MEXICAN)]
    assert refusal(state, play(0, 3, 3, MEXICAN)) == (Code.DOUBLE_LIMIT, "V2")


def test_without_the_limit_a_second_double_is_allowed():
    state = _double_laid(WITH_PLAIN)
    assert legal_moves(state, 0) == [
        PlayTile(0, (3, 1), MEXICAN),
        PlayTile(0, (3, 3), MEXICAN),
    ]


def test_one_double_per_later_turn_is_still_allowed():
    seat0 = [(6, 6), (6, 5), (6, 3), (5, 5), (3, 3), (3, 1), (0, 0)]
    state, _ = seat0_third_turn([seat0, SEAT1], max_doubles_per_turn=1)
    assert PlayTile(0, (5, 5), 0) in legal_moves(state, 0)
    assert PlayTile(0, (3, 3), MEXICAN) in legal_moves(state, 0)


def test_follow_up_that_could_only_be_a_double_means_draw():
    seat0 = [(6, 6), (6, 5), (6, 3), (5, 5), (3, 3), (0, 0), (1, 1)]
    state = _double_laid(seat0, boneyard_front=[(3, 2)], max_doubles_per_turn=1)
    assert legal_moves(state, 0) == [DrawTile(0)]
    state, _ = run(state, draw(0))
    assert legal_moves(state, 0) == [PlayTile(0, (3, 2), MEXICAN)]


def test_drawn_double_cannot_be_played_as_the_follow_up_under_the_limit():
    seat0 = [(6, 6), (6, 5), (6, 3), (5, 5), (3, 3), (0, 0)]
    seat1 = [(6, 1), (4, 4), (4, 2), (2, 2), (2, 0), (4, 0)]
    state, _ = start([seat0, seat1], [(5, 2), (1, 1)], max_doubles_per_turn=1)
    state, _ = run(
        state,
        engine(0),
        play(0, 6, 5, 0),
        stop(0),
        play(1, 6, 1, 1),
        stop(1),
        play(0, 6, 3, MEXICAN),
        draw(1),
        pass_(1),  # seat 1 draws [5,2]: its train is marked
        play(0, 5, 5, 0),
    )
    assert state.markers == [False, True]
    assert state.ends == [5, 1, 3]
    assert legal_moves(state, 0) == [DrawTile(0)]
    state, _ = run(state, draw(0))  # [1,1] fits the marked train 1, but is a second double
    assert legal_moves(state, 0) == [Pass(0)]
    assert refusal(state, play(0, 1, 1, 1)) == (Code.DOUBLE_LIMIT, "V2")
    state, _ = run(state, pass_(0))
    assert open_keys(state) == [0]
    assert state.markers == [True, True]


def test_first_turn_is_exempt_from_the_double_limit():
    seat0 = [(6, 6), (6, 3), (3, 3), (3, 1), (1, 1), (5, 5)]
    seat1 = [(6, 2), (4, 4), (4, 2), (2, 2), (2, 0), (4, 0)]
    state, _ = start([seat0, seat1], max_doubles_per_turn=1)
    state, _ = run(state, engine(0), play(0, 6, 3, 0), play(0, 3, 3, 0), play(0, 3, 1, 0))
    assert legal_moves(state, 0) == [PlayTile(0, (1, 1), 0), stop(0)]
    state, _ = run(state, play(0, 1, 1, 0), stop(0))
    assert state.trains[0] == [(6, 3), (3, 3), (3, 1), (1, 1)]
    assert state.to_move == 1
