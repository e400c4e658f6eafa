"""The libraries' private symbols the platform relies on are still there.

Each is a deliberate reach past a library's public API (pyproject.toml bounds each library to
the releases it was checked against, and says why). An upgrade that removes or reshapes one
fails here, naming the symbol, rather than at the first request or worker restart that needs it.
"""

from __future__ import annotations

import importlib
import inspect

import pytest

# (module, attribute path, who needs it and why)
PRIVATE_SYMBOLS = [
    (
        "drf_spectacular.openapi",
        "AutoSchema._get_response_bodies",
        "core.schema.AutoSchema adds the implied error responses of every operation",
    ),
    (
        "drf_spectacular.openapi",
        "AutoSchema._get_response_for_code",
        "core.schema.AutoSchema builds those responses",
    ),
    (
        "drf_spectacular.openapi",
        "AutoSchema._get_request_body",
        "core.schema.AutoSchema tells a request with a body",
    ),
    (
        "allauth.account.internal.flows.login",
        "get_authentication_records",
        "accounts.second_factor reads how the session was authenticated",
    ),
    (
        "allauth.account.internal.flows.login",
        "perform_login",
        "accounts.second_factor completes a login after the second factor",
    ),
    (
        "allauth.account.internal.flows.login",
        "record_authentication",
        "accounts.second_factor records the second factor on the session",
    ),
    (
        "allauth.account.internal.flows.email_verification",
        "send_verification_email_to_address",
        "accounts.services sends the verification mail of a changed address",
    ),
    (
        "kombu.transport.redis",
        "Channel._connparams",
        "config.celery makes a closed broker connection a connection error",
    ),
    (
        "channels_redis.utils",
        "_consistent_hash",
        "realtime.layers.group_host names the Redis a group lives on (the broadcast log's kinds)",
    ),
    (
        "channels_redis.pubsub",
        "RedisPubSubLoopLayer._get_group_channel_name",
        "realtime.layers.group_host repeats the pub/sub layer's names of groups",
    ),
    (
        "channels_redis.pubsub",
        "RedisPubSubChannelLayer._get_layer",
        "realtime.layers.RedisPubSubChannelLayer puts BatchedShard in each loop's layer",
    ),
    (
        "channels_redis.pubsub",
        "RedisSingleShardConnection._ensure_redis",
        "realtime.layers.BatchedShard connects as the shard does before a batch",
    ),
    (
        "channels_redis.pubsub",
        "RedisSingleShardConnection._ensure_receiver",
        "realtime.layers.BatchedShard starts the shard's receiver before a batch",
    ),
    (
        "asyncio",
        "_get_running_loop",
        "tests/conftest.py lifts Playwright's running-loop mark for the tests without a browser",
    ),
    (
        "asyncio",
        "_set_running_loop",
        "tests/conftest.py lifts Playwright's running-loop mark for the tests without a browser",
    ),
    (
        "channels.consumer",
        "get_handler_name",
        "realtime.consumers.JsonSocketConsumer.dispatch repeats AsyncConsumer.dispatch but its sweep",
    ),
    (
        "django.db.backends.postgresql.base",
        "DatabaseWrapper._configure_connection",
        "config.postgresql builds Django's connection pool as Django does, but for its check",
    ),
    (
        "channels.consumer",
        "aclose_old_connections",
        "tests/realtime/test_consumer_base.py counts the sweep where AsyncConsumer.dispatch calls it",
    ),
]


def _resolve(module: str, path: str):
    obj = importlib.import_module(module)
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


@pytest.mark.parametrize(
    ("module", "path", "why"), PRIVATE_SYMBOLS, ids=[f"{m}.{p}" for m, p, _ in PRIVATE_SYMBOLS]
)
def test_private_symbol_still_exists(module, path, why):
    try:
        symbol = _resolve(module, path)
    except (ImportError, AttributeError) as exc:
        pytest.fail(
            f"{module}.{path} is gone ({exc}); {why}. Pin the library below this release in "
            "pyproject.toml or move to its public API.",
            pytrace=False,
        )
    assert callable(symbol), f"{module}.{path} is no longer callable; {why}"


# Private attributes (not callables) the platform or the tests set: (class, attribute, why).
PRIVATE_ATTRIBUTES = [
    (
        "psycopg_pool.base",
        "AttemptWithBackoff",
        "INITIAL_DELAY",
        "config.pool.reconnect_every sets how soon a pool tries a lost server again",
    ),
    (
        "psycopg_pool.base",
        "AttemptWithBackoff",
        "DELAY_BACKOFF",
        "config.pool.reconnect_every makes the pool's attempts a constant interval apart",
    ),
    (
        "django.db.backends.postgresql.base",
        "DatabaseWrapper",
        "_connection_pools",
        "config.postgresql keeps its pools where Django's close_pool looks for them",
    ),
    ("celery.app.base", "Celery", "_pool", "tests.support.celery.use_broker drops the old pool"),
    (
        "celery.app.amqp",
        "AMQP",
        "_producer_pool",
        "tests.support.celery.use_broker drops the producers made for the old broker",
    ),
]


@pytest.mark.parametrize(
    ("module", "cls", "attribute", "why"),
    PRIVATE_ATTRIBUTES,
    ids=[f"{m}.{c}.{a}" for m, c, a, _ in PRIVATE_ATTRIBUTES],
)
def test_private_attribute_still_exists(module, cls, attribute, why):
    owner = getattr(importlib.import_module(module), cls)
    assert hasattr(owner, attribute), f"{module}.{cls}.{attribute} is gone; {why}"


def test_overridden_private_signatures_still_match():
    """The overrides call the library's method with the arguments they were written for."""
    from drf_spectacular.openapi import AutoSchema

    params = inspect.signature(AutoSchema._get_response_bodies).parameters
    assert "direction" in params, (
        "drf_spectacular AutoSchema._get_response_bodies lost its `direction` parameter, which "
        "core.schema.AutoSchema passes on"
    )
    params = inspect.signature(_resolve("kombu.transport.redis", "Channel._connparams")).parameters
    assert "asynchronous" in params, (
        "kombu Channel._connparams lost its `asynchronous` parameter, which config.celery passes on"
    )


def test_group_host_names_the_redis_channels_redis_puts_a_group_on():
    """realtime.layers.group_host repeats channels-redis's hashing, from the pub/sub proxy's
    ``_kwargs``; here it is checked against the layers' own choice (over four hosts)."""
    from channels_redis.pubsub import RedisPubSubChannelLayer
    from channels_redis.pubsub import RedisPubSubLoopLayer

    from realtime.layers import group_host

    hosts = [f"redis://10.0.0.{n}:6379/0" for n in range(1, 5)]
    proxy = RedisPubSubChannelLayer(hosts=hosts, prefix="site-b")
    assert proxy._kwargs == {"hosts": hosts, "prefix": "site-b"}, (
        "channels_redis's RedisPubSubChannelLayer no longer keeps its CONFIG in _kwargs"
    )
    loop_layer = RedisPubSubLoopLayer(hosts=hosts, prefix="site-b")
    for group in [f"game-{n}.seat-{n % 4}" for n in range(64)] + ["user-7", "tournament-3"]:
        shard = loop_layer._get_shard(loop_layer._get_group_channel_name(group))
        assert group_host(proxy, group) == (loop_layer._shards.index(shard), 4), group


def test_a_pubsub_shard_still_keeps_what_batched_shard_shares_with_it():
    """realtime.layers.BatchedShard sends subscribes under the shard's ``_lock`` on its
    ``_pubsub`` and records them in ``_subscribed_to``, as channels-redis's own methods do;
    it replaces the ``_shards`` of each loop's layer, which it finds by ``host``."""
    from channels_redis.pubsub import RedisPubSubLoopLayer
    from channels_redis.pubsub import RedisSingleShardConnection

    hosts = ["redis://10.0.0.1:6379/0", "redis://10.0.0.2:6379/0"]
    loop_layer = RedisPubSubLoopLayer(hosts=hosts)
    assert [type(s) for s in loop_layer._shards] == [RedisSingleShardConnection] * 2
    shard = loop_layer._shards[1]
    assert shard.host["address"] == hosts[1]
    assert shard._subscribed_to == set()
    assert shard._pubsub is None  # connected lazily, on first use
    assert hasattr(shard._lock, "acquire")
    source = inspect.getsource(RedisSingleShardConnection.subscribe)
    for part in ("self._lock", "self._subscribed_to.add"):
        assert part in source, f"channels_redis's shard no longer subscribes with {part}"


def test_an_rrule_still_holds_the_attributes_series_reads():
    """tournaments.series bounds, counts and fast-forwards a rule from these."""
    from datetime import UTC
    from datetime import datetime

    from dateutil.rrule import HOURLY
    from dateutil.rrule import rrulestr

    start = datetime(2031, 3, 3, 8, 15, tzinfo=UTC)
    rule = rrulestr("FREQ=HOURLY;INTERVAL=5;COUNT=3", dtstart=start)
    expected = {"_freq": HOURLY, "_count": 3, "_until": None, "_interval": 5, "_dtstart": start}
    for name, value in expected.items():
        assert getattr(rule, name, "missing") == value, (
            f"dateutil's rrule.{name} is gone or changed; tournaments.series reads it"
        )


def test_the_installed_releases_are_within_the_bounds_of_pyproject():
    """A venv built from an older lock may hold a release the bounds exclude."""
    import tomllib
    from importlib.metadata import version
    from pathlib import Path

    from packaging.requirements import Requirement

    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    bounded = {"drf-spectacular", "django-allauth", "kombu", "python-dateutil", "channels-redis"}
    seen = set()
    for line in pyproject["project"]["dependencies"]:
        req = Requirement(line)
        if req.name in bounded:
            seen.add(req.name)
            assert req.specifier.contains(version(req.name), prereleases=True), (
                f"{req.name} {version(req.name)} is outside {req.specifier}: run `make venv`"
            )
    assert seen == bounded, f"pyproject.toml no longer bounds {sorted(bounded - seen)}"


def test_channels_names_handlers_as_the_consumers_dispatch_expects():
    from channels.consumer import get_handler_name

    # realtime.consumers.JsonSocketConsumer.dispatch: "game.update" is handled by game_update.
    assert get_handler_name({"type": "game.update"}) == "game_update"
