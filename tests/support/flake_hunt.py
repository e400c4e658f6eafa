"""Run a selection of the suite several times and name every test that failed in any run.

    python -m tests.support.flake_hunt --runs 5 -m "slow or e2e" -- -n auto --dist loadfile

(`make flake-hunt N=5`). Each run writes a JUnit XML report; at the end a table lists each test
that failed or errored, in how many runs, and the first line of its first failure. Exit 1 if any
test failed in any run, 0 otherwise. A test that fails only now and then is a bug to find, not
to retry: the table says where to look.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def failures(report: Path) -> dict[str, str]:
    """The tests that failed or errored in one JUnit report, with their first message line."""
    found: dict[str, str] = {}
    if not report.exists():
        return found
    for case in ET.parse(report).getroot().iter("testcase"):
        for outcome in ("failure", "error"):
            node = case.find(outcome)
            if node is not None:
                name = f"{case.get('classname', '').replace('.', '/')}.py::{case.get('name')}"
                message = (node.get("message") or node.text or "").strip().splitlines()
                found[name] = message[0][:160] if message else outcome
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="how many times (default 5)")
    parser.add_argument("-m", dest="marks", default="slow or e2e", help="pytest -m expression")
    parser.add_argument("pytest_args", nargs="*", help="after --: passed on to pytest")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs takes a whole number from 1")

    failed: dict[str, list[int]] = defaultdict(list)
    first_message: dict[str, str] = {}
    summary = []
    with tempfile.TemporaryDirectory(prefix="flake-hunt-") as tmp:
        for run in range(1, args.runs + 1):
            report = Path(tmp) / f"run-{run}.xml"
            started = time.monotonic()
            proc = subprocess.run(
                [sys.executable, "-m", "pytest", "-m", args.marks, "-q",
                 f"--junitxml={report}", *args.pytest_args],
                cwd=REPO, check=False,
            )  # fmt: skip
            seconds = time.monotonic() - started
            this_run = failures(report)
            if proc.returncode not in (0, 1) and not this_run:
                this_run = {f"(pytest itself, exit {proc.returncode})": "see the output above"}
            for name, message in this_run.items():
                failed[name].append(run)
                first_message.setdefault(name, message)
            summary.append(f"run {run}: {len(this_run)} failed, {seconds:.0f} s")
            print(f"flake-hunt: {summary[-1]}", flush=True)

    print(f"\nflake-hunt: {args.runs} runs of -m '{args.marks}'")
    for line in summary:
        print(f"  {line}")
    if not failed:
        print("no test failed in any run")
        return 0
    print(f"{len(failed)} tests failed in at least one run:")
    for name, runs in sorted(failed.items(), key=lambda item: (-len(item[1]), item[0])):
        print(f"  {len(runs)}/{args.runs}  {name}  (runs {', '.join(map(str, runs))})")
        print(f"         {first_message[name]}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
