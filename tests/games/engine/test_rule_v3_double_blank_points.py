"""V3 double_blank_points: the double-blank left in a hand counts 50 (default) or 0."""

import pytest

from games.engine import RoundEnded
from games.engine import Ruleset
from games.engine import RulesetError
from games.engine.scoring import hand_points
from tests.games.engine.factories import engine
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import run
from tests.games.engine.factories import start

# seat 0 goes out on its first turn; seat 1 keeps [0,0] and [2,1]
HANDS = [[(6, 6), (6, 5), (5, 4)], [(0, 0), (2, 1), (3, 1)]]


def _round_end(**variants):
    state, events = start(HANDS, **variants)
    state, events = run(state, engine(0), play(0, 6, 5, 0), play(0, 5, 4, 0), pass_(1))
    return [e for e in events if isinstance(e, RoundEnded)][0]


def test_by_default_a_double_blank_left_in_hand_scores_fifty():
    assert _round_end().scores == (0, 50 + 3 + 4)


def test_with_the_zero_option_a_double_blank_left_in_hand_scores_nothing():
    assert _round_end(double_blank_points=0).scores == (0, 3 + 4)


def test_with_the_zero_option_other_tiles_still_score_their_pips():
    rs = Ruleset(set_max=6, hand_size=3, rounds=7, double_blank_points=0)
    assert hand_points([(0, 0)], rs) == 0
    assert hand_points([(0, 0), (6, 6), (1, 0)], rs) == 13


def test_the_default_double_blank_points_is_fifty():
    assert Ruleset.for_players(4).double_blank_points == 50
    assert Ruleset.for_players(4, double_blank_points=0).double_blank_points == 0


@pytest.mark.parametrize("points", [25, 1, -50, 100])
def test_double_blank_points_other_than_fifty_or_zero_are_refused(points):
    with pytest.raises(RulesetError) as exc:
        Ruleset.for_players(4, double_blank_points=points)
    assert exc.value.rule == "V3"
