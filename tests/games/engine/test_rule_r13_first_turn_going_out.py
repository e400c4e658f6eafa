"""R13: a player who plays their whole hand during the first turn does not end the round at once:
the remaining players still take their first turn; then the round ends. Every empty hand scores 0;
the first to empty their hand is recorded as going out."""

from games.engine import Code
from games.engine import MatchEnded
from games.engine import RoundEnded
from games.engine import view
from tests.games.engine.factories import engine
from tests.games.engine.factories import lay
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import scripted_deal
from tests.games.engine.factories import seats_1_and_2_out_on_first_turns
from tests.games.engine.factories import start
from tests.games.engine.factories import stop


def _round_ends(events):
    return [e for e in events if isinstance(e, RoundEnded)]


HANDS = [
    [(6, 6), (6, 5), (2, 2)],
    [(6, 4), (4, 3), (3, 1)],  # seat 1 can lay its whole hand on its first turn
    [(6, 2), (1, 0), (5, 5)],
]


def _seat1_out_on_its_first_turn(**variants):
    """Seat 0 places the engine, lays [6,5] and stops; seat 1 lays its whole hand; seat 2 has its
    first turn to take."""
    state, _ = start(HANDS, **variants)
    return run(state, engine(0), play(0, 6, 5, 0), stop(0), *lay(1, (6, 4), (4, 3), (3, 1)))


def test_going_out_on_a_first_turn_lets_the_remaining_players_take_their_first_turn():
    state, events = _seat1_out_on_its_first_turn()
    assert state.hands[1] == set()
    assert not _round_ends(events)
    assert state.to_move == 2
    assert state.first_turn
    assert view(state, 2)["went_out"] == 1
    # seat 2 takes its first turn
    state, events = run(state, play(2, 6, 2, 2))
    assert not _round_ends(events)
    state, events = run(state, stop(2))
    assert _round_ends(events) == [RoundEnded(1, (4, 0, 11), 1, False)]


def test_the_round_ends_after_the_first_turns_without_any_second_turn():
    state, events = _seat1_out_on_its_first_turn()
    state, events = run(state, pass_(2), events=events)
    assert _round_ends(events) == [RoundEnded(1, (4, 0, 19), 1, False)]
    assert refusal(state, play(0, 2, 2, 0)) == (Code.ROUND_NOT_STARTED, "R4")
    # the next round may be dealt
    deal = scripted_deal(
        [[(5, 5), (5, 0), (1, 1)], [(4, 4), (4, 1), (2, 0)], [(3, 3), (3, 2), (3, 0)]]
    )
    state, events = run(state, deal)
    assert state.round == 2
    assert state.engine == 5


def test_a_turn_that_empties_the_hand_ends_without_a_stop():
    state, events = start(HANDS)
    state, _ = run(state, engine(0), pass_(0), play(1, 6, 4, 1), play(1, 4, 3, 1), play(1, 3, 1, 1))
    assert state.to_move == 2
    assert refusal(state, stop(1)) == (Code.NOT_YOUR_TURN, "R6")


def test_every_player_who_empties_their_hand_on_the_first_turns_scores_zero_and_the_first_went_out():
    state, events = seats_1_and_2_out_on_first_turns()
    ended = _round_ends(events)
    # seat 0 keeps [6,5] and [2,2]: 11 + 4
    assert ended == [RoundEnded(1, (15, 0, 0), 1, False)]


def test_the_engine_placer_going_out_on_its_first_turn_still_lets_everyone_else_take_theirs():
    state, events = start(
        [
            [(6, 6), (6, 5), (5, 4)],
            [(6, 3), (3, 3), (2, 1)],
            [(6, 2), (5, 5), (1, 0)],
        ]
    )
    state, events = run(state, engine(0), play(0, 6, 5, 0), play(0, 5, 4, 0))
    assert state.hands[0] == set()
    assert not _round_ends(events)
    assert state.to_move == 1
    state, events = run(state, play(1, 6, 3, 1), play(1, 3, 3, 1), stop(1))
    assert not _round_ends(events)
    state, events = run(state, play(2, 6, 2, 2), stop(2))
    assert _round_ends(events) == [RoundEnded(1, (0, 3, 11), 0, False)]


def test_the_last_player_of_the_first_turns_going_out_ends_the_round_at_once():
    state, events = start(
        [
            [(6, 6), (6, 5), (2, 2)],
            [(6, 4), (4, 4), (4, 1)],
        ]
    )
    state, events = run(state, engine(0), pass_(0), play(1, 6, 4, 1), play(1, 4, 4, 1))
    assert not _round_ends(events)
    state, events = run(state, play(1, 4, 1, 1))
    assert _round_ends(events) == [RoundEnded(1, (15, 0), 1, False)]


def test_going_out_on_a_double_during_the_first_turn_owes_no_follow_up():
    state, events = start(
        [
            [(6, 6), (6, 5), (2, 2)],
            [(6, 4), (4, 1), (1, 1)],  # seat 1 ends its first turn on the double [1,1]
            [(6, 3), (3, 3), (1, 0)],
        ]
    )
    state, events = run(
        state, engine(0), pass_(0), play(1, 6, 4, 1), play(1, 4, 1, 1), play(1, 1, 1, 1)
    )
    assert state.hands[1] == set()
    assert state.to_move == 2
    assert view(state, 2)["open_doubles"] == []
    # seat 2 is not bound to cover [1,1] (it holds [1,0]); it takes an ordinary first turn
    assert refusal(state, play(2, 1, 0, 1)) == (Code.FIRST_TURN_OWN_TRAIN_ONLY, "R12")
    state, events = run(state, play(2, 6, 3, 2), play(2, 3, 3, 2), stop(2))
    assert _round_ends(events) == [RoundEnded(1, (15, 0, 1), 1, False)]


def test_a_first_turn_going_out_in_the_last_round_ends_the_match_with_the_zero_scores():
    state, events = _seat1_out_on_its_first_turn(rounds=1)
    state, events = run(state, pass_(2), events=events)
    assert isinstance(events[-1], MatchEnded)
    assert events[-1].totals == (4, 0, 19)
    assert events[-1].places == (2, 1, 3)
    assert events[-1].zero_rounds == (0, 1, 0)
