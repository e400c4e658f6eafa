"""Send messages to channel groups once a transaction has committed."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
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


def send_now(messages: Mapping[str, dict[str, Any]]) -> None:
    """Send each message to its group now (from synchronous code), all in one hop to the event
    loop: each hop costs a loop switch, and outside a server a loop and connection of its own."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    try:
        async_to_sync(_send_all)(layer, messages)
    except Exception:
        log.exception("broadcast failed")


def send_on_commit(build: Callable[[], Mapping[str, dict[str, Any]]]) -> None:
    """Build and send group messages after the current transaction commits (never before: a
    client told of an event must be able to read it)."""
    transaction.on_commit(lambda: send_now(build()))
