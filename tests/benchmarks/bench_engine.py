"""Engine benchmark: replay speed and whole simulated matches per second, on one core.

Run: ``make bench`` (or ``python -m tests.benchmarks.bench_engine [--matches N] [--repeat K]``).
Prints figures; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

from games.bots.simple import POLICIES
from games.engine import Ruleset
from games.engine import replay
from games.engine.simulate import simulate_match


def pin_to_one_core() -> str:
    """Run this process on one core only (steadier figures); say whether it could."""
    try:
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"pinned to core {core}"
    except (AttributeError, OSError):
        return "not pinned"


def _seeds(count: int, salt: int = 0) -> list[bytes]:
    return [(salt * 1_000_003 + i).to_bytes(32, "big") for i in range(count)]


def bench_simulation(
    seats: int, policy: str, matches: int, repeat: int
) -> tuple[float, float, list]:
    """Return (best matches/s, median matches/s, the last batch's logs)."""
    ruleset = Ruleset.for_players(seats)
    rates, logs = [], []
    for r in range(repeat):
        seeds = _seeds(matches, r)
        t0 = time.perf_counter()
        logs = [simulate_match(seed, ruleset, seats, POLICIES[policy]) for seed in seeds]
        rates.append(matches / (time.perf_counter() - t0))
    return max(rates), statistics.median(rates), logs


def bench_replay(logs: list, repeat: int) -> tuple[float, float]:
    """Return (best events/s, median events/s) replaying whole logs from their first event."""
    events = sum(len(log) for log in logs)
    rates = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for log in logs:
            replay(log)
        rates.append(events / (time.perf_counter() - t0))
    return max(rates), statistics.median(rates)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=100, help="matches per batch")
    parser.add_argument("--repeat", type=int, default=5, help="batches (best and median shown)")
    args = parser.parse_args(argv)
    pinned = pin_to_one_core()
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {pinned}; "
        f"{args.repeat} batches of {args.matches} matches"
    )
    best, median, logs = bench_simulation(4, "random", args.matches, args.repeat)
    per_match = sum(len(log) for log in logs) / len(logs)
    print(
        f"simulate 4 players, 13 rounds, random policy: {best:8.1f} matches/s best, "
        f"{median:8.1f} median  ({per_match:.0f} events per match; target >= 100)"
    )
    g_best, g_median, _ = bench_simulation(4, "greedy", args.matches, args.repeat)
    print(
        f"simulate 4 players, 13 rounds, greedy policy: {g_best:8.1f} matches/s best, "
        f"{g_median:8.1f} median"
    )
    r_best, r_median = bench_replay(logs, args.repeat)
    print(
        f"replay (fold every event from MatchStarted): {r_best:12,.0f} events/s best, "
        f"{r_median:12,.0f} median  (target >= 200,000)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
