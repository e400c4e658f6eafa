"""R10: on the first turn a player may only start their own train, laying as many tiles as they
like while it stays a valid train; doubles there are ordinary tiles (no follow-up, no
satisfaction). ``stop`` ends a first turn, only after at least one tile."""

from games.engine import Code
from games.engine import Pass
from games.engine import PlayTile
from games.engine import Stop
from games.engine import TurnStopped
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

HANDS = [
    [(6, 6), (6, 5), (5, 4), (4, 4), (4, 2), (0, 0)],
    [(6, 3), (3, 3), (3, 1), (4, 1), (2, 0), (1, 1)],
]


def test_a_player_may_lay_many_tiles_on_their_own_train_in_the_first_turn():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), play(0, 6, 5, 0), play(0, 5, 4, 0), play(0, 4, 4, 0))
    assert state.to_move == 0
    state, events = run(state, play(0, 4, 2, 0))
    assert state.to_move == 0
    state, events = run(state, stop(0))
    assert events == [TurnStopped(0)]
    assert state.trains[0] == [(6, 5), (5, 4), (4, 4), (4, 2)]
    assert state.to_move == 1
    assert state.hands[0] == {(0, 0)}


def test_the_first_turn_goes_on_until_the_player_stops():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), play(0, 6, 5, 0))
    assert state.to_move == 0
    assert state.first_turn
    assert legal_moves(state, 0) == [PlayTile(0, (5, 4), 0), Stop(0)]


def test_a_first_turn_may_stop_after_one_tile():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0))
    assert state.trains[0] == [(6, 5)]
    assert state.to_move == 1


def test_a_double_on_the_first_turn_owes_no_follow_up_tile():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), play(0, 6, 5, 0), play(0, 5, 4, 0), play(0, 4, 4, 0))
    # [4,2] could follow, but nothing is owed: the player may stop on the double
    state, events = run(state, stop(0))
    assert events == [TurnStopped(0)]
    assert state.trains[0][-1] == (4, 4)
    assert view(state, 1)["open_doubles"] == []


def test_a_double_left_uncovered_on_the_first_turn_never_becomes_an_open_double():
    state, _ = start(
        [
            [(6, 6), (6, 4), (4, 4), (6, 0), (0, 0)],
            [(6, 3), (4, 1), (3, 2), (1, 1), (5, 5)],
        ]
    )
    state, _ = run(
        state, engine(0), play(0, 6, 4, 0), play(0, 4, 4, 0), stop(0), play(1, 6, 3, 1), stop(1)
    )
    assert not state.first_turn
    assert view(state, 0)["open_doubles"] == []
    # seat 0 is not bound to its own double: it may start the Mexican Train
    state, _ = run(state, play(0, 6, 0, MEXICAN))
    # seat 1 holds [4,1], which would cover the double, yet plays on its own train
    state, _ = run(state, play(1, 3, 2, 1))
    assert state.trains[1] == [(6, 3), (3, 2)]
    assert state.trains[0] == [(6, 4), (4, 4)]


def test_a_first_turn_may_not_lay_a_tile_that_breaks_the_train():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), play(0, 6, 5, 0))
    assert refusal(state, play(0, 4, 2, 0)) == (Code.TILE_DOES_NOT_MATCH, "R8")
    assert refusal(state, play(0, 0, 0, 0)) == (Code.TILE_DOES_NOT_MATCH, "R8")


def test_stop_is_refused_before_the_first_tile_of_a_first_turn():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0))
    assert refusal(state, stop(0)) == (Code.STOP_NOT_ALLOWED, "R10")
    assert Stop(0) not in legal_moves(state, 0)


def test_stop_is_refused_after_the_first_turns():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), pass_(0), pass_(1))
    assert not state.first_turn
    assert refusal(state, stop(0)) == (Code.STOP_NOT_ALLOWED, "R10")
    state, _ = run(state, play(0, 6, 5, 0))  # one tile: the second turn has ended
    assert refusal(state, stop(1)) == (Code.STOP_NOT_ALLOWED, "R10")


def test_a_started_first_turn_cannot_end_with_a_pass():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), play(0, 6, 5, 0))
    assert refusal(state, pass_(0)) == (Code.TRAIN_STARTED, "R10")
    assert Pass(0) not in legal_moves(state, 0)


def test_a_first_turn_lists_only_plays_on_the_own_train_and_a_pass():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0))
    assert legal_moves(state, 0) == [PlayTile(0, (6, 5), 0), Pass(0)]
