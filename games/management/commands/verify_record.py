"""manage.py verify_record FILE [--key HEX | --keys FILE]: check an exported game record offline
with the engine's verifier, its attestation first (spec/game-record.md, "Attestation").

The attestation must be by one of the trusted keys: ``--key`` (repeatable), ``--keys FILE`` (the
platform's /.well-known/mexican-train-keys.json, a JSON list of keys or of hex public keys, or
one hex public key a line), else this platform's published keys (signing.keys). With --key or
--keys a record without an attestation fails; without them it is replayed and said unsigned.

Exit 0 (OK), 1 (the record is readable but wrong: the first problem is named, a changed signed
record at its attestation) or 2 (not a readable record, or unusable keys). One line either way,
never a traceback. ``-`` reads standard input.
"""

import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from games.engine.attestation import check_attestation
from games.engine.record import RecordFormatError
from games.engine.record import verify_record
from signing.keys import key_id_of
from signing.keys import published_keys

EXIT_PROBLEM, EXIT_UNREADABLE = 1, 2
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


class KeysError(ValueError):
    """The trusted keys given cannot be used; the message says why."""


def count(n: int, noun: str) -> str:
    """Return "1 round", "2 rounds": the command speaks English only."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _public(value: object, where: str) -> str:
    if isinstance(value, dict):
        value = value.get("public_key")
    if not (isinstance(value, str) and _HEX64.match(value.strip().lower())):
        raise KeysError(f"{where}: a public key must be 64 hex digits")
    return value.strip().lower()


def read_keys(name: str) -> list[str]:
    """Return the public keys (hex) of a keys file: the well-known document, a JSON list, or
    one hex key a line."""
    try:
        text = Path(name).read_text(encoding="utf-8")
    except OSError as exc:
        raise KeysError(f"cannot read {name}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise KeysError(f"{name} is not UTF-8 text") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        lines = [line.strip() for line in text.splitlines()]
        return [_public(line, name) for line in lines if line and not line.startswith("#")]
    if isinstance(doc, dict):
        doc = doc.get("keys")
    if not isinstance(doc, list) or not doc:
        raise KeysError(f'{name} must hold {{"keys": [...]}}, a list of keys, or hex lines')
    return [_public(entry, name) for entry in doc]


def check_record_file(name: str, trusted: Iterable[str] | None = None) -> tuple[int, str]:
    """Return the exit code and the one line that says how a record file verifies.

    ``trusted``: the public keys the attestation must be by (then it is required); None: this
    platform's published keys, and a record without an attestation is only replayed."""
    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
    except OSError as exc:
        return EXIT_UNREADABLE, f"cannot read {name}: {exc.strerror}"
    except UnicodeDecodeError:
        return EXIT_UNREADABLE, f"{name} is not UTF-8 text"
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        return EXIT_UNREADABLE, f"{name} is not JSON: {exc.msg} at line {exc.lineno}"
    required = trusted is not None
    attested = isinstance(doc, dict) and "attestation" in doc
    if isinstance(doc, dict) and (attested or required):
        keys = list(trusted) if required else [k["public_key"] for k in published_keys()]
        problem = check_attestation(doc, keys)
        if problem is not None:
            return EXIT_PROBLEM, f"FAIL attestation: {problem}"
    try:
        verdict = verify_record(doc)
    except RecordFormatError as exc:
        return EXIT_UNREADABLE, f"{name} is not a game record: {exc}"
    except Exception as exc:  # noqa: BLE001 - a hostile file must not produce a traceback
        return EXIT_UNREADABLE, f"{name} could not be read as a game record: {exc!r}"
    if verdict.problem is not None:
        return EXIT_PROBLEM, f"FAIL {verdict.problem}"
    note = "" if verdict.seed_checked else " (seed not revealed: deals not checked against it)"
    if attested:
        note += f"; attested by key {key_id_of(doc['attestation']['public_key'])}"
    else:
        note += "; not attested (unsigned)"
    rounds = len(doc["rounds"])
    return 0, f"OK: {count(len(doc['players']), 'player')}, {count(rounds, 'round')}{note}"


class Command(BaseCommand):
    help = "Verify an exported game record offline (exit 0 OK, 1 problem, 2 unreadable)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a record file (spec/game-record.md); - for stdin")
        group = parser.add_mutually_exclusive_group()
        group.add_argument(
            "--key", action="append", metavar="HEX", help="a trusted public key (repeatable)"
        )
        group.add_argument(
            "--keys", metavar="FILE", help="trusted keys: mexican-train-keys.json or hex lines"
        )

    def handle(self, *args, file, key=None, keys=None, **options):
        try:
            trusted = (
                [_public(k, "--key") for k in key] if key else read_keys(keys) if keys else None
            )
        except KeysError as exc:
            raise CommandError(str(exc), returncode=EXIT_UNREADABLE) from None
        code, line = check_record_file(file, trusted)
        if code:
            raise CommandError(line, returncode=code)
        self.stdout.write(line)
