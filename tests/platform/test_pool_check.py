"""The pool lends a connection given back a moment ago without a round trip to check it, checks
any other, and refuses one the client knows is closed (config.pool, config.postgresql)."""

from __future__ import annotations

import psycopg
import pytest
from django.db import connection

from config import pool as platform_pool

pytestmark = pytest.mark.postgres


@pytest.fixture
def checks(monkeypatch) -> list:
    """Each connection a round-trip check was made on: psycopg_pool's check_connection runs
    an empty query (recorded at psycopg's Connection.execute, whoever holds the check)."""
    made = []
    execute = psycopg.Connection.execute

    def recorded(self, query, *args, **kwargs):
        if query == "":
            made.append(self)
        return execute(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Connection, "execute", recorded)
    return made


@pytest.fixture
def raw_connection():
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only: run with DATABASE_URL")
    conn = psycopg.connect(**{**connection.get_connection_params(), "autocommit": True})
    yield conn
    conn.close()


@pytest.mark.django_db
def test_a_connection_given_back_a_moment_ago_is_lent_without_a_check(raw_connection, checks):
    platform_pool.returned(raw_connection)
    platform_pool.check_unless_fresh(raw_connection)
    assert checks == []


@pytest.mark.django_db
def test_one_given_back_longer_ago_or_never_is_checked(raw_connection, checks, monkeypatch):
    platform_pool.check_unless_fresh(raw_connection)  # never given back: a new connection
    assert checks == [raw_connection]
    platform_pool.returned(raw_connection)
    monkeypatch.setattr(platform_pool, "FRESH_SECONDS", 0.0)
    platform_pool.check_unless_fresh(raw_connection)
    assert checks == [raw_connection, raw_connection]


@pytest.mark.django_db
def test_a_closed_connection_is_refused_however_fresh(raw_connection, checks):
    platform_pool.returned(raw_connection)
    raw_connection.close()
    with pytest.raises(psycopg.OperationalError):
        platform_pool.check_unless_fresh(raw_connection)


@pytest.mark.django_db
def test_the_platforms_pool_lends_with_that_check(checks):
    """Through Django's pool (whose reset notes each return): a connection lent for the first
    time is checked, one lent again a moment after its return is not."""
    if connection.vendor != "postgresql" or connection.pool is None:
        pytest.skip("PostgreSQL with the pool only: run with DATABASE_URL")
    connection.ensure_connection()
    pool = connection.pool
    given_back: set[int] = set()
    loans = []  # (lent before, checked now)
    for _ in range(6):
        before = len(checks)
        with pool.connection() as conn:
            conn.execute("SELECT 1")
            loans.append((id(conn) in given_back, len(checks) > before))
        given_back.add(id(conn))
    again = [checked for lent_before, checked in loans if lent_before]
    assert again, f"no connection was lent twice: {loans}"
    assert not any(again), f"a connection lent again at once was checked: {loans}"
