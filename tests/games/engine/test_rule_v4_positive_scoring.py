"""V4 scoring="positive": the player who goes out scores the sum of everyone else's hands (V3
applies), everyone else 0; a blocked round scores 0 for all. If several players empty their hand
in one round (R13), they share that sum equally, rounded down. The highest total wins; ties go to
the fewest rounds scored 0, then the highest single round score."""

from games.engine import MatchEnded
from games.engine import RoundEnded
from games.engine import TilePlayed
from games.engine import TurnPassed
from games.engine.scoring import places
from games.engine.scoring import round_scores
from tests.games.engine.factories import blocked_after_seat0_first_turn
from tests.games.engine.factories import engine
from tests.games.engine.factories import lay
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import ruleset
from tests.games.engine.factories import run
from tests.games.engine.factories import seat0_second_turn
from tests.games.engine.factories import seats_1_and_2_out_on_first_turns
from tests.games.engine.factories import start
from tests.games.engine.factories import three_round_match


def _places(*rounds):
    return places([tuple(r) for r in rounds], ruleset(scoring="positive"))


def test_went_out_player_scores_everyone_elses_hands():
    hands = [
        [(6, 6), (6, 5), (5, 4)],
        [(0, 0), (1, 0), (3, 2)],  # 50 + 1 + 5
        [(4, 4), (2, 2), (1, 1)],  # 8 + 4 + 2
    ]
    state, _ = seat0_second_turn(hands, rounds=2, scoring="positive")
    state, events = run(state, play(0, 5, 4, 0))
    assert events == [TilePlayed(0, (5, 4), 0), RoundEnded(1, (70, 0, 0), 0, False)]


def test_round_scores_positive_unit():
    rs = ruleset(scoring="positive")
    assert round_scores([[(0, 0)], [], [(6, 5)]], 1, False, rs) == (0, 61, 0)


def test_blocked_round_scores_zero_for_all():
    rs = ruleset(scoring="positive")
    assert round_scores([[(0, 0)], [(6, 5)]], None, True, rs) == (0, 0)


def test_blocked_round_through_the_engine_scores_zero_for_all():
    state, _ = blocked_after_seat0_first_turn(rounds=1, scoring="positive")
    state, events = run(state, pass_(1))
    assert events == [
        TurnPassed(1),
        RoundEnded(1, (0, 0), None, True),
        MatchEnded((0, 0), (1, 1), (1, 1)),
    ]


def test_highest_total_wins():
    totals, zeros, result = _places((10, 0, 3), (0, 5, 3))
    assert totals == (10, 5, 6)
    assert result == (1, 3, 2)


def test_tie_on_total_goes_to_the_fewest_rounds_scored_zero():
    # Seat 0: 15 + 0 (one zero round, highest single 15); seat 1: 5 + 10 (no zero round).
    totals, zeros, result = _places((15, 5), (0, 10))
    assert totals == (15, 15)
    assert zeros == (1, 0)
    assert result == (2, 1)


def test_then_to_the_highest_single_round_score():
    totals, zeros, result = _places((12, 8), (3, 7))
    assert totals == (15, 15)
    assert zeros == (0, 0)
    assert result == (1, 2)


def test_players_still_tied_share_the_place():
    totals, zeros, result = _places((10, 5, 1), (5, 10, 1))
    assert result == (1, 1, 3)


def test_match_end_with_positive_scoring():
    """Rounds: seat 0 goes out twice (scoring 5 and 10), seat 1 once (scoring 15)."""
    state, events = three_round_match(scoring="positive")
    assert [e.scores for e in events if isinstance(e, RoundEnded)] == [(5, 0), (10, 0), (0, 15)]
    # Totals tie at 15; seat 0 has one round at 0, seat 1 two: seat 0 wins.
    assert events[-1] == MatchEnded((15, 15), (1, 2), (1, 2))


# -- several players empty their hand in one round (R13): they share the sum, rounded down ----


def test_two_players_going_out_on_the_first_turns_share_the_points_rounded_down():
    state, events = seats_1_and_2_out_on_first_turns(rounds=2, scoring="positive")
    # 15 shared by two: 7 each (15 / 2 rounded down); seat 1 emptied its hand first (R13)
    assert [e for e in events if isinstance(e, RoundEnded)] == [RoundEnded(1, (0, 7, 7), 1, False)]


def test_three_players_going_out_share_the_points_rounded_down_and_the_match_ends_on_them():
    state, _ = start(
        [
            [(6, 6), (5, 5), (4, 0)],  # keeps [5,5] and [4,0]: 10 + 4 = 14
            [(6, 5), (5, 4), (4, 3)],
            [(6, 3), (3, 2), (2, 1)],
            [(6, 1), (1, 0), (2, 0)],
        ],
        rounds=1,
        scoring="positive",
    )
    state, events = run(
        state,
        engine(0),
        pass_(0),
        *lay(1, (6, 5), (5, 4), (4, 3)),
        *lay(2, (6, 3), (3, 2), (2, 1)),
        *lay(3, (6, 1), (1, 0), (2, 0)),
    )
    assert [e for e in events if isinstance(e, RoundEnded)] == [
        RoundEnded(1, (0, 4, 4, 4), 1, False)  # 14 // 3 = 4 each
    ]
    assert events[-1] == MatchEnded((0, 4, 4, 4), (1, 0, 0, 0), (4, 1, 1, 1))


def test_round_scores_share_between_every_empty_hand_unit():
    rs = ruleset(scoring="positive")
    # [6,5] + [0,0] (50) = 61 over two empty hands: 30 each
    assert round_scores([[(6, 5)], [], [(0, 0)], []], 1, False, rs) == (0, 30, 0, 30)
    assert round_scores([[(6, 5)], [], [(0, 0)], []], 3, False, rs) == (0, 30, 0, 30)
    # an even sum is shared exactly
    assert round_scores([[(3, 1)], [], []], 2, False, rs) == (0, 2, 2)


def test_a_single_player_going_out_still_takes_the_whole_sum():
    rs = ruleset(scoring="positive")
    assert round_scores([[(6, 5)], [], [(0, 0)]], 1, False, rs) == (0, 61, 0)
