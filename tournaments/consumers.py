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

import asyncio
import time

from channels.db import database_sync_to_async

from accounts.sockets import CredentialWatch
from core.api import error_body
from core.error_messages import localized
from core.error_messages import scope_language
from core.limits import load_json
from core.throttling import SocketLimits
from realtime import extensions
from realtime.consumers import JsonSocketConsumer
from tournaments.broadcast import tournament_group
from tournaments.broadcast import update_text

CLOSE_NOT_FOUND = 4404


# A round's start opens every player's tournament page at once: 512 watchers, each asking for
# a detail that took 263 ms to build (128 tables; bench-round), ran the process out of database
# connections. The detail is public, the same for every watcher, so the watchers of this
# process share builds: a watcher takes a build that began after it joined the group (so the
# build sees every change it might have missed), or waits for the one in progress to end and
# shares the next. One build at a time per tournament, however many watchers arrive.
_builds: dict[str, tuple[float, asyncio.Future]] = {}


async def _text(tournament_id, joined_at: float) -> str | None:
    """The tournament's update text, from a build that began at or after ``joined_at`` (a
    ``time.monotonic()`` taken once the watcher was in the group)."""
    key = str(tournament_id)
    while True:
        current = _builds.get(key)
        if current is not None and current[0] >= joined_at:
            # shield: a watcher that goes away cancels its own wait, not the others' build
            return await asyncio.shield(current[1])
        if current is not None:
            await asyncio.wait([current[1]])  # too old for this watcher: the next one
            continue
        build = asyncio.ensure_future(
            database_sync_to_async(update_text, thread_sensitive=False)(tournament_id)
        )
        current = (time.monotonic(), build)
        _builds[key] = current
        build.add_done_callback(
            lambda _, c=current: _builds.pop(key, None) if _builds.get(key) is c else None
        )


class TournamentConsumer(CredentialWatch, SocketLimits, JsonSocketConsumer):
    """One watcher of one tournament. It joins the group before reading the detail, so no
    change is missed in between; the page keeps the highest ``version`` it was sent."""

    group: str | None = None

    async def connect(self):
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        if not await self.limits_connect():  # over its user's or address's socket cap: 4429
            return
        await self.accept()  # before closing too: a close before accept loses its code
        if not await self.watch_credential():  # signed out in the meantime: 4401
            return
        self.group = tournament_group(self.tournament_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        text = await _text(self.tournament_id, time.monotonic())
        if text is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        await self.send(text_data=text)

    async def disconnect(self, code):
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            self.group = None
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
            await self.renew_groups(self.group, self.credential_group)
            await self.send_json({"type": "pong"})
        elif command == "sync":
            text = await _text(self.tournament_id, time.monotonic())
            if text is not None:
                await self.send(text_data=text)
        else:
            body = error_body("bad_message", 'Expected a JSON object with a known "command".')
            body = localized(body, scope_language(self.scope))  # the handshake's language
            await self.send_json({"type": "error", "status": 400, **body})

    async def tournament_update(self, message):
        await self.send(text_data=message["text"])

    async def chat_message(self, message):
        """A message in the tournament's chat, unless this socket's user muted its author."""
        await extensions.deliver("chat.message", self, message, "tournament")
