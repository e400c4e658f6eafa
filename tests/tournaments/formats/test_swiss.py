"""Swiss for multi-player tables: slices of the standings, repeats avoided by swaps."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tournaments.formats import REPEAT_WEIGHT
from tournaments.formats import FormatError
from tournaments.formats import repeat_meetings
from tournaments.formats import seat_swiss
from tournaments.formats import shuffled
from tournaments.formats import table_sizes
from tournaments.formats.swiss import REACH

from .factories import pairs_met
from .factories import repeats
from .factories import slices


def cost(seating, ranking, met) -> int:
    """The documented cost, computed from scratch: repeats weighted, plus squared moves."""
    home = {}
    for t, table in enumerate(slices(ranking, [len(t) for t in seating])):
        for p in table:
            home[p] = t
    moved = sum((t - home[p]) ** 2 for t, table in enumerate(seating) for p in table)
    return REPEAT_WEIGHT * repeats(seating, met) + moved


def as_sets(seating):
    return [set(t) for t in seating]


def random_history(players, rng, rounds):
    history = []
    for _ in range(rounds):
        order = list(players)
        rng.shuffle(order)
        history += slices(order, table_sizes(len(order), rng.choice([2, 3, 4, 5])))
    return history


def test_round_one_by_rating_seats_slices_of_the_order():
    assert as_sets(seat_swiss(range(8), 4, seed=1)) == [{0, 1, 2, 3}, {4, 5, 6, 7}]
    assert as_sets(seat_swiss(range(7), 3, seed=1)) == [{0, 1, 2}, {3, 4}, {5, 6}]


def test_round_one_by_draw_seats_a_seeded_shuffle():
    players = list(range(12))
    draw = seat_swiss(shuffled(players, seed=5), 4, seed=5)
    assert draw == seat_swiss(shuffled(players, seed=5), 4, seed=5)
    assert as_sets(draw) != as_sets(seat_swiss(players, 4, seed=5))


def test_a_repeat_is_swapped_away_with_the_neighbouring_table():
    # Slices would seat 1-2 and 3-4 again (they met at tables of two); two swaps between the
    # tables seat nobody with an earlier tablemate.
    history = [(1, 2), (3, 4), (5, 6), (7, 8)]
    seating = seat_swiss(range(1, 9), 4, history, seed=1)
    assert repeat_meetings(seating, history) == 0
    assert repeat_meetings(slices(range(1, 9), (4, 4)), history) == 4
    # The leaders stay on the top table: 1 and 3 (both at home) keep the top seats.
    assert {1, 3} <= set(seating[0])


def test_the_standings_outweigh_a_repeat_that_needs_long_moves():
    # Four tables; 0 and 1 met before. Separating them costs at most a swap with the next table
    # (cost 2 < one repeat's 4), never a move of two tables.
    history = [(0, 1)]
    seating = seat_swiss(range(16), 4, history, seed=1)
    assert repeat_meetings(seating, history) == 0
    top = set(range(4))
    assert len(set(seating[0]) & top) == 3
    assert all(p < 8 for p in seating[0] + seating[1])


def test_swiss_needs_each_player_once_and_an_explicit_seed():
    with pytest.raises(FormatError, match="more than once"):
        seat_swiss([1, 2, 2, 3], 4, seed=1)
    with pytest.raises(FormatError, match="seed"):
        seat_swiss([1, 2, 3], 4, seed=None)
    with pytest.raises(FormatError, match="at least 2"):
        seat_swiss([1], 4, seed=1)


def test_player_ids_are_opaque():
    ids = ["ann", 7, "bob", 3, ("x", 1), "cy"]
    seating = seat_swiss(ids, 3, [("ann", 7)], seed="s")
    assert sorted(map(repr, (p for t in seating for p in t))) == sorted(map(repr, ids))
    assert repeat_meetings(seating, [("ann", 7)]) == 0


def test_the_seed_only_changes_who_takes_which_seat():
    rng = random.Random(3)
    players = list(range(30))
    history = random_history(players, rng, 3)
    seatings = [seat_swiss(players, 4, history, seed=s) for s in range(6)]
    assert all(as_sets(s) == as_sets(seatings[0]) for s in seatings)
    assert len({s for s in seatings}) > 1


fields = st.tuples(
    st.integers(2, 48),  # players
    st.integers(2, 8),  # table size
    st.integers(0, 4),  # earlier rounds
    st.integers(0, 2**32),  # history and seed
)


@given(fields)
@settings(max_examples=60, deadline=None)
def test_swiss_seats_everyone_once_at_balanced_tables_with_no_more_repeats_than_slices(field):
    n, size, rounds, seed = field
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(n)]
    history = random_history(players, rng, rounds)
    ranking = list(players)
    rng.shuffle(ranking)
    seating = seat_swiss(ranking, size, history, seed=seed)
    seated = [p for t in seating for p in t]
    assert sorted(seated) == sorted(players)
    assert tuple(len(t) for t in seating) == table_sizes(n, size)
    met = pairs_met(history)
    assert repeats(seating, met) <= repeats(slices(ranking, table_sizes(n, size)), met)
    assert repeats(seating, met) == repeat_meetings(seating, history)
    assert seating == seat_swiss(ranking, size, history, seed=seed)


@given(fields)
@settings(max_examples=40, deadline=None)
def test_no_single_swap_between_nearby_tables_lowers_the_cost(field):
    n, size, rounds, seed = field
    rng = random.Random(seed)
    players = list(range(n))
    history = random_history(players, rng, rounds)
    seating = [list(t) for t in seat_swiss(players, size, history, seed=seed)]
    met = pairs_met(history)
    current = cost(seating, players, met)
    for t, u in itertools.combinations(range(len(seating)), 2):
        if u - t > REACH:
            continue
        for a in range(len(seating[t])):
            for b in range(len(seating[u])):
                seating[t][a], seating[u][b] = seating[u][b], seating[t][a]
                assert cost(seating, players, met) >= current
                seating[t][a], seating[u][b] = seating[u][b], seating[t][a]


@given(st.integers(2, 40), st.integers(2, 8), st.integers(0, 2**32))
@settings(max_examples=30, deadline=None)
def test_without_history_nobody_moves_from_their_slice(n, size, seed):
    ranking = list(range(n))
    seating = seat_swiss(ranking, size, seed=seed)
    assert as_sets(seating) == as_sets(slices(ranking, table_sizes(n, size)))


def partitions(items, sizes):
    if not sizes:
        yield []
        return
    for combo in itertools.combinations(items, sizes[0]):
        rest = [x for x in items if x not in combo]
        for tail in partitions(rest, sizes[1:]):
            yield [list(combo), *tail]


def test_against_exhaustive_search_on_small_fields():
    """A gauge of the search's quality over 250 seeded small fields (4–8 players, up to three
    earlier rounds), each checked against every possible seating. Today it finds the cheapest
    seating in 244 of them (single swaps alone: about 92%), and in 48 of the 54 where the
    cheapest has no repeat it finds one without, the others within 2 repeat meetings."""
    rng = random.Random(2024)
    trials = optimal = zero_possible = zero_found = 0
    worst = 0
    while trials < 250:
        n, size = rng.randint(4, 8), rng.choice([2, 3, 4])
        players = list(range(n))
        history = random_history(players, rng, rng.randint(1, 3))
        met = pairs_met(history)
        seating = seat_swiss(players, size, history, seed=trials)
        best = min(
            (cost(p, players, met), repeats(p, met))
            for p in partitions(players, list(table_sizes(n, size)))
        )
        trials += 1
        optimal += cost(seating, players, met) == best[0]
        if best[1] == 0:
            zero_possible += 1
            zero_found += repeats(seating, met) == 0
            worst = max(worst, repeats(seating, met))
    assert optimal / trials >= 0.95
    assert zero_found / zero_possible >= 0.85
    assert worst <= 2
