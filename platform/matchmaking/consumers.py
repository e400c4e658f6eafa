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

import time

from channels.db import database_sync_to_async

from accounts.page_sockets import PageWatcher
from accounts.page_sockets import SharedBuilds
from matchmaking.broadcast import GRID_GROUP
from matchmaking.broadcast import grid_text
from matchmaking.broadcast import player_group

# Watchers arriving together share builds of the grid, as the tournament page's do
# (accounts.page_sockets.SharedBuilds): one build at a time per process.
_builds = SharedBuilds()


async def _text(joined_at: float) -> str:
    """The grid's text, from a build that began at or after ``joined_at``."""
    build = database_sync_to_async(grid_text, thread_sensitive=False)
    text = await _builds.text("grid", joined_at, build)
    assert text is not None  # the grid always exists
    return text


class PoolsConsumer(PageWatcher):
    """One watcher of the grid. It joins the groups before reading the grid, so no change is
    missed in between."""

    async def connect(self):
        groups = [GRID_GROUP]
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            groups.append(player_group(user.pk))
        if not await self.open_watch(*groups):
            return
        await self.send(text_data=await _text(time.monotonic()))

    async def send_state(self) -> None:
        await self.send(text_data=await _text(time.monotonic()))

    async def pools_grid(self, message):
        await self.send(text_data=message["text"])

    async def pools_seated(self, message):
        await self.send(text_data=message["text"])
