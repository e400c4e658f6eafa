"""Table sizes, seat order and the tablemate history every format shares."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from random import Random

from .values import FormatError
from .values import PlayerId
from .values import Seating
from .values import check_unique

MIN_TABLE_SIZE = 2
MAX_TABLE_SIZE = 8

Seed = int | str | bytes
"""A seed for ``random.Random``: the formats take seeds, never a shared generator."""


def rng_for(seed: Seed) -> Random:
    """Return a generator for ``seed``; refuse ``None``, which would seed from the OS."""
    if not isinstance(seed, int | str | bytes) or isinstance(seed, bool):
        raise FormatError("a seed must be an int, str or bytes")
    return Random(seed)


def check_table_size(table_size: int) -> None:
    """Refuse a table size outside 2–8 (the tournament setting)."""
    if not isinstance(table_size, int) or not MIN_TABLE_SIZE <= table_size <= MAX_TABLE_SIZE:
        raise FormatError(f"table size must be {MIN_TABLE_SIZE} to {MAX_TABLE_SIZE}")


def table_sizes(n: int, table_size: int) -> tuple[int, ...]:
    """Return balanced table sizes for ``n`` players, largest first.

    The fewest tables of at most ``table_size`` players, then sizes as even as possible: they
    differ by at most one and none is below 2 (17 players at tables of 4: 4, 4, 3, 3, 3).
    One case cannot meet all three: an odd field at tables of 2. Rather than a bye, it gets one
    table of 3 (R1 allows 3-player games): 7 players at tables of 2 give 3, 2, 2.
    """
    check_table_size(table_size)
    if not isinstance(n, int) or n < MIN_TABLE_SIZE:
        raise FormatError(f"a round needs at least 2 players, not {n}")
    if table_size == 2 and n % 2:
        return (3,) + (2,) * ((n - 3) // 2)
    tables = -(-n // table_size)
    q, r = divmod(n, tables)
    return (q + 1,) * r + (q,) * (tables - r)


def shuffled(players: Iterable[PlayerId], seed: Seed) -> tuple[PlayerId, ...]:
    """Return ``players`` in a seeded random order (a round 1 draw)."""
    out = list(check_unique(players))
    rng_for(seed).shuffle(out)
    return tuple(out)


def slices(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """Cut ``order`` into consecutive tables of ``sizes``."""
    out, start = [], 0
    for size in sizes:
        out.append(list(order[start : start + size]))
        start += size
    return out


def snake(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """Deal ``order`` across tables of ``sizes`` in serpentine order (1..m, m..1, …).

    The strongest players are spread one per table, as in a seeded bracket.
    """
    if len(order) > sum(sizes):
        raise FormatError("more players than seats")
    tables: list[list[int]] = [[] for _ in sizes]
    forward, i = True, 0
    for p in order:
        while True:
            t = i if forward else len(sizes) - 1 - i
            i += 1
            if i == len(sizes):
                i, forward = 0, not forward
            if len(tables[t]) < sizes[t]:
                tables[t].append(p)
                break
    return tables


class History:
    """Who sat with whom, and in which seat, in earlier rounds (players as 0-based indices).

    Only players in ``index`` are kept: someone who has left cannot be a repeat tablemate.
    """

    __slots__ = ("met", "seats")

    def __init__(self, tables: Iterable[Sequence[PlayerId]], index: dict[PlayerId, int]) -> None:
        n = len(index)
        self.met: list[dict[int, int]] = [{} for _ in range(n)]
        self.seats: list[dict[int, int]] = [{} for _ in range(n)]
        met, seats = self.met, self.seats
        for table in tables:
            ids = [index.get(p) for p in table]
            for s, i in enumerate(ids):
                if i is None:
                    continue
                row = seats[i]
                row[s] = row.get(s, 0) + 1
                row = met[i]
                for j in ids:
                    if j is not None and j != i:
                        row[j] = row.get(j, 0) + 1


def repeat_meetings(
    seating: Iterable[Sequence[PlayerId]], history: Iterable[Sequence[PlayerId]]
) -> int:
    """Return how many earlier meetings the tables of ``seating`` repeat.

    Every pair at a table counts once per earlier round they shared a table (a pair that met
    twice before counts 2).
    """
    tables = [tuple(t) for t in seating]
    index = {p: i for i, p in enumerate(p for t in tables for p in t)}
    met = History(history, index).met
    total = 0
    for table in tables:
        ids = [index[p] for p in table]
        for a, i in enumerate(ids):
            row = met[i]
            for j in ids[a + 1 :]:
                total += row.get(j, 0)
    return total


def assign_seats(tables: list[list[int]], seats: list[dict[int, int]], rng: Random) -> None:
    """Order each table's players by seat, in place, rotating seats across rounds.

    Each player should take a seat they have held as rarely as possible (the seat is the hand
    in a duplicate deal, and the first drawer of R7). Seat by seat from seat 0, the player who
    has held it least takes it, ties going to a seeded draw; then two players trade seats while
    that lowers the sum, over the table, of how often each has held their seat.
    """
    for table in tables:
        rng.shuffle(table)
        ordered = []
        for s in range(len(table)):
            held = [seats[p].get(s, 0) for p in table]
            best = min(range(len(table)), key=held.__getitem__)
            ordered.append(table.pop(best))
        improved = True
        while improved:
            improved = False
            for a in range(len(ordered)):
                held_a = seats[ordered[a]]
                for b in range(a + 1, len(ordered)):
                    held_b = seats[ordered[b]]
                    now = held_a.get(a, 0) + held_b.get(b, 0)
                    if held_a.get(b, 0) + held_b.get(a, 0) < now:
                        ordered[a], ordered[b] = ordered[b], ordered[a]
                        held_a = seats[ordered[a]]
                        improved = True
        table[:] = ordered


def as_seating(tables: list[list[int]], players: Sequence[PlayerId]) -> Seating:
    """Return index tables as tables of player ids."""
    return tuple(tuple(players[i] for i in table) for table in tables)
