"""Engine A/B: random 4-player matches per second of an old checkout's engine and of this one's.

A figure taken on a shared machine moves with whatever else it is doing, so "2x the matches/s"
only holds when both engines ran under the same noise: this runs the old checkout's
``simulate_match`` and this checkout's alternately (old, new, old, new, ...), each round in a new
subprocess pinned to the same single core, on the same seeds, and prints each side's matches/s,
their medians and the new/old ratio (by wall clock, and per CPU second of the process, which
leaves out the time a shared core spent on other processes).

Each subprocess imports the engine of its own tree (its root and ``platform/`` first on
``sys.path``; the shared virtualenv's editable install would otherwise hand it this checkout's
code) and says where it came from. Outside the timed loop, every side reports a digest of its
matches' events, and this checkout's side checks that every match's record verifies
(``export_record`` with the seed revealed, then ``verify_record``, after a JSON round trip).

Run: ``make bench-engine-ab OLD=/path/to/old/checkout`` or ``python -m
tests.benchmarks.bench_engine_ab --old /path/to/old/checkout [--matches N] [--rounds K] [--pure]``
(``--pure``: this checkout's engine without its compiled part, ``games/engine/_speedups``), the
old checkout made e.g. by ``git worktree add --detach /tmp/engine-old <revision>``; ``--old`` may
also name a revision, checked out once under /tmp. ``--instructions N`` adds each side's
instruction count for N matches under valgrind's callgrind, which the machine's other load does not
move. Prints figures; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Runs in each side's own tree: N random 4-player matches, timed, then the checks (untimed).
WORKER = """
import hashlib, json, os, sys, time
from pathlib import Path
core, matches, verify = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "verify"
os.sched_setaffinity(0, {core})
import games.engine
if sys.argv[4] == "pure":  # this checkout's engine without its compiled part
    rules = sys.modules["games.engine.rules"]
    rules._plays, rules._open_plays = rules._py_plays, rules._py_open_plays
from games.bots.simple import POLICIES
from games.engine import Ruleset, event_to_dict, export_record, verify_record
from games.engine.simulate import simulate_match
tree = Path.cwd().resolve()
engine = Path(games.engine.__file__).resolve()
assert engine.is_relative_to(tree), f"the engine came from {engine}, not from {tree}"
ruleset, policy = Ruleset.for_players(4), POLICIES["random"]
seeds = [i.to_bytes(32, "big") for i in range(matches)]
t0, c0 = time.perf_counter(), time.process_time()
logs = [simulate_match(seed, ruleset, 4, policy) for seed in seeds]
seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
if sys.argv[5:] == ["count"]:  # under callgrind: the matches only, not the checks below
    sys.exit(0)
digest = hashlib.sha256()
for log in logs:
    digest.update(json.dumps([event_to_dict(e) for e in log]).encode())
verified = None
if verify:
    verified = sum(
        verify_record(json.loads(json.dumps(export_record(log, seed=seed)))).ok
        for seed, log in zip(seeds, logs)
    )
print(json.dumps({
    "engine": str(engine.parent), "seconds": seconds, "cpu": cpu, "events": sum(map(len, logs)),
    "digest": digest.hexdigest(), "verified": verified,
    "compiled": getattr(sys.modules["games.engine.rules"], "COMPILED", False)
    and sys.argv[4] != "pure",
}))
"""


def run_side(tree: Path, core: int, matches: int, verify: bool, pure: bool = False) -> dict:
    """Run one timed batch in a fresh subprocess of ``tree`` and return its report."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DJANGO_SETTINGS_MODULE")}
    env["PYTHONPATH"] = os.pathsep.join([str(tree), str(tree / "platform")])
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            WORKER,
            str(core),
            str(matches),
            "verify" if verify else "-",
            "pure" if pure else "-",
        ],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise SystemExit(f"the run in {tree} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def checkout(old: str) -> Path:
    """Return the checkout ``old`` names: a directory, or else a revision, checked out once as a
    detached worktree in /tmp/engine-ab-<commit> and reused."""
    path = Path(old)
    if not path.is_dir():
        commit = git("rev-parse", "--verify", f"{old}^{{commit}}")
        path = Path(f"/tmp/engine-ab-{commit[:12]}")
        if not path.is_dir():
            git("worktree", "add", "--detach", str(path), commit)
    path = path.resolve()
    if not (path / "games" / "engine" / "simulate.py").exists():
        raise SystemExit(f"{path} is not a checkout of this project (no games/engine/simulate.py)")
    return path


def git(*args: str) -> str:
    out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"git {' '.join(args)}: {out.stderr.strip()}")
    return out.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--old", required=True, help="checkout of the old revision (or a revision: see checkout)"
    )
    parser.add_argument("--matches", type=int, default=60, help="matches per run (same seeds)")
    parser.add_argument("--rounds", type=int, default=5, help="old/new pairs of runs")
    parser.add_argument(
        "--pure",
        action="store_true",
        help="run this checkout's engine without its compiled part (games/engine/_speedups)",
    )
    parser.add_argument(
        "--instructions",
        type=int,
        default=0,
        metavar="N",
        help="also count each side's instructions for N matches under valgrind's callgrind",
    )
    args = parser.parse_args(argv)
    old = checkout(args.old)
    core = max(os.sched_getaffinity(0))  # both sides on this one core, one process at a time
    print(
        f"{args.rounds} rounds of old, new; {args.matches} random 4-player matches per run "
        f"(13 rounds each, the same seeds), each run a fresh process pinned to core {core}"
    )
    rates: dict[str, list[float]] = {"old": [], "new": []}
    cpu_rates: dict[str, list[float]] = {"old": [], "new": []}
    reports: dict[str, dict] = {}
    for r in range(args.rounds):
        line = []
        for side, tree in (("old", old), ("new", ROOT)):
            rep = run_side(
                tree,
                core,
                args.matches,
                verify=side == "new" and r == 0,
                pure=side == "new" and args.pure,
            )
            if r == 0:
                reports[side] = rep
                print(f"  {side}: engine {rep['engine']}")
            elif rep["digest"] != reports[side]["digest"]:
                raise SystemExit(f"the {side} engine played the same seeds differently")
            rates[side].append(args.matches / rep["seconds"])
            cpu_rates[side].append(args.matches / rep["cpu"])
            line.append(f"{side} {rates[side][-1]:7.1f} ({cpu_rates[side][-1]:6.1f} per CPU s)")
        print(f"round {r + 1}: " + "   ".join(line) + "  matches/s")
    old_m, new_m = statistics.median(rates["old"]), statistics.median(rates["new"])
    ratios = [n / o for o, n in zip(rates["old"], rates["new"], strict=True)]
    print(f"old: {old_m:7.1f} matches/s median  ({max(rates['old']):.1f} best)")
    print(f"new: {new_m:7.1f} matches/s median  ({max(rates['new']):.1f} best)")
    print(
        f"new/old: {new_m / old_m:.2f}x (ratio of medians); per round "
        f"{', '.join(f'{x:.2f}' for x in ratios)}, median {statistics.median(ratios):.2f}x"
    )
    cpu_old, cpu_new = statistics.median(cpu_rates["old"]), statistics.median(cpu_rates["new"])
    print(
        f"per CPU second (leaves out time the core gave to other processes): old {cpu_old:.1f}, "
        f"new {cpu_new:.1f} matches/s median, new/old {cpu_new / cpu_old:.2f}x"
    )
    same = reports["old"]["digest"] == reports["new"]["digest"]
    events = reports["new"]["events"]
    print(
        f"same events as the old engine: {'yes' if same else 'NO'} "
        f"({events} events, sha256 {reports['new']['digest'][:16]}...)"
    )
    print(f"records verified (new engine): {reports['new']['verified']} of {args.matches}")
    print(
        "compiled part (games/engine/_speedups): "
        + ", ".join(
            f"{side} {'yes' if reports[side]['compiled'] else 'no'}" for side in ("old", "new")
        )
    )
    if args.instructions:
        counts = {
            side: instructions(tree, args.instructions, pure=side == "new" and args.pure)
            for side, tree in (("old", old), ("new", ROOT))
        }
        print(
            f"instructions for {args.instructions} matches (callgrind, the same count whatever "
            f"else the machine does): old {counts['old']:,}, new {counts['new']:,}, "
            f"old/new {counts['old'] / counts['new']:.2f}x"
        )
    return 0


def instructions(tree: Path, matches: int, pure: bool) -> int:
    """Return the instructions ``matches`` matches take in ``tree``'s engine: callgrind's count
    of a run of them less that of a run of none (the interpreter's start and the imports)."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian: apt-get install valgrind)")
    counted = []
    for n in (0, matches):
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
        env["PYTHONPATH"] = os.pathsep.join([str(tree), str(tree / "platform")])
        out = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                sys.executable,
                "-c",
                WORKER,
                str(max(os.sched_getaffinity(0))),
                str(n),
                "-",
                "pure" if pure else "-",
                "count",
            ],
            cwd=tree,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        found = re.search(r"Collected : (\d+)", out.stderr)
        if out.returncode != 0 or not found:
            raise SystemExit(f"callgrind in {tree} failed:\n{out.stderr[-2000:]}")
        counted.append(int(found.group(1)))
    return counted[1] - counted[0]


if __name__ == "__main__":
    sys.exit(main())
