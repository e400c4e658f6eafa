"""The quick-pairing grid's socket, at ws/pools/ (anyone may watch; a signed-in player is also
told where they sit).

Protocol (JSON text frames):

- on connect the server sends ``{"type": "pools", "pools": [...], "at"}``: every pool's key,
  seats, kind, time control and waiting counts (rated, casual). Counts only: never who waits
  nor their ratings.
- a change of the counts (a join, a leave, tables formed) sends the same message again, built
  once for every watcher, at most once a second (a change held back goes out within about
  3 s: matchmaking.broadcast); keep the one with the newest ``at``.
- to a signed-in player whose ticket was matched: ``{"type": "seated", "game", "pool"}``
  (the page then opens the table).
- ``{"command": "sync"}`` answers the grid now; ``{"command": "ping"}`` answers
  ``{"type": "pong"}``; anything else ``{"type": "error", "status": 400, "code":
  "bad_message", "detail"}``, the detail in the handshake's language.
- the game and tournament sockets' limits (core.throttling.SocketLimits): commands per socket
  (429 error, then 1008), and sockets per user and per address together with theirs (4429);
  authentication as theirs, closed with 4401 once its session or token ends (accounts.sockets).
"""

from __future__ import annotations

import asyncio
import time

from channels.db import database_sync_to_async

from accounts.sockets import CredentialWatch
from core.api import error_body
from core.error_messages import localized
from core.error_messages import scope_language
from core.limits import load_json
from core.throttling import SocketLimits
from matchmaking.broadcast import GRID_GROUP
from matchmaking.broadcast import grid_text
from matchmaking.broadcast import player_group
from realtime.consumers import JsonSocketConsumer

# Watchers arriving together share builds of the grid, as the tournament page's do
# (tournaments.consumers): a watcher takes a build that began after it joined the group, or
# waits for the one in progress and shares the next. One build at a time per process.
_build: tuple[float, asyncio.Future] | None = None


async def _text(joined_at: float) -> str:
    """The grid's text, from a build that began at or after ``joined_at``."""
    global _build
    while True:
        current = _build
        if current is not None and current[0] >= joined_at:
            return await asyncio.shield(current[1])
        if current is not None:
            await asyncio.wait([current[1]])
            continue
        future = asyncio.ensure_future(database_sync_to_async(grid_text, thread_sensitive=False)())
        mine = (time.monotonic(), future)
        _build = mine

        def done(_, built=mine) -> None:
            global _build
            if _build is built:
                _build = None

        future.add_done_callback(done)


class PoolsConsumer(CredentialWatch, SocketLimits, JsonSocketConsumer):
    """One watcher of the grid. It joins the groups before reading the grid, so no change is
    missed in between."""

    groups_joined: list[str]

    async def connect(self):
        self.groups_joined = []
        if not await self.limits_connect():  # over its user's or address's socket cap: 4429
            return
        await self.accept()  # before closing too: a close before accept loses its code
        if not await self.watch_credential():  # signed out in the meantime: 4401
            return
        self.groups_joined.append(GRID_GROUP)
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            self.groups_joined.append(player_group(user.pk))
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.send(text_data=await _text(time.monotonic()))

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
            await self.send(text_data=await _text(time.monotonic()))
        else:
            body = error_body("bad_message", 'Expected a JSON object with a known "command".')
            body = localized(body, scope_language(self.scope))  # the handshake's language
            await self.send_json({"type": "error", "status": 400, **body})

    async def pools_grid(self, message):
        await self.send(text_data=message["text"])

    async def pools_seated(self, message):
        await self.send(text_data=message["text"])
