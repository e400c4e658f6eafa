"""Which pytest-xdist worker this process is, for resources the parallel lanes must not share."""

from __future__ import annotations

import os


def worker_name() -> str:
    """``gw0``, ``gw1``, ... under pytest-xdist; empty in a run without workers."""
    return os.environ.get("PYTEST_XDIST_WORKER", "")


def worker_number() -> int:
    """0, 1, ... under pytest-xdist; 0 in a run without workers."""
    return int(worker_name().removeprefix("gw") or 0)
