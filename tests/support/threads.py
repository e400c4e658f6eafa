"""Run calls at the same moment from threads of their own, as concurrent requests or task runs
would: each thread has its own database connection, closed when it ends."""

from __future__ import annotations

import threading
from collections.abc import Callable
from collections.abc import Sequence

from django.db import connections


def run_together(calls: Sequence[Callable], *, timeout: float = 30) -> list:
    """Run the calls in threads released at once; return their results in order. Any error
    fails the test; a thread still running after ``timeout`` s leaves its result None."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)
    errors: list[BaseException] = []

    def run(i: int, call: Callable) -> None:
        try:
            barrier.wait(timeout=10)
            results[i] = call()
        except BaseException as exc:  # noqa: BLE001 — reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=timeout)
    assert not errors, errors
    return results


def run_in_own_loop(make_coroutine: Callable, *, timeout: float = 120):
    """Run ``make_coroutine()`` to its end on an event loop of its own, in a thread of its own,
    and return its result (its error is raised here). A test of the slow lane shares its process
    with the browser lane's tests, and Playwright's sync API keeps an event loop running in the
    main thread for the whole session: pytest-asyncio's own loop then refuses to start
    ("Runner.run() cannot be called from a running event loop")."""
    import asyncio

    results: list = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            results.append(asyncio.run(make_coroutine()))
        except BaseException as exc:  # noqa: BLE001 — raised in the test's thread below
            errors.append(exc)

    thread = threading.Thread(target=run, name="own-event-loop")
    thread.start()
    thread.join(timeout=timeout)
    assert not thread.is_alive(), f"the coroutine did not end within {timeout:.0f} s"
    if errors:
        raise errors[0]
    return results[0]
