"""Which pytest-xdist worker this process is, for resources the parallel lanes must not share."""

from __future__ import annotations

import os


def worker_name() -> str:
    """``gw0``, ``gw1``, ... under pytest-xdist; empty in a run without workers."""
    return os.environ.get("PYTEST_XDIST_WORKER", "")


def worker_number() -> int:
    """0, 1, ... under pytest-xdist; 0 in a run without workers."""
    return int(worker_name().removeprefix("gw") or 0)


def worker_count() -> int:
    """How many workers the run has (pytest-xdist's PYTEST_XDIST_WORKER_COUNT); 1 without."""
    return int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "") or 1)


def own_redis_db(shared_db: int, use: str) -> int:
    """A Redis database number that is this worker's alone, for ``use``: "broker" (its Celery
    tests' broker, purged by each) or "platform" (the platform its browser tests serve, flushed
    as it starts). ``shared_db`` (REDIS_URL's) is every worker's; the brokers take the next
    ``worker_count()`` numbers and the platforms the ones after, so no worker's number is
    another's whatever WORKERS is (up to 7 workers in Redis's 16 databases)."""
    offset = {"broker": 1, "platform": 1 + worker_count()}[use]
    return (shared_db + offset + worker_number()) % 16
