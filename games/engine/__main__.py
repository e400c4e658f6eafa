"""Command line: ``python -m games.engine simulate|verify`` (see ``--help``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import RulesetError
from .record import (
    RecordFormatError,
    check_shape,
    export_record,
    parse_published_keys,
    verify_attested,
    verify_record,
)
from .ruleset import Ruleset, parse_variant
from .simulate import simulate_match

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad input on the command line: one line on stderr, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, no usage dump
        raise UsageError(message)


def _seed(text: str) -> bytes:
    try:
        seed = bytes.fromhex(text)
    except ValueError:
        raise UsageError(f"--seed must be hex, got {text!r}") from None
    if len(seed) != 32:
        raise UsageError(f"--seed must be 64 hex digits (32 bytes), got {len(seed)} bytes")
    return seed


def _ruleset(players: int, rounds: int | None, variants: list[str]) -> Ruleset:
    options = {}
    for item in variants:
        key, sep, raw = item.partition("=")
        if not sep:
            raise UsageError(f"--variant takes key=value, got {item!r}")
        k, v = parse_variant(key.strip(), raw.strip())
        options[k] = v
    if rounds is not None:
        options["rounds"] = rounds
    return Ruleset.for_players(players, **options)


def cmd_simulate(args: argparse.Namespace) -> int:
    seed = _seed(args.seed)
    try:
        ruleset = _ruleset(args.players, args.rounds, args.variant)
    except (RulesetError, TypeError) as exc:
        raise UsageError(f"invalid ruleset: {exc}") from None
    events = simulate_match(seed, ruleset, args.players, args.policy)
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


def _read_json(name: str, what: str) -> object:
    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {name}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{name} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{name} is not JSON: {exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise UsageError(f"{name} is nested too deeply to be {what}") from None


def _trusted_keys(args: argparse.Namespace) -> dict[str, dict] | None:
    """Return {public key hex: {"name", "valid_until"}} from --key or --keys, or None when
    neither is given."""
    if args.key is not None:
        key = args.key.strip().lower()
        if not (len(key) == 64 and all(c in "0123456789abcdef" for c in key)):
            raise UsageError("--key must be an Ed25519 public key: 64 hex digits")
        return {key: {"name": key[:16], "valid_until": None}}
    if args.keys is not None:
        doc = _read_json(args.keys, "a keys document")
        try:
            keys = parse_published_keys(doc)
        except ValueError as exc:
            raise UsageError(f"{args.keys} is not a published keys document: {exc}") from None
        return {
            k: {"name": f'"{e["id"]}"', "valid_until": e["valid_until"]} for k, e in keys.items()
        }
    return None


def cmd_verify(args: argparse.Namespace) -> int:
    trusted = _trusted_keys(args)
    doc = _read_json(args.file, "a game record")
    try:
        check_shape(doc)
    except RecordFormatError as exc:
        raise UsageError(f"{args.file} is not a game record: {exc}") from None
    assert isinstance(doc, dict)
    attestation = "no attestation"
    if trusted is not None:
        # The header first: a changed record is named as such before anything is replayed.
        until = {k: e["valid_until"] for k, e in trusted.items()}
        problem = verify_attested(doc, trusted, until)
        if problem is not None:
            print(f"FAIL at the header: {problem}")
            return EXIT_PROBLEM
        name = trusted[doc["attestation"]["public_key"]]["name"]
        attestation = f"attestation checked (key {name})"
    elif "attestation" in doc:
        attestation = "attestation present but not checked (give --key or --keys)"
    try:
        verdict = verify_record(doc)
    except RecordFormatError as exc:
        raise UsageError(f"{args.file} is not a game record: {exc}") from None
    if verdict.problem is not None:
        print(f"FAIL {verdict.problem}")
        return EXIT_PROBLEM
    if not verdict.seed_checked:
        seed = "seed not revealed: deals not checked against it"
    elif doc["version"] == 1:
        seed = "deals match the seed and its commitment"
    else:
        n = len(doc["fairness"]["contributions"])
        seed = (
            f"deals match the seed of the server seed and {n} contributions, "
            "and the server seed its commitment"
        )
    print(f"OK: {len(doc['rounds'])} rounds replayed; {seed}; {attestation}")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m games.engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = sub.add_parser(
        "simulate", help="play a whole match with simple policies; write its record"
    )
    sim.add_argument("--players", type=int, required=True, help="2 to 14")
    sim.add_argument("--seed", required=True, help="64 hex digits: the match's 32-byte seed")
    sim.add_argument("--rounds", type=int, help="play fewer rounds, counting down (V6)")
    sim.add_argument("--policy", choices=("random", "greedy"), default="random")
    sim.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a ruleset option as in the record's ruleset, e.g. scoring=positive",
    )
    sim.add_argument("--out", required=True, help="file to write the record to ('-': stdout)")
    sim.set_defaults(func=cmd_simulate)
    ver = sub.add_parser("verify", help="replay a record: OK, or the first problem")
    ver.add_argument("file", help="a record file ('-': stdin)")
    trust = ver.add_mutually_exclusive_group()
    trust.add_argument(
        "--key", metavar="HEX", help="require an attestation by this Ed25519 public key"
    )
    trust.add_argument(
        "--keys",
        metavar="FILE",
        help="require an attestation by a key of this published keys document "
        "(/.well-known/mexican-train-keys.json)",
    )
    ver.set_defaults(func=cmd_verify)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.func(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
