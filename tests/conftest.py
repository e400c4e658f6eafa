"""Fixtures shared by every test package."""

import asyncio
import importlib
import os
import uuid

import pytest
from django.db import connection
from django.db import connections
from hypothesis import settings as hypothesis_settings

from tests.support.heavy_first import HeavyFirst

# No wall-clock deadline on property tests: Hypothesis's default (200 ms an example) failed
# test_duplicate.py's sizes test under a busy machine (259 ms), a time, not a property. A
# test that hangs still meets pytest-timeout.
hypothesis_settings.register_profile("platform", deadline=None)
hypothesis_settings.load_profile("platform")

# The processes the tests start count their rate limits in Redis under keys of this run's own:
# the databases the tests make number their users from 1 each run, and what an earlier run left
# there within the hour would otherwise throttle this one's user 1.
os.environ.setdefault("CACHE_KEY_PREFIX", f"test-{uuid.uuid4().hex[:12]}")

SQLITE_FORWARD = importlib.import_module(
    "eventstore.migrations.0002_append_only_trigger"
).SQLITE_FORWARD
SQLITE_CHECKPOINT_FORWARD = importlib.import_module(
    "eventstore.migrations.0003_checkpoint"
).SQLITE_FORWARD


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "postgres: needs PostgreSQL (DATABASE_URL); skipped on the embedded SQLite, "
        "never skipped under CI",
    )
    config.addinivalue_line(
        "markers",
        "heavy: runs a minute or more; the lanes start it first, on a process of its own "
        "(tests/support/heavy_first.py)",
    )
    config.pluginmanager.register(HeavyFirst(), "heavy-first")


E2E = os.path.join("tests", "e2e", "")


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(config, items):
    # The lanes (make test-fast, test-browser, test-slow) select on these markers: every test
    # under tests/e2e drives the browser, whether its module says so or not.
    for item in items:
        if E2E in str(item.path) and item.get_closest_marker("e2e") is None:
            item.add_marker(pytest.mark.e2e)
    if connection.vendor == "postgresql":
        return
    if os.environ.get("CI"):
        raise pytest.UsageError("CI must run the tests on PostgreSQL: set DATABASE_URL")
    skip = pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL (as .ci/run does)")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Run a test that drives no browser without Playwright's event loop marked as running.

    Playwright's sync API marks its loop as running in the main thread between its calls, for
    as long as the session's browser lives (playwright/_impl/_greenlets.py, wait_for_future).
    The long lane runs the browser tests and the slow ones in one pool of processes, and a
    process that ran browser tests can then take slow tests from another's queue (pytest-xdist's
    worksteal): pytest-asyncio refused their loops and Django their database
    (SynchronousOnlyOperation), 7 errors and a hang on one process of a flake hunt. The mark is
    lifted for such a test and put back after it, for the browser tests still to come.
    (asyncio's _get_running_loop and _set_running_loop: the functions Playwright itself uses;
    tests/platform/test_private_apis.py checks they are there.)"""
    if item.get_closest_marker("e2e") is not None:
        return (yield)
    marked = asyncio._get_running_loop()
    if marked is None:
        return (yield)
    asyncio._set_running_loop(None)
    try:
        return (yield)
    finally:
        asyncio._set_running_loop(marked)


@pytest.fixture(autouse=True, scope="session")
def _channel_layer_names_of_this_process():
    """Give the channel layer on Redis names of this test process's own, for the servers and
    workers it starts too (they inherit the variable): publish/subscribe channels ignore the
    database number, and the parallel lanes' processes would hear each other's groups."""
    from django.conf import settings

    from tests.support.xdist import worker_name

    prefix = f"test{worker_name()}-{os.getpid()}"
    os.environ["CHANNEL_LAYER_PREFIX"] = prefix
    for layer in settings.CHANNEL_LAYERS.values():
        if "CONFIG" in layer:
            layer["CONFIG"]["prefix"] = prefix


class SharedRedisFlushed(RuntimeError):
    """A test flushed the Redis database the parallel lane's processes share."""


def _shared_redis() -> tuple[int, int] | None:
    """(port, db) of REDIS_URL's database, which every test process of a parallel lane shares."""
    from urllib.parse import urlsplit

    url = os.environ.get("REDIS_URL", "").strip()
    if not url:
        return None
    parts = urlsplit(url)
    return parts.port or 6379, int(parts.path.lstrip("/") or 0)


@pytest.fixture(autouse=True, scope="session")
def _no_flush_of_the_shared_redis_database():
    """Refuse FLUSHDB (and FLUSHALL) of REDIS_URL's database: every process of a parallel lane
    keeps its tests' channel groups, rate limits and socket slots there, each under a prefix
    of its own. One test's ``cache.clear()`` (Django's Redis cache flushes its whole database)
    wiped another process's socket test's group mid-game, and that socket heard nothing more
    (tests/hardening/test_socket_seats.py, about one fast lane in ten). A test deletes its own
    keys; the databases of one worker's own (its broker, its served platform's) may be
    flushed (tests/support/celery.purge, tests/e2e/conftest.py)."""
    from redis.commands.core import ManagementCommands  # the sync and asyncio clients' both

    shared = _shared_redis()
    if shared is None:
        yield
        return

    def guarded(name: str, command: str):
        original = getattr(ManagementCommands, name)

        def flush(client, *args, **kwargs):  # the asyncio client's answer is its coroutine
            kwargs_ = client.connection_pool.connection_kwargs
            port, db = kwargs_.get("port", 6379), kwargs_.get("db", 0)
            if port == shared[0] and (db == shared[1] or command == "FLUSHALL"):
                raise SharedRedisFlushed(
                    f"{command} of REDIS_URL's database: the parallel lane's processes share "
                    "it (their channel groups, rate limits); delete the test's own keys instead"
                )
            return original(client, *args, **kwargs)

        return flush

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ManagementCommands, "flushdb", guarded("flushdb", "FLUSHDB"))
        mp.setattr(ManagementCommands, "flushall", guarded("flushall", "FLUSHALL"))
        yield


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hasher():
    """Hash passwords cheaply: tests register many players, and the real hasher costs a
    noticeable fraction of a second each time."""
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True, scope="session")
def _tasks_run_in_process():
    """Run the platform's tasks in the test process, right after each commit (as the embedded
    default does), even when REDIS_URL names a broker: no worker listens to it during most
    tests. The tests of the real worker (tests/games/worker) turn this off for themselves."""
    from django.conf import settings

    settings.CELERY_TASK_ALWAYS_EAGER = True


@pytest.fixture(autouse=True, scope="session")
def _rate_limits_off():
    """Turn the rate limits off: the tests sign up and log in many players from one address,
    as fast as they can. tests/hardening turn them on for their own tests."""
    from django.conf import settings

    settings.RATE_LIMITS_ENABLED = False
    settings.ACCOUNT_RATE_LIMITS = False  # allauth's (password reset, verification mails)


@pytest.fixture(autouse=True, scope="session")
def _rated_play_open_to_all():
    """Let fresh accounts play rated (RATED_MIN_GAMES, RATED_MIN_ACCOUNT_DAYS = 0): the tests
    register their players just before seating them. tests/hardening/test_rating_farming.py
    and tests/ratings/test_eligibility.py turn the requirement on for their own tests."""
    from django.conf import settings

    settings.RATED_MIN_GAMES = 0
    settings.RATED_MIN_ACCOUNT_DAYS = 0


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Start from an empty test database. The lanes keep it between runs (--reuse-db), and a
    run stopped in the middle of a transactional test (Ctrl-C, a killed worker) left that
    test's rows behind, which the next run's tests then met (a flake hunt stopped by hand
    started its next run with errors). Flushing once is what every transactional test does
    after itself."""
    from django.core.management import call_command

    with django_db_blocker.unblock():
        for conn in connections.all():
            _allow_event_table_flush(conn)
            call_command("flush", interactive=False, database=conn.alias, verbosity=0)
            _restore_sqlite_event_triggers(conn)
            if conn.vendor == "postgresql":
                with conn.cursor() as cursor:  # the tests of the trigger start outside it
                    cursor.execute("RESET eventstore.maintenance")


def _transactional(request) -> bool:
    marker = request.node.get_closest_marker("django_db")
    return bool(
        "transactional_db" in request.fixturenames
        or "live_server" in request.fixturenames
        or (marker and marker.kwargs.get("transaction"))
    )


@pytest.fixture(autouse=True)
def _event_table_flush(request):
    """Let the test database's flush TRUNCATE the append-only event and checkpoint tables after
    a transactional test: the trigger allows it only to the tables' owner (the tests connect as
    the user that created the test database) in a session that set ``eventstore.maintenance``."""
    _end_maintenance(request)
    if not _transactional(request):
        yield
        return
    request.getfixturevalue("_django_db_helper")  # set up first, so torn down after this
    yield
    for conn in connections.all():
        _allow_event_table_flush(conn)
        _restore_sqlite_event_triggers(conn)


def _end_maintenance(request) -> None:
    """Start every test outside ``eventstore.maintenance``: the flush after a transactional test
    sets it on a connection the next test reuses, where a TRUNCATE of the event table would then
    pass the trigger that test may be about."""
    blocker = request.getfixturevalue("django_db_blocker")
    with blocker.unblock():
        for conn in connections.all(initialized_only=True):
            if conn.vendor == "postgresql" and conn.connection is not None:
                # Inside a test's transaction too: it holds for the test, which is what counts.
                with conn.cursor() as cursor:
                    cursor.execute("RESET eventstore.maintenance")


def _allow_event_table_flush(conn) -> None:
    """Let a flush on ``conn`` empty the append-only tables."""
    if conn.vendor == "postgresql":
        # The flush runs on this thread's connection, which an async test may never have
        # opened (its queries ran in worker threads).
        conn.ensure_connection()
        with conn.cursor() as cursor:
            cursor.execute("SET eventstore.maintenance = 'on'")
    elif conn.vendor == "sqlite":
        # SQLite triggers know no session setting: empty the tables with their delete
        # triggers dropped (the flush then deletes no row of them) ...
        conn.ensure_connection()
        with conn.cursor() as cursor:
            cursor.execute("DROP TRIGGER IF EXISTS eventstore_event_no_delete")
            cursor.execute("DELETE FROM eventstore_event")
            cursor.execute("DROP TRIGGER IF EXISTS eventstore_checkpoint_no_delete")
            cursor.execute("DELETE FROM eventstore_checkpoint")


def _restore_sqlite_event_triggers(conn) -> None:
    """... and put the SQLite triggers back."""
    if conn.vendor == "sqlite":
        with conn.cursor() as cursor:
            cursor.execute(SQLITE_FORWARD[1])
            cursor.execute(SQLITE_CHECKPOINT_FORWARD[1])


@pytest.fixture
def frozen_clock():
    """The platform's clock (core.clock), frozen at the real time now; ``.advance(delta)``
    moves it. Back to the real time after the test."""
    from core import clock

    clock.freeze()
    yield clock
    clock.reset()
