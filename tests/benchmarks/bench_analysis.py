"""Analysis benchmark: the time to analyse one full default game (no server, no database).

Run: ``make bench-analysis`` (or ``python -m tests.benchmarks.bench_analysis [--rounds R]
[--worlds W] [--luck-rollouts L]``). Plays one 4-player game of the default ruleset (double-12,
15 tiles, 13 rounds) with smart bots, then times ``analyse`` at the given budget (default: the
default ``Budget``): wall and CPU seconds (time.process_time), decisions analysed, and the ratio
of the analysis time to the game's plain replay time. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from games.bots.analysis import Budget, analyse
from games.bots.strategies import make_strategy, play_match
from games.engine import Event, Ruleset, replay


def main(argv: list[str] | None = None) -> int:
    default = Budget()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=None, help="rounds (default: all 13)")
    parser.add_argument("--worlds", type=int, default=default.worlds)
    parser.add_argument("--luck-rollouts", type=int, default=default.luck_rollouts)
    args = parser.parse_args(argv)
    ruleset = Ruleset.for_players(4, rounds=args.rounds)
    budget = Budget(worlds=args.worlds, luck_rollouts=args.luck_rollouts)
    print(
        "$ python -m tests.benchmarks.bench_analysis "
        f"--worlds {budget.worlds} --luck-rollouts {budget.luck_rollouts}"
        + (f" --rounds {args.rounds}" if args.rounds else "")
    )
    print(
        f"Python {platform.python_version()} on {platform.machine()}; 4 players, "
        f"double-{ruleset.set_max}, {ruleset.hand_size} tiles, {ruleset.rounds} rounds, smart bots"
    )
    seed = b"bench-analysis".ljust(32, b".")
    log: list[Event] = []
    play_match(
        seed, ruleset, [make_strategy("smart") for _ in range(4)], random.Random(seed), log=log
    )
    t0 = time.perf_counter()
    for _ in range(20):
        replay(log)
    replay_s = (time.perf_counter() - t0) / 20
    w0, c0 = time.perf_counter(), time.process_time()
    a = analyse(log, budget=budget, seed=seed)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    print(f"events {len(log)}, decisions analysed {len(a['decisions'])}")
    print(f"analysis: {wall:.1f} s wall, {cpu:.1f} s CPU per game")
    print(f"plain replay: {replay_s * 1000:.2f} ms; analysis / replay = {wall / replay_s:,.0f}x")
    for p in a["players"]:
        print(f"  seat {p['seat']}: accuracy {p['accuracy']:.1f}, mean loss {p['mean_loss']:.2f}")
    print(f"  skill index per seat: {a['skill']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
