"""Byes: a round a late joiner missed scores a middle place, and nothing else counts it."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tournaments.formats import FormatError
from tournaments.formats import bye_points
from tournaments.formats import compute_standings
from tournaments.formats import placement_points

from .factories import totals


@pytest.mark.parametrize("size", range(2, 9))
def test_a_bye_scores_the_mean_of_a_tables_points(size):
    places = tuple(range(1, size + 1))
    assert bye_points(size) == F(1, 2)  # the share scheme: every table averages 1/2
    assert bye_points(size, "raw") == F(size - 1, 2)
    assert bye_points(size, "raw") == sum(placement_points(places, "raw")) / size


def test_a_bye_adds_its_points_only_no_table_win_game_or_tablemate():
    results = [totals(("a", 5), ("b", 9)), totals(("a", 1), ("c", 2))]
    plain = {s.player: s for s in compute_standings(["a", "b", "c"], results)}
    standings = {
        s.player: s
        for s in compute_standings(["a", "b", "c"], results, byes={"c": 1}, bye_table_size=2)
    }
    c = standings["c"]
    assert c.points == plain["c"].points + F(1, 2)
    assert c.byes == 1
    assert (c.games, c.table_wins, c.game_score) == (1, 0, 2)
    assert c.opponent_points == plain["c"].opponent_points  # a's points, the one tablemate
    # a met c: a's opponents' points take c's bye in, as any points of c.
    assert standings["a"].opponent_points == (standings["b"].points + c.points) / 2
    assert standings["a"].byes == 0


def test_a_bye_ranks_a_late_joiner_between_a_winner_and_a_loser():
    results = [totals(("a", 1), ("b", 9))]
    standings = compute_standings(["a", "b", "late"], results, byes={"late": 1}, bye_table_size=2)
    assert [s.player for s in standings] == ["a", "late", "b"]


def test_byes_are_checked():
    results = [totals(("a", 1), ("b", 9))]
    with pytest.raises(FormatError):
        compute_standings(["a", "b"], results, byes={"nobody": 1})
    with pytest.raises(FormatError):
        compute_standings(["a", "b"], results, byes={"a": -1})
    with pytest.raises(FormatError):
        compute_standings(["a", "b"], results, points="duplicate", byes={"a": 1})
