"""R22: a player with no tiles left scores 0 for the round; every other player scores the pips
of the tiles in their hand, the double-blank counting 50."""

from games.engine import RoundEnded
from games.engine import TilePlayed
from games.engine.scoring import hand_points
from games.engine.scoring import round_scores
from tests.games.engine.factories import play
from tests.games.engine.factories import ruleset
from tests.games.engine.factories import run
from tests.games.engine.factories import seat0_second_turn


def test_went_out_player_scores_zero_and_others_score_their_pips_with_double_blank_50():
    hands = [
        [(6, 6), (6, 5), (5, 4)],
        [(0, 0), (1, 0), (3, 2)],  # 50 + 1 + 5
        [(4, 4), (2, 2), (1, 1)],  # 8 + 4 + 2
    ]
    state, _ = seat0_second_turn(hands, rounds=2)
    state, events = run(state, play(0, 5, 4, 0))
    assert events == [TilePlayed(0, (5, 4), 0), RoundEnded(1, (0, 56, 14), 0, False)]
    assert state.round_history == [(0, 56, 14)]


def test_double_blank_alone_scores_50():
    assert hand_points([(0, 0)], ruleset()) == 50


def test_pips_are_the_sum_of_both_halves_of_every_tile():
    assert hand_points([(6, 5), (3, 3), (2, 0)], ruleset()) == 11 + 6 + 2
    assert hand_points([(1, 0)], ruleset()) == 1


def test_round_scores_after_going_out():
    rs = ruleset()
    hands = [[], [(0, 0), (6, 5)], [(3, 3)]]
    assert round_scores(hands, 0, False, rs) == (0, 61, 6)


def test_round_scores_of_a_blocked_round_count_every_hand():
    rs = ruleset()
    hands = [[(1, 1)], [(0, 0)], [(6, 6), (5, 0)]]
    assert round_scores(hands, None, True, rs) == (2, 50, 17)
