"""Command line: ``python -m games.engine verify`` (see ``--help``).

Simulating a match needs a policy, and the engine imports no bot: that command is
``python -m games.bots simulate``, which reuses the parsing helpers below.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any
from typing import NoReturn

from .errors import RulesetError
from .record import check_shape
from .record import verify_record
from .record_format import RecordFormatError
from .record_keys import parse_published_keys
from .record_keys import verify_attested
from .ruleset import Ruleset
from .ruleset import parse_variant

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad input on the command line: one line on stderr, exit 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, no usage dump
        raise UsageError(message)


def parse_seed(text: str) -> bytes:
    """Return the 32-byte seed ``--seed`` gives in hex."""
    try:
        seed = bytes.fromhex(text)
    except ValueError:
        raise UsageError(f"--seed must be hex, got {text!r}") from None
    if len(seed) != 32:
        raise UsageError(f"--seed must be 64 hex digits (32 bytes), got {len(seed)} bytes")
    return seed


def parse_ruleset(players: int, rounds: int | None, variants: list[str]) -> Ruleset:
    """Return the ruleset of ``--players``, ``--rounds`` and the ``--variant key=value`` items."""
    options = {}
    try:
        for item in variants:
            key, sep, raw = item.partition("=")
            if not sep:
                raise UsageError(f"--variant takes key=value, got {item!r}")
            k, v = parse_variant(key.strip(), raw.strip())
            options[k] = v
        if rounds is not None:
            options["rounds"] = rounds
        return Ruleset.for_players(players, **options)
    except (RulesetError, TypeError) as exc:
        raise UsageError(f"invalid ruleset: {exc}") from None


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


def _trusted_keys(args: argparse.Namespace) -> dict[str, dict[str, Any]] | None:
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
    rounds = len(doc["rounds"])
    print(f"OK: {rounds} round{'' if rounds == 1 else 's'} replayed; {seed}; {attestation}")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m games.engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
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


MOVED = {"simulate": "python -m games.bots simulate"}
"""Commands that live elsewhere now: named in the usage error instead of "invalid choice"."""


def run_command(parser: argparse.ArgumentParser, argv: list[str] | None) -> int:
    """Run the command that ``argv`` chooses (the parser's ``func``) and return its exit
    status; a UsageError, the parser's or the command's, is one line on stderr and status 2.
    The bots' command line (games.bots) runs its commands through this too."""
    try:
        args = parser.parse_args(argv)
        return args.func(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in MOVED:
        print(f"error: {argv[0]} is not an engine command: run {MOVED[argv[0]]}", file=sys.stderr)
        return EXIT_USAGE
    return run_command(build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
