"""Places at a table (R23, V4, forfeits last) and the placement points they earn."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import Ruleset
from games.engine.scoring import places as engine_places
from tournaments.formats import FormatError
from tournaments.formats import TableResult
from tournaments.formats import placement_points
from tournaments.formats import table_places
from tournaments.formats.points import beaten_and_tied
from tournaments.formats.points import outranked_and_tied
from tournaments.formats.points import places_from_keys

from .factories import result


def test_r23_lowest_total_wins():
    assert table_places(result(("a", (10, 5)), ("b", (20, 3)), ("c", (5, 0)))) == (2, 3, 1)


def test_r23_tie_on_total_goes_to_most_rounds_at_zero():
    assert table_places(result(("a", (0, 20)), ("b", (1, 19)))) == (1, 2)


def test_r23_then_to_the_lowest_single_non_zero_round():
    assert table_places(result(("a", (3, 0, 9)), ("b", (6, 0, 6)))) == (1, 2)


def test_r23_players_still_tied_share_the_place_and_the_next_is_skipped():
    table = result(("a", (3, 9)), ("b", (9, 3)), ("c", (6, 6)), ("d", (10, 10)))
    assert table_places(table) == (1, 1, 3, 4)


def test_v4_positive_scoring_highest_total_wins_then_fewest_zero_rounds_then_best_round():
    assert table_places(result(("a", (30, 0)), ("b", (0, 10))), "positive") == (1, 2)
    assert table_places(result(("a", (0, 20)), ("b", (10, 10))), "positive") == (2, 1)
    assert table_places(result(("a", (5, 5, 10)), ("b", (8, 8, 4))), "positive") == (1, 2)


def test_a_forfeited_seat_is_last_whatever_it_scored():
    table = result(("a", (50,)), ("b", (0,), True), ("c", (60,)))
    assert table_places(table) == (1, 3, 2)
    assert table_places(table, "positive") == (2, 3, 1)


def test_several_forfeits_share_the_last_place():
    table = result(("a", (50,)), ("b", (0,), True), ("c", (1,), True))
    assert table_places(table) == (1, 2, 2)


def test_unknown_scoring_is_refused():
    with pytest.raises(FormatError, match="V4"):
        table_places(result(("a", (1,)), ("b", (2,))), "golf")


def test_a_table_result_needs_two_distinct_players_with_the_same_rounds():
    with pytest.raises(FormatError, match="at least 2"):
        result(("a", (1,)))
    with pytest.raises(FormatError, match="twice"):
        result(("a", (1,)), ("a", (2,)))
    with pytest.raises(FormatError, match="different numbers of rounds"):
        result(("a", (1, 2)), ("b", (2,)))
    # A forfeited seat may have stopped early.
    assert isinstance(result(("a", (1, 2)), ("b", (2,), True)), TableResult)


@pytest.mark.parametrize(
    ("places", "share", "raw"),
    [
        ((1, 2), (1, 0), (1, 0)),
        ((2, 1, 3), (F(1, 2), 1, 0), (1, 2, 0)),
        ((1, 2, 3, 4), (1, F(2, 3), F(1, 3), 0), (3, 2, 1, 0)),
        ((1, 1, 3, 4), (F(5, 6), F(5, 6), F(1, 3), 0), (F(5, 2), F(5, 2), 1, 0)),
        ((1, 2, 2, 2), (1, F(1, 3), F(1, 3), F(1, 3)), (3, 1, 1, 1)),
        ((1, 1), (F(1, 2), F(1, 2)), (F(1, 2), F(1, 2))),
        ((1, 2, 3, 4, 5), (1, F(3, 4), F(1, 2), F(1, 4), 0), (4, 3, 2, 1, 0)),
    ],
)
def test_placement_points_published_table(places, share, raw):
    assert placement_points(places) == share
    assert placement_points(places, "share") == share
    assert placement_points(places, "raw") == raw


def test_placement_points_refuse_a_lone_player_or_an_unknown_scheme():
    with pytest.raises(FormatError):
        placement_points((1,))
    with pytest.raises(FormatError, match="scheme"):
        placement_points((1, 2), "golf")


round_histories = st.integers(2, 8).flatmap(
    lambda seats: st.lists(
        st.lists(
            st.integers(0, 12).map(lambda x: 0 if x < 3 else x), min_size=seats, max_size=seats
        ),
        min_size=1,
        max_size=4,
    )
)


@given(round_histories, st.sampled_from(["penalty", "positive"]))
def test_table_places_agree_with_the_engine(rounds, scoring):
    seats = len(rounds[0])
    table = result(*((f"p{s}", tuple(r[s] for r in rounds)) for s in range(seats)))
    ruleset = Ruleset.for_players(seats, scoring=scoring)
    assert table_places(table, scoring) == engine_places(rounds, ruleset)[2]


@given(round_histories, st.lists(st.booleans(), min_size=8, max_size=8))
def test_placement_points_sum_and_order_per_table(rounds, forfeits):
    seats = len(rounds[0])
    table = result(*((s, tuple(r[s] for r in rounds), forfeits[s]) for s in range(seats)))
    places = table_places(table)
    share, raw = placement_points(places), placement_points(places, "raw")
    assert sum(share) == F(seats, 2)  # every player averages 1/2 whatever the table size
    assert sum(raw) == F(seats * (seats - 1), 2)  # k-1 + … + 0
    for a in range(seats):
        for b in range(seats):
            if places[a] < places[b]:
                assert share[a] > share[b]
                assert raw[a] > raw[b]
            if places[a] == places[b]:
                assert share[a] == share[b]
                assert raw[a] == raw[b]
        if forfeits[a] and not all(forfeits[:seats]):
            assert places[a] > min(places)


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=30))
def test_fast_counts_agree_with_places(keys):
    assert outranked_and_tied(keys) == beaten_and_tied(places_from_keys(keys))
