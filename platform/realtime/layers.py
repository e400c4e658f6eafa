"""The channel layer on several Redis servers (CHANNEL_REDIS_URLS): channels-redis shards it
itself, mapping each channel and group to one of its ``hosts`` by a CRC32 of the name. Two
things it leaves to the platform are here:

- ``RedisChannelLayer``: the list-based layer (CHANNEL_LAYER=queues) with its ``send`` to one
  socket's channel put on the host that socket reads from. channels-redis 4.3 hashes the full
  channel name (``specific.<client>!<socket>``) to send and the process's part
  (``specific.<client>!``) to receive, so with two hosts about half of such messages went to
  a Redis nobody read (13 of 20 in a trial; django/channels_redis#221, open since 2020).
  ``group_send`` hashes the process's part already; the platform's broadcasts are group sends,
  so they were not affected, but a ``send`` to a channel must reach it too.
- ``RedisPubSubChannelLayer``: the pub/sub layer (the default), with each shard's subscribes
  and unsubscribes sent in batches (``BatchedShard``, below).
- ``group_host``: which host carries a group, so that an outage of one Redis among several is
  logged as that one's (realtime.broadcast), not as the channel layer's coming and going with
  each group that happens to live on a server that answers.

``group_host`` repeats how channels-redis 4.3 names and hashes (its ``_consistent_hash`` and
the pub/sub layer's ``<prefix>__group__<group>``): pyproject.toml bounds channels-redis to that
line, tests/platform/test_private_apis.py checks it against the layers' own choice and
tests/realtime/test_sharding.py against where the groups really are on two Redis servers.
"""

from __future__ import annotations

import asyncio

from channels_redis import core
from channels_redis import pubsub
from channels_redis.utils import _consistent_hash
from channels_redis.utils import decode_hosts


class RedisChannelLayer(core.RedisChannelLayer):
    """channels-redis's list-based layer, sending to a socket's channel on the host its
    process receives from (see the module's docstring)."""

    def consistent_hash(self, value):
        # A process-local channel ("specific.<client>!<socket>") lives on the host of its
        # process's part: receive() and group_send() hash that part, send() the full name.
        return super().consistent_hash(self.non_local_name(value))


class BatchedShard(pubsub.RedisSingleShardConnection):
    """channels-redis's connection to one Redis of the pub/sub layer, sending the subscribes
    and unsubscribes asked for while the previous ones were on their way as one SUBSCRIBE and
    one UNSUBSCRIBE.

    Each socket subscribes three times as it connects (its own channel, its user's group, its
    seat's group). channels-redis sends each alone, one after the other under the shard's lock,
    and every one waits its turn of the event loop. With the loop busy forwarding moves, 1,000
    people arriving at a round of 500 tables queued about 3,000 subscribes behind each other:
    the last hello came 190 s after the start, once the playing tables stopped
    (docs/scaling.md). Here one task per shard sends whatever is pending in one command each
    way, so a subscribe waits for at most one batch in flight, however many arrive together.

    The latest wish for a channel wins: a subscribe and an unsubscribe of one channel in the
    same batch leave it as the later one asked. Each caller returns once the batch carrying its
    wish has been sent, or raises the batch's error (a Redis that is down: the socket is told to
    come back, as before). Publishing keeps channels-redis's path, under the same lock.
    """

    def __init__(self, host, channel_layer):
        super().__init__(host, channel_layer)
        self._wishes: dict[str, bool] = {}  # channel -> subscribed, not yet sent
        self._batch: asyncio.Future | None = None  # settles once _wishes have been sent
        self._wake = asyncio.Event()
        self._sender: asyncio.Task | None = None

    async def subscribe(self, channel):
        await self._wish(channel, True)

    async def unsubscribe(self, channel):
        await self._wish(channel, False)

    async def _wish(self, channel: str, subscribed: bool) -> None:
        self._wishes[channel] = subscribed
        if self._batch is None:
            self._batch = asyncio.get_running_loop().create_future()
        batch = self._batch
        if self._sender is None or self._sender.done():
            self._sender = asyncio.ensure_future(self._send_batches())
        self._wake.set()
        # Shielded: a caller cancelled while it waits (a socket closing as it connects) leaves
        # the batch, and everybody else's wishes in it, to be sent.
        await asyncio.shield(batch)

    async def _send_batches(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            wishes, batch = self._wishes, self._batch
            self._wishes, self._batch = {}, None
            if batch is None:
                continue
            try:
                async with self._lock:
                    await self._send(wishes)
            except asyncio.CancelledError:
                batch.cancel()
                raise
            except Exception as exc:  # every caller in the batch hears of it
                batch.set_exception(exc)
                batch.exception()  # retrieved: no "never retrieved" warning if all left
            else:
                batch.set_result(None)

    async def _send(self, wishes: dict[str, bool]) -> None:
        on = [c for c, wanted in wishes.items() if wanted and c not in self._subscribed_to]
        off = [c for c, wanted in wishes.items() if not wanted and c in self._subscribed_to]
        if not on and not off:
            return
        self._ensure_redis()
        self._ensure_receiver()
        if on:
            await self._pubsub.subscribe(*on)
            self._subscribed_to.update(on)
        if off:
            await self._pubsub.unsubscribe(*off)
            self._subscribed_to.difference_update(off)

    async def flush(self):
        sender, self._sender = self._sender, None
        if sender is not None:
            sender.cancel()
            try:
                await sender
            except asyncio.CancelledError:
                pass
        if self._batch is not None:
            self._batch.cancel()
        self._wishes, self._batch = {}, None
        await super().flush()


class RedisPubSubChannelLayer(pubsub.RedisPubSubChannelLayer):
    """channels-redis's pub/sub layer whose shards batch their subscribes (``BatchedShard``)."""

    def _get_layer(self):
        layer = super()._get_layer()  # one per event loop, made on first use
        if not getattr(layer, "_batched", False):
            # Made with channels-redis's shards, none of them used yet (they connect lazily).
            layer._shards = [BatchedShard(shard.host, layer) for shard in layer._shards]
            layer._batched = True
        return layer


def group_host(layer, group: str) -> tuple[int, int]:
    """Return (index, count): the index of the host in the layer's ``hosts`` that carries
    ``group``, and how many hosts there are; (0, 1) for a layer not sharded over Redis."""
    if isinstance(layer, core.RedisChannelLayer):
        return layer.consistent_hash(group), layer.ring_size
    if isinstance(layer, pubsub.RedisPubSubChannelLayer):
        hosts, name = _pubsub_group(layer, group)
        return _consistent_hash(name, len(hosts)), len(hosts)
    return 0, 1


def pubsub_target(layer, group: str) -> tuple[str, str] | None:
    """For the pub/sub layer: ``(the Redis URL of the host that carries group, the name the
    layer publishes the group's messages on)``; None for any other layer."""
    if not isinstance(layer, pubsub.RedisPubSubChannelLayer):
        return None
    hosts, name = _pubsub_group(layer, group)
    return hosts[_consistent_hash(name, len(hosts))]["address"], name


def _pubsub_group(layer: pubsub.RedisPubSubChannelLayer, group: str) -> tuple[list[dict], str]:
    """The pub/sub layer's hosts, and the name it publishes ``group``'s messages on."""
    config = layer._kwargs  # the proxy keeps its CONFIG for the layer of each event loop
    return decode_hosts(config.get("hosts")), f"{config.get('prefix', 'asgi')}__group__{group}"
