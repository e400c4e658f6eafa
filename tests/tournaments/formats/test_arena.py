"""The arena's pure part: pairing from the pool, points with streaks and berserk, standings,
team battles (tournaments.formats.arena's docstring is the rule these tests pin)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tournaments.formats import FormatError
from tournaments.formats.arena import ArenaTable
from tournaments.formats.arena import Played
from tournaments.formats.arena import Waiting
from tournaments.formats.arena import arena_standings
from tournaments.formats.arena import pair_arena
from tournaments.formats.arena import score_tables
from tournaments.formats.arena import team_scores


def w(player, score=0, rating=1500, since=0.0, last=()):
    return Waiting(player, F(score), rating, since, frozenset(last))


def players(tables):
    return [t.players for t in tables]


# -- pairing -----------------------------------------------------------------------------------


def test_full_tables_form_in_score_then_rating_order():
    pool = [w("a", 1), w("b", 5), w("c", 3, 1600), w("d", 3, 1400), w("e", 0), w("f", 9)]
    tables = pair_arena(pool, now=0, table_size=3, wait_seconds=30)
    assert players(tables) == [("f", "b", "c"), ("d", "a", "e")]


def test_leftover_players_wait_until_the_wait_is_over():
    pool = [w(i, since=0) for i in "abcde"]
    assert players(pair_arena(pool, now=10, table_size=4, wait_seconds=30)) == [tuple("abcd")]
    # the fifth player alone: no bots allowed, no table of one, waits on
    assert players(pair_arena([w("e")], now=99, table_size=4, wait_seconds=30)) == []


def test_after_the_wait_a_smaller_table_or_bots():
    pool = [w("a", since=0), w("b", since=5), w("c", since=20)]
    assert pair_arena(pool, now=29, table_size=4, wait_seconds=30) == ()
    assert pair_arena(pool, now=30, table_size=4, wait_seconds=30) == (ArenaTable(("a", "b", "c")),)
    assert pair_arena(pool, now=30, table_size=4, wait_seconds=30, bots=True) == (
        ArenaTable(("a", "b", "c"), bots=1),
    )
    alone = [w("a", since=0)]
    assert pair_arena(alone, now=30, table_size=4, wait_seconds=30, bots=True) == (
        ArenaTable(("a",), bots=3),
    )


def test_the_same_table_again_waits_for_others_then_forms():
    last = {p: set("abcd") - {p} for p in "abcd"}
    pool = [w(p, since=0, last=last[p]) for p in "abcd"]
    assert pair_arena(pool, now=5, table_size=4, wait_seconds=30) == ()
    # others come back: the tables mix, nobody faces the same opponents
    pool += [w(p, since=4, last=set("efgh") - {p}) for p in "efgh"]
    tables = pair_arena(pool, now=5, table_size=4, wait_seconds=30)
    assert len(tables) == 2
    for t in tables:
        assert {p in "abcd" for p in t.players} == {True, False}
    # nobody else came: after the wait, the same table again
    only = [w(p, since=0, last=last[p]) for p in "abcd"]
    assert players(pair_arena(only, now=30, table_size=4, wait_seconds=30)) == [tuple("abcd")]


def test_a_part_of_the_last_table_counts_as_the_same_opponents():
    pool = [w("a", since=0, last="bcd"), w("b", since=0, last="acd")]
    assert pair_arena(pool, now=10, table_size=2, wait_seconds=30) == ()
    pool.append(w("x", since=1, last="yz"))
    assert players(pair_arena(pool, now=10, table_size=2, wait_seconds=30)) == [("a", "x")]


def test_bad_input_is_refused():
    with pytest.raises(FormatError):
        pair_arena([w("a"), w("a")], now=0, table_size=2, wait_seconds=1)
    with pytest.raises(FormatError):
        pair_arena([], now=0, table_size=9, wait_seconds=1)


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(0, 30),
    size=st.integers(2, 8),
    now=st.floats(0, 100),
    bots=st.booleans(),
    data=st.data(),
)
def test_every_table_is_legal_and_nobody_sits_twice(n, size, now, bots, data):
    pool = [
        w(
            i,
            data.draw(st.integers(0, 20)),
            data.draw(st.integers(1000, 2000)),
            data.draw(st.floats(0, 100)),
            data.draw(st.sets(st.integers(0, 30), max_size=7)) - {i},
        )
        for i in range(n)
    ]
    tables = pair_arena(pool, now=now, table_size=size, wait_seconds=30, bots=bots)
    seated = [p for t in tables for p in t.players]
    assert len(seated) == len(set(seated))
    for t in tables:
        assert 2 <= t.size <= size
        assert t.bots == 0 or bots
    if len(pool) - len(seated) >= size:
        # a full table was left unformed only for a repeat of someone's last table
        assert any(x.last_table for x in pool)


# -- points ------------------------------------------------------------------------------------


def test_points_by_place_with_a_streak_and_berserk():
    games = [
        Played(1, 4, places=(1, 2, 3, 4)),  # 3
        Played(1, 4, places=(1, 2, 3, 4)),  # 3, now on fire
        Played(1, 4, places=(1, 2, 3, 4), berserk=True),  # 3 × 2 + 1
        Played(2, 4, places=(1, 2, 3, 4)),  # 2 × 2, the streak ends
        Played(1, 3, places=(1, 2, 3)),  # 2
    ]
    s = score_tables(games)
    assert s.per_table == (3, 3, 7, 4, 2)
    assert s.doubled == (False, False, True, True, False)
    assert s.berserk_won == (False, False, True, False, False)
    assert (s.points, s.wins, s.berserk_wins, s.on_fire) == (19, 4, 1, False)


def test_shared_places_forfeits_and_berserk_losses():
    s = score_tables(
        [
            Played(1, 4, places=(1, 1, 3, 4)),  # 2.5, a shared win is a win
            Played(4, 4, places=(1, 2, 3, 4), forfeited=True),  # 0, breaks the run
            Played(2, 3, places=(1, 2, 3), berserk=True),  # 1, no bonus
        ]
    )
    assert s.per_table == (F(5, 2), 0, 1)
    assert (s.wins, s.berserk_wins) == (1, 0)


def test_performance_in_rating_terms():
    # shares 1 and 0: mean ½, so performance = the opponents' mean
    s = score_tables(
        [
            Played(1, 2, places=(1, 2), opponents=(1400,)),
            Played(2, 2, places=(1, 2), opponents=(1600,)),
        ]
    )
    assert s.performance == 1500
    top = score_tables([Played(1, 3, places=(1, 2, 3), opponents=(1500, 1700))])
    assert top.performance == 1600 + 400
    assert score_tables([]).performance is None


def test_standings_tie_breaks():
    played = {
        "a": [Played(1, 2, places=(1, 2), opponents=(1500,))],  # 1 point, perf 1900
        "b": [Played(1, 2, places=(1, 2), opponents=(1200,))],  # 1 point, perf 1600
        "c": [],
        "d": [Played(2, 2, places=(1, 2), opponents=(2000,))],  # 0, perf 1600
    }
    order = [p for p, _ in arena_standings(["c", "d", "b", "a"], played)]
    assert order == ["a", "b", "d", "c"]


def test_team_scores_sum_the_best_n():
    points = {"a1": F(10), "a2": F(3), "a3": F(1), "b1": F(7), "b2": F(6), "c1": F(2)}
    team = {"a1": "A", "a2": "A", "a3": "A", "b1": "B", "b2": "B", "c1": "C"}
    # A and B tie on 13; A's players together have 14 against B's 13
    assert team_scores(points, team, ["A", "B", "C"], best=2) == [
        ("A", F(13), ("a1", "a2")),
        ("B", F(13), ("b1", "b2")),
        ("C", F(2), ("c1",)),
    ]
    assert team_scores(points, team, ["C", "B"], best=1)[0] == ("B", F(7), ("b1",))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 8), min_size=2, max_size=8), st.data())
def test_a_tables_points_are_the_placement_points_of_its_place(raw_places, data):
    """The arena counts a table's points directly; they are ``placement_points``' "raw" and
    "share" values for the player's place (ties shared)."""
    from tournaments.formats import placement_points
    from tournaments.formats.arena import SHARE_UNIT
    from tournaments.formats.arena import half_points
    from tournaments.formats.points import places_from_keys

    places = places_from_keys([(p,) for p in raw_places])
    seat = data.draw(st.integers(0, len(places) - 1))
    half = half_points(Played(places[seat], len(places), places=places))
    assert F(half, 2) == placement_points(places, "raw")[seat]
    share = half * (SHARE_UNIT // 2) // (len(places) - 1)
    assert F(share, SHARE_UNIT) == placement_points(places, "share")[seat]
