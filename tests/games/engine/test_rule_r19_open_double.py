"""R19: a double left uncovered when a turn ends is an open double. While one is open, the player
to move must play on it (the oldest first), even on a train otherwise closed to them; doubles
laid during a turn become open only when it ends. A player who cannot satisfy the oldest draws,
plays the drawn tile there if it fits, else marks and passes; the next player faces the same
duty. A double nobody can ever cover never becomes open, or stops being open (its follow-up is
still owed)."""

from games.engine import Code
from games.engine import DrawTile
from games.engine import Pass
from games.engine import PlayTile
from games.engine import TileDrawn
from games.engine import TilePlayed
from games.engine import TurnPassed
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import draw
from tests.games.engine.factories import engine
from tests.games.engine.factories import lay
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

# -- one open double on a closed train --------------------------------------------------------

CLOSED_SEAT0 = [(6, 6), (6, 5), (5, 5), (6, 2), (1, 1)]
CLOSED_SEAT1 = [(5, 3), (2, 1), (4, 4), (0, 0), (1, 0)]  # nothing shows 6: seat 1 passes


def _double_laid_on_own_train(seat1=CLOSED_SEAT1, boneyard_front=()):
    """Seat 0 lays [5,5] on its own train on its second turn; train 1 is marked."""
    state, _ = seat0_second_turn([CLOSED_SEAT0, seat1], boneyard_front)
    state, _ = run(state, play(0, 5, 5, 0))
    return state


def test_double_laid_during_a_turn_is_not_open_until_the_turn_ends():
    state = _double_laid_on_own_train()
    assert state.open_doubles == []
    # The follow-up need not cover the new double: it may go anywhere legal.
    assert legal_moves(state, 0) == [PlayTile(0, (6, 2), 1), PlayTile(0, (6, 2), MEXICAN)]
    state, _ = run(state, play(0, 6, 2, MEXICAN))
    assert open_keys(state) == [0]


def test_open_double_must_be_satisfied_on_closed_train():
    state = _double_laid_on_own_train()
    state, _ = run(state, play(0, 6, 2, MEXICAN))
    # Seat 0 played on its own train last: train 0 carries no marker.
    assert state.markers[0] is False
    assert open_keys(state) == [0]
    # [2,1] would fit the Mexican Train (end 2), but the open double comes first.
    assert legal_moves(state, 1) == [PlayTile(1, (5, 3), 0)]
    assert refusal(state, play(1, 2, 1, MEXICAN)) == (Code.OPEN_DOUBLE_PENDING, "R19")
    assert refusal(state, draw(1)) == (Code.HAS_LEGAL_PLAY, "R19")
    assert refusal(state, pass_(1)) == (Code.HAS_LEGAL_PLAY, "R19")
    state, events = run(state, play(1, 5, 3, 0))
    assert events == [TilePlayed(1, (5, 3), 0)]
    assert state.trains[0] == [(6, 5), (5, 5), (5, 3)]
    assert state.open_doubles == []
    assert state.markers[0] is False  # satisfying does not open the owner's train
    # The satisfying tile is the player's one tile for the turn.
    assert state.to_move == 0


def test_drawn_tile_satisfies_an_open_double_on_a_closed_train():
    seat1 = [(2, 1), (4, 4), (0, 0), (1, 0), (3, 3)]  # no 5: seat 1 cannot satisfy [5,5]
    state = _double_laid_on_own_train(seat1, [(5, 3)])
    state, _ = run(state, play(0, 6, 2, MEXICAN))
    assert state.markers[0] is False
    assert legal_moves(state, 1) == [DrawTile(1)]
    state, _ = run(state, draw(1))
    assert legal_moves(state, 1) == [PlayTile(1, (5, 3), 0)]
    state, _ = run(state, play(1, 5, 3, 0))
    assert state.open_doubles == []
    assert state.markers == [False, True]
    assert state.to_move == 0


# -- two open doubles ------------------------------------------------------------------------

TWO_SEAT0 = [(6, 6), (6, 5), (6, 3), (5, 5), (3, 3), (0, 0), (1, 1)]


def _two_open_doubles(seat1, boneyard_front):
    """Seat 0 lays [5,5] on its own train and [3,3] on the Mexican Train in one turn, cannot
    follow up, draws [2,1] and passes: open doubles on train 0 (older) and the Mexican Train."""
    state, _ = seat0_third_turn([TWO_SEAT0, seat1], [(2, 1), *boneyard_front])
    state, _ = run(state, play(0, 5, 5, 0), play(0, 3, 3, MEXICAN))
    assert state.open_doubles == []  # not open while the turn goes on
    state, _ = run(state, draw(0), pass_(0))
    assert open_keys(state) == [0, MEXICAN]
    assert state.markers == [True, False]
    assert state.to_move == 1
    return state


def test_two_open_doubles_are_satisfied_oldest_first():
    state = _two_open_doubles([(6, 1), (5, 4), (3, 0), (4, 4), (2, 2), (2, 0), (4, 0)], [(3, 2)])
    # [3,0] would cover the newer double on the Mexican Train; the older one comes first.
    assert legal_moves(state, 1) == [PlayTile(1, (5, 4), 0)]
    assert refusal(state, play(1, 3, 0, MEXICAN)) == (Code.OPEN_DOUBLE_PENDING, "R19")
    state, _ = run(state, play(1, 5, 4, 0))
    assert open_keys(state) == [MEXICAN]
    assert state.to_move == 0
    # Seat 0 now owes the Mexican double: it holds no 3, so it draws [3,2] and plays it there.
    assert legal_moves(state, 0) == [DrawTile(0)]
    state, events = run(state, draw(0))
    assert events == [TileDrawn(0, (3, 2))]
    assert legal_moves(state, 0) == [PlayTile(0, (3, 2), MEXICAN)]
    state, _ = run(state, play(0, 3, 2, MEXICAN))
    assert state.open_doubles == []
    assert state.to_move == 1


def test_player_able_to_cover_only_a_newer_open_double_must_draw():
    state = _two_open_doubles(
        [(6, 1), (4, 3), (3, 0), (4, 4), (2, 2), (2, 0), (4, 0)], [(3, 1), (5, 2)]
    )
    assert legal_moves(state, 1) == [DrawTile(1)]
    assert refusal(state, play(1, 3, 0, MEXICAN)) == (Code.OPEN_DOUBLE_PENDING, "R19")
    assert refusal(state, play(1, 4, 3, MEXICAN)) == (Code.OPEN_DOUBLE_PENDING, "R19")
    assert refusal(state, pass_(1)) == (Code.MUST_DRAW, "R19")


def test_drawn_tile_fitting_only_a_newer_open_double_means_marker_and_pass():
    state = _two_open_doubles(
        [(6, 1), (4, 3), (3, 0), (4, 4), (2, 2), (2, 0), (4, 0)], [(3, 1), (5, 2)]
    )
    state, _ = run(state, draw(1))
    assert legal_moves(state, 1) == [Pass(1)]
    assert refusal(state, play(1, 3, 1, MEXICAN)) == (Code.OPEN_DOUBLE_PENDING, "R19")
    assert refusal(state, draw(1)) == (Code.ALREADY_DREW, "R19")
    state, events = run(state, pass_(1))
    assert events == [TurnPassed(1)]
    assert state.markers == [True, True]
    assert open_keys(state) == [0, MEXICAN]


def test_next_player_faces_the_same_open_double_duty():
    state = _two_open_doubles(
        [(6, 1), (4, 3), (3, 0), (4, 4), (2, 2), (2, 0), (4, 0)], [(3, 1), (5, 2)]
    )
    state, _ = run(state, draw(1), pass_(1))
    # Seat 0's [1,1] and [2,1] fit train 1 (now marked, end 1), but the open double on its own
    # train comes first; seat 0 holds no 5, so it must draw.
    assert state.ends[1] == 1
    assert legal_moves(state, 0) == [DrawTile(0)]
    assert refusal(state, play(0, 1, 1, 1)) == (Code.OPEN_DOUBLE_PENDING, "R19")
    assert refusal(state, pass_(0)) == (Code.MUST_DRAW, "R19")
    # The drawn [5,2] fits the oldest open double: it must be played there.
    state, _ = run(state, draw(0))
    assert legal_moves(state, 0) == [PlayTile(0, (5, 2), 0)]
    assert refusal(state, pass_(0)) == (Code.HAS_LEGAL_PLAY, "R19")
    state, _ = run(state, play(0, 5, 2, 0))
    assert open_keys(state) == [MEXICAN]
    assert state.to_move == 1
    # Then seat 1 faces the remaining (Mexican) open double, and now holds three 3s.
    assert legal_moves(state, 1) == [
        PlayTile(1, (3, 0), MEXICAN),
        PlayTile(1, (3, 1), MEXICAN),
        PlayTile(1, (4, 3), MEXICAN),
    ]


# -- doubles nobody can ever satisfy ------------------------------------------------------------

# Seat 0's first turn lays [6,2] [3,2] [3,1] [2,1] [2,0] [5,0] [5,2] (train ends in 2); seat 1's
# lays [6,4] [4,2] (train ends in 2). Every tile showing 2 except [2,2] is then on the table.
NEVER_FIRST_TURNS = (
    engine(0),
    *lay(0, (6, 2), (3, 2), (3, 1), (2, 1), (2, 0), (5, 0), (5, 2)),
    stop(0),
    *lay(1, (6, 4), (4, 2)),
    stop(1),
)
NEVER_SEAT0 = [(6, 6), (6, 2), (3, 2), (3, 1), (2, 1), (2, 0), (5, 0), (5, 2), (6, 3)]


def _unsatisfiable_double_laid(seat0_extra, seat1_tiles, boneyard_front=()):
    seat0 = NEVER_SEAT0 + [seat0_extra]
    seat1 = [(6, 4), (4, 2), (2, 2), *seat1_tiles]
    state, _ = start([seat0, seat1], boneyard_front)
    state, _ = run(state, *NEVER_FIRST_TURNS)
    assert state.ends == [2, 2, 6]
    state, _ = run(state, play(0, 6, 3, MEXICAN))
    assert PlayTile(1, (2, 2), 1) in legal_moves(state, 1)
    state, _ = run(state, play(1, 2, 2, 1))
    assert state.to_move == 1
    return state


def test_double_nobody_can_ever_satisfy_never_becomes_open_but_its_follow_up_is_owed():
    state = _unsatisfiable_double_laid(
        (4, 4), [(4, 3), (5, 5), (5, 4), (5, 1), (1, 1), (1, 0), (0, 0)]
    )
    # The follow-up is still owed.
    assert legal_moves(state, 1) == [PlayTile(1, (4, 3), MEXICAN)]
    assert refusal(state, pass_(1)) == (Code.HAS_LEGAL_PLAY, "R18")
    state, _ = run(state, play(1, 4, 3, MEXICAN))
    assert state.to_move == 0
    # [2,2] was left uncovered, but no tile could ever cover it: it is not open.
    assert state.trains[1][-1] == (2, 2)
    assert state.open_doubles == []
    assert legal_moves(state, 0) == [PlayTile(0, (4, 4), MEXICAN)]


def test_double_nobody_can_ever_satisfy_stays_closed_after_a_failed_follow_up():
    state = _unsatisfiable_double_laid(
        (5, 3), [(4, 1), (5, 5), (5, 4), (5, 1), (1, 1), (1, 0), (0, 0)], [(4, 0)]
    )
    assert legal_moves(state, 1) == [DrawTile(1)]
    state, _ = run(state, draw(1))
    assert legal_moves(state, 1) == [Pass(1)]
    state, _ = run(state, pass_(1))
    assert state.markers[1] is True
    assert state.open_doubles == []
    # Seat 0 is not held to train 1: it plays [5,3] on the Mexican Train (end 3).
    assert legal_moves(state, 0) == [PlayTile(0, (5, 3), MEXICAN)]


def test_open_double_stops_being_open_once_the_last_tile_showing_its_number_is_laid():
    seat0 = [(6, 6), (6, 3), (3, 0), (1, 0), (3, 1), (3, 2), (6, 5), (5, 3), (4, 4)]
    seat1 = [(6, 4), (4, 3), (5, 5), (3, 3), (0, 0), (1, 1), (2, 2), (2, 1), (4, 1)]
    state, _ = start([seat0, seat1], [(2, 0)])
    state, _ = run(
        state,
        engine(0),
        *lay(0, (6, 3), (3, 0), (1, 0), (3, 1), (3, 2)),
        stop(0),
        *lay(1, (6, 4), (4, 3)),
        stop(1),
        play(0, 6, 5, MEXICAN),
        # Seat 1 lays [5,5] on the Mexican Train, then [3,3] on its own train, cannot follow up.
        play(1, 5, 5, MEXICAN),
        play(1, 3, 3, 1),
        draw(1),
        pass_(1),
    )
    assert open_keys(state) == [MEXICAN, 1]
    # [5,3] would cover either; the older (Mexican) double comes first.
    assert legal_moves(state, 0) == [PlayTile(0, (5, 3), MEXICAN)]
    assert refusal(state, play(0, 5, 3, 1)) == (Code.OPEN_DOUBLE_PENDING, "R19")
    state, _ = run(state, play(0, 5, 3, MEXICAN))
    # [5,3] was the last tile showing 3 off the table: [3,3] on train 1 can never be covered.
    assert state.trains[1][-1] == (3, 3)
    assert state.open_doubles == []
    assert state.to_move == 1
    # Seat 1 owes no open double any more: a plain R15 turn (it has nothing to play, so draw).
    assert legal_moves(state, 1) == [DrawTile(1)]
    assert refusal(state, pass_(1)) == (Code.MUST_DRAW, "R15")
