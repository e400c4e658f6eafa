"""Socket URLs for clients of a running server: a fresh single-use ticket for each socket.

A socket authenticates by the session cookie or by a ticket from
``POST /api/v1/auth/socket-ticket`` (realtime.tickets); an API token never goes in a URL.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

CROWD_THREADS = 128  # blocking requests one simulated crowd lets run at once


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


def socket_url(base_url: str, path: str, token: str | None, *, timeout: float = 10) -> str:
    """The ``ws://`` URL of ``path`` on ``base_url``, with a ticket when ``token`` is given
    (asked for with ``timeout``)."""
    ws = base_url.rstrip("/").replace("http://", "ws://", 1).replace("https://", "wss://", 1)
    if token is None:
        return f"{ws}{path}"
    return f"{ws}{path}?ticket={socket_ticket(base_url, token, timeout=timeout)}"


def as_a_crowd(people: int) -> None:
    """Let the running loop's blocking calls (``asyncio.to_thread``: the people's ticket
    requests) run up to ``people`` at a time, at most CROWD_THREADS: a crowd of browsers asks
    at once. Python's default executor has the cores + 4 threads (6 here), which let six
    people through at a time: at 500 tables the last of 1,000 tickets came three minutes
    after the first, and the arrivals measured the load generator, not the platform."""
    threads = max(1, min(people, CROWD_THREADS))
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(threads, "person"))
