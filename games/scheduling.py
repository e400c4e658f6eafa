"""What runs after a game's transaction commits: the turn of a seat the platform plays, the
live timeout at its deadline, and the ``game_ended`` signal (ratings and tournaments listen).

Each is a Celery task carrying the seq it was made for (``games.tasks``), so a late, repeated
or lost task is harmless: the sweeper (``games.tasks.sweep_deadlines``) finds every deadline
that passed — a human's or an overdue automatic seat's — whatever happened to the tasks.

Three ways the tasks run:
- a Celery worker on Redis (production, and the tests that start one): ``apply_async``;
- the embedded runner (``manage.py serve`` without REDIS_URL): a thread of the server process
  runs them in order, ETA ones at their time, and sweeps every SWEEP_INTERVAL seconds;
- eagerly (no broker and no runner: tests, the shell): right after the commit, in the caller's
  thread — iteratively, so a table of bots plays to the end without deepening the stack.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections import deque
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import close_old_connections, transaction

from core import clock

log = logging.getLogger(__name__)

_local = threading.local()
_runner: EmbeddedRunner | None = None


def after_commit(game, seats) -> None:
    """Schedule what the game's new state calls for, once the transaction commits."""
    game_id, seq, status = game.id, game.version, game.status
    to_move, deadline = game.to_move, game.deadline
    automatic = status == "active" and to_move is not None and seats[to_move].automatic
    # A short ETA task times a live deadline to the moment; the sweeper (every SWEEP_INTERVAL
    # seconds) takes every other one. Only near deadlines get a task: a worker holds every ETA
    # task it has received until it is due, and a move makes the one before it moot.
    horizon = clock.now() + timedelta(seconds=settings.ETA_HORIZON_SECONDS)
    live_deadline = (
        deadline
        if status == "active"
        and not automatic
        and game.time_control.get("kind") == "live"
        and deadline is not None
        and deadline <= horizon
        else None
    )
    ended = status in ("finished", "abandoned")
    if not (automatic or live_deadline or ended):
        return

    def dispatch() -> None:
        from games import tasks

        if automatic:
            submit(tasks.play_automatic, game_id, seq)
        elif live_deadline is not None:
            submit(tasks.apply_timeout, game_id, seq, eta=live_deadline)
        if ended:
            from games.signals import game_ended

            for receiver, error in game_ended.send_robust(
                sender=None, game_id=str(game_id), status=status, rated=game.rated
            ):
                if error is not None:
                    log.error("game_ended receiver %r failed", receiver, exc_info=error)

    transaction.on_commit(dispatch)


def play_automatic_now(game_id, seq: int) -> None:
    from games import tasks

    submit(tasks.play_automatic, game_id, seq)


def submit(task, *args: Any, eta: datetime | None = None) -> None:
    """Run ``task(*args)`` the configured way; never raise into the caller (it has committed:
    a task that cannot be queued is caught by the sweeper)."""
    args = tuple(str(a) if not isinstance(a, int | str) else a for a in args)
    try:
        if _runner is not None:
            _runner.put(task, args, eta)
        elif settings.CELERY_TASK_ALWAYS_EAGER:
            if eta is None:  # ETA tasks are left to the sweeper when nothing runs them later
                _run_inline(task, args)
        else:
            task.apply_async(args=args, eta=eta)
    except Exception:  # noqa: BLE001 — logged; the sweeper retries what was lost
        log.exception("could not run %s%r", task.name, args)


def _run_inline(task, args) -> None:
    queue = getattr(_local, "queue", None)
    if queue is not None:  # inside a task run by the loop below: queue it behind
        queue.append((task, args))
        return
    _local.queue = queue = deque([(task, args)])
    try:
        while queue:
            t, a = queue.popleft()
            try:
                t.run(*a)
            except Exception:  # noqa: BLE001
                log.exception("task %s%r failed", t.name, a)
    finally:
        _local.queue = None


class EmbeddedRunner:
    """One thread of the server process running tasks in order, ETA ones at their time, and
    the sweeper every ``interval`` seconds — Celery's worker and beat, without Redis."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self._heap: list[tuple[float, int, Any, tuple]] = []
        self._count = itertools.count()
        self._cv = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._loop, name="embedded-tasks", daemon=True)

    def start(self) -> EmbeddedRunner:
        self._thread.start()
        return self

    def stop(self) -> None:
        with self._cv:
            self._stopped = True
            self._cv.notify()
        self._thread.join(timeout=10)

    def put(self, task, args: tuple, eta: datetime | None = None) -> None:
        delay = 0.0 if eta is None else max((eta - clock.now()).total_seconds(), 0.0)
        with self._cv:
            heapq.heappush(self._heap, (time.monotonic() + delay, next(self._count), task, args))
            self._cv.notify()

    def _loop(self) -> None:
        from games import tasks

        next_sweep = time.monotonic()
        while True:
            with self._cv:
                while not self._stopped:
                    now = time.monotonic()
                    if self._heap and self._heap[0][0] <= now:
                        break
                    if now >= next_sweep:
                        break
                    wake = next_sweep if not self._heap else min(next_sweep, self._heap[0][0])
                    self._cv.wait(timeout=max(wake - now, 0.0))
                if self._stopped:
                    return
                job = None
                if self._heap and self._heap[0][0] <= time.monotonic():
                    _, _, task, args = heapq.heappop(self._heap)
                    job = (task, args)
            if job is None:
                next_sweep = time.monotonic() + self.interval
                job = (tasks.sweep_deadlines, ())
            close_old_connections()
            try:
                job[0].run(*job[1])
            except Exception:  # noqa: BLE001
                log.exception("embedded task %s failed", job[0].name)
            finally:
                close_old_connections()


def start_embedded_runner(interval: float | None = None) -> EmbeddedRunner:
    global _runner
    if _runner is None:
        _runner = EmbeddedRunner(interval or settings.SWEEP_INTERVAL).start()
    return _runner


def stop_embedded_runner() -> None:
    global _runner
    runner, _runner = _runner, None
    if runner is not None:
        runner.stop()
