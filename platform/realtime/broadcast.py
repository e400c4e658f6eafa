"""Send messages to channel groups once a transaction has committed."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Callable, Mapping
from typing import Any

from asgiref.sync import async_to_sync
from channels import DEFAULT_CHANNEL_LAYER
from channels.layers import InMemoryChannelLayer, channel_layers, get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)


async def _send_all(layer, messages: Mapping[str, dict[str, Any]]) -> None:
    results = await asyncio.gather(
        *(layer.group_send(group, message) for group, message in messages.items()),
        return_exceptions=True,
    )
    for group, result in zip(messages, results, strict=True):
        if isinstance(result, Exception):  # clients resync a lost update; never fail a move
            log.error("broadcast to %s failed", group, exc_info=result)


class _SenderLoop:
    """One event loop in a daemon thread of this process, for sending to a Redis channel layer
    from synchronous code. ``async_to_sync`` outside a server (a Celery worker, the embedded
    task runner, a command) makes a new loop — and so a new Redis connection — per call, which
    cost a bot's move more than the move itself; this loop keeps its connections. Waiting for
    each send keeps one game's messages in order."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pid = 0
        self._lock = threading.Lock()
        self._layer = None
        self._for = None

    def layer_for(self, default):
        """A layer instance of this loop's own, configured as ``default``: its connections
        belong to this loop only (closing the default layer elsewhere leaves them alone)."""
        with self._lock:
            if self._for is not default:
                self._layer, self._for = channel_layers.make_backend(DEFAULT_CHANNEL_LAYER), default
            return self._layer

    def loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None or self._pid != os.getpid():  # a forked child starts afresh
                self._loop = asyncio.new_event_loop()
                self._pid = os.getpid()
                threading.Thread(
                    target=self._loop.run_forever, name="broadcast-loop", daemon=True
                ).start()
            return self._loop

    def run(self, coro, timeout: float) -> None:
        asyncio.run_coroutine_threadsafe(coro, self.loop()).result(timeout)


_SENDER = _SenderLoop()
SEND_TIMEOUT = 5.0


def send_now(messages: Mapping[str, dict[str, Any]]) -> None:
    """Send each message to its group now (from synchronous code), all in one hop to an event
    loop. With channels-redis, the process's sender loop (see ``_SenderLoop``); with the
    in-memory layer (one process, tests), ``async_to_sync``, which runs on the loop its
    consumers run on. A failed send is logged: clients resync a lost update."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    try:
        if isinstance(layer, InMemoryChannelLayer):
            async_to_sync(_send_all)(layer, messages)
        else:
            _SENDER.run(_send_all(_SENDER.layer_for(layer), messages), SEND_TIMEOUT)
    except Exception:
        log.exception("broadcast failed")


def send_on_commit(build: Callable[[], Mapping[str, dict[str, Any]]]) -> None:
    """Build and send group messages after the current transaction commits (never before: a
    client told of an event must be able to read it)."""
    transaction.on_commit(lambda: send_now(build()))
