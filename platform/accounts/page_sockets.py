"""The base of the sockets that watch a page's public state: a tournament's page, the lobby's
quick-pairing grid (tournaments.consumers, matchmaking.consumers).

A watcher joins its groups before it reads the state, so no change is missed in between; it
answers ``{"command": "sync"}`` with the state now and ``{"command": "ping"}`` with
``{"type": "pong"}`` (its groups renewed first: a Redis that lost its data), and anything else
with ``{"type": "error", "status": 400, "code": "bad_message", "detail"}`` in the handshake's
language. The game sockets' limits apply (commands per socket, sockets per user and address),
and its credential is watched (closed with 4401 once its session or token ends).

Watchers arriving together share the builds of the state (``SharedBuilds``): a round's start
opens every player's tournament page at once, and 512 watchers each building a detail that
took 263 ms ran the process out of database connections (bench-round).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Hashable

from accounts.sockets import CredentialWatch
from core.api import error_body
from core.error_messages import localized
from core.error_messages import scope_language
from core.limits import load_json
from core.throttling import SocketLimits
from realtime.consumers import JsonSocketConsumer


class SharedBuilds:
    """One build at a time per key in this process, shared by its watchers: a watcher takes a
    build that began after it joined its groups (so the build sees every change it might have
    missed), or waits for the one in progress to end and shares the next."""

    def __init__(self) -> None:
        self._builds: dict[Hashable, tuple[float, asyncio.Future]] = {}

    async def text(
        self, key: Hashable, joined_at: float, build: Callable[[], Awaitable[str | None]]
    ) -> str | None:
        """Return a build's text that began at or after ``joined_at`` (a ``time.monotonic()``
        taken once the watcher was in its groups)."""
        while True:
            current = self._builds.get(key)
            if current is not None and current[0] >= joined_at:
                # shield: a watcher that goes away cancels its own wait, not the others' build
                return await asyncio.shield(current[1])
            if current is not None:
                await asyncio.wait([current[1]])  # too old for this watcher: the next one
                continue
            future = asyncio.ensure_future(build())
            mine = (time.monotonic(), future)
            self._builds[key] = mine
            future.add_done_callback(
                lambda _, k=key, m=mine: (
                    self._builds.pop(k, None) if self._builds.get(k) is m else None
                )
            )


class PageWatcher(CredentialWatch, SocketLimits, JsonSocketConsumer):
    """A watcher of a page's public state (module docstring). A subclass connects with
    ``open_watch`` and answers ``sync`` in ``send_state``."""

    groups_joined: list[str]

    async def open_watch(self, *groups: str) -> bool:
        """Accept the socket within its limits and credential, then join ``groups``; return
        whether it is open (False: it was closed with its code)."""
        self.groups_joined = []
        if not await self.limits_connect():  # over its user's or address's socket cap: 4429
            return False
        await self.accept()  # before closing too: a close before accept loses its code
        if not await self.watch_credential():  # signed out in the meantime: 4401
            return False
        for group in groups:
            await self.channel_layer.group_add(group, self.channel_name)
            self.groups_joined.append(group)
        return True

    async def send_state(self) -> None:
        raise NotImplementedError

    async def disconnect(self, code):
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
        self.groups_joined = []
        await self.unwatch_credential()
        await self.limits_disconnect()

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        try:
            content = load_json(text_data) if text_data is not None else None
        except ValueError:
            content = None
        command = content.get("command") if isinstance(content, dict) else None
        if not await self.limits_command(None):  # over the socket's command rate
            return
        if not await self.credential_still_valid():  # its session or token ended: 4401
            return
        if command == "ping":  # its groups renewed first (a Redis that lost its data)
            await self.renew_groups(*self.groups_joined, self.credential_group)
            await self.send_json({"type": "pong"})
        elif command == "sync":
            await self.send_state()
        else:
            body = error_body("bad_message", 'Expected a JSON object with a known "command".')
            body = localized(body, scope_language(self.scope))  # the handshake's language
            await self.send_json({"type": "error", "status": 400, **body})
