"""Balanced table sizes, seeded draws, serpentine deals, seat rotation and repeat counts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.formats import FormatError
from tournaments.formats import repeat_meetings
from tournaments.formats import seat_single_table
from tournaments.formats import shuffled
from tournaments.formats import table_sizes
from tournaments.formats.tables import assign_seats
from tournaments.formats.tables import rng_for
from tournaments.formats.tables import snake

from .factories import assert_balanced


@pytest.mark.parametrize(
    ("n", "size", "expected"),
    [
        (2, 8, (2,)),
        (8, 8, (8,)),
        (9, 8, (5, 4)),
        (16, 4, (4, 4, 4, 4)),
        (17, 4, (4, 4, 3, 3, 3)),
        (5, 3, (3, 2)),
        (7, 3, (3, 2, 2)),
        (64, 6, (6,) * 9 + (5, 5)),
        (6, 2, (2, 2, 2)),
    ],
)
def test_table_sizes_are_the_fewest_tables_then_balanced(n, size, expected):
    assert table_sizes(n, size) == expected


def test_an_odd_field_at_tables_of_two_gets_one_table_of_three():
    assert table_sizes(3, 2) == (3,)
    assert table_sizes(7, 2) == (3, 2, 2)


@pytest.mark.parametrize("n", [-1, 0, 1])
def test_fewer_than_two_players_cannot_be_seated(n):
    with pytest.raises(FormatError, match="at least 2 players"):
        table_sizes(n, 4)


@pytest.mark.parametrize("size", [0, 1, 9, "4"])
def test_table_size_must_be_two_to_eight(size):
    with pytest.raises(ValueError, match="table size"):
        table_sizes(10, size)


@given(st.integers(2, 3000), st.integers(2, 8))
def test_table_sizes_balanced_and_within_the_table_size(n, size):
    sizes = table_sizes(n, size)
    assert_balanced(sizes, n)
    assert list(sizes) == sorted(sizes, reverse=True)
    if size == 2 and n % 2:
        assert sorted(sizes, reverse=True)[:2] == [3, 2][: len(sizes)]
        assert sizes.count(3) == 1
    else:
        assert max(sizes) <= size
        assert len(sizes) == -(-n // size)  # the fewest tables


def test_shuffled_is_a_seeded_permutation():
    players = list(range(20))
    a = shuffled(players, seed=7)
    assert sorted(a) == players
    assert a == shuffled(players, seed=7)
    assert a != shuffled(players, seed=8)
    assert a != tuple(players)


@pytest.mark.parametrize("seed", [None, 1.5, [1]])
def test_a_seed_must_be_given_explicitly(seed):
    with pytest.raises(FormatError, match="seed"):
        rng_for(seed)


def test_duplicate_players_are_refused():
    with pytest.raises(FormatError, match="more than once"):
        shuffled([1, 2, 2], seed=1)


def test_snake_spreads_the_top_seeds_one_per_table():
    assert snake(range(8), (3, 3, 2)) == [[0, 5, 6], [1, 4, 7], [2, 3]]
    assert snake(range(8), (4, 4)) == [[0, 3, 4, 7], [1, 2, 5, 6]]


def test_repeat_meetings_counts_every_earlier_meeting_of_a_pair():
    history = [("a", "b", "c"), ("d", "e"), ("a", "b"), ("c", "e")]
    # At the table of three: a-b met twice, a-c once, b-c once; at the table of two: d-e once.
    assert repeat_meetings([("a", "b", "c"), ("d", "e")], history) == 2 + 1 + 1 + 1
    assert repeat_meetings([("a", "d"), ("b", "e"), ("c",)], history) == 0


def test_players_no_longer_in_the_field_do_not_count_as_repeats():
    assert repeat_meetings([(1, 2)], [(1, 2, 3), (2, 3)]) == 1


def test_each_seat_goes_to_the_player_who_held_it_least():
    seats = [{0: 3}, {1: 3}, {2: 3}]  # player i always held seat i
    tables = [[0, 1, 2]]
    assign_seats(tables, seats, random.Random(1))
    assert all(tables[0][s] != s for s in range(3))


def test_seat_assignment_is_a_seeded_draw_among_equals():
    draws = set()
    for seed in range(20):
        tables = [[0, 1, 2, 3]]
        assign_seats(tables, [{}, {}, {}, {}], random.Random(seed))
        draws.add(tuple(tables[0]))
    assert len(draws) > 1
    again = [[0, 1, 2, 3]]
    assign_seats(again, [{}, {}, {}, {}], random.Random(3))
    once = [[0, 1, 2, 3]]
    assign_seats(once, [{}, {}, {}, {}], random.Random(3))
    assert again == once


def test_single_table_seats_everyone_and_rotates_seat_zero():
    players = ["ann", "bob", "cy"]
    assert seat_single_table(players, 4, 1) == (("ann", "bob", "cy"),)
    assert seat_single_table(players, 4, 2) == (("bob", "cy", "ann"),)
    assert seat_single_table(players, 4, 4) == (("ann", "bob", "cy"),)
    firsts = {seat_single_table(players, 4, r)[0][0] for r in range(1, 4)}
    assert firsts == set(players)


@pytest.mark.parametrize(("players", "size", "round_number"), [(5, 4, 1), (1, 4, 1), (3, 4, 0)])
def test_single_table_refuses_a_field_it_cannot_seat(players, size, round_number):
    with pytest.raises(FormatError):
        seat_single_table(list(range(players)), size, round_number)
