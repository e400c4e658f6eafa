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


def _held(sender):
    """Hold the sender's loop until the returned event is set (what is posted meanwhile waits)."""
    resume = threading.Event()
    sender.loop().call_soon_threadsafe(resume.wait, 10)
    return resume


async def test_what_is_set_off_after_a_broadcast_waits_until_the_broadcast_has_gone(
    layer, monkeypatch
):
    """A bot's move is submitted with ``after_sent``: the worker's update must not reach a
    socket ahead of the move that handed the bot its turn. Called at once, the callback ran
    before the held broadcast went out."""
    if type(layer).__name__ == "InMemoryChannelLayer":
        pytest.skip("the sender loop serves a Redis channel layer (REDIS_URL)")
    order = []
    real = broadcast._send_batches

    async def recorded(sender, batches):
        await real(sender, batches)
        order.append("sent")

    monkeypatch.setattr(broadcast, "_send_batches", recorded)
    sender = broadcast._SENDER
    resume = _held(sender)
    called = threading.Event()
    try:
        broadcast.send_now({"after-sent": {"type": "game.update", "n": 1}})
        broadcast.after_sent(lambda: (order.append("callback"), called.set()), at_most=30)
        assert order == []
    finally:
        resume.set()
    assert await asyncio.to_thread(called.wait, 10)
    assert order == ["sent", "callback"]
    # Nothing waiting: it runs as soon as the loop takes it.
    again = threading.Event()
    broadcast.after_sent(again.set, at_most=30)
    assert await asyncio.to_thread(again.wait, 10)


async def test_a_broadcast_that_hangs_holds_what_it_set_off_no_longer_than_its_limit(
    layer, monkeypatch
):
    """A channel layer that is away must not hold a bot's move for the send's own timeout:
    the callback goes after ``at_most`` seconds, once, and the send that ends later does
    not call it again."""
    if type(layer).__name__ == "InMemoryChannelLayer":
        pytest.skip("the sender loop serves a Redis channel layer (REDIS_URL)")
    release = threading.Event()

    async def hanging(sender, batches):
        await asyncio.to_thread(release.wait, 10)

    monkeypatch.setattr(broadcast, "_send_batches", hanging)
    calls = []
    called = threading.Event()
    broadcast.send_now({"after-sent-hangs": {"type": "game.update", "n": 1}})
    broadcast.after_sent(lambda: (calls.append(1), called.set()), at_most=0.2)
    try:
        assert await asyncio.to_thread(called.wait, 10)
        assert not release.is_set()  # the send is still hanging
    finally:
        release.set()
    assert await asyncio.to_thread(broadcast.sent, 10)
    assert calls == [1]
