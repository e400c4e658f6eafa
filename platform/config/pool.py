"""How often a process's connection pool tries a PostgreSQL server it lost.

psycopg_pool retries a lost server on a doubling backoff (1, 2, 4 s ...) with no setting for
the interval: after an outage of 4 s the pool's next attempt came up to 1.6 s after the server
was back (measured with the pool alone, requests every 0.5 s), and a table stood still that
much longer. ``reconnect_every`` makes the attempts a constant interval apart instead (psycopg
jitters each by ±10%); ``reconnect_timeout`` (config.env) still bounds each series of attempts.

It sets two class attributes of ``psycopg_pool.base.AttemptWithBackoff``, which is not
psycopg_pool's public API: pyproject.toml bounds psycopg-pool to the releases it was checked
against, and tests/platform/test_private_apis.py fails, naming them, if an upgrade drops them.
"""

from __future__ import annotations


def reconnect_every(seconds: float) -> None:
    """Try a lost server every ``seconds`` (at least 0.05) instead of on a doubling backoff."""
    from psycopg_pool.base import AttemptWithBackoff

    AttemptWithBackoff.INITIAL_DELAY = max(float(seconds), 0.05)
    AttemptWithBackoff.DELAY_BACKOFF = 1.0
