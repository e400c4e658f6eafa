"""Send messages to channel groups once a transaction has committed."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)


def send_now(messages: Mapping[str, dict[str, Any]]) -> None:
    """Send each message to its group now (from synchronous code)."""
    layer = get_channel_layer()
    if layer is None:
        return
    for group, message in messages.items():
        try:
            async_to_sync(layer.group_send)(group, message)
        except Exception:  # a lost broadcast is resynced by clients; never fail the request
            log.exception("broadcast to %s failed", group)


def send_on_commit(build: Callable[[], Mapping[str, dict[str, Any]]]) -> None:
    """Build and send group messages after the current transaction commits (never before: a
    client told of an event must be able to read it)."""
    transaction.on_commit(lambda: send_now(build()))
