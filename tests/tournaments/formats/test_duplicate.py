"""Duplicate: tables of a deal group share a deal; players are ranked against the same hands."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from games.engine import Ruleset
from games.engine import deal_round
from tournaments.formats import FormatError
from tournaments.formats import compute_standings
from tournaments.formats import deal_seed
from tournaments.formats import duplicate_points
from tournaments.formats import duplicate_table_sizes
from tournaments.formats import seat_duplicate
from tournaments.formats import table_sizes

from .factories import assert_balanced
from .factories import random_results
from .factories import result
from .factories import totals

ROUND_SEED = bytes(range(32))


@pytest.mark.parametrize(
    ("n", "size", "expected"),
    [
        (16, 4, (4, 4, 4, 4)),
        (17, 4, (4, 4, 3, 3, 3)),  # two sizes: two deal groups
        (10, 4, (3, 3, 2, 2)),  # 4, 3, 3 would leave the table of 4 alone
        (9, 8, (3, 3, 3)),  # 5, 4: nobody to compare with at all
        (7, 4, (3, 2, 2)),  # no balanced seating avoids a lone table; the fewest players alone
        (4, 4, (2, 2)),  # one table of 4 could not be compared with anything
        (3, 4, (3,)),  # one table: nothing to compare, played anyway
        (7, 2, (3, 2, 2)),
    ],
)
def test_duplicate_table_sizes(n, size, expected):
    assert duplicate_table_sizes(n, size) == expected


def lone(sizes):
    counts = Counter(sizes)
    return sum(s for s, c in counts.items() if c == 1)


@given(st.integers(2, 400), st.integers(2, 8))
def test_duplicate_sizes_are_balanced_and_leave_the_fewest_players_alone(n, size):
    sizes = duplicate_table_sizes(n, size)
    assert_balanced(sizes, n)
    assert max(sizes) <= max(size, 3 if size == 2 else size)
    # Every balanced seating with at most `size` a table leaves at least as many alone.
    for tables in range(1, n // 2 + 1):
        q, r = divmod(n, tables)
        other = (q + 1,) * r + (q,) * (tables - r)
        if q >= 2 and max(other) <= size:
            assert lone(sizes) <= lone(other)
    if lone(table_sizes(n, size)) == 0:
        assert sizes == table_sizes(n, size)


def test_deal_seed_is_per_round_and_size_and_needs_a_real_round_seed():
    a = deal_seed(ROUND_SEED, 4)
    assert len(a) == 32
    assert a == deal_seed(ROUND_SEED, 4)
    assert a != deal_seed(ROUND_SEED, 3)
    assert a != deal_seed(bytes(32), 4)
    with pytest.raises(FormatError, match="round seed"):
        deal_seed(b"short", 4)
    with pytest.raises(FormatError, match="round seed"):
        deal_seed("0" * 32, 4)


def test_seventeen_players_play_two_deals():
    rnd = seat_duplicate(range(17), 4, ROUND_SEED, seed=1)
    assert [len(t) for t in rnd.tables] == [4, 4, 3, 3, 3]
    assert [(g.table_size, g.tables) for g in rnd.groups] == [(4, (0, 1)), (3, (2, 3, 4))]
    assert rnd.groups[0].deal_seed == deal_seed(ROUND_SEED, 4)
    assert rnd.groups[1].deal_seed == deal_seed(ROUND_SEED, 3)
    assert rnd.group_of(3) is rnd.groups[1]
    with pytest.raises(IndexError):
        rnd.group_of(5)


@given(st.integers(2, 60), st.integers(2, 8), st.binary(min_size=16, max_size=32))
@settings(max_examples=40, deadline=None)
def test_tables_of_a_group_really_are_dealt_the_same_hands(n, size, round_seed):
    rnd = seat_duplicate([f"p{i}" for i in range(n)], size, round_seed, seed=n)
    assert sorted(p for t in rnd.tables for p in t) == sorted(f"p{i}" for i in range(n))
    in_groups = sorted(t for g in rnd.groups for t in g.tables)
    assert in_groups == list(range(len(rnd.tables)))  # every table in exactly one group
    assert len({g.deal_seed for g in rnd.groups}) == len(rnd.groups)
    for group in rnd.groups:
        assert {len(rnd.tables[t]) for t in group.tables} == {group.table_size}
        ruleset = Ruleset.for_players(group.table_size, rounds=2)
        deals = {
            deal_round(
                rnd.group_of(t).deal_seed, 1, ruleset.set_max, group.table_size, ruleset.hand_size
            )
            for t in group.tables
        }
        assert len(deals) == 1  # seat s holds the same hand at every table of the group


def test_seats_rotate_so_players_hold_different_seats_of_the_deals():
    players = list(range(8))
    history = []
    held = {p: [] for p in players}
    for r in range(4):
        rnd = seat_duplicate(players, 4, bytes([r]) * 16, history, seed=r)
        for table in rnd.tables:
            for s, p in enumerate(table):
                held[p].append(s)
        history += rnd.tables
    # Four rounds at tables of four: nobody is stuck in one seat, and most see every seat.
    assert all(len(set(seats)) >= 3 for seats in held.values())
    assert sum(len(set(seats)) == 4 for seats in held.values()) >= 4


def test_matchpoints_compare_players_who_held_the_same_seat_of_the_same_deal():
    # Three tables of two share deal "d". Seat 0 scored 10, 20, 20; seat 1 scored 30, 5, 30.
    results = [
        totals(("a", 10), ("b", 30)),
        totals(("c", 20), ("d", 5)),
        totals(("e", 20), ("f", 30)),
    ]
    results = [
        result(*((s.player, s.round_scores) for s in r.seats), deal_group="d") for r in results
    ]
    assert duplicate_points(results) == (
        (1, F(1, 4)),  # a beat both other seat-0 players; b tied f and lost to d
        (F(1, 4), 1),
        (F(1, 4), F(1, 4)),
    )
    # Positive scoring reverses who did better.
    assert duplicate_points(results, "positive")[0] == (0, F(3, 4))


def test_a_bad_deal_does_not_cost_a_player_who_played_it_well():
    # Table 1 was dealt a bad hand at seat 0 (everyone's seat 0 scored high); "a" lost at their
    # table but did better than the other seat-0 player, so "a" scores the duplicate point.
    results = [
        result(("a", (40,)), ("b", (10,)), deal_group=1),
        result(("c", (60,)), ("d", (5,)), deal_group=1),
    ]
    assert duplicate_points(results) == ((1, 0), (0, 1))
    table = compute_standings(["a", "b", "c", "d"], results)
    by_duplicate = compute_standings(["a", "b", "c", "d"], results, points="duplicate")
    assert [s.player for s in table[:2]] == ["d", "b"]
    # a and d both score the point; d also won their table (the next tie-break).
    assert [s.player for s in by_duplicate] == ["d", "a", "b", "c"]
    assert by_duplicate[1].points == 1


def test_a_lone_table_scores_half_and_forfeits_come_last():
    results = [
        result(("a", (1,)), ("b", (2,)), ("c", (3,)), deal_group="alone"),
        result(("d", (1,), True), ("e", (2,)), deal_group="pair"),
        result(("f", (50,)), ("g", (2,)), deal_group="pair"),
    ]
    assert duplicate_points(results) == ((F(1, 2),) * 3, (0, F(1, 2)), (1, F(1, 2)))


def test_duplicate_points_refuse_mixed_sizes_or_a_missing_group():
    with pytest.raises(FormatError, match="different sizes"):
        duplicate_points(
            [totals((1, 1), (2, 2)), totals((3, 1), (4, 2), (5, 3))]
            and [
                result((1, (1,)), (2, (2,)), deal_group="g"),
                result((3, (1,)), (4, (2,)), (5, (3,)), deal_group="g"),
            ]
        )
    with pytest.raises(FormatError, match="deal_group"):
        duplicate_points([totals((1, 1), (2, 2))])


@given(st.integers(4, 80), st.integers(2, 6), st.integers(0, 2**32))
@settings(max_examples=30, deadline=None)
def test_each_seat_of_a_deal_shares_out_half_a_point_per_player(n, size, seed):
    rnd = seat_duplicate(list(range(n)), size, ROUND_SEED, seed=seed)
    rng = random.Random(seed)
    results = []
    for t, table in enumerate(rnd.tables):
        (one,) = random_results([table], rng, rounds=2, deal_group=rnd.group_of(t).deal_seed)
        results.append(one)
    points = duplicate_points(results)
    for group in rnd.groups:
        for s in range(group.table_size):
            seat = [points[t][s] for t in group.tables]
            assert all(0 <= p <= 1 for p in seat)
            assert sum(seat) == F(len(seat), 2)
