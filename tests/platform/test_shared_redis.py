"""The parallel lanes' processes share REDIS_URL's database: tests/conftest.py refuses a
flush of it (one had silenced another process's socket test), and leaves a worker's own
databases to flush."""

from __future__ import annotations

import os

import pytest
import redis
import redis.asyncio

from tests.conftest import SharedRedisFlushed
from tests.support.celery import broker_url
from tests.support.celery import redis_url_for_tests


@pytest.fixture
def redis_url():
    return redis_url_for_tests("the shared-database guard")


def test_a_flush_of_the_shared_database_is_refused_and_flushes_nothing(redis_url):
    client = redis.Redis.from_url(redis_url)
    key = f"shared-guard-{os.getpid()}"
    client.set(key, "kept", ex=60)
    try:
        with pytest.raises(SharedRedisFlushed, match="FLUSHDB"):
            client.flushdb()
        with pytest.raises(SharedRedisFlushed, match="FLUSHALL"):
            redis.Redis.from_url(broker_url(redis_url)).flushall()  # every database
        assert client.get(key) == b"kept"
    finally:
        client.delete(key)
        client.close()


@pytest.mark.asyncio
async def test_the_asyncio_client_is_refused_too(redis_url):
    client = redis.asyncio.Redis.from_url(redis_url)
    try:
        with pytest.raises(SharedRedisFlushed):
            await client.flushdb()
    finally:
        await client.aclose()


def test_a_workers_own_database_may_be_flushed(redis_url):
    client = redis.Redis.from_url(broker_url(redis_url))
    try:
        assert client.flushdb()
    finally:
        client.close()


@pytest.mark.parametrize("workers", range(1, 8))
def test_each_worker_has_redis_databases_no_other_worker_has(monkeypatch, workers):
    """A worker's broker (purged by each Celery test) and its served platform's database
    (flushed as it starts) are no one else's, nor the shared one, whatever WORKERS is: with
    4 workers the fourth's broker was the first's platform."""
    from tests.support.xdist import own_redis_db

    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", str(workers))
    taken = []
    for n in range(workers):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", f"gw{n}")
        taken += [own_redis_db(0, "broker"), own_redis_db(0, "platform")]
    assert len(set(taken)) == len(taken)
    assert 0 not in taken
