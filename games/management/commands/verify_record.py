"""manage.py verify_record FILE: check an exported game record offline with the engine's verifier.

Exit 0 (OK), 1 (the record is readable but wrong: the first problem is named) or 2 (not a
readable record). One line either way, never a traceback. ``-`` reads standard input.
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.engine.record import RecordFormatError, verify_record

EXIT_PROBLEM, EXIT_UNREADABLE = 1, 2


def check_record_file(name: str) -> tuple[int, str]:
    """Return the exit code and the one line that says how a record file verifies."""
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
    try:
        verdict = verify_record(doc)
    except RecordFormatError as exc:
        return EXIT_UNREADABLE, f"{name} is not a game record: {exc}"
    except Exception as exc:  # noqa: BLE001 - a hostile file must not produce a traceback
        return EXIT_UNREADABLE, f"{name} could not be read as a game record: {exc!r}"
    if verdict.problem is not None:
        return EXIT_PROBLEM, f"FAIL {verdict.problem}"
    note = "" if verdict.seed_checked else " (seed not revealed: deals not checked against it)"
    rounds = len(doc["rounds"])
    return 0, f"OK: {len(doc['players'])} players, {rounds} rounds{note}"


class Command(BaseCommand):
    help = "Verify an exported game record offline (exit 0 OK, 1 problem, 2 unreadable)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a record file (spec/game-record.md); - for stdin")

    def handle(self, *args, file, **options):
        code, line = check_record_file(file)
        if code:
            raise CommandError(line, returncode=code)
        self.stdout.write(line)
