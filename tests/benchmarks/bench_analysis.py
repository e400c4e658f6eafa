"""Analysis benchmark: the time to analyse one full default game (no server, no database).

Run: ``make bench-analysis`` (or ``python -m tests.benchmarks.bench_analysis [--rounds R]
[--worlds W] [--luck-rollouts L] [--gain-worlds G] [--bots a,b,c,d]``). Plays one 4-player game
of the default ruleset (double-12, 15 tiles, 13 rounds), by default between the smart, greedy,
random and mc bots (seats that often play another move than the reference, smart: each such
decision costs the extra gain worlds), then times ``analyse`` at the given budget (default: the
default ``Budget``): wall and CPU seconds (time.process_time), decisions analysed, and the ratio
of the analysis time to the game's plain replay time. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from games.bots.analysis import Budget
from games.bots.analysis import analyse
from games.bots.strategies import make_strategy
from games.bots.strategies import play_match
from games.engine import Event
from games.engine import Ruleset
from games.engine import replay


def main(argv: list[str] | None = None) -> int:
    default = Budget()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=None, help="rounds (default: all 13)")
    parser.add_argument("--worlds", type=int, default=default.worlds)
    parser.add_argument("--luck-rollouts", type=int, default=default.luck_rollouts)
    parser.add_argument("--gain-worlds", type=int, default=default.gain_worlds)
    parser.add_argument("--bots", default="smart,greedy,random,mc", help="the four seats")
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    ruleset = Ruleset.for_players(4, rounds=args.rounds)
    budget = Budget(
        worlds=args.worlds, luck_rollouts=args.luck_rollouts, gain_worlds=args.gain_worlds
    )
    print(
        "$ python -m tests.benchmarks.bench_analysis "
        f"--worlds {budget.worlds} --luck-rollouts {budget.luck_rollouts} "
        f"--gain-worlds {budget.gain_worlds} --bots {','.join(bots)}"
        + (f" --rounds {args.rounds}" if args.rounds else "")
    )
    print(
        f"Python {platform.python_version()} on {platform.machine()}; 4 players, "
        f"double-{ruleset.set_max}, {ruleset.hand_size} tiles, {ruleset.rounds} rounds, "
        f"bots {', '.join(bots)}"
    )
    seed = b"bench-analysis".ljust(32, b".")
    log: list[Event] = []
    strategies = [make_strategy(b, samples=8) if b == "mc" else make_strategy(b) for b in bots]
    play_match(seed, ruleset, strategies, random.Random(seed), log=log)
    t0 = time.perf_counter()
    for _ in range(20):
        replay(log)
    replay_s = (time.perf_counter() - t0) / 20
    w0, c0 = time.perf_counter(), time.process_time()
    a = analyse(log, budget=budget, seed=seed)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    differing = sum(d["played"] != d["reference"] for d in a["decisions"])
    print(
        f"events {len(log)}, decisions analysed {len(a['decisions'])} "
        f"({differing} not the reference's move: evaluated again on the gain worlds)"
    )
    print(f"analysis: {wall:.1f} s wall, {cpu:.1f} s CPU per game")
    print(f"plain replay: {replay_s * 1000:.2f} ms; analysis / replay = {wall / replay_s:,.0f}x")
    for p in a["players"]:
        print(f"  seat {p['seat']}: accuracy {p['accuracy']:.1f}, mean loss {p['mean_loss']:.2f}")
    print(f"  skill index per seat: {a['skill']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
