"""The pub/sub layer sends the subscribes asked for together in one command
(realtime.layers.BatchedShard): channels-redis sent each alone, one after the other under its
shard's lock, and at 500 tables the arriving sockets' subscribes queued for minutes behind each
other while the event loop was busy with the playing tables (issue 30)."""

from __future__ import annotations

import asyncio
import socket

import pytest
import redis
from redis.asyncio.client import PubSub

from realtime.layers import BatchedShard
from realtime.layers import RedisPubSubChannelLayer

pytestmark = pytest.mark.asyncio


def _pubsub_only(layer):
    if not isinstance(layer, RedisPubSubChannelLayer):
        pytest.skip("the batches are the pub/sub layer's on Redis (REDIS_URL)")


def _counting_subscribes(monkeypatch) -> list[int]:
    """How many channels each SUBSCRIBE sent by this process carried."""
    sizes: list[int] = []
    real = PubSub.subscribe

    async def subscribe(self, *args, **kwargs):
        sizes.append(len(args) + len(kwargs))
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(PubSub, "subscribe", subscribe)
    return sizes


async def test_a_crowd_of_sockets_subscribes_in_a_few_commands_and_hears_its_groups(
    layer, monkeypatch
):
    _pubsub_only(layer)
    sizes = _counting_subscribes(monkeypatch)

    async def arrive(n: int) -> str:
        channel = await layer.new_channel()
        await layer.group_add(f"crowd-{n}", channel)
        return channel

    channels = await asyncio.gather(*(arrive(n) for n in range(300)))
    assert sum(sizes) == 600  # each socket's channel and its group, each subscribed once
    assert len(sizes) <= 10, sizes  # not one command each
    for n in (0, 150, 299):
        await layer.group_send(f"crowd-{n}", {"type": "game.update", "n": n})
        assert (await asyncio.wait_for(layer.receive(channels[n]), 5))["n"] == n


async def test_the_latest_wish_for_a_channel_wins_within_a_batch(layer):
    _pubsub_only(layer)
    shard = layer._get_layer()._shards[0]
    assert isinstance(shard, BatchedShard)
    await asyncio.gather(shard.subscribe("wish-off"), shard.unsubscribe("wish-off"))
    await asyncio.gather(shard.unsubscribe("wish-on"), shard.subscribe("wish-on"))
    assert "wish-off" not in shard._subscribed_to
    assert "wish-on" in shard._subscribed_to
    client = redis.Redis.from_url(shard.host["address"])
    try:
        counts = dict(client.pubsub_numsub("wish-off", "wish-on"))
    finally:
        client.close()
    assert counts == {b"wish-off": 0, b"wish-on": 1}


async def test_a_socket_that_leaves_while_it_waits_does_not_take_the_others_subscribes(layer):
    _pubsub_only(layer)
    channels = [await layer.new_channel() for _ in range(20)]
    joins = [asyncio.ensure_future(layer.group_add(f"left-{n}", c)) for n, c in enumerate(channels)]
    await asyncio.sleep(0)  # every join has asked; none has been sent yet
    joins[0].cancel()
    done = await asyncio.gather(*joins, return_exceptions=True)
    assert isinstance(done[0], asyncio.CancelledError)
    assert all(d is None for d in done[1:])
    for n in (1, 19):
        await layer.group_send(f"left-{n}", {"type": "game.update", "n": n})
        assert (await asyncio.wait_for(layer.receive(channels[n]), 5))["n"] == n


async def test_a_redis_that_is_down_fails_every_socket_of_the_batch():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    down = RedisPubSubChannelLayer(hosts=[f"redis://127.0.0.1:{port}/0"], prefix="down")
    try:
        got = await asyncio.wait_for(
            asyncio.gather(*(down.new_channel() for _ in range(5)), return_exceptions=True), 30
        )
        assert all(isinstance(g, (redis.exceptions.ConnectionError, OSError)) for g in got), got
    finally:
        await down.flush()
