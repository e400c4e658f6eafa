"""Tournament formats benchmark: a Swiss round and the standings for 10,000 players; an arena's
pairing of its pool and its standings (formats.arena) for as many.

Run: ``make bench-tournaments`` (or ``python -m tests.benchmarks.bench_tournaments [--players N]
[--table-size T] [--rounds R] [--repeat K]``). Plays R Swiss rounds with random match scores to
build a realistic history, then times seating round R + 1 and computing the standings after R
rounds. Prints figures (median and best of K, ms); asserts nothing about time.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from fractions import Fraction

from tests.benchmarks.bench_engine import pin_to_one_core
from tournaments.formats import SeatResult
from tournaments.formats import TableResult
from tournaments.formats import compute_standings
from tournaments.formats import repeat_meetings
from tournaments.formats import seat_duplicate
from tournaments.formats import seat_swiss
from tournaments.formats import table_sizes
from tournaments.formats.arena import Played
from tournaments.formats.arena import Waiting
from tournaments.formats.arena import arena_standings
from tournaments.formats.arena import pair_arena


def play(seating, rng: random.Random, rounds_per_match: int = 4) -> list[TableResult]:
    """Return a random result for every table: each seat's penalty score per match round."""
    results = []
    for table in seating:
        seats = []
        for player in table:
            scores = tuple(0 if rng.random() < 0.25 else rng.randint(1, 60) for _ in range(4))
            seats.append(SeatResult(player, scores[:rounds_per_match]))
        results.append(TableResult(tuple(seats)))
    return results


def build(players: int, table_size: int, rounds: int, seed: int):
    """Return (entrants, ranking, history, results) after ``rounds`` Swiss rounds."""
    rng = random.Random(seed)
    entrants = list(range(players))
    ranking = list(entrants)
    history: list[tuple] = []
    results: list[TableResult] = []
    for r in range(rounds):
        seating = seat_swiss(ranking, table_size, history, seed=r)
        history.extend(seating)
        results.extend(play(seating, rng))
        ranking = [s.player for s in compute_standings(entrants, results)]
    return entrants, ranking, history, results


def timed(fn, repeat: int) -> tuple[float, float, object]:
    """Return (median ms, best ms, the last result) of ``repeat`` calls."""
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), min(times), out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--table-size", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=4, help="Swiss rounds of history")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    n, size = args.players, args.table_size
    pinned = pin_to_one_core()
    t0 = time.perf_counter()
    entrants, ranking, history, results = build(n, size, args.rounds, seed=1)
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {pinned}; {n:,} players "
        f"at tables of {size} ({len(table_sizes(n, size)):,} tables), {args.rounds} rounds of "
        f"history built in {time.perf_counter() - t0:.1f} s; {args.repeat} repeats"
    )
    median, best, seating = timed(
        lambda: seat_swiss(ranking, size, history, seed=args.rounds), args.repeat
    )
    cut, start = [], 0
    for s in table_sizes(n, size):
        cut.append(ranking[start : start + s])
        start += s
    print(
        f"seat a Swiss round:       {median:7.1f} ms median, {best:7.1f} ms best "
        f"(target < 1000); repeat meetings {repeat_meetings(seating, history)} "
        f"(plain slices: {repeat_meetings(cut, history)})"
    )
    median, best, _ = timed(lambda: compute_standings(entrants, results), args.repeat)
    print(
        f"standings:                {median:7.1f} ms median, {best:7.1f} ms best "
        f"(target < 1000); {len(results):,} table results"
    )
    round_seed = bytes(range(32))
    median, best, _ = timed(
        lambda: seat_duplicate(ranking, size, round_seed, history, seed=args.rounds), args.repeat
    )
    print(f"seat a duplicate round:   {median:7.1f} ms median, {best:7.1f} ms best")
    dup = seat_duplicate(ranking, size, round_seed, history, seed=args.rounds)
    dup_results = [
        TableResult(r.seats, deal_group=dup.group_of(t).deal_seed)
        for t, r in enumerate(play(dup.tables, random.Random(2)))
    ]
    median, best, _ = timed(
        lambda: compute_standings(entrants, dup_results, points="duplicate"), args.repeat
    )
    print(
        f"duplicate standings:      {median:7.1f} ms median, {best:7.1f} ms best "
        f"(one round, {len(dup.groups)} deal groups)"
    )
    arena(n, size, args.repeat)
    return 0


def arena(n: int, size: int, repeat: int, tables_each: int = 6) -> None:
    """Time an arena's step: pairing a quarter of the field waiting at once, and the standings
    after every player has played ``tables_each`` tables (each step of the scheduler does one
    and, when a table has ended, the other)."""
    rng = random.Random(3)
    played: dict[int, list[Played]] = {p: [] for p in range(n)}
    for _ in range(tables_each):
        order = list(range(n))
        rng.shuffle(order)
        for start in range(0, n - size + 1, size):
            table = order[start : start + size]
            places = tuple(rng.sample(range(1, size + 1), size))
            for i, p in enumerate(table):
                played[p].append(
                    Played(places[i], size, places=places, opponents=(1500.0,) * (size - 1))
                )
    pool = [
        Waiting(
            p,
            Fraction(rng.randint(0, 30)),
            rng.randint(1200, 1800),
            rng.random() * 30,
            frozenset(rng.sample(range(n), size - 1)),
        )
        for p in rng.sample(range(n), n // 4)
    ]
    median, best, tables = timed(
        lambda: pair_arena(pool, now=30.0, table_size=size, wait_seconds=30), repeat
    )
    print(
        f"arena: pair the pool:     {median:7.1f} ms median, {best:7.1f} ms best "
        f"({len(pool):,} waiting, {len(tables):,} tables formed)"
    )
    median, best, _ = timed(lambda: arena_standings(list(range(n)), played), repeat)
    print(
        f"arena standings:          {median:7.1f} ms median, {best:7.1f} ms best "
        f"({n * tables_each // size:,} tables, {tables_each} a player)"
    )


if __name__ == "__main__":
    sys.exit(main())
