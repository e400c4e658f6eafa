"""Socket URLs for clients of a running server: a fresh single-use ticket for each socket.

A socket authenticates by the session cookie or by a ticket from
``POST /api/v1/auth/socket-ticket`` (realtime.tickets); an API token never goes in a URL.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request


class TicketRefused(OSError):
    """The server did not issue a ticket (down, throttled, a bad token): callers retry."""


def socket_ticket(base_url: str, token: str, *, timeout: float = 10) -> str:
    """Return a ticket for the holder of ``token`` from the server at ``base_url``
    (``http://host:port``)."""
    request = urllib.request.Request(
        f"{base_url.rstrip('/')}/api/v1/auth/socket-ticket",
        data=b"",
        method="POST",
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.loads(response.read())["ticket"]
    except (urllib.error.URLError, OSError, ValueError, KeyError) as exc:
        raise TicketRefused(f"no socket ticket: {exc}") from exc


def socket_url(base_url: str, path: str, token: str | None) -> str:
    """The ``ws://`` URL of ``path`` on ``base_url``, with a ticket when ``token`` is given."""
    ws = base_url.rstrip("/").replace("http://", "ws://", 1).replace("https://", "wss://", 1)
    if token is None:
        return f"{ws}{path}"
    return f"{ws}{path}?ticket={socket_ticket(base_url, token)}"
