"""A broadcast from synchronous code goes to the pub/sub layer's Redis from the thread that
committed, before that thread goes on (realtime.broadcast._Direct): sent through the process's
sender loop, a busy web process's updates went out seconds late at 500 tables and the worker's
answers overtook them (issue 30). A Redis that does not answer holds the thread no longer than
the publish's timeout, and the sender loop takes over for a while."""

from __future__ import annotations

import asyncio
import socket

import pytest

from realtime import broadcast

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("layer")]


def _pubsub_only(layer):
    if type(layer).__name__ != "RedisPubSubChannelLayer":
        pytest.skip("the direct path serves the pub/sub layer on Redis (REDIS_URL)")


async def test_a_broadcast_from_a_thread_is_in_redis_before_send_now_returns(layer, monkeypatch):
    _pubsub_only(layer)
    channel = await layer.new_channel()
    await layer.group_add("direct-a", channel)
    posted = []
    monkeypatch.setattr(broadcast._SENDER, "post", lambda *a: posted.append(a))
    monkeypatch.setattr(broadcast._DIRECT, "_until", 0.0)
    await asyncio.to_thread(broadcast.send_now, {"direct-a": {"type": "game.update", "n": 1}})
    assert posted == []  # not left to the sender loop
    assert (await asyncio.wait_for(layer.receive(channel), 5))["n"] == 1
    # From a coroutine (a thread running an event loop) it never blocks: the sender loop.
    broadcast.send_now({"direct-a": {"type": "game.update", "n": 2}})
    assert len(posted) == 1


async def test_a_redis_that_does_not_answer_holds_a_broadcast_briefly_then_the_sender_loop_takes_over(
    layer, monkeypatch
):
    _pubsub_only(layer)
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)  # accepts connections (the kernel does), never answers
    url = f"redis://127.0.0.1:{silent.getsockname()[1]}/0"
    monkeypatch.setattr(
        "realtime.layers.pubsub_target", lambda layer, group: (url, f"asgi__group__{group}")
    )
    monkeypatch.setattr(broadcast._DIRECT, "_until", 0.0)
    monkeypatch.setattr(broadcast._DIRECT, "_clients", {})
    posted = []
    monkeypatch.setattr(broadcast._SENDER, "post", lambda layer, m: posted.append(dict(m)))
    tried = []
    real_client = broadcast._DIRECT._client
    monkeypatch.setattr(broadcast._DIRECT, "_client", lambda u: tried.append(u) or real_client(u))
    try:
        messages = {"direct-b": {"type": "game.update", "n": 1}, "direct-c": {"n": 2}}
        await asyncio.to_thread(broadcast.send_now, messages)
        assert posted == [messages]  # every group the direct path could not send
        assert tried == [url]
        await asyncio.to_thread(broadcast.send_now, {"direct-b": {"n": 3}})
        assert posted[-1] == {"direct-b": {"n": 3}}
        assert tried == [url]  # within the backoff: not tried again
    finally:
        silent.close()


async def test_a_thread_does_not_overtake_batches_still_waiting_in_the_sender_loop(monkeypatch):
    """While the sender loop holds batches posted before, a new one waits behind them."""
    monkeypatch.setattr(broadcast._DIRECT, "_until", 0.0)
    monkeypatch.setattr(broadcast._SENDER, "nothing_pending", lambda: False)
    assert broadcast._DIRECT.send(object(), {"g": {"n": 1}}) is False


async def test_a_broadcast_to_several_groups_is_one_round_trip_to_their_redis(layer, monkeypatch):
    """A move's update goes to the table, each seat and the spectators: one write to Redis and
    one wait for its replies, not one a group (each wait gives up the interpreter lock)."""
    _pubsub_only(layer)
    import redis.connection

    groups = [f"direct-many-{i}" for i in range(4)]
    channels = {}
    for group in groups:
        channels[group] = await layer.new_channel()
        await layer.group_add(group, channels[group])
    monkeypatch.setattr(broadcast._DIRECT, "_until", 0.0)
    monkeypatch.setattr(broadcast._DIRECT, "_clients", {})
    monkeypatch.setattr(broadcast._SENDER, "post", lambda *a: pytest.fail("left to the loop"))
    writes = []
    real = redis.connection.AbstractConnection.send_packed_command

    def counted(self, command, check_health=True):
        writes.append(command)
        return real(self, command, check_health)

    monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", counted)
    messages = {group: {"type": "game.update", "n": i} for i, group in enumerate(groups)}
    await asyncio.to_thread(broadcast.send_now, messages)
    monkeypatch.undo()
    published = [w for w in writes if b"PUBLISH" in b"".join(w if isinstance(w, list) else [w])]
    assert len(published) == 1, f"{len(published)} writes carried the publishes"
    for i, group in enumerate(groups):
        assert (await asyncio.wait_for(layer.receive(channels[group]), 5))["n"] == i
