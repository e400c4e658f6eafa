"""Multi-table elimination: the top of every table advances until one final table remains.

Each round seats the field at balanced tables (``table_sizes``), dealing the seed order across
them in serpentine order so the strongest seeds meet as late as possible. From a table of k
players the best ``advance`` go through (by default half, rounded up: 2 of 4, 2 of 3, 1 of 2),
never all k, so the field shrinks every round. A forfeited or withdrawn player never advances
(R25), even when that leaves a table sending fewer. Places are R23's (V4); players still tied
at the cut are separated by their seed order. When the players going through fit one table, the
next round is the final; the final's places are the tournament's top places.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .points import placement_points
from .points import table_places
from .tables import History
from .tables import Seed
from .tables import as_seating
from .tables import assign_seats
from .tables import check_table_size
from .tables import rng_for
from .tables import snake
from .tables import table_sizes
from .values import FormatError
from .values import PlayerId
from .values import Scoring
from .values import Seating
from .values import TableResult
from .values import check_unique


@dataclass(frozen=True, slots=True)
class Advancement:
    """What a finished elimination round decides.

    ``advancing``: who plays the next round, in seed order for it (best first); empty after
    the final. ``eliminated``: the others, best first (after the final: the final table in
    place order). ``final``: the next round is the final table. ``finished``: there is no next
    round (the final was played, or fewer than two players go through).
    """

    advancing: tuple[PlayerId, ...]
    eliminated: tuple[PlayerId, ...]
    final: bool
    finished: bool


def seat_elimination(
    ranking: Sequence[PlayerId],
    table_size: int,
    history: Iterable[Sequence[PlayerId]] = (),
    *,
    seed: Seed,
) -> Seating:
    """Seat an elimination round: ``ranking`` (seed order, best first) dealt in serpentine
    order over balanced tables; within a table, seats rotate (``assign_seats``)."""
    players = check_unique(ranking, "the ranking")
    index = {p: i for i, p in enumerate(players)}
    tables = snake(range(len(players)), table_sizes(len(players), table_size))
    assign_seats(tables, History(history, index).seats, rng_for(seed))
    return as_seating(tables, players)


def advance_elimination(
    results: Sequence[TableResult],
    *,
    seed_order: Sequence[PlayerId],
    table_size: int,
    advance: int | None = None,
    scoring: Scoring = "penalty",
) -> Advancement:
    """Decide who goes through after a round's ``results``; ties by ``seed_order``."""
    check_table_size(table_size)
    if advance is not None and (not isinstance(advance, int) or advance < 1):
        raise FormatError("advance must be a positive int")
    if not results:
        raise FormatError("an elimination round needs at least one table result")
    seed = {p: i for i, p in enumerate(check_unique(seed_order, "the seed order"))}
    ranked = _ranked_seats(results, seed, scoring)
    if len(results) == 1:
        table = ranked[0]
        return Advancement((), tuple(p for p, *_ in table), final=False, finished=True)
    advancing, eliminated = [], []
    for table in ranked:
        k = len(table)
        quota = -(-k // 2) if advance is None else min(advance, k - 1)
        going = [row for row in table if not row[3]][:quota]
        advancing += going
        eliminated += [row for row in table if row not in going]
    advancing.sort(key=lambda row: (-row[1], row[2]))
    eliminated.sort(key=lambda row: (-row[1], row[2]))
    through = tuple(p for p, *_ in advancing)
    out = tuple(p for p, *_ in eliminated)
    if len(through) < 2:
        return Advancement(through, out, final=False, finished=True)
    final = len(table_sizes(len(through), table_size)) == 1
    return Advancement(through, out, final=final, finished=False)


def elimination_ranking(
    rounds: Sequence[Sequence[TableResult]],
    *,
    seed_order: Sequence[PlayerId],
    scoring: Scoring = "penalty",
) -> tuple[PlayerId, ...]:
    """Return the final order of an elimination tournament from its rounds, winner first.

    Later rounds reached rank higher; within the round a player went out in, their placement
    points there (the "share" scheme: place p of k scores (k - p) / (k - 1)), then seed order.
    """
    seed = {p: i for i, p in enumerate(check_unique(seed_order, "the seed order"))}
    last: dict[PlayerId, tuple[int, Fraction, int]] = {}
    for r, results in enumerate(rounds):
        for table in _ranked_seats(results, seed, scoring):
            for player, share, order, _ in table:
                last[player] = (-r, -share, order)
    return tuple(sorted(last, key=last.__getitem__))


def _ranked_seats(
    results: Sequence[TableResult], seed: dict[PlayerId, int], scoring: Scoring
) -> list[list[tuple[PlayerId, Fraction, int, bool]]]:
    """Return each table's (player, share points, seed, forfeited), best first."""
    out = []
    for result in results:
        places = table_places(result, scoring)
        shares = placement_points(places)
        rows = []
        for s, seat in enumerate(result.seats):
            if seat.player not in seed:
                raise FormatError(f"player {seat.player!r} is not in the seed order")
            rows.append((seat.player, shares[s], seed[seat.player], seat.forfeited))
        rows.sort(key=lambda row: (-row[1], row[2]))
        out.append(rows)
    return out
