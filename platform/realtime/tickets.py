"""Single-use socket tickets: how a client without the session cookie authenticates a socket.

``POST /api/v1/auth/socket-ticket`` (with a token or a session) returns a random ticket; the
client opens ``/ws/...?ticket=<ticket>`` within ``SOCKET_TICKET_SECONDS``. The ticket is good
once: a URL, unlike a header, can end up in a log or a browser's history, so what travels there
must be worthless a moment later. The long-lived token itself never goes in a URL.

Tickets live in the cache (Redis when REDIS_URL is set, shared by every web process), stored
under a SHA-256 of the ticket, with the credential they were issued for: the socket stays bound
to that session or token and is closed when it ends (accounts.sockets).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.conf import settings
from django.core.cache import cache

PREFIX = "socket-ticket:"


def _key(ticket: str) -> str:
    return PREFIX + hashlib.sha256(ticket.encode("utf-8", "replace")).hexdigest()


def ticket_issue(*, user_id: int, credential: dict[str, Any]) -> str:
    """Store a new ticket for ``user_id`` authenticated by ``credential``; return it."""
    ticket = secrets.token_urlsafe(32)
    cache.set(
        _key(ticket),
        {"user": user_id, "credential": credential},
        timeout=settings.SOCKET_TICKET_SECONDS,
    )
    return ticket


def ticket_consume(ticket: str) -> dict[str, Any] | None:
    """Return what ``ticket`` was issued for and make it unusable; None if it is unknown,
    expired or already used. Of two sockets racing with one ticket, only the one whose delete
    removed it wins."""
    if not ticket or len(ticket) > 128:
        return None
    key = _key(ticket)
    value = cache.get(key)
    if value is None or not cache.delete(key):
        return None
    return value
