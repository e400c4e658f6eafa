"""Fixtures for the hardening tests: rate limits on a cache of their own, a channel layer of
their own, a PostgreSQL and a Redis of their own."""

from __future__ import annotations

import os
import uuid

import pytest
import pytest_asyncio
from channels.layers import get_channel_layer

from config.env import channel_layers_from_env
from core import throttling
from games import consumers
from tests.support.throttling import limits_on


@pytest.fixture
def rate_limits(settings, monkeypatch):
    """Turn the rate limits on, counting in a local-memory cache of this test's own, with the
    clock pinned; ``settings.RATE_LIMITS`` may be changed by the test."""
    limits_on(settings, monkeypatch)
    settings.RATE_LIMITS = {"login": "10/min", "register": "10/min", "moves": "20/s"}
    # A cache that failed in an earlier test is not this test's: ask it again at once.
    monkeypatch.setattr(throttling, "_cache_away_until", 0.0)
    return settings


@pytest.fixture
def redis_url():
    url = os.environ.get("REDIS_URL", "").strip()
    if not url:
        pytest.skip("needs Redis: set REDIS_URL")
    return url


@pytest_asyncio.fixture
async def layer(settings, monkeypatch):
    """The channel layer: channels-redis's queue-based layer on REDIS_URL, configured as
    production configures it (config.env.channel_layers_from_env: a socket timeout that
    outlasts the layer's blocking pop, which redis-py's default does not, so an idle socket's
    consumer crashed with "Timeout reading" once a test waited 5 s), under a prefix of this
    test's own, else the in-memory layer; flushed afterwards."""
    url = os.environ.get("REDIS_URL", "").strip()
    if url:
        backend = channel_layers_from_env(url, "queues")["default"]
        backend["CONFIG"]["prefix"] = f"test-{uuid.uuid4().hex}"
    else:
        backend = {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    settings.CHANNEL_LAYERS = {"default": backend}
    channel_layer = get_channel_layer()
    # How late updates reached the sockets lately is the process's (games.consumers.LATENESS):
    # each test starts from none, or one test's late updates would lengthen the next one's holds.
    monkeypatch.setattr(consumers, "LATENESS", consumers.Lateness())
    yield channel_layer
    await channel_layer.flush()


def _private(redis: bool):
    from tests.hardening.private import Unavailable
    from tests.hardening.private import private_services

    services = private_services(redis=redis)
    try:
        servers = services.__enter__()
    except Unavailable as exc:
        pytest.skip(str(exc))
    try:
        yield servers
    finally:
        services.__exit__(None, None, None)


@pytest.fixture
def private_servers():
    """(PrivatePostgres, PrivateRedis) of this test's own, to stop, crash and pause
    (tests/hardening/private.py); skipped where their binaries are missing."""
    yield from _private(redis=True)


@pytest.fixture
def private_postgres():
    """A PrivatePostgres of this test's own (tests/hardening/private.py)."""
    servers = _private(redis=False)
    pg, _ = next(servers)
    yield pg
    next(servers, None)  # stopped and removed
