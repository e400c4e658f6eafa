"""How a task runs: on a Celery worker, on the embedded runner, or inline.

Services submit tasks after their transaction commits (``submit``); where a task runs is
configuration, not the caller's business:
- a Celery worker on Redis (production, and the tests that start one): ``apply_async``;
- the embedded runner (``manage.py serve`` without REDIS_URL): a thread of the server process
  runs them in order, ETA ones at their time, and runs Celery beat's schedule
  (``CELERY_BEAT_SCHEDULE``: the tournaments tick, reminders, mails) and the sweeper's passes
  (``core.sweeper``: deadlines) itself;
- eagerly (no broker and no runner: tests, the shell): right after the commit, in the caller's
  thread — iteratively, so a table of bots plays to the end without deepening the stack.

Periodic jobs are named in ``CELERY_BEAT_SCHEDULE`` and looked up in Celery's task registry:
this module imports no app.
"""

from __future__ import annotations

import atexit
import contextvars
import heapq
import itertools
import logging
import os
import queue as queues
import threading
import time
from collections import deque
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import OperationalError
from django.db import close_old_connections

from core import clock
from core import sweeper
from core.outages import FailureLog

log = logging.getLogger(__name__)
publish_failures = FailureLog(log)

_local = threading.local()
_runner: EmbeddedRunner | None = None

# Seconds before each new attempt of a task that met a locked SQLite database (the embedded
# default: another connection held the write lock past the busy timeout). Every task is
# idempotent (it carries the seq it was made for), so it is run again at once rather than left
# to the sweeper, which plays a lost bot turn only after AUTOMATIC_GRACE_SECONDS (3 s).
LOCKED_RETRY_DELAYS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0)


def is_database_locked(exc: BaseException) -> bool:
    """Tell whether ``exc`` is SQLite's "database is locked" (or "database table is locked")."""
    return isinstance(exc, OperationalError) and "is locked" in str(exc).lower()


def submit(task, *args: Any, eta: datetime | None = None, background: bool = False) -> None:
    """Run ``task(*args)`` the configured way; never raise into the caller (it has committed:
    a task that cannot be queued is caught by the sweeper). ``background``: never in the
    caller's thread (a mail: not in the request that asked for it); without a worker or a
    runner it is left, like an ETA task, to its periodic sweeper."""
    args = tuple(str(a) if not isinstance(a, int | str) else a for a in args)
    try:
        if _runner is not None:
            _runner.put(task, args, eta)
        elif settings.CELERY_TASK_ALWAYS_EAGER:
            # ETA and background tasks are left to their sweeper when nothing runs them later
            if eta is None and not background:
                _run_inline(task, args)
        else:
            # Sent from the publisher's thread inside a copy of this context: the request id
            # (core.logging) and the trace (core.tracing) travel in the message's headers.
            _PUBLISHER.post(task, args, eta, contextvars.copy_context())
    except Exception:  # noqa: BLE001 — logged; the sweeper retries what was lost
        log.exception("could not run %s%r", task.name, args)


class _Publisher:
    """Sends tasks to the broker from a daemon thread of this process, in the order they were
    submitted, so that what submits them — a move's request, once committed, or a task — never
    waits on the broker: a frozen Redis held each move's answer for as long as it stayed frozen
    (the fault suite: 5.9 s in a 6 s pause). A task that cannot be sent is tried again until
    the broker is back (``_send_one``), and past ``GIVE_UP_SECONDS`` dropped, as one lost in
    the broker would be: the sweeper plays a lost turn after AUTOMATIC_GRACE_SECONDS and
    enforces a lost deadline. Past ``MAX_QUEUED`` waiting tasks new ones are dropped too. At
    exit the queue is given ``DRAIN_SECONDS`` to empty. A forked child (a prefork worker)
    starts a thread of its own."""

    MAX_QUEUED = 10_000
    DRAIN_SECONDS = 2.0
    RETRY_SECONDS = 0.25
    GIVE_UP_SECONDS = 30.0

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid = 0
        self._queue: queues.Queue = queues.Queue()

    def post(
        self,
        task,
        args: tuple,
        eta: datetime | None,
        context: contextvars.Context | None = None,
    ) -> None:
        with self._lock:
            if self._pid != os.getpid():
                self._pid = os.getpid()
                self._queue = queues.Queue()
                threading.Thread(
                    target=self._send, args=(self._queue,), name="task-publisher", daemon=True
                ).start()
                atexit.register(self.drain, self.DRAIN_SECONDS)
            if self._queue.unfinished_tasks >= self.MAX_QUEUED:
                log.error("task queue full: %s%r dropped", task.name, args)
                return
            self._queue.put((task, args, eta, context))

    @staticmethod
    def _send(queue: queues.Queue) -> None:
        while True:
            task, args, eta, context = queue.get()
            try:
                if context is None:
                    _Publisher._send_one(task, args, eta)
                else:
                    context.run(_Publisher._send_one, task, args, eta)
            finally:
                queue.task_done()

    @staticmethod
    def _send_one(task, args: tuple, eta: datetime | None) -> None:
        """Send one task, trying again every ``RETRY_SECONDS`` while the broker is away (the
        tasks behind it wait: they keep their order), for up to ``GIVE_UP_SECONDS``; then it
        is dropped, and the sweeper plays the turn it was for. Once the broker is back the
        task goes at once, instead of its turn waiting out the sweeper's grace."""
        started = time.monotonic()
        while True:
            try:
                task.apply_async(args=args, eta=eta)
            except Exception as exc:  # noqa: BLE001 — counted, one line an interval
                publish_failures.failed("sending a task to the broker", exc)
                if time.monotonic() - started >= _Publisher.GIVE_UP_SECONDS:
                    log.warning("task %s%r dropped: the broker is still away", task.name, args)
                    return
                time.sleep(_Publisher.RETRY_SECONDS)
                continue
            publish_failures.succeeded("sending a task to the broker")
            return

    def drain(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for every task posted by this process to be sent."""
        deadline = time.monotonic() + seconds
        while self._queue.unfinished_tasks and time.monotonic() < deadline:
            time.sleep(0.01)
        return not self._queue.unfinished_tasks


_PUBLISHER = _Publisher()


def published(timeout: float = 5.0) -> bool:
    """Wait until every task this process submitted to the broker was sent (tests, commands)."""
    return _PUBLISHER.drain(timeout)


def _run_inline(task, args) -> None:
    queue = getattr(_local, "queue", None)
    if queue is not None:  # inside a task run by the loop below: queue it behind
        queue.append((task, args))
        return
    _local.queue = queue = deque([(task, args)])
    try:
        while queue:
            t, a = queue.popleft()
            for attempt in itertools.count():
                try:
                    t.run(*a)
                except Exception as exc:  # noqa: BLE001
                    if is_database_locked(exc) and attempt < len(LOCKED_RETRY_DELAYS):
                        log.warning("task %s%r met a locked database; again", t.name, a)
                        time.sleep(LOCKED_RETRY_DELAYS[attempt])
                        continue
                    log.exception("task %s%r failed", t.name, a)
                break
    finally:
        _local.queue = None


def periodic_jobs() -> list[tuple[Any, float]]:
    """Return (task, seconds) for every entry of Celery beat's schedule, from the task
    registry (the apps' tasks are registered once Django and Celery are set up)."""
    from celery import current_app

    current_app.loader.import_default_modules()  # the apps' tasks modules
    jobs = []
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        task = current_app.tasks.get(entry["task"])
        if task is None:
            log.error("periodic task %s is not registered", entry["task"])
            continue
        jobs.append((task, float(entry["schedule"])))
    return jobs


class EmbeddedRunner:
    """One thread of the server process running tasks in order, ETA ones at their time, and
    the periodic jobs at their intervals — Celery's worker and beat, without Redis."""

    def __init__(self, periodic: list[tuple[Any, float]], *, sweeps: bool = False) -> None:
        self._heap: list[tuple[float, int, Any, tuple, int]] = []
        self._count = itertools.count()
        self._cv = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._loop, name="embedded-tasks", daemon=True)
        now = time.monotonic()
        for task, interval in periodic:
            self._push(now, _Periodic(self, task, interval), ())
        if sweeps:  # the sweeper's passes (core.sweeper), as beat's thread runs them
            self._push(now, _Sweeps(self), ())

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
        # Run in a copy of the submitter's context, as a worker runs a task under the request
        # id (and trace) it was published with.
        self.put_after(delay, _InContext(task, contextvars.copy_context()), args)

    def put_after(self, delay: float, task, args: tuple, attempt: int = 0) -> None:
        with self._cv:
            self._push(time.monotonic() + delay, task, args, attempt)
            self._cv.notify()

    def _push(self, at: float, task, args: tuple, attempt: int = 0) -> None:
        heapq.heappush(self._heap, (at, next(self._count), task, args, attempt))

    def _loop(self) -> None:
        while True:
            with self._cv:
                while not self._stopped:
                    now = time.monotonic()
                    if self._heap and self._heap[0][0] <= now:
                        break
                    wake = self._heap[0][0] - now if self._heap else None
                    self._cv.wait(timeout=wake)
                if self._stopped:
                    return
                _, _, task, args, attempt = heapq.heappop(self._heap)
            close_old_connections()
            try:
                task.run(*args)
            except Exception as exc:  # noqa: BLE001
                # A locked database: queued again after a short delay (the tasks behind it run
                # meanwhile). Not a periodic job: it queues itself again anyway.
                if (
                    is_database_locked(exc)
                    and attempt < len(LOCKED_RETRY_DELAYS)
                    and not isinstance(task, _Periodic)
                ):
                    log.warning("embedded task %s met a locked database; again", task.name)
                    self.put_after(LOCKED_RETRY_DELAYS[attempt], task, args, attempt + 1)
                else:
                    log.exception("embedded task %s failed", task.name)
            finally:
                close_old_connections()


class _InContext:
    """A task run on the runner inside the context it was submitted from."""

    def __init__(self, task, context: contextvars.Context) -> None:
        self.task, self.context, self.name = task, context, task.name

    def run(self, *args):
        return self.context.run(self.task.run, *args)


class _Periodic:
    """A periodic job on the runner: run the task, then queue itself again."""

    def __init__(self, runner: EmbeddedRunner, task, interval: float) -> None:
        self.runner, self.task, self.interval = runner, task, interval
        self.name = f"{task.name} (every {interval:g} s)"

    def run(self) -> None:
        try:
            self.task.run()
        finally:
            self.runner.put_after(self.interval, self, ())


class _Sweeps:
    """The sweeper's passes on the runner (``core.sweeper``): each queues the next at the
    pause it returns, so a deadline is applied when it comes due."""

    name = "sweeper"

    def __init__(self, runner: EmbeddedRunner) -> None:
        self.runner = runner

    def run(self) -> None:
        pause = float(settings.SWEEP_INTERVAL)
        try:
            pause = sweeper.sweep_once()
        finally:
            self.runner.put_after(pause, self, ())


def to_a_worker() -> bool:
    """Return True when ``submit`` sends tasks to a broker for a worker (neither the embedded
    runner nor eager tasks): they then run in another process, at a time of its own."""
    return _runner is None and not settings.CELERY_TASK_ALWAYS_EAGER


def embedded() -> bool:
    """Return True when tasks run on this process's embedded runner (no Celery worker)."""
    return _runner is not None


def start_embedded_runner() -> EmbeddedRunner:
    global _runner
    if _runner is None:
        _runner = EmbeddedRunner(periodic_jobs(), sweeps=True).start()
    return _runner


def stop_embedded_runner() -> None:
    global _runner
    runner, _runner = _runner, None
    if runner is not None:
        runner.stop()
