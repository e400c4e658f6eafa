"""Swiss for multi-player tables: players of similar standing sit together, repeats avoided.

Each round the current ranking is cut into consecutive slices of balanced table sizes
(``table_sizes``; the top table holds the leaders). The slices are then improved by swapping
players between tables at most ``REACH`` (2) apart, while a swap lowers the cost

    cost = REPEAT_WEIGHT × repeat meetings + Σ (tables a player moved from their slice)²

where a pair that already shared a table k times counts k repeat meetings. With the default
weight of 4, one repeat meeting is worth moving two players one table each, but rarely a
player two tables: the seating keeps to the standings. Single swaps come first (among equally
good ones, the swap between players closest in the ranking, so a table's leaders move last);
then chains of two swaps around tables that still hold a repeat, which escape most seatings no
single swap improves. The search ends at a seating no single swap improves, never with more
repeats than the plain slices.

The tables are a function of the ranking and the history alone; the seed only draws who takes
which seat among equals (``assign_seats``: each player gets a seat they have held rarely, so
nobody keeps seat 0, the first drawer of R7).

Round 1 has no standings: pass the players in seed or rating order, or ``shuffled(players,
seed)`` for a random draw.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from collections.abc import Sequence

from .tables import History
from .tables import Seed
from .tables import as_seating
from .tables import assign_seats
from .tables import rng_for
from .tables import slices
from .tables import table_sizes
from .values import FormatError
from .values import PlayerId
from .values import Seating
from .values import check_unique

REPEAT_WEIGHT = 4
REACH = 2


def seat_swiss(
    ranking: Sequence[PlayerId],
    table_size: int,
    history: Iterable[Sequence[PlayerId]] = (),
    *,
    seed: Seed,
    repeat_weight: int = REPEAT_WEIGHT,
) -> Seating:
    """Seat a Swiss round: ``ranking`` best first, ``history`` every earlier table.

    Returns the tables, top table first, each in seat order.
    """
    players = check_unique(ranking, "the ranking")
    sizes = table_sizes(len(players), table_size)
    return seat_by_standing(players, sizes, history, seed=seed, repeat_weight=repeat_weight)


def seat_by_standing(
    players: Sequence[PlayerId],
    sizes: Sequence[int],
    history: Iterable[Sequence[PlayerId]],
    *,
    seed: Seed,
    repeat_weight: int = REPEAT_WEIGHT,
) -> Seating:
    """Seat ``players`` (best first) at tables of ``sizes`` by slices, then improve by swaps."""
    if sum(sizes) != len(players):
        raise FormatError("the table sizes do not add up to the number of players")
    if not isinstance(repeat_weight, int) or repeat_weight < 0:
        raise FormatError("repeat_weight must be a non-negative int")
    rng = rng_for(seed)
    index = {p: i for i, p in enumerate(players)}
    past = History(history, index)
    tables = slices(range(len(players)), sizes)
    improve(tables, past.met, repeat_weight)
    assign_seats(tables, past.seats, rng)
    return as_seating(tables, players)


def improve(
    tables: list[list[int]], met: list[dict[int, int]], weight: int, reach: int = REACH
) -> None:
    """Swap players between nearby tables, in place, while the cost goes down.

    Tables are "nearby" when at most ``reach`` apart. First single swaps, each pair of tables
    revisited (lowest first) whenever a swap changed one of them. Then, around every table still
    holding a repeat, chains of two swaps (a player moves and another moves on), which escape
    seatings no single swap improves. Every accepted move lowers an integer cost that cannot go
    below 0, so the search ends.
    """
    search = _Search(tables, met, weight, reach)
    search.descend(search.pairs_near(range(len(tables))))
    while True:
        moved = False
        for t in range(len(tables)):
            if search.repeats(t):
                touched = search.chain(t)
                if touched:
                    search.descend(search.pairs_near(touched))
                    moved = True
        if not moved:
            return


class _Search:
    """The cost of swaps between nearby tables (see the module docstring)."""

    __slots__ = ("home", "met", "reach", "tables", "weight")

    def __init__(
        self, tables: list[list[int]], met: list[dict[int, int]], weight: int, reach: int
    ) -> None:
        self.tables, self.met, self.weight, self.reach = tables, met, weight, reach
        self.home = [0] * sum(len(t) for t in tables)
        for t, table in enumerate(tables):
            for i in table:
                self.home[i] = t

    def pairs_near(self, tables: Iterable[int]) -> set[tuple[int, int]]:
        """Return the pairs (t, u), t < u, of nearby tables that include one of ``tables``."""
        m, out = len(self.tables), set()
        for t in tables:
            for u in range(max(0, t - self.reach), min(m, t + self.reach + 1)):
                if u != t:
                    out.add((min(t, u), max(t, u)))
        return out

    def repeats(self, t: int) -> bool:
        """Return whether table t seats a pair that met before."""
        met, table = self.met, self.tables[t]
        return any(met[a].get(b, 0) for a in table for b in table)

    def deltas(self, t: int, u: int) -> list[tuple[int, int, int]]:
        """Return (cost change, a, b) for every swap of tables[t][a] with tables[u][b]."""
        met, home, one, two = self.met, self.home, self.tables[t], self.tables[u]
        in_1 = [sum(met[a].get(x, 0) for x in one) for a in one]
        in_2 = [sum(met[b].get(x, 0) for x in two) for b in two]
        if not any(in_1) and not any(in_2):
            if all(home[a] == t for a in one) and all(home[b] == u for b in two):
                return []  # no repeats and nobody moved: every swap costs more
        to_2 = [sum(met[a].get(x, 0) for x in two) for a in one]
        to_1 = [sum(met[b].get(x, 0) for x in one) for b in two]
        out = []
        for ia, a in enumerate(one):
            ha = home[a]
            moved_a = (u - ha) ** 2 - (t - ha) ** 2
            met_a = met[a]
            base = to_2[ia] - in_1[ia]
            for ib, b in enumerate(two):
                hb = home[b]
                repeats = base + to_1[ib] - in_2[ib] - 2 * met_a.get(b, 0)
                moved = moved_a + (t - hb) ** 2 - (u - hb) ** 2
                out.append((self.weight * repeats + moved, ia, ib))
        return out

    def best(self, t: int, u: int) -> tuple[int, int, int] | None:
        """Return the swap between t and u that lowers the cost most, if any does.

        Among equals, the one between players closest in the standings (players are indexed by
        rank), so the leaders of a table are the last to move.
        """
        found, found_key = None, None
        one, two = self.tables[t], self.tables[u]
        for move in self.deltas(t, u):
            if move[0] < 0:
                key = (move[0], abs(one[move[1]] - two[move[2]]))
                if found_key is None or key < found_key:
                    found, found_key = move, key
        return found

    def swap(self, t: int, u: int, ia: int, ib: int) -> None:
        one, two = self.tables[t], self.tables[u]
        one[ia], two[ib] = two[ib], one[ia]

    def descend(self, pairs: Iterable[tuple[int, int]]) -> None:
        """Apply the best single swap of each queued pair while one lowers the cost."""
        queue = sorted(set(pairs))
        queued = set(queue)
        while queue:
            t, u = heapq.heappop(queue)
            queued.discard((t, u))
            changed = False
            while (move := self.best(t, u)) is not None:
                self.swap(t, u, move[1], move[2])
                changed = True
            if changed:
                for pair in self.pairs_near((t, u)):
                    if pair not in queued:
                        heapq.heappush(queue, pair)
                        queued.add(pair)

    def chain(self, t: int) -> tuple[int, ...]:
        """Apply the best chain of two swaps whose first move takes a player from table t.

        Return the tables it changed (none when no chain lowers the cost).
        """
        found = None
        for first_pair in sorted(self.pairs_near((t,))):
            for first, ia, ib in self.deltas(*first_pair):
                self.swap(*first_pair, ia, ib)
                for pair in sorted(self.pairs_near(first_pair) - {first_pair}):
                    second = min(self.deltas(*pair), default=None)
                    if second is not None and first + second[0] < 0:
                        if found is None or first + second[0] < found[0]:
                            found = (first + second[0], first_pair, ia, ib, pair, *second[1:])
                self.swap(*first_pair, ia, ib)  # undo
        if found is None:
            return ()
        _, first_pair, ia, ib, pair, ja, jb = found
        self.swap(*first_pair, ia, ib)
        self.swap(*pair, ja, jb)
        return tuple(sorted({*first_pair, *pair}))
