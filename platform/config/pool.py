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

import time
import weakref

# When each pooled connection was last given back to its pool (time.monotonic()), by connection.
_returned: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# A connection given back less than this many seconds ago is lent again without a round trip.
FRESH_SECONDS = 1.0


def reconnect_every(seconds: float) -> None:
    """Try a lost server every ``seconds`` (at least 0.05) instead of on a doubling backoff."""
    from psycopg_pool.base import AttemptWithBackoff

    AttemptWithBackoff.INITIAL_DELAY = max(float(seconds), 0.05)
    AttemptWithBackoff.DELAY_BACKOFF = 1.0


def returned(conn) -> None:
    """Note that ``conn`` was given back to its pool (after its reset: config.env)."""
    _returned[conn] = time.monotonic()


def check_unless_fresh(conn) -> None:
    """psycopg_pool's ``check`` of a connection it is about to lend (config.postgresql).

    A connection the client knows to be closed or broken is refused at once. One given back
    and reset (a round trip that succeeded) less than ``FRESH_SECONDS`` ago is lent as it is;
    any other is checked with psycopg_pool's own ``check_connection`` (a round trip), so one
    that sat idle while the server restarted is replaced before a request meets it. A server
    lost within that second fails the borrower's first statement instead, as it would have a
    moment later anyway: the request answers 503 and the pool replaces the connection."""
    import psycopg
    from psycopg_pool import ConnectionPool

    if conn.closed or conn.broken:
        raise psycopg.OperationalError("the pooled connection is closed")
    at = _returned.get(conn)
    if at is not None and time.monotonic() - at < FRESH_SECONDS:
        return
    ConnectionPool.check_connection(conn)
