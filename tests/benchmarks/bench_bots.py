"""Bot benchmark: the Monte-Carlo bot against the simple ones, through the engine (no server).

Run: ``make bench-bots`` (or ``python -m tests.benchmarks.bench_bots [--matches N]
[--budget-ms B] [--rounds R] [--workers W]``). Prints figures; asserts nothing.

(a) 2 players, mc vs greedy, seats alternating on the same deals: mc's win rate with a 95%
    Wilson interval (a shared first place counts half). Goal: >= 60%.
(b) 4 players, mc, greedy, random, random, seats rotating over the same deals: average place
    per strategy with a 95% interval (normal approximation). Goal: mc has the best place.
(c) time per mc decision (those with more than one legal move; forced moves return at once):
    mean, p50, p99. Goal: <= 200 ms.
Matches are shortened to ``--rounds`` rounds counting down from the set's top double (V6);
the default sets are the classic ones (2 players: double-9, 15 tiles; 4: double-12, 15 tiles).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import platform
import random
import statistics
import sys
import time

from games.bots.strategies import make_strategy
from games.bots.strategies import play_match
from games.engine import Ruleset


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Return the Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(xs: list[float], z: float = 1.96) -> tuple[float, float, float]:
    m = statistics.fmean(xs)
    half = z * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, m - half, m + half


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    if not s:
        return float("nan")
    i = min(len(s) - 1, max(0, math.ceil(q / 100 * len(s)) - 1))
    return s[i]


def _play(job: tuple) -> tuple[list[str], tuple[int, ...], list[float], list[int]]:
    """Play one match; return (lineup, places, mc decision seconds, mc worlds per decision)."""
    seed, seats, rounds, lineup, budget_ms, rollout = job
    ruleset = Ruleset.for_players(seats, rounds=rounds)
    strategies = []
    for name in lineup:
        opts = {"budget_ms": budget_ms, "rollout_policy": rollout} if name == "mc" else {}
        strategies.append(make_strategy(name, **opts))
    times: list[float] = []
    worlds: list[int] = []

    def on_decision(seat, knowledge, command, seconds):
        if lineup[seat] == "mc" and len(knowledge.legal_moves) > 1:
            times.append(seconds)
            worlds.append(strategies[seat].last_worlds)

    rng = random.Random(seed + b"bots")
    state = play_match(seed, ruleset, strategies, rng, on_decision)
    return lineup, state.result.places, times, worlds


def _seed(kind: int, i: int) -> bytes:
    return (kind * 1_000_003 + i).to_bytes(32, "big")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=60, help="matches per part (a) and (b)")
    parser.add_argument("--budget-ms", type=float, default=150.0, help="mc time per decision")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per match (V6)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--rollout", default="smart", help="mc rollout policy")
    args = parser.parse_args(argv)
    cmd = "python -m tests.benchmarks.bench_bots " + " ".join(
        [
            f"--matches {args.matches}",
            f"--budget-ms {args.budget_ms:g}",
            f"--rounds {args.rounds}",
            f"--workers {args.workers}",
            f"--rollout {args.rollout}",
        ]
    )
    print(f"$ {cmd}")
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {args.workers} worker "
        f"process(es), mc budget {args.budget_ms:g} ms/decision, rollouts: {args.rollout}, "
        f"{args.rounds} rounds per match"
    )
    n = args.matches
    jobs2 = [
        (_seed(2, i // 2), 2, args.rounds, ["mc", "greedy"][:: 1 if i % 2 == 0 else -1])
        + (args.budget_ms, args.rollout)
        for i in range(n)
    ]
    base4 = ["mc", "greedy", "random", "random"]
    jobs4 = [
        (_seed(4, i // 4), 4, args.rounds, base4[i % 4 :] + base4[: i % 4])
        + (args.budget_ms, args.rollout)
        for i in range(n)
    ]
    t0 = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        res2 = pool.map(_play, jobs2, chunksize=1)
        t2 = time.perf_counter() - t0
        res4 = pool.map(_play, jobs4, chunksize=1)
    wall = time.perf_counter() - t0

    times: list[float] = []
    worlds: list[int] = []
    wins = 0.0
    for lineup, places, ts, ws in res2:
        mc = lineup.index("mc")
        other = 1 - mc
        wins += 1.0 if places[mc] < places[other] else 0.5 if places[mc] == places[other] else 0
        times += ts
        worlds += ws
    lo, hi = wilson(wins, len(res2))
    r2 = Ruleset.for_players(2, rounds=args.rounds)
    print(
        f"\n(a) 2 players, double-{r2.set_max}, {r2.hand_size} tiles, {args.rounds} rounds: "
        f"{len(res2)} matches mc vs greedy (seats alternating, same deals)"
    )
    print(
        f"    mc win rate {wins / len(res2):6.1%}  95% CI [{lo:.1%}, {hi:.1%}]  (goal >= 60%)"
        f"  [{t2:.0f} s]"
    )

    r4 = Ruleset.for_players(4, rounds=args.rounds)
    by_name: dict[str, list[float]] = {}
    for lineup, places, ts, ws in res4:
        for seat, name in enumerate(lineup):
            by_name.setdefault(name, []).append(places[seat])
        times += ts
        worlds += ws
    print(
        f"\n(b) 4 players, double-{r4.set_max}, {r4.hand_size} tiles, {args.rounds} rounds: "
        f"{len(res4)} matches mc, greedy, random, random (seats rotating, same deals)"
    )
    ranked = sorted(by_name.items(), key=lambda kv: statistics.fmean(kv[1]))
    for name, places in ranked:
        m, lo, hi = mean_ci(places)
        print(
            f"    {name:7s} average place {m:.2f}  95% CI [{lo:.2f}, {hi:.2f}]  (n={len(places)})"
        )
    print(f"    best average place: {ranked[0][0]}  (goal: mc)")

    ms = [t * 1000 for t in times]
    print(f"\n(c) mc decisions with a choice: {len(ms)} (both parts)")
    if ms:
        print(
            f"    time per decision: mean {statistics.fmean(ms):.1f} ms, p50 "
            f"{percentile(ms, 50):.1f} ms, p99 {percentile(ms, 99):.1f} ms, max {max(ms):.1f} ms"
            f"  (goal <= 200 ms)"
        )
        print(
            f"    worlds per decision: mean {statistics.fmean(worlds):.1f}, "
            f"p50 {percentile(worlds, 50):.0f}, min {min(worlds)}"
        )
    print(f"\nwall time {wall:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
