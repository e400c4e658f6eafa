"""Fixtures shared by every test package."""

import os

import pytest
from django.db import connection, connections


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "postgres: needs PostgreSQL (DATABASE_URL); skipped on the embedded SQLite, "
        "never skipped under CI",
    )


def pytest_collection_modifyitems(config, items):
    if connection.vendor == "postgresql":
        return
    if os.environ.get("CI"):
        raise pytest.UsageError("CI must run the tests on PostgreSQL: set DATABASE_URL")
    skip = pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL (as .ci/run does)")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


def _transactional(request) -> bool:
    marker = request.node.get_closest_marker("django_db")
    return bool(
        "transactional_db" in request.fixturenames
        or "live_server" in request.fixturenames
        or (marker and marker.kwargs.get("transaction"))
    )


@pytest.fixture(autouse=True)
def _event_table_flush(request):
    """Let the test database's flush TRUNCATE the append-only event table after a transactional
    test: the trigger allows it only in a session that set ``eventstore.maintenance``."""
    if not _transactional(request):
        yield
        return
    request.getfixturevalue("_django_db_helper")  # set up first, so torn down after this
    yield
    for conn in connections.all(initialized_only=True):
        if conn.vendor == "postgresql" and conn.connection is not None:
            with conn.cursor() as cursor:
                cursor.execute("SET eventstore.maintenance = 'on'")
