"""Standings: placement points, then the published tie-break chain, a total order."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tournaments.formats import FormatError
from tournaments.formats import compute_standings
from tournaments.formats import placement_points
from tournaments.formats import seat_points
from tournaments.formats import seat_swiss
from tournaments.formats import table_places

from .factories import random_results
from .factories import result
from .factories import totals


def order(standings):
    return [s.player for s in standings]


def test_placement_points_decide_first():
    results = [totals(("a", 5), ("b", 9), ("c", 7)), totals(("a", 1), ("b", 2), ("c", 3))]
    standings = compute_standings(["c", "b", "a"], results)
    assert order(standings) == ["a", "c", "b"]
    assert [s.points for s in standings] == [2, F(1, 2), F(1, 2)]
    assert [s.rank for s in standings] == [1, 2, 3]
    assert [s.games for s in standings] == [2, 2, 2]


def test_then_table_wins():
    # a: a win and a last place at tables of two (1 + 0); b: two seconds of three (1/2 + 1/2).
    results = [
        totals(("a", 1), ("x", 2)),
        totals(("y", 1), ("b", 2), ("z", 3)),
        totals(("w", 1), ("a", 2)),
        totals(("v", 1), ("b", 2), ("u", 3)),
    ]
    standings = compute_standings(["b", "a", "u", "v", "w", "x", "y", "z"], results)
    by = {s.player: s for s in standings}
    assert by["a"].points == by["b"].points == 1
    assert (by["a"].table_wins, by["b"].table_wins) == (1, 0)
    assert order(standings).index("a") < order(standings).index("b")


def test_then_opponents_points_before_game_score():
    results = [
        totals(("a", 10), ("c", 20)),
        totals(("b", 5), ("d", 20)),
        totals(("c", 1), ("e", 9)),
        totals(("d", 9), ("f", 1)),
        totals(("a", 7), ("g", 7)),  # a shared first: a win each, half a point each
        totals(("b", 7), ("h", 7)),
    ]
    standings = compute_standings(list("bacdefgh"), results)
    by = {s.player: s for s in standings}
    assert by["a"].points == by["b"].points == F(3, 2)
    assert by["a"].table_wins == by["b"].table_wins == 2
    assert by["a"].opponent_points == F(3, 4)  # c has 1, g has 1/2
    assert by["b"].opponent_points == F(1, 4)  # d has 0, h has 1/2
    assert (by["a"].game_score, by["b"].game_score) == (17, 12)
    assert order(standings).index("a") < order(standings).index("b")


def test_then_game_score_lowest_first_or_highest_for_positive_scoring():
    results = [totals(("a", 10), ("c", 20)), totals(("b", 5), ("d", 20))]
    assert order(compute_standings(list("abcd"), results))[:2] == ["b", "a"]
    positive = [totals(("a", 20), ("c", 10)), totals(("b", 25), ("d", 10))]
    assert order(compute_standings(list("abcd"), positive, scoring="positive"))[:2] == ["b", "a"]
    assert order(compute_standings(list("abcd"), positive))[:2] == ["c", "d"]


def test_then_head_to_head_among_those_still_tied():
    results = [
        totals(("a", 10), ("b", 20)),
        totals(("c", 10), ("e", 20)),
        totals(("b", 10), ("c", 20)),
        totals(("a", 20), ("d", 10)),
    ]
    standings = compute_standings(["b", "a", "c", "d", "e"], results)
    assert order(standings) == ["d", "a", "b", "c", "e"]
    by = {s.player: s for s in standings}
    assert by["a"].opponent_points == by["b"].opponent_points == by["d"].opponent_points == 1
    assert by["a"].game_score == by["b"].game_score == 30
    assert (by["a"].head_to_head, by["b"].head_to_head, by["d"].head_to_head) == (1, -1, 0)


def test_then_seed_order():
    # A cycle: a beat b, b beat c, c beat d, d beat a: tied on everything, head-to-head included.
    results = [
        totals(("a", 10), ("b", 20)),
        totals(("c", 10), ("d", 20)),
        totals(("b", 10), ("c", 20)),
        totals(("d", 10), ("a", 20)),
    ]
    standings = compute_standings(["c", "a", "d", "b"], results)
    assert order(standings) == ["c", "a", "d", "b"]
    assert {s.head_to_head for s in standings} == {0}
    assert [s.seed for s in standings] == [0, 1, 2, 3]


def test_forfeits_are_counted_and_placed_last():
    results = [result(("a", (50,)), ("b", (0,), True), ("c", (60,)))]
    standings = compute_standings(["a", "b", "c"], results)
    assert order(standings) == ["a", "c", "b"]
    assert [s.forfeits for s in standings] == [0, 0, 1]


def test_entrants_who_have_not_played_are_listed_last_in_seed_order():
    standings = compute_standings(["z", "a", "b", "y"], [totals(("a", 1), ("b", 2))])
    assert order(standings) == ["a", "b", "z", "y"]
    assert standings[2].games == 0
    assert standings[2].points == 0


def test_standings_before_any_game_are_the_seed_order():
    assert order(compute_standings([3, 1, 2], [])) == [3, 1, 2]


def test_a_player_who_is_not_an_entrant_is_refused():
    with pytest.raises(FormatError, match="not an entrant"):
        compute_standings(["a"], [totals(("a", 1), ("b", 2))])
    with pytest.raises(FormatError, match="V4"):
        compute_standings(["a", "b"], [totals(("a", 1), ("b", 2))], scoring="golf")


def test_raw_points_give_k_minus_one_to_the_winner():
    results = [totals(("a", 1), ("b", 2), ("c", 3), ("d", 4)), totals(("a", 5), ("b", 1))]
    by = {s.player: s.points for s in compute_standings(list("abcd"), results, points="raw")}
    assert by == {"a": 3, "b": 3, "c": 1, "d": 0}


def swiss_tournament(n, size, rounds, seed):
    rng = random.Random(seed)
    entrants = [f"p{i}" for i in range(n)]
    ranking, history, results = list(entrants), [], []
    for r in range(rounds):
        seating = seat_swiss(ranking, size, history, seed=r)
        history += seating
        for one in random_results(seating, rng, rounds=2):
            if rng.random() < 0.05:
                seats = [(s.player, s.round_scores, s is one.seats[0]) for s in one.seats]
                one = result(*seats)
            results.append(one)
        ranking = order(compute_standings(entrants, results))
    return entrants, results


@given(st.integers(2, 40), st.integers(2, 6), st.integers(1, 4), st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_standings_are_a_deterministic_total_order_following_the_chain(n, size, rounds, seed):
    entrants, results = swiss_tournament(n, size, rounds, seed)
    standings = compute_standings(entrants, results)
    assert [s.rank for s in standings] == list(range(1, n + 1))
    assert sorted(order(standings)) == sorted(entrants)
    shuffled_results = list(results)
    random.Random(seed).shuffle(shuffled_results)
    assert compute_standings(entrants, shuffled_results) == standings
    for a, b in zip(standings, standings[1:], strict=False):
        ka = (-a.points, -a.table_wins, -a.opponent_points, a.game_score, -a.head_to_head, a.seed)
        kb = (-b.points, -b.table_wins, -b.opponent_points, b.game_score, -b.head_to_head, b.seed)
        assert ka < kb
    # Head-to-head is scored only within a group tied on the first four steps.
    first_four = [(s.points, s.table_wins, s.opponent_points, s.game_score) for s in standings]
    for s, key in zip(standings, first_four, strict=True):
        if s.head_to_head:
            assert first_four.count(key) > 1


@given(st.integers(2, 40), st.integers(2, 6), st.integers(1, 4), st.integers(0, 2**32))
@settings(max_examples=30, deadline=None)
def test_standings_recompute_points_wins_and_opponents_from_the_tables(n, size, rounds, seed):
    entrants, results = swiss_tournament(n, size, rounds, seed)
    standings = {s.player: s for s in compute_standings(entrants, results)}
    points = {p: F(0) for p in entrants}
    wins = {p: 0 for p in entrants}
    for r in results:
        places = table_places(r)
        for seat, place, got in zip(r.seats, places, placement_points(places), strict=True):
            points[seat.player] += got
            wins[seat.player] += place == 1
    assert sum(points.values()) == sum(F(len(r.seats), 2) for r in results)
    for p in entrants:
        assert standings[p].points == points[p]
        assert standings[p].table_wins == wins[p]
        mates = [q for r in results if p in r.players for q in r.players if q != p]
        expected = sum(points[q] for q in mates) / len(mates) if mates else 0
        assert standings[p].opponent_points == expected
    assert seat_points(results) == tuple(placement_points(table_places(r)) for r in results)
