"""Places at a table (RULES R23, V4) and the placement points they earn.

Placement points (the "share" scheme, the default): a table's winner scores 1, its last 0, and
the places between are evenly spaced: place p of k scores (k - p) / (k - 1).

    k = 2: 1, 0            k = 5: 1, 3/4, 1/2, 1/4, 0
    k = 3: 1, 1/2, 0       k = 6: 1, 4/5, 3/5, 2/5, 1/5, 0
    k = 4: 1, 2/3, 1/3, 0  (k = 7, 8 likewise)

Equivalently, a player scores the share of their tablemates they finished ahead of, a tie
counting half. Players who share a place (R23: 1, 1, 3) share the points of the places they
cover: two tied winners of four score (1 + 2/3) / 2 = 5/6 each. Every player averages 1/2 a
table whatever its size, so the one-seat differences of balanced Swiss tables favour nobody.

The "raw" scheme gives place p of k the integer k - p (k - 1 for the winner … 0 for the last),
ties likewise shared; it suits fields where every table has the same size.

A bye (a Swiss round a late joiner missed) scores the points of a middle place: the mean of
a table's points, 1/2 in the "share" scheme whatever the table size, (k - 1) / 2 in the "raw"
scheme at the tournament's table size k (``bye_points``). It is what a player expects to score
on average, so joining late neither pays nor costs.

Points are exact ``Fraction`` values, so sums and comparisons never depend on rounding.
"""

from __future__ import annotations

from bisect import bisect_left
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from typing import Literal
from typing import TypeAlias

from .values import FormatError
from .values import Scoring
from .values import SeatResult
from .values import TableResult
from .values import check_scoring

PointsScheme: TypeAlias = Literal["share", "raw"]
POINTS_SCHEMES: tuple[PointsScheme, ...] = ("share", "raw")
# A seat's sort key: smaller is better, equal keys share the place.
SeatKey: TypeAlias = tuple[int, ...]


def seat_key(seat: SeatResult, scoring: Scoring) -> SeatKey:
    """Return a sort key: smaller is better, equal keys share the place (R23; V4; R25)."""
    if seat.forfeited:
        return (1,)  # R25: a forfeited or withdrawn seat ranks last; several share last place
    own = seat.round_scores
    total = sum(own)
    zeros = sum(1 for x in own if x == 0)
    if scoring == "positive":
        # V4: highest total, then fewest rounds at 0, then the highest single round.
        return (0, -total, zeros, -max(own, default=0))
    # R23: lowest total, then most rounds at 0, then the lowest single non-zero round.
    nonzero = [x for x in own if x]
    return (0, total, -zeros, min(nonzero) if nonzero else 0)


def places_from_keys(keys: Sequence[SeatKey]) -> tuple[int, ...]:
    """Return 1-based places; equal keys share a place and the next is skipped (1, 1, 3)."""
    ordered = sorted(keys)
    return tuple(1 + bisect_left(ordered, key) for key in keys)


def table_places(result: TableResult, scoring: Scoring = "penalty") -> tuple[int, ...]:
    """Return each seat's place at the table, in seat order (R23; V4; forfeits last)."""
    check_scoring(scoring)
    return places_from_keys([seat_key(s, scoring) for s in result.seats])


def beaten_and_tied(places: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Return, per seat, how many tablemates it finished ahead of and how many it tied."""
    return tuple(
        (sum(1 for q in places if q > p), sum(1 for q in places if q == p) - 1) for p in places
    )


def outranked_and_tied(keys: Sequence[SeatKey]) -> tuple[tuple[int, int], ...]:
    """Return, per key, how many other keys are worse and how many equal (smaller is better).

    The same counts as ``beaten_and_tied(places_from_keys(keys))``, in O(n log n) time for the
    large groups of a duplicate deal.
    """
    ordered = sorted(keys)
    n = len(ordered)
    return tuple(
        (n - bisect_right(ordered, key), bisect_right(ordered, key) - bisect_left(ordered, key) - 1)
        for key in keys
    )


def placement_points(places: Sequence[int], scheme: PointsScheme = "share") -> tuple[Fraction, ...]:
    """Return each seat's placement points from its place at the table (module docstring)."""
    if scheme not in POINTS_SCHEMES:
        raise FormatError(f"points scheme must be one of {', '.join(POINTS_SCHEMES)}")
    k = len(places)
    if k < 2:
        raise FormatError("a table has at least 2 players (R1)")
    # Sharing places p..q averages their points, which is the same as counting each tablemate
    # beaten as 1 and each tablemate tied as 1/2.
    raw = [Fraction(2 * beaten + tied, 2) for beaten, tied in beaten_and_tied(places)]
    if scheme == "raw":
        return tuple(raw)
    return tuple(x / (k - 1) for x in raw)


def bye_points(table_size: int, scheme: PointsScheme = "share") -> Fraction:
    """Return the points of a bye: a middle place at a table of ``table_size`` (docstring)."""
    points = placement_points(tuple(range(1, table_size + 1)), scheme)
    return sum(points, Fraction(0)) / len(points)
