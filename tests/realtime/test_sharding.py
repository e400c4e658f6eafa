"""The channel layer sharded over two Redis servers (CHANNEL_REDIS_URLS), each layer kind: a
group's members on one layer instance and its sender on another (two web processes, as far as
channels-redis can tell) meet on the Redis the group hashes to, and the groups are spread over
both servers, where realtime.layers.group_host says they are."""

from __future__ import annotations

import asyncio
import logging
import uuid

import pytest
import redis
from django.utils.module_loading import import_string

from config.env import CHANNEL_LAYER_KINDS
from config.env import CHANNEL_LAYER_SOCKET_TIMEOUT
from config.env import channel_layers_from_env
from config.env import redis_urls_from_env
from realtime import broadcast
from realtime.groups import game_seat_group
from realtime.layers import group_host
from tests.support.threads import run_in_own_loop

pytestmark = pytest.mark.slow  # starts two redis-servers

GROUPS = 40  # game groups; with two hosts each gets about half (1 in 2**39 that one gets none)
TIMEOUT = 5


@pytest.fixture(scope="module")
def two_redis(tmp_path_factory):
    """Two private redis-servers (tests/hardening/private.py); their URLs."""
    from tests.hardening.private import PrivateRedis
    from tests.hardening.private import Unavailable

    servers = []
    try:
        for name in ("shard-1", "shard-2"):
            try:
                server = PrivateRedis(tmp_path_factory.mktemp(name))
            except Unavailable as exc:
                pytest.skip(str(exc))
            server.start()
            servers.append(server)
        yield [server.url for server in servers]
    finally:
        for server in servers:
            server.stop()


def make_layer(urls: list[str], kind: str, prefix: str):
    """One layer instance as a process builds it from CHANNEL_REDIS_URLS."""
    backend = channel_layers_from_env(urls, kind, prefix)["default"]
    return import_string(backend["BACKEND"])(**backend["CONFIG"])


def names_on(url: str, kind: str, prefix: str) -> set[str]:
    """The layer's group names held by the Redis at ``url``: its subscribed publish/subscribe
    channels (pubsub), or its group keys (queues)."""
    client = redis.Redis.from_url(url, decode_responses=True)
    try:
        if kind == "pubsub":
            marker = f"{prefix}__group__"
            return {n[len(marker) :] for n in client.pubsub_channels(f"{marker}*")}
        marker = f"{prefix}:group:"
        return {k[len(marker) :] for k in client.keys(f"{marker}*")}
    finally:
        client.close()


async def wait_for_groups(urls, kind, prefix, groups) -> list[set[str]]:
    """Wait until every group is held by one of the servers (a SUBSCRIBE is sent without
    waiting for its answer: a publish from another connection could overtake it)."""
    for _ in range(100):
        held = [names_on(url, kind, prefix) for url in urls]
        if set().union(*held) >= set(groups):
            return held
        await asyncio.sleep(0.05)
    return held


def test_the_settings_build_one_host_for_each_url_for_either_layer(two_redis):
    urls = redis_urls_from_env({"CHANNEL_REDIS_URLS": ",".join(two_redis)})
    assert urls == two_redis
    for kind in CHANNEL_LAYER_KINDS:
        layer = make_layer(urls, kind, "asgi")
        assert group_host(layer, "game-1.seat-0")[1] == 2
        config = channel_layers_from_env(urls, kind)["default"]["CONFIG"]
        assert config["hosts"] == [
            {"address": url, "socket_timeout": CHANNEL_LAYER_SOCKET_TIMEOUT} for url in two_redis
        ]


# The slow lane shares processes with the browser lane, whose Playwright keeps an event loop
# running in the main thread: these run on a loop of their own (tests.support.threads).
@pytest.mark.parametrize("kind", CHANNEL_LAYER_KINDS)
def test_a_group_send_from_one_process_reaches_members_on_another_over_two_redis(
    two_redis, kind, monkeypatch
):
    monkeypatch.setattr(broadcast._DIRECT, "_until", 0.0)  # no backoff another test left
    run_in_own_loop(lambda: group_send_over_two_redis(two_redis, kind))


async def group_send_over_two_redis(two_redis, kind):
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    web_a = make_layer(two_redis, kind, prefix)  # the sockets' process
    web_b = make_layer(two_redis, kind, prefix)  # the process that made the move
    groups = [game_seat_group(f"g{n}", n % 4) for n in range(GROUPS)]
    try:
        channels = {}
        for group in groups:
            channels[group] = await web_a.new_channel()
            await web_a.group_add(group, channels[group])
        held = await wait_for_groups(two_redis, kind, prefix, groups)

        # Spread over both servers, each group on the one group_host names (as B hashes it).
        expected = [set(), set()]
        for group in groups:
            index, count = group_host(web_b, group)
            assert count == 2
            expected[index].add(group)
        assert held == expected
        assert all(len(on_one) >= GROUPS // 5 for on_one in held), [len(h) for h in held]

        for n, group in enumerate(groups):
            await web_b.group_send(group, {"type": "game.update", "n": n})
        for n, group in enumerate(groups):
            message = await asyncio.wait_for(web_a.receive(channels[group]), TIMEOUT)
            assert message == {"type": "game.update", "n": n}, group

        if kind == "pubsub":
            # Published from a committing thread (realtime.broadcast._Direct, redis-py): on the
            # Redis the layer itself would publish the group on.
            for n, group in enumerate(groups):
                message = {"type": "game.update", "n": n, "direct": True}
                assert await asyncio.to_thread(broadcast._DIRECT.send, web_b, {group: message})
            for n, group in enumerate(groups):
                message = await asyncio.wait_for(web_a.receive(channels[group]), TIMEOUT)
                assert message == {"type": "game.update", "n": n, "direct": True}, group

        # A send to one socket's channel too (the queue layer's own send picked the wrong
        # Redis for about half of them: realtime.layers.RedisChannelLayer).
        for n, group in enumerate(groups):
            await web_b.send(channels[group], {"type": "direct", "n": n})
        for n, group in enumerate(groups):
            message = await asyncio.wait_for(web_a.receive(channels[group]), TIMEOUT)
            assert message == {"type": "direct", "n": n}, group
    finally:
        await web_a.flush()
        await web_b.flush()


def test_one_redis_down_is_logged_as_that_one_while_the_other_keeps_broadcasting(
    two_redis, caplog, monkeypatch
):
    """Redis 2 of 2 away: its groups' sends fail and are logged as its own kind, once; the
    groups on Redis 1 are delivered and do not log the layer as back again each batch."""
    run_in_own_loop(lambda: one_redis_down(two_redis, caplog, monkeypatch))


async def one_redis_down(two_redis, caplog, monkeypatch):
    from core.outages import FailureLog

    dead = f"redis://127.0.0.1:{_unused_port()}/0"
    urls = [two_redis[0], dead]
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    failures = FailureLog(logging.getLogger("realtime.broadcast"))
    monkeypatch.setattr(broadcast, "failures", failures)
    sockets = make_layer(urls, "pubsub", prefix)
    sender = make_layer(urls, "pubsub", prefix)
    groups = [game_seat_group(f"g{n}", 0) for n in range(GROUPS)]
    alive = [g for g in groups if group_host(sender, g)[0] == 0]
    away = [g for g in groups if group_host(sender, g)[0] == 1]
    assert alive
    assert away
    try:
        channels = {}
        for group in alive:
            channels[group] = await channel_on_a_live_redis(sockets)
            await sockets.group_add(group, channels[group])
        await wait_for_groups(two_redis[:1], "pubsub", prefix, alive)
        caplog.set_level(logging.WARNING, logger="realtime.broadcast")
        for group in groups:  # one group a batch, as a user's or a chat's broadcast
            await broadcast._send_all(sender, {group: {"type": "game.update", "group": group}})
        for group in alive:
            message = await asyncio.wait_for(sockets.receive(channels[group]), TIMEOUT)
            assert message["group"] == group
    finally:
        await sockets.flush()
        await sender.flush()
    lines = [r.getMessage() for r in caplog.records if r.name == "realtime.broadcast"]
    assert len(lines) == 1, lines
    assert lines[0].startswith(
        "broadcasting to the channel layer's Redis 2 of 2 failed: ConnectionError"
    ), lines
    assert failures.failing("broadcasting to the channel layer's Redis 2 of 2")
    assert not failures.failing("broadcasting to the channel layer's Redis 1 of 2")


async def channel_on_a_live_redis(layer) -> str:
    """A new socket's channel: the pub/sub layer subscribes to it on the Redis it hashes to,
    which fails for those that hash to the one that is down (as a socket's connect would)."""
    for _ in range(50):
        try:
            return await layer.new_channel()
        except redis.exceptions.ConnectionError:
            continue
    raise AssertionError("no channel hashed to the Redis that answers")


def _unused_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
