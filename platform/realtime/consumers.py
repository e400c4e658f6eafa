"""The base of the platform's socket consumers: Channels' JSON consumer, without its database
sweep before every message.

Channels (4.2 and later) runs Django's ``close_old_connections`` before it hands a consumer any
message, through ``sync_to_async`` with its default ``thread_sensitive=True``: one thread for
the whole process. Every group message forwarded to every socket (a move reaches each seat's
socket and each spectator's) therefore waited its turn on that one thread, behind every other
socket's, and paid a hop to it and back: 8% of a web process's busy samples under
``make profile-load``, on frames that never touch the database.

The platform's consumers reach the database only through ``database_sync_to_async`` (its
thread closes old connections before and after each call) or a pool thread of their own, and
connections come from psycopg's pool with ``CONN_MAX_AGE = 0``: the sweep had nothing to
close. ``tests/realtime/test_consumer_base.py`` checks that a forwarded frame no longer calls
it, and that Channels still names handlers the way this dispatch expects.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

RENEW_TIMEOUT = 1.0  # seconds a ping's renewal of its groups may take (JsonSocketConsumer)


class JsonSocketConsumer(AsyncJsonWebsocketConsumer):
    """``AsyncJsonWebsocketConsumer`` whose dispatch calls the handler straight away."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def renew_groups(self, *groups: str | None) -> None:
        """Renew this socket's place in each of ``groups`` (None is skipped); the consumers
        call it on each of their client's pings, before answering.

        The queue-based layer keeps groups as Redis keys: a Redis that lost its data (a restart
        without persistence, a FLUSHDB) no longer holds them, nor one past the layer's
        ``group_expiry`` (a day; Channels' documentation asks long-lived consumers to re-add
        themselves), and the socket heard nothing more while it answered every ping. One ZADD a
        group a ping; the pub/sub layer, subscribed already, sends nothing. A Redis that is
        away or hung is left to the next ping (``RENEW_TIMEOUT``: the pong must not wait)."""
        for group in groups:
            if group is None:
                continue
            try:
                async with asyncio.timeout(RENEW_TIMEOUT):
                    await self.channel_layer.group_add(group, self.channel_name)
            except (RedisError, OSError, TimeoutError) as exc:
                log.debug("socket's group %s not renewed: %s", group, exc)
