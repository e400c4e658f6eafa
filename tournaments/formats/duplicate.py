"""Duplicate: every table of a deal group plays the same deal, seat for seat.

Seating. Tables are as equal in size as the field allows (``duplicate_table_sizes``), and all
tables of one size form a deal group: they share one deal seed, so the players in seat s of
every table of the group hold the same hands and draw the same boneyard (the engine derives a
match's deals from its seed alone, spec/game-record.md). A field that does not divide evenly
has two sizes and so two groups, each with its own seed: 17 players at tables of 4 sit at
4, 4, 3, 3, 3 — one deal for the two tables of 4, another for the three tables of 3. A size
that would leave a single table (10 players at tables of 4: 4, 3, 3) has nobody to be compared
with, so more, smaller tables are used when that avoids it (3, 3, 2, 2); only when no balanced
seating avoids it (7 at tables of 4) does a lone table remain, and its players score 1/2.

Who sits where follows the standings, as in Swiss (similar standing together, repeat
tablemates avoided), and within a table each player takes the seat they have held least often,
so over the rounds everyone plays different seats of the deals.

The deal seed of a group is SHA-256(LABEL ‖ round seed ‖ table size): the round's one secret
seed decides every group's deal; it is revealed only when every table of the round has finished.

Ranking. A seat's duplicate points compare its match result with those of the players who held
the same seat of the same deal (matchpoints): 1 for each of them it did better than, 1/2 for
each tie, divided by how many there are, so 0 to 1 whatever the group's size. "Better" is
decided exactly as places at a table are (R23; V4; forfeits last): the deal's luck is the same
for everyone compared, so what remains is the play.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .points import outranked_and_tied
from .points import seat_key
from .swiss import REPEAT_WEIGHT
from .swiss import seat_by_standing
from .tables import Seed
from .tables import check_table_size
from .tables import table_sizes
from .values import FormatError
from .values import PlayerId
from .values import Scoring
from .values import Seating
from .values import TableResult
from .values import check_scoring
from .values import check_unique

LABEL = b"mexican-train/duplicate"
MIN_ROUND_SEED_BYTES = 16


@dataclass(frozen=True, slots=True)
class DealGroup:
    """Tables that play the same deal: their size, the shared deal seed, their indices."""

    table_size: int
    deal_seed: bytes
    tables: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DuplicateRound:
    """A duplicate round's tables (each in seat order) and its deal groups."""

    tables: Seating
    groups: tuple[DealGroup, ...]

    def group_of(self, table: int) -> DealGroup:
        """Return the deal group of the table at index ``table``."""
        for group in self.groups:
            if table in group.tables:
                return group
        raise IndexError(table)


def duplicate_table_sizes(n: int, table_size: int) -> tuple[int, ...]:
    """Return table sizes for a duplicate round, largest first.

    Balanced sizes of at most ``table_size`` (``table_sizes``), with the fewest players at a
    size no other table shares; among equals, the fewest tables.
    """
    base = table_sizes(n, table_size)
    best = (_alone(base), len(base), base)
    tables = len(base) + 1
    while best[0] and n // tables >= 2:
        q, r = divmod(n, tables)
        if q + (r > 0) <= table_size:
            sizes = (q + 1,) * r + (q,) * (tables - r)
            best = min(best, (_alone(sizes), tables, sizes))
        tables += 1
    return best[2]


def _alone(sizes: Sequence[int]) -> int:
    return sum(s for s in set(sizes) if sizes.count(s) == 1)


def deal_seed(round_seed: bytes, table_size: int) -> bytes:
    """Return the 32-byte deal seed every table of ``table_size`` shares in a round."""
    if not isinstance(round_seed, bytes) or len(round_seed) < MIN_ROUND_SEED_BYTES:
        raise FormatError(f"a round seed must be at least {MIN_ROUND_SEED_BYTES} bytes")
    return hashlib.sha256(LABEL + round_seed + bytes([table_size])).digest()


def seat_duplicate(
    ranking: Sequence[PlayerId],
    table_size: int,
    round_seed: bytes,
    history: Iterable[Sequence[PlayerId]] = (),
    *,
    seed: Seed,
    repeat_weight: int = REPEAT_WEIGHT,
) -> DuplicateRound:
    """Seat a duplicate round: ``ranking`` best first, ``history`` every earlier table.

    ``round_seed`` is the round's secret; ``seed`` only breaks ties in who takes which seat.
    """
    check_table_size(table_size)
    players = check_unique(ranking, "the ranking")
    sizes = duplicate_table_sizes(len(players), table_size)
    tables = seat_by_standing(players, sizes, history, seed=seed, repeat_weight=repeat_weight)
    groups = []
    for size in sorted(set(sizes), reverse=True):
        members = tuple(i for i, t in enumerate(tables) if len(t) == size)
        groups.append(DealGroup(size, deal_seed(round_seed, size), members))
    return DuplicateRound(tables, tuple(groups))


def duplicate_points(
    results: Sequence[TableResult], scoring: Scoring = "penalty"
) -> tuple[tuple[Fraction, ...], ...]:
    """Return every seat's duplicate points (0 to 1), per table and seat, as ``results``.

    Tables compare within their ``deal_group``; a group of one table scores 1/2 a seat.
    """
    check_scoring(scoring)
    groups: dict[object, list[int]] = {}
    for t, result in enumerate(results):
        if result.deal_group is None:
            raise FormatError("every duplicate table result needs its deal_group")
        groups.setdefault(result.deal_group, []).append(t)
    out: list[list[Fraction]] = [[Fraction(0)] * len(r.seats) for r in results]
    half = Fraction(1, 2)
    for group, members in groups.items():
        size = len(results[members[0]].seats)
        if any(len(results[t].seats) != size for t in members):
            raise FormatError(f"the tables of deal group {group!r} have different sizes")
        if len(members) == 1:
            out[members[0]] = [half] * size
            continue
        rivals = len(members) - 1
        for s in range(size):
            keys = [seat_key(results[t].seats[s], scoring) for t in members]
            counts = outranked_and_tied(keys)
            for t, (beaten, tied) in zip(members, counts, strict=True):
                out[t][s] = Fraction(2 * beaten + tied, 2 * rivals)
    return tuple(tuple(row) for row in out)
