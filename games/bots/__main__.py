"""Command line: ``python -m games.bots simulate`` — a whole match played by a simple policy,
written as its full record (seed revealed) for ``python -m games.engine verify``.

It lives with the bots because it needs their policies: the engine imports no bot. The seed,
ruleset and usage-error conventions are the engine command line's own.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from games.engine.__main__ import EXIT_OK
from games.engine.__main__ import Parser
from games.engine.__main__ import UsageError
from games.engine.__main__ import parse_ruleset
from games.engine.__main__ import parse_seed
from games.engine.__main__ import run_command
from games.engine.record import export_record
from games.engine.simulate import simulate_match

from .simple import POLICIES


def cmd_simulate(args: argparse.Namespace) -> int:
    seed = parse_seed(args.seed)
    ruleset = parse_ruleset(args.players, args.rounds, args.variant)
    events = simulate_match(seed, ruleset, args.players, POLICIES[args.policy])
    names = [f"{args.policy}-{i}" for i in range(args.players)]
    record = export_record(events, players=names, seed=seed)
    text = json.dumps(record, indent=1) + "\n"
    try:
        if args.out == "-":
            sys.stdout.write(text)
        else:
            Path(args.out).write_text(text)
    except OSError as exc:
        raise UsageError(f"cannot write {args.out}: {exc.strerror}") from None
    result = record["result"]
    print(
        f"{args.players} players, {len(record['rounds'])} rounds, {len(events)} events; "
        f"totals {result['totals']}, places {result['places']}",
        file=sys.stderr,
    )
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m games.bots", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    sim = sub.add_parser(
        "simulate", help="play a whole match with simple policies; write its record"
    )
    sim.add_argument("--players", type=int, required=True, help="2 to 14")
    sim.add_argument("--seed", required=True, help="64 hex digits: the match's 32-byte seed")
    sim.add_argument("--rounds", type=int, help="play fewer rounds, counting down (V6)")
    sim.add_argument("--policy", choices=sorted(POLICIES), default="random")
    sim.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a ruleset option as in the record's ruleset, e.g. scoring=positive",
    )
    sim.add_argument("--out", required=True, help="file to write the record to ('-': stdout)")
    sim.set_defaults(func=cmd_simulate)
    return parser


def main(argv: list[str] | None = None) -> int:
    return run_command(build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
