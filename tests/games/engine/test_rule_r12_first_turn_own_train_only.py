"""R12: nobody may play on another player's train or on the Mexican Train during the first turn."""

from games.engine import Code
from games.engine import PlayTile
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
    [(6, 6), (6, 5), (5, 1), (0, 0)],
    [(6, 4), (6, 2), (2, 1), (3, 3)],
    [(6, 3), (5, 2), (1, 0), (4, 4)],
]


def test_nobody_may_play_on_the_mexican_train_during_first_turns():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0))
    assert refusal(state, play(0, 6, 5, MEXICAN)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")
    state, _ = run(state, pass_(0))
    assert refusal(state, play(1, 6, 4, MEXICAN)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")
    state, _ = run(state, pass_(1))
    # even the last player of the first turns
    assert refusal(state, play(2, 6, 3, MEXICAN)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")


def test_nobody_may_play_on_another_players_marked_train_during_first_turns():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), pass_(0))
    assert state.markers[0] is True
    assert refusal(state, play(1, 6, 4, 0)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")
    state, _ = run(state, pass_(1))
    assert refusal(state, play(2, 6, 3, 0)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")
    assert refusal(state, play(2, 6, 3, 1)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")


def test_nobody_may_play_on_another_players_started_train_during_first_turns():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), play(0, 6, 5, 0), stop(0))
    # [5,2] fits seat 0's train end
    assert refusal(state, play(1, 6, 2, 0)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")
    state, _ = run(state, pass_(1))
    assert refusal(state, play(2, 5, 2, 0)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")


def test_a_player_who_started_their_train_may_not_switch_to_another_train_in_the_same_first_turn():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), pass_(0), play(1, 6, 4, 1))
    assert refusal(state, play(1, 6, 2, MEXICAN)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")
    assert refusal(state, play(1, 6, 2, 0)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")


def test_first_turn_moves_offer_only_the_players_own_train():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), pass_(0))
    plays = [m for m in legal_moves(state, 1) if isinstance(m, PlayTile)]
    assert plays == [PlayTile(1, (6, 2), 1), PlayTile(1, (6, 4), 1)]


def test_the_mexican_train_and_marked_trains_open_once_every_first_turn_is_taken():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), pass_(0), pass_(1), pass_(2))
    assert not state.first_turn
    state, _ = run(state, play(0, 6, 5, MEXICAN), play(1, 6, 4, 0))
    assert state.trains[3] == [(6, 5)]
    assert state.trains[0] == [(6, 4)]
