"""The process's sender loop (realtime.broadcast._SenderLoop): what it sends for synchronous code
(a request's move, a bot's task) it sends all at once when several batches wait, each group's
messages still in the order they were posted, since a socket listens to one group of a game
and relies on hearing its updates in order. Sent one batch after another, at 100 tables a busy
web process's updates queued behind each other's round trips and arrived late (issue 30)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from realtime import broadcast

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("layer")]

BATCHES = 300
GROUPS = ("sender-a", "sender-b", "sender-c")


async def test_batches_waiting_together_are_sent_together_each_group_in_the_order_posted(
    layer, monkeypatch
):
    if type(layer).__name__ == "InMemoryChannelLayer":
        pytest.skip("the sender loop serves a Redis channel layer (REDIS_URL)")
    channels = {}
    for group in GROUPS:
        channels[group] = await layer.new_channel()
        await layer.group_add(group, channels[group])
    sizes = []
    real = broadcast._send_batches

    async def counted(sender, batches):
        sizes.append(len(batches))
        await real(sender, batches)

    monkeypatch.setattr(broadcast, "_send_batches", counted)
    sender = broadcast._SENDER
    loop = sender.loop()
    # Hold the sender's loop while every batch is posted, so that they all wait at once.
    resume = threading.Event()
    loop.call_soon_threadsafe(resume.wait, 10)
    for n in range(BATCHES):
        # Each batch reaches two of the three groups, as a move's does a game's seats.
        batch = {g: {"type": "game.update", "n": n} for i, g in enumerate(GROUPS) if i != n % 3}
        sender.post(layer, batch)
    resume.set()
    assert await asyncio.to_thread(broadcast.sent, 10)

    heard = {}
    for group, channel in channels.items():
        heard[group] = []
        while len(heard[group]) < BATCHES * 2 // 3:
            message = await asyncio.wait_for(layer.receive(channel), 5)
            heard[group].append(message["n"])
    for i, group in enumerate(GROUPS):
        assert heard[group] == [n for n in range(BATCHES) if n % 3 != i], group
    # Everything that waited went in two sends (at most MAX_BATCHES_AT_ONCE each), not 300.
    assert sizes == [broadcast.MAX_BATCHES_AT_ONCE, BATCHES - broadcast.MAX_BATCHES_AT_ONCE]
