"""What the platform's processes logged during an outage: entries (a timestamped line and the
lines under it, a traceback's), read from the text logs (core.logging.TEXT_FORMAT).

The bar (issue 30): one line per kind of failed operation per interval, never a traceback per
broadcast. A kind is the logger and the message up to its first colon ("broadcasting to the
channel layer failed", "consumer"): what the line says failed, not the details of one failure.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from core.outages import INTERVAL_SECONDS

_LINES = (
    # The platform's (core.logging.TEXT_FORMAT): web processes.
    re.compile(
        r"^(?P<at>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) (?P<level>[A-Z]+) "
        r"(?P<logger>[\w.]+): (?P<message>.*)$"
    ),
    # Celery's, which the worker and beat keep with text logs: the process, not the logger.
    re.compile(
        r"^\[(?P<at>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}): (?P<level>[A-Z]+)/"
        r"(?P<logger>[\w.-]+)\] (?P<message>.*)$"
    ),
)
LOUD = ("WARNING", "ERROR", "CRITICAL")


@dataclass
class Entry:
    at: datetime
    level: str
    logger: str
    message: str
    traceback: bool = False

    @property
    def kind(self) -> tuple[str, str]:
        return self.logger, self.message.split(":", 1)[0][:80]


def entries(path: Path) -> list[Entry]:
    found: list[Entry] = []
    for line in path.read_text(errors="replace").splitlines():
        match = next((m for m in (p.match(line) for p in _LINES) if m), None)
        if match:
            # asctime is the machine's local time: made aware, to compare with the windows'.
            at = datetime.strptime(match["at"], "%Y-%m-%d %H:%M:%S,%f").astimezone()
            found.append(Entry(at, match["level"], match["logger"], match["message"]))
        elif line.startswith("Traceback") and found:
            found[-1].traceback = True
    return found


@dataclass
class Window:
    name: str
    start: datetime
    end: datetime

    @property
    def seconds(self) -> float:
        return (self.end - self.start).total_seconds()


def noise(paths: list[Path], window: Window) -> tuple[list[str], list[str]]:
    """(kinds logged more than once an interval, entries with a traceback) in ``window``,
    over the logs at ``paths``, as readable lines."""
    allowed = math.ceil(window.seconds / INTERVAL_SECONDS) + 1
    repeated, tracebacks = [], []
    for path in paths:
        if not path.exists():
            continue
        inside = [e for e in entries(path) if window.start <= e.at <= window.end]
        counts = Counter(e.kind for e in inside if e.level in LOUD)
        for kind, n in counts.items():
            if n > allowed:
                repeated.append(f"{path.name}: {n} lines of {kind} (at most {allowed})")
        for e in inside:
            if e.traceback:
                tracebacks.append(f"{path.name}: {e.level} {e.logger}: {e.message[:200]}")
    return repeated, tracebacks
