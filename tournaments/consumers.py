"""A tournament's page socket, at ws/tournaments/<id>/ (anyone may watch).

Protocol (JSON text frames):

- on connect the server sends ``{"type": "tournament", "tournament": {...}}``: the public
  detail (``selectors.tournament_detail``). An unknown tournament is accepted then closed with
  code 4404.
- every change (a registration, a table that finished, a round seated, the final places) sends
  the same message again with the new detail and a higher ``version``.
- ``{"command": "sync"}`` answers the detail now; ``{"command": "ping"}`` answers
  ``{"type": "pong"}``; anything else ``{"type": "error", "status": 400, "code": "bad_message",
  "detail"}``, the detail in the handshake's language.
- a message in the tournament's chat arrives as ``{"type": "chat", "scope": "tournament",
  "message"}`` (chat.sockets), unless the watcher muted its author.
- the game sockets' limits (games.consumers): commands per socket (429 error, then 1008), and
  sockets per user and per address together with the game sockets (4429); authentication as
  theirs, closed with 4401 once its session or token ends (accounts.sockets).
"""

from __future__ import annotations

import time

from channels.db import database_sync_to_async

from accounts.page_sockets import PageWatcher
from accounts.page_sockets import SharedBuilds
from realtime import extensions
from tournaments.broadcast import tournament_group
from tournaments.broadcast import update_text

CLOSE_NOT_FOUND = 4404

# The detail is public, the same for every watcher: the watchers of this process share its
# builds (accounts.page_sockets.SharedBuilds), one at a time per tournament.
_builds = SharedBuilds()


async def _text(tournament_id, joined_at: float) -> str | None:
    """The tournament's update text, from a build that began at or after ``joined_at``."""
    build = database_sync_to_async(update_text, thread_sensitive=False)
    return await _builds.text(str(tournament_id), joined_at, lambda: build(tournament_id))


class TournamentConsumer(PageWatcher):
    """One watcher of one tournament. It joins the group before reading the detail, so no
    change is missed in between; the page keeps the highest ``version`` it was sent.
    ``group`` is its group while open (None once closed: chat.sockets delivers nothing then)."""

    group: str | None = None

    async def connect(self):
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        if not await self.open_watch(tournament_group(self.tournament_id)):
            return
        self.group = tournament_group(self.tournament_id)
        text = await _text(self.tournament_id, time.monotonic())
        if text is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        await self.send(text_data=text)

    async def disconnect(self, code):
        self.group = None
        await super().disconnect(code)

    async def send_state(self) -> None:
        text = await _text(self.tournament_id, time.monotonic())
        if text is not None:
            await self.send(text_data=text)

    async def tournament_update(self, message):
        await self.send(text_data=message["text"])

    async def chat_message(self, message):
        """A message in the tournament's chat, unless this socket's user muted its author."""
        await extensions.deliver("chat.message", self, message, "tournament")
