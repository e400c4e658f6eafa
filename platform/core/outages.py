"""One log line per kind of failure per interval while a service the platform uses is away.

A Redis outage fails every broadcast, every task sent to the broker and every receive of the
channel layer, each of them many times a second: logged one traceback each, 39 s of outage
wrote 1,654 of them, and the one line that said what was wrong was lost among them. Here each
kind of operation logs its first failure as one line (the exception's type and message, no
traceback), then counts the others; the next line of that kind comes an interval later with
the count since, and one more when it works again.

``FailureLog`` is for the platform's own operations (``failed``/``succeeded``);
``OncePerInterval`` is a logging filter for what libraries log about the same outage (the
channel layer's receive loop, Celery's reconnects), configured in ``config.settings.LOGGING``.

No library does this: logging's own filters have no notion of time, and the rate-limiting
handlers on PyPI drop records rather than counting them, keyed by the whole message (a host
or a group name in it makes every record new).
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass

INTERVAL_SECONDS = 10.0


def describe(exc: BaseException | None) -> str:
    """``ConnectionError: Error 111 connecting to 127.0.0.1:6379.`` on one line."""
    if exc is None:
        return ""
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


@dataclass
class _Kind:
    first_at: float  # when the failures began (monotonic)
    logged_at: float  # when a line of this kind was last written
    count: int = 0  # failures since the first
    unlogged: int = 0  # failures since the last line


class FailureLog:
    """Per-kind failure lines for ``logger``: one at the first failure, then at most one an
    ``interval``, and one when the kind works again. Thread-safe."""

    def __init__(
        self, logger: logging.Logger, interval: float = INTERVAL_SECONDS, clock=time.monotonic
    ) -> None:
        self.logger = logger
        self.interval = interval
        self.clock = clock
        self._kinds: dict[str, _Kind] = {}
        self._lock = threading.Lock()

    def failed(self, kind: str, exc: BaseException | None = None) -> None:
        """Count a failure of ``kind``; log it if it is the first, or the interval is up."""
        now = self.clock()
        with self._lock:
            state = self._kinds.get(kind)
            if state is None:
                self._kinds[kind] = _Kind(first_at=now, logged_at=now, count=1)
                line, more = True, 0
            else:
                state.count += 1
                state.unlogged += 1
                line = now - state.logged_at >= self.interval
                more = state.unlogged
                if line:
                    state.logged_at, state.unlogged = now, 0
        if not line:
            return
        since = f" ({more} failures since the last line)" if more > 1 else ""
        self.logger.error("%s failed: %s%s", kind, describe(exc) or "unknown error", since)

    def succeeded(self, kind: str) -> None:
        """``kind`` worked: if it had been failing, log that it is back, with the count."""
        if kind not in self._kinds:  # the usual case, without the lock
            return
        with self._lock:
            state = self._kinds.pop(kind, None)
        if state is not None:
            self.logger.warning(
                "%s works again, after %d failures over %.1f s",
                kind,
                state.count,
                self.clock() - state.first_at,
            )

    def failing(self, kind: str) -> bool:
        return kind in self._kinds


class OncePerInterval(logging.Filter):
    """Let through one record per logger and message template per ``interval`` seconds, as
    one line: a record's traceback becomes ``describe(exception)`` on its line, and a record
    let through after others were held back says how many."""

    def __init__(
        self,
        interval: float = INTERVAL_SECONDS,
        clock=time.monotonic,
        only: tuple[str, ...] | list[str] = (),
    ) -> None:
        super().__init__()
        self.interval = float(interval)
        self.clock = clock
        # Message templates (their starts) to hold to one an interval; empty: every record.
        # A logger that also says other things (a task's own failure, whose traceback is
        # wanted) is filtered for its outage messages only.
        self.only = tuple(only)
        self._seen: dict[tuple[str, str], tuple[float, int]] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        if self.only and not str(record.msg).startswith(self.only):
            return True
        key = (record.name, str(record.msg))
        now = self.clock()
        with self._lock:
            last, held = self._seen.get(key, (float("-inf"), 0))
            if now - last < self.interval:
                self._seen[key] = (last, held + 1)
                return False
            self._seen[key] = (now, 0)
        if record.exc_info and record.exc_info[1] is not None:
            record.msg = f"{record.msg}: {describe(record.exc_info[1])}"
            record.exc_info = None
            record.exc_text = None
        if held:
            record.msg = f"{record.msg} ({held} more like it since the last line)"
        return True
