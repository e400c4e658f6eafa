"""The sweeper: applies what has come due — a turn's deadline, a seat the platform plays whose
task was lost — from the database alone.

It runs in a thread of Celery beat's process (``config.celery``: ``beat_init``) and, without
Celery, on the embedded runner (``core.tasks``). It used to be a beat entry like the others:
beat sent a task through Redis every SWEEP_INTERVAL, and a worker ran it. Then everything that
stalls a table — Redis gone, its queued tasks lost with its data, a worker killed or paused —
also stalled the sweeper that was to catch it, until the worker had reconnected (2, 6, 12, 20,
30 s after the loss) and beat's next tick had got through. Here nothing it does passes through
the broker.

Each pass runs every registered sweep (``register``, from the apps' ``ready``); a sweep applies
what is due now and returns the seconds until the next thing it knows will come due (None: none
known). The sweeper then sleeps until the earliest of those, at most SWEEP_INTERVAL (a deadline
set meanwhile by another process is found on the next pass) and at least ``MIN_PAUSE``. What a
sweep applies carries the seq it was made for, so a sweep that races a task (or a second
sweeper) applies it once.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from django.conf import settings
from django.db import close_old_connections
from django.db import connections

from core.outages import FailureLog

log = logging.getLogger(__name__)
failures = FailureLog(log)

MIN_PAUSE = 0.05  # seconds between two passes at the least
# After a sweep failed (the database away): soon again, so what came due meanwhile is applied
# within this of the database's return rather than a whole SWEEP_INTERVAL after.
RETRY_PAUSE = 0.25

Sweep = Callable[[], float | None]
_sweeps: list[tuple[str, Sweep]] = []


def register(name: str, sweep: Sweep) -> None:
    """Run ``sweep`` on every pass; it returns the seconds until its next due item, or None."""
    if all(existing != name for existing, _ in _sweeps):
        _sweeps.append((name, sweep))


def sweep_once() -> float:
    """Run every registered sweep once; return how long to wait before the next pass."""
    pause = float(settings.SWEEP_INTERVAL)
    for name, sweep in _sweeps:
        _fresh_connections()
        try:
            next_due = sweep()
        except Exception as exc:  # noqa: BLE001 — a database away: try again shortly
            failures.failed(f"sweep {name}", exc)
            pause = min(pause, RETRY_PAUSE)
            continue
        finally:
            _fresh_connections()
        failures.succeeded(f"sweep {name}")
        if next_due is not None:
            pause = min(pause, next_due)
    return max(pause, MIN_PAUSE)


def _fresh_connections() -> None:
    """Drop this thread's broken or expired database connections (a database that restarted),
    as Django does around a request; not inside a transaction (a test's)."""
    if not any(c.in_atomic_block for c in connections.all(initialized_only=True)):
        close_old_connections()


class Sweeper:
    """The sweeping thread: ``start``, ``stop``."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sweeper", daemon=True)

    def start(self) -> Sweeper:
        self._thread.start()
        return self

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        self._thread.join(timeout)

    def _run(self) -> None:
        log.info("sweeper started: %s", ", ".join(name for name, _ in _sweeps) or "nothing")
        while not self._stop.is_set():
            self._stop.wait(sweep_once())


_running: Sweeper | None = None


def start() -> Sweeper:
    """Start this process's sweeper thread (once)."""
    global _running
    if _running is None:
        _running = Sweeper().start()
    return _running
