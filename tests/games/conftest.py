"""Players of the games' service-level tests, and a real Celery worker and beat for the tests
that need one (tests/games/worker, test_rule_r24_on_the_worker.py).

The worker and beat run `celery -A config worker` / `beat` with the environment the platform
runs with in production (CELERY_EAGER off), pointed at the test run's database and at a broker
of their own: CELERY_BROKER_URL, else REDIS_URL's database + 1 (REDIS_URL itself carries the
channel layer, shared with the test process so the worker's broadcasts reach its sockets).
The API tests (api/) have players of their own: API clients.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection

from tests.support.celery import Celery
from tests.support.celery import broker_url
from tests.support.celery import database_url_of
from tests.support.celery import purge
from tests.support.celery import redis_url_for_tests
from tests.support.celery import use_broker
from tests.support.factories import person

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def ana(db):
    return person("ana", email="ana@example.org")


@pytest.fixture
def bo(db):
    return person("bo", email="bo@example.org")


@pytest.fixture
def celery_processes(transactional_db, settings, tmp_path) -> Iterator[Celery]:
    """A worker and a beat for this test, the test process sending its tasks to their broker
    (tasks not run in-process here)."""
    from celery import current_app

    from config import celery_app

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: the worker is another process on the same database")
    redis_url = redis_url_for_tests("the worker tests")
    broker = broker_url(redis_url)
    purge(broker)
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(
        DATABASE_URL=database_url_of(connection),
        DATABASE_POOL="0",
        REDIS_URL=redis_url,
        CELERY_BROKER_URL=broker,
        CELERY_EAGER="0",
        SWEEP_INTERVAL="0.5",
        AUTOMATIC_GRACE_SECONDS="3",
        PYTHONUNBUFFERED="1",
        # As manage.py does: the repository and its platform/ source folder on the path.
        PYTHONPATH=os.pathsep.join([str(REPO), str(REPO / "platform")]),
    )
    settings.CELERY_TASK_ALWAYS_EAGER = False
    # The platform's tasks are shared tasks: they publish through the current app, which a
    # test that made an app of its own may have left pointing elsewhere.
    assert current_app._get_current_object() is celery_app, "another Celery app is current"
    always_eager = celery_app.conf.task_always_eager
    old_broker = use_broker(celery_app, broker)
    celery_app.conf.task_always_eager = False
    procs = Celery(env, tmp_path)
    procs.start_worker()
    procs.start_beat()
    # A test's bounds (a task received within 20 s, a table moving again within 20 s) are the
    # platform's, not the worker's start: on a loaded machine the start alone took over 20 s
    # (a flake hunt beside other work), so the test begins once the worker says it is ready.
    procs.wait_worker_ready()
    try:
        yield procs
    finally:
        procs.stop()
        use_broker(celery_app, old_broker)
        celery_app.conf.task_always_eager = always_eager
        purge(broker)
