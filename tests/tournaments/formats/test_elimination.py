"""Multi-table elimination: the top of every table advances until a final table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tournaments.formats import FormatError
from tournaments.formats import advance_elimination
from tournaments.formats import elimination_ranking
from tournaments.formats import seat_elimination
from tournaments.formats import table_places
from tournaments.formats import table_sizes

from .factories import random_results
from .factories import result
from .factories import totals


def test_the_seed_order_is_dealt_in_serpentine_order():
    seating = seat_elimination(range(8), 4, seed=1)
    assert [set(t) for t in seating] == [{0, 3, 4, 7}, {1, 2, 5, 6}]


def test_the_top_half_of_each_table_advances_ties_at_the_cut_by_seed():
    results = [
        totals((0, 10), (3, 5), (4, 20), (7, 30)),  # places 2, 1, 3, 4
        totals((1, 8), (2, 8), (5, 3), (6, 40)),  # places 2, 2, 1, 4: 1 and 2 tie at the cut
    ]
    step = advance_elimination(results, seed_order=range(8), table_size=4)
    # Table winners first, then the seconds (2/3 of a point for 0 beats 1/2 for the shared 2nd).
    assert step.advancing == (3, 5, 0, 1)
    assert step.eliminated == (2, 4, 6, 7)
    assert step.final
    assert not step.finished
    assert len(seat_elimination(step.advancing, 4, seed=2)) == 1


def test_the_next_round_is_not_final_while_the_field_needs_two_tables():
    results = [totals(*((p, p) for p in range(t * 4, t * 4 + 4))) for t in range(4)]
    step = advance_elimination(results, seed_order=range(16), table_size=4)
    assert step.advancing == (0, 4, 8, 12, 1, 5, 9, 13)
    assert not step.final
    assert not step.finished


def test_by_default_half_of_each_table_rounded_up_advances():
    results = [totals((0, 1), (1, 2), (2, 3)), totals((3, 1), (4, 2), (5, 3), (6, 4), (7, 5))]
    step = advance_elimination(results, seed_order=range(8), table_size=5)
    assert step.advancing == (0, 3, 4, 1, 5)  # 2 of 3 and 3 of 5
    assert step.final


def test_a_forfeited_player_never_advances():
    results = [
        result((0, (0,), True), (1, (10,)), (2, (20,)), (3, (30,))),
        totals((4, 1), (5, 2), (6, 3), (7, 4)),
    ]
    step = advance_elimination(results, seed_order=range(8), table_size=4)
    assert set(step.advancing) == {1, 2, 4, 5}
    results[0] = result((0, (0,), True), (1, (10,), True), (2, (20,), True), (3, (30,)))
    step = advance_elimination(results, seed_order=range(8), table_size=4)
    assert set(step.advancing) == {3, 4, 5}


def test_a_configured_quota_never_sends_a_whole_table_through():
    results = [totals((0, 1), (1, 2), (2, 3)), totals((3, 1), (4, 2), (5, 3))]
    step = advance_elimination(results, seed_order=range(6), table_size=3, advance=5)
    assert set(step.advancing) == {0, 1, 3, 4}
    step = advance_elimination(results, seed_order=range(6), table_size=3, advance=1)
    assert step.advancing == (0, 3)
    assert step.final


def test_after_the_final_nobody_advances_and_the_table_is_in_place_order():
    step = advance_elimination(
        [totals(("x", 9), ("y", 3), ("z", 5))], seed_order=["x", "y", "z"], table_size=4
    )
    assert step == type(step)((), ("y", "z", "x"), final=False, finished=True)


def test_a_lone_survivor_finishes_the_tournament():
    results = [
        result((0, (1,)), (1, (2,), True)),
        result((2, (1,), True), (3, (2,), True)),
    ]
    step = advance_elimination(results, seed_order=range(4), table_size=2)
    assert step.advancing == (0,)
    assert step.finished
    assert not step.final


def test_bad_elimination_input_is_refused():
    with pytest.raises(FormatError, match="advance"):
        advance_elimination([totals((0, 1), (1, 2))], seed_order=[0, 1], table_size=2, advance=0)
    with pytest.raises(FormatError, match="at least one"):
        advance_elimination([], seed_order=[0, 1], table_size=2)
    with pytest.raises(FormatError, match="seed order"):
        advance_elimination([totals((0, 1), (9, 2))], seed_order=[0, 1], table_size=2)


def test_elimination_ranking_orders_by_round_reached_then_last_table():
    round1 = [totals((0, 1), (1, 2), (2, 3), (3, 4)), totals((4, 1), (5, 2), (6, 3))]
    round2 = [totals((5, 1), (0, 2), (4, 3), (1, 4))]
    # 2 was third of four (1/3), 6 third of three (0), 3 last of four (0): 3 is seeded ahead of 6.
    assert elimination_ranking([round1, round2], seed_order=range(7)) == (5, 0, 4, 1, 2, 3, 6)


@given(
    st.integers(2, 150),
    st.integers(2, 8),
    st.one_of(st.none(), st.integers(1, 4)),
    st.integers(0, 2**32),
    st.booleans(),
)
@settings(max_examples=40, deadline=None)
def test_elimination_converges_to_a_final_table(n, size, advance, seed, forfeits):
    rng = random.Random(seed)
    players = list(range(n))
    field, rounds, history = players, [], []
    for _ in range(n):  # the field shrinks every round
        seating = seat_elimination(field, size, history, seed=seed)
        assert sorted(p for t in seating for p in t) == sorted(field)
        assert tuple(len(t) for t in seating) == table_sizes(len(field), size)
        results = random_results(seating, rng)
        if forfeits:
            results = [
                result(*((s.player, s.round_scores, rng.random() < 0.1) for s in r.seats))
                for r in results
            ]
        rounds.append(results)
        history += seating
        step = advance_elimination(results, seed_order=players, table_size=size, advance=advance)
        assert set(step.advancing) | set(step.eliminated) == set(field)
        assert not set(step.advancing) & set(step.eliminated)
        if step.finished:
            break
        assert len(step.advancing) < len(field)
        assert step.final == (len(step.advancing) <= max(size, 3 if size == 2 else size))
        field = step.advancing
    else:
        raise AssertionError("the elimination did not finish")
    ranking = elimination_ranking(rounds, seed_order=players)
    assert sorted(ranking) == players
    if len(rounds[-1]) == 1:
        final = rounds[-1][0]
        places = table_places(final)
        assert ranking[0] in {s.player for s, p in zip(final.seats, places, strict=True) if p == 1}
        assert set(ranking[: len(final.seats)]) == set(final.players)
