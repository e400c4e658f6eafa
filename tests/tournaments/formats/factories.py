"""Builders for table results and random tournaments used by the formats tests."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from tournaments.formats import SeatResult
from tournaments.formats import TableResult


def result(*seats, deal_group=None) -> TableResult:
    """Return a table result from ``(player, (round scores…))`` or ``(player, scores, True)``
    (forfeited) tuples, in seat order."""
    return TableResult(tuple(SeatResult(*seat) for seat in seats), deal_group=deal_group)


def totals(*pairs) -> TableResult:
    """Return a one-round table result from ``(player, score)`` pairs."""
    return result(*((player, (score,)) for player, score in pairs))


def random_results(seating, rng: random.Random, rounds: int = 3, deal_group=None) -> list:
    """Return a random penalty result for every table of ``seating``."""
    out = []
    for table in seating:
        seats = [
            (p, tuple(0 if rng.random() < 0.2 else rng.randint(1, 30) for _ in range(rounds)))
            for p in table
        ]
        out.append(result(*seats, deal_group=deal_group))
    return out


def pairs_met(history: Sequence[Sequence]) -> Counter:
    """Return how many times each unordered pair shared a table (independent of the formats)."""
    met = Counter()
    for table in history:
        for a, b in combinations(table, 2):
            met[frozenset((a, b))] += 1
    return met


def repeats(seating, met: Counter) -> int:
    """Return the repeat meetings of ``seating`` given ``pairs_met`` counts."""
    return sum(met[frozenset(pair)] for table in seating for pair in combinations(table, 2))


def slices(ranking: Sequence, sizes: Sequence[int]) -> list[list]:
    """Return ``ranking`` cut into consecutive tables of ``sizes``."""
    out, start = [], 0
    for size in sizes:
        out.append(list(ranking[start : start + size]))
        start += size
    return out


def assert_balanced(sizes: Sequence[int], players: int) -> None:
    """Assert that table ``sizes`` seat all ``players``, at least 2 a table, sizes one apart."""
    assert sum(sizes) == players
    assert max(sizes) - min(sizes) <= 1
    assert min(sizes) >= 2
