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
- ``group_host``: which host carries a group, so that an outage of one Redis among several is
  logged as that one's (realtime.broadcast), not as the channel layer's coming and going with
  each group that happens to live on a server that answers.

``group_host`` repeats how channels-redis 4.3 names and hashes (its ``_consistent_hash`` and
the pub/sub layer's ``<prefix>__group__<group>``): pyproject.toml bounds channels-redis to that
line, tests/platform/test_private_apis.py checks it against the layers' own choice and
tests/realtime/test_sharding.py against where the groups really are on two Redis servers.
"""

from __future__ import annotations

from channels_redis import core
from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import _consistent_hash
from channels_redis.utils import decode_hosts


class RedisChannelLayer(core.RedisChannelLayer):
    """channels-redis's list-based layer, sending to a socket's channel on the host its
    process receives from (see the module's docstring)."""

    def consistent_hash(self, value):
        # A process-local channel ("specific.<client>!<socket>") lives on the host of its
        # process's part: receive() and group_send() hash that part, send() the full name.
        return super().consistent_hash(self.non_local_name(value))


def group_host(layer, group: str) -> tuple[int, int]:
    """Return (index, count): the index of the host in the layer's ``hosts`` that carries
    ``group``, and how many hosts there are; (0, 1) for a layer not sharded over Redis."""
    if isinstance(layer, core.RedisChannelLayer):
        return layer.consistent_hash(group), layer.ring_size
    if isinstance(layer, RedisPubSubChannelLayer):
        hosts, name = _pubsub_group(layer, group)
        return _consistent_hash(name, len(hosts)), len(hosts)
    return 0, 1


def pubsub_target(layer, group: str) -> tuple[str, str] | None:
    """For the pub/sub layer: ``(the Redis URL of the host that carries group, the name the
    layer publishes the group's messages on)``; None for any other layer."""
    if not isinstance(layer, RedisPubSubChannelLayer):
        return None
    hosts, name = _pubsub_group(layer, group)
    return hosts[_consistent_hash(name, len(hosts))]["address"], name


def _pubsub_group(layer: RedisPubSubChannelLayer, group: str) -> tuple[list[dict], str]:
    """The pub/sub layer's hosts, and the name it publishes ``group``'s messages on."""
    config = layer._kwargs  # the proxy keeps its CONFIG for the layer of each event loop
    return decode_hosts(config.get("hosts")), f"{config.get('prefix', 'asgi')}__group__{group}"
