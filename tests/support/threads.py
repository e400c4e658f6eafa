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
