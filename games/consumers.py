"""The live table: one socket per viewer of a game, at ws/games/<game id>/.

Protocol (JSON text frames; a client message names its ``command``):

- on connect the server sends ``{"type": "hello", "game", "seat", "status", "seq"}``; ``seat``
  is the viewer's seat, or null for a spectator (anyone else, signed in or not). An unknown game
  is accepted then closed with code 4404; a spectator of a duplicate tournament deal that other
  tables are still playing, with 4403; when the database is unreachable, with 1013 (try again
  later).
- ``{"command": "sync", "after": N}`` answers ``{"type": "events", "game", "status", "seq",
  "events", "view", "legal_moves"}``: every event after N as this viewer may see them, and its
  view now. Live ``events`` messages follow, only after the first sync. Each names the
  ``seat`` it was built for (null: a spectator's).
- a socket hears only the seat its user holds now: when a seat changes hands (a player leaves,
  joins, resigns, forfeits or is replaced by a bot after timeouts) the socket looks its user up
  again before it forwards anything else and, if that changed, sends a new ``hello`` and (once
  synced) an ``events`` catch-up as what it now is. A player who resigned or forfeited watches
  as a spectator (closed with 4403 where spectators are refused).
- ``{"command": "move", "id", "move": {"action", "tile"?, "train"?}, "expected_seq"?,
  "idempotency_key"?}`` answers ``{"type": "move.accepted", "id", "seq", "receipt"}`` or
  ``{"type": "error", "id", "status", "code", "detail", ...}`` exactly as the REST move does;
  the move's events then arrive as a live ``events`` message.
- ``{"command": "more_time", "id", "seat", "seconds", "expected_seq"?}`` gives the seat to
  move more time (games.more_time) and answers ``{"type": "more_time.accepted", "id", "seq",
  "receipt"}`` or an ``error`` exactly as ``POST .../more-time`` does; its MoreTimeGiven
  event then arrives as a live ``events`` message to every viewer.
- ``{"command": "ping"}`` answers ``{"type": "pong", "seq"}``: the game's seq now (no ``seq`` if
  the database cannot say). A client behind it missed an update (one lost while the channel
  layer was away) and syncs; the table's client pings every 5 s.
- chat (chat.sockets): ``{"command": "chat", "id", "body"|"quick"}`` answers ``{"type":
  "chat.accepted", "id", "message"}``; the table's messages this viewer may read arrive as
  ``{"type": "chat", "scope": "game", "message"}`` (players' and spectators' apart while the
  game is played; never an author the viewer muted).
- anything else answers ``{"type": "error", "status": 400, "code": "bad_message"}``.
- limits (core.throttling): over ``RATE_LIMIT_SOCKET_COMMANDS`` (20/s) a command answers
  ``{"type": "error", "status": 429, "code": "throttled", "retry_after"}`` and the socket stays
  open; over five times that in one window it is closed with 1008. A user's 21st socket
  (``SOCKETS_PER_USER``) or an address's 51st (``SOCKETS_PER_ADDRESS``) gets that error, then
  is closed with 4429.
- authentication (accounts.sockets): the session cookie, or ``?ticket=`` from
  ``POST /api/v1/auth/socket-ticket`` (single use); a bad or used ticket, or a token in the URL,
  makes the socket a spectator's. Once that session or token ends (logout, revocation, expiry,
  password change) the socket is closed with 4401.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from functools import partial
from typing import Any

from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.db import DatabaseError
from redis.exceptions import RedisError

from accounts.sockets import CLOSE_TRY_AGAIN
from accounts.sockets import CredentialWatch
from accounts.sockets import SignedOut
from accounts.sockets import credential_check
from accounts.sockets import refusals
from core import metrics
from core.api import error_body
from core.api import error_for
from core.error_messages import localized
from core.error_messages import scope_language
from core.errors import ApplicationError
from core.errors import Forbidden
from core.errors import NotAuthenticated
from core.limits import MAX_FRAME_BYTES
from core.limits import JsonTooDeep
from core.limits import check_idempotency_key
from core.limits import load_json
from core.logging import bind_request_id
from core.logging import new_request_id
from core.logging import unbind_request_id
from core.throttling import SocketLimits
from core.throttling import check_move
from games import more_time
from games import selectors
from games import services
from games.errors import GameError
from games.models import Game
from games.moves import more_time_body
from games.moves import move_body
from realtime import extensions
from realtime.consumers import JsonSocketConsumer
from realtime.groups import game_seat_group
from trust.receipts import receipt_for

log = logging.getLogger(__name__)

# How long a live update that arrives ahead of a missing one waits for it before the missing
# events are read from the database (GameConsumer.game_update): GAP_WAIT_SECONDS, or twice as
# long as updates take to reach this process lately when they arrive late (a loaded platform),
# up to GAP_WAIT_MAX_SECONDS (the page pings every 5 s and syncs if it is behind).
GAP_WAIT_SECONDS = 0.25
GAP_WAIT_MAX_SECONDS = 5.0
LATENESS_HALF_LIFE_SECONDS = 2.0
CLOSE_NOT_FOUND = 4404
CLOSE_FORBIDDEN = 4403  # a spectator at a duplicate deal other tables still play
CLOSE_TOO_BIG = 1009  # a frame over MAX_FRAME_BYTES (RFC 6455)
BAD_MESSAGE = ApplicationError(
    GameError.BAD_MESSAGE, 'expected a JSON object with a known "command"'
)


class Lateness:
    """How late live updates reach this process lately: the latest update's lateness, or a
    larger one seen before, halved every ``LATENESS_HALF_LIFE_SECONDS`` since.

    The missing update is rarely as quick as the one that overtook it: at 100 tables the
    overtaking one came from the worker, quickly, and the missing one from this (busy) web
    process's own broadcast, later. Timed on the overtaking update alone, the hold ran out
    first and a quarter of the moves read the database (issue 30's profile)."""

    def __init__(self) -> None:
        self._peak = 0.0
        self._at = 0.0

    def now(self, at: float) -> float:
        if self._peak <= 0.0:
            return 0.0
        return self._peak * 0.5 ** (max(0.0, at - self._at) / LATENESS_HALF_LIFE_SECONDS)

    def saw(self, message: dict, at: float) -> float:
        """Note ``message``'s lateness (none for one without ``sent``, from an older
        process); return how late updates arrive lately."""
        if "sent" in message:
            late = at - message["sent"]
            if late >= self.now(at):
                self._peak, self._at = late, at
        return self.now(at)


LATENESS = Lateness()  # of this process's sockets' updates (one event loop: no lock needed)


def gap_wait(lately: float) -> float:
    """How long to hold an update ahead of a missing one, when updates arrive ``lately`` late."""
    return min(max(GAP_WAIT_SECONDS, 2 * lately), GAP_WAIT_MAX_SECONDS)


def _in_pool(func):
    """Run ``func`` in the thread pool: not the single thread-sensitive thread, which would
    queue every socket's database work behind one another."""
    return database_sync_to_async(func, thread_sensitive=False)


def _arrive(game_id, user, credential=None) -> tuple[dict[str, Any] | None, tuple]:
    """Return the hello for ``user`` at ``game_id`` (None if there is no such game), and
    ``credential_check``'s answer for ``credential`` (the socket's: checked in the same trip to
    the database, after the socket listens for its sign-out)."""
    checked = credential_check(credential, user.pk) if credential else (None, None)
    return _hello(game_id, user), checked


def _hello(game_id, user) -> dict[str, Any] | None:
    """Return the hello for ``user`` at ``game_id``, or None if there is no such game."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return None
    seat = selectors.game_viewer_seat(game, user)
    try:
        selectors.check_may_watch(game, user, seat)
    except Forbidden:
        return {"type": "forbidden"}
    return {
        "type": "hello",
        "game": str(game.id),
        "seat": seat,
        "status": game.status,
        "seq": game.version,
    }


def _move(game_id, user, content: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
    """Make the move a socket message asks for, checked as the REST move is; return the seq
    and the move's signed receipt (trust.receipts)."""
    check_move(user)  # the REST moves' rate limit, counted together
    data = content.get("move")
    if isinstance(data, dict) and "expected_seq" in content:
        data = {**data, "expected_seq": content["expected_seq"]}
    body, expected = move_body(data)
    key = check_idempotency_key(content.get("idempotency_key"), "idempotency_key")
    result = services.game_move(
        game_id=game_id, user=user, move=body, expected_seq=expected, idempotency_key=key or None
    )
    return result.seq, receipt_for(game_id, result.events)


def _more_time(game_id, user, content: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
    """Give the more time a socket message asks for, checked as the REST request is; return the
    seq and the signed receipt."""
    body = more_time_body({k: v for k, v in content.items() if k not in ("command", "id")})
    result = more_time.game_give_more_time(game_id=game_id, user=user, **body)
    return result.seq, receipt_for(game_id, result.events)


@_in_pool
def _seq_now(game_id) -> int | None:
    return Game.objects.filter(pk=game_id).values_list("version", flat=True).first()


def _whole_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


class GameConsumer(CredentialWatch, SocketLimits, JsonSocketConsumer):
    """One viewer's socket on one game: its seat's (or the spectators') live events.

    Channels hands a consumer one message at a time, client frames and group messages alike,
    and the gap timer's read takes the same lock (``dispatch``), so a live message is handled
    wholly before or after a sync.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._handling = asyncio.Lock()
        self._held: dict[int, dict] = {}  # live updates ahead of a gap, by their first seq
        self._gap_timer: asyncio.TimerHandle | None = None
        self._gap_reads: set[asyncio.Task] = set()

    async def send(self, text_data=None, bytes_data=None, close=False):
        """Send a frame; one to a client that has gone (the server raises an OSError, as ASGI
        says it should) is dropped: an answer to a move whose client hung up meanwhile logged a
        traceback as a failed command."""
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except OSError:
            log.debug("socket gone: a frame to it dropped")

    async def send_json(self, content, close=False):
        try:  # Channels' send_json calls its parent's send, not the one above
            await super().send_json(content, close=close)
        except OSError:
            log.debug("socket gone: a frame to it dropped")

    async def dispatch(self, message):
        # The gap timer's read (_read_the_gap) runs outside Channels' one-at-a-time dispatch:
        # this lock keeps the two from interleaving around last_seq.
        async with self._handling:
            await super().dispatch(message)

    async def connect(self):
        self.game_id = self.scope["url_route"]["kwargs"]["game_id"]
        self.user = self.scope.get("user") or AnonymousUser()
        self.group: str | None = None
        self.seat: int | None = None
        self.last_seq: int | None = None  # the last seq sent; None until the first sync
        if not await self.limits_connect():  # over its user's or address's socket cap: 4429
            return
        try:
            await self.listen_for_sign_out()
            hello, checked = await _in_pool(_arrive)(
                self.game_id, self.user, self.scope.get("credential")
            )
        except (DatabaseError, RedisError, OSError) as exc:
            # The database (or Redis, for a session) is down, or the pool out of connections:
            # tell the client to come back rather than drop the connection with a server
            # error; it reconnects with backoff. One line an interval, not a traceback a socket
            # (a round's start refused dozens at once).
            refusals.failed("socket connect", exc)
            await self.accept()
            await self.close(code=CLOSE_TRY_AGAIN)
            return
        refusals.succeeded("socket connect")
        await self.accept()  # before closing too: a close before accept loses its code
        metrics.socket_opened(self)
        if hello is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        if hello["type"] == "forbidden":  # a duplicate deal still played elsewhere
            await self.close(code=CLOSE_FORBIDDEN)
            return
        if not await self.credential_checked(*checked):  # signed out in the meantime: 4401
            return
        await self._join(hello["seat"])
        await self.send_json(hello)

    async def disconnect(self, code):
        metrics.socket_closed(self)
        await self._leave()
        await self.unwatch_credential()
        await self.limits_disconnect()

    async def _leave(self) -> None:
        """Stop listening to any group of the game."""
        self._stop_gap_timer()
        self._held.clear()
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            self.group = None

    async def _join(self, seat: int | None) -> None:
        """Listen to ``seat``'s group (None: the spectators'), leaving any other."""
        group = game_seat_group(self.game_id, seat)
        if group == self.group:
            return
        # Updates held for a gap were built for the seat this socket is leaving: one of them may
        # carry that seat's hand after it changed hands. Dropped; the new seat's sync covers it.
        self._stop_gap_timer()
        self._held.clear()
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.channel_layer.group_add(group, self.channel_name)
        self.group, self.seat = group, seat

    # -- client messages -----------------------------------------------------------------------

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        frame = text_data if text_data is not None else bytes_data
        if frame is not None and len(frame) > MAX_FRAME_BYTES:
            # uvicorn (manage.py serve) refuses these already; any other server must too.
            await self.close(code=CLOSE_TOO_BIG)
            return
        try:
            # Bounded by the frame size, a parse takes well under a millisecond: on the loop.
            content = load_json(text_data) if text_data is not None else None
        except JsonTooDeep as exc:
            await self._send_error(ApplicationError(GameError.INVALID_JSON, str(exc)), None)
            return
        except ValueError:
            content = None
        command = content.get("command") if isinstance(content, dict) else None
        handler = {
            "sync": self.sync,
            "move": self.move,
            "ping": self.ping,
            "more_time": self.more_time,
        }.get(command)
        if handler is None and (extension := extensions.command("game", command)) is not None:
            handler = partial(extension, self)  # chat (realtime.extensions)
        message_id = content.get("id") if isinstance(content, dict) else None
        if not await self.limits_command(message_id):  # over the socket's command rate
            return
        # move, more_time and sync check the credential in their own call to the database
        in_its_call = command in ("move", "more_time", "sync")
        if not await self.credential_still_valid(in_its_call):  # session or token ended: 4401
            return
        if handler is None:
            await self._send_error(BAD_MESSAGE, message_id)
            return
        # A command is a request of its own: its log lines, its tasks and the frames its move
        # causes carry a request id (core.logging), as an HTTP request's do.
        token = bind_request_id(new_request_id())
        try:
            await handler(content)
        except SignedOut:  # the check made in the command's call: closed with 4401
            pass
        except Exception as exc:
            await self._send_error(exc, message_id)
        finally:
            unbind_request_id(token)

    async def ping(self, content):
        """Answer with the game's seq now, so a client that missed a live update (one lost while
        Redis was away) sees that it is behind and syncs, even if the game has gone quiet; the
        pong alone (no seq) when the database cannot say. It first renews the socket's place in
        its groups (``renew_groups``: a Redis that lost its data had silenced it), so that the
        pong's seq and the updates after it cover every event."""
        await self.renew_groups(self.group, self.credential_group)
        try:
            seq = await _seq_now(self.game_id)
        except DatabaseError:
            seq = None
        await self.send_json({"type": "pong"} if seq is None else {"type": "pong", "seq": seq})

    async def sync(self, content):
        after = content.get("after", 0)
        if not _whole_number(after):
            raise ApplicationError(
                GameError.INVALID,
                "after must be a whole number",
                extra={"fields": {"after": ["a whole number"]}},
            )
        await self._catch_up(after)

    async def move(self, content):
        if not self.user.is_authenticated:
            raise NotAuthenticated(
                GameError.NOT_AUTHENTICATED, "Authentication credentials were not provided."
            )
        seq, receipt = await self.checked_call(_move, self.game_id, self.user, content)
        await self.send_json(
            {"type": "move.accepted", "id": content.get("id"), "seq": seq, "receipt": receipt}
        )

    async def more_time(self, content):
        if not self.user.is_authenticated:
            raise NotAuthenticated(
                GameError.NOT_AUTHENTICATED, "Authentication credentials were not provided."
            )
        seq, receipt = await self.checked_call(_more_time, self.game_id, self.user, content)
        await self.send_json(
            {"type": "more_time.accepted", "id": content.get("id"), "seq": seq, "receipt": receipt}
        )

    async def _catch_up(self, after: int, only_new: bool = False) -> None:
        """Send every event after ``after`` from the database, the truth, and the view now
        (``only_new``: nothing if there is no event after ``after``).

        The seat is looked up again: a spectator who took a seat since connecting, or a player
        who left or resigned one, moves to the group of what they are now and is greeted again
        (or, a spectator where spectators are refused, closed with 4403).
        """
        try:
            seat, payload = await self.checked_call(
                selectors.game_catch_up, self.game_id, self.user, after, self.seat
            )
        except SignedOut:  # closed with 4401
            return
        except Forbidden:
            await self._leave()
            await self.close(code=CLOSE_FORBIDDEN)
            return
        if seat != self.seat:
            await self._join(seat)
            hello = {k: payload[k] for k in ("game", "status", "seq")}
            await self.send_json({"type": "hello", **hello, "seat": seat})
            await self.send_json(payload)
            self.last_seq = payload["seq"]
            # The log was read before this socket listened to its new group: an event committed
            # in between went to the group without it, and if nothing follows (the game's last
            # move) no gap would ever show. Read once more, now that it listens.
            await self._catch_up(self.last_seq, only_new=True)
            return
        if only_new and payload["seq"] <= after:
            return
        await self.send_json(payload)
        self.last_seq = payload["seq"]

    async def _send_error(self, exc: Exception, message_id: Any) -> None:
        answer = error_for(exc)
        if answer is None:
            log.exception("socket command failed", exc_info=exc)
            answer = 500, error_body("server_error", "Internal server error.")
        status, body = answer
        out: dict[str, Any] = {"type": "error"}
        if message_id is not None:
            out["id"] = message_id
        body = localized(body, scope_language(self.scope))  # the handshake's language
        await self.send_json({**body, **out, "status": status})

    # -- group messages ------------------------------------------------------------------------

    async def game_seats(self, message):
        """Seats changed hands: if this socket's user now holds another seat than the one it
        listens to (or none, or one at last), look them up again before anything else."""
        if self.group is None:  # closed
            return
        holders = message.get("holders") or []
        mine = self.user.id if self.user.is_authenticated else None
        seat = holders.index(mine) if mine is not None and mine in holders else None
        if seat != self.seat:
            await self._reseat()

    async def _reseat(self) -> None:
        """Look up which seat this socket's user holds now, from the database, and become it:
        its group, a new hello and, once synced, the events since the last one sent as it may
        now see them."""
        try:
            if self.last_seq is not None:
                await self._catch_up(self.last_seq)
                return
            hello = await _in_pool(_hello)(self.game_id, self.user)
        except (DatabaseError, RedisError, OSError) as exc:
            refusals.failed("socket reseat", exc)
            await self._leave()  # never stay on a seat that may no longer be this user's
            await self.close(code=CLOSE_TRY_AGAIN)
            return
        if hello is None or hello["type"] == "forbidden":
            await self._leave()
            await self.close(code=CLOSE_NOT_FOUND if hello is None else CLOSE_FORBIDDEN)
        elif hello["seat"] != self.seat:
            await self._join(hello["seat"])
            await self.send_json(hello)

    def _for_me(self, message) -> bool | None:
        """Tell whether a live update may be forwarded: True if it was built for the
        spectators, or for this socket's seat while its user holds it; False if it was built
        for a group this socket has left since (a message already on its way); None if this
        socket's seat has changed hands, or the message does not say who holds it."""
        if "seat" not in message:
            return None
        if message["seat"] != self.seat:
            return False
        if self.seat is None:
            return True
        holder = message.get("holder")
        if holder is not None and self.user.is_authenticated and holder == self.user.id:
            return True
        return None

    async def game_update(self, message):
        """Forward a live update: only one this viewer may see now (else look the seat up
        again), dropping what was sent already, filling a gap from the database."""
        if self.group is None:  # closed
            return
        lately = LATENESS.saw(message, time.time())
        allowed = self._for_me(message)
        if allowed is None:
            await self._reseat()
            return
        if not allowed or self.last_seq is None:  # not synced yet: its sync will include this
            return
        if message["seq"] <= self.last_seq:
            return
        if message["first_seq"] > self.last_seq + 1:
            # Ahead of one not here yet: the two came from different processes (a person's
            # move from a web process, the bot's answer from the worker), and under load the
            # later one can overtake. Held for the missing one to arrive (gap_wait: longer
            # when updates arrive late, as under load the missing one does too), then read
            # from the database. Reading at once, or after a fixed 0.25 s, made most
            # overtakings at 100 tables a catch-up query: the web process's largest cost.
            self._held[message["first_seq"]] = message
            if self._gap_timer is None:
                self._gap_timer = asyncio.get_running_loop().call_later(
                    gap_wait(lately), self._gap_expired
                )
            return
        await self._forward(message)
        await self._forward_held()

    async def _forward(self, message) -> None:
        """Send a live update that starts at or before ``last_seq + 1``."""
        if message["first_seq"] == self.last_seq + 1:  # the usual case: the group's encoding
            await self.send(text_data=message["text"])
        else:  # overlaps what a resync sent: forward only the new events
            payload = json.loads(message["text"])
            payload["events"] = [e for e in payload["events"] if e["seq"] > self.last_seq]
            await self.send_json(payload)
        self.last_seq = message["seq"]

    async def _forward_held(self) -> None:
        """Send the held updates that now follow on, in order; drop those already sent."""
        while self._held:
            first = min(self._held)
            if first > self.last_seq + 1:
                return
            message = self._held.pop(first)
            if message["seq"] > self.last_seq:
                await self._forward(message)
        self._stop_gap_timer()

    def _stop_gap_timer(self) -> None:
        if self._gap_timer is not None:
            self._gap_timer.cancel()
            self._gap_timer = None

    def _gap_expired(self) -> None:
        """The missing update did not come (lost: Redis pub/sub is at most once): read it."""
        self._gap_timer = None
        self._gap_reads.add(task := asyncio.ensure_future(self._read_the_gap()))
        task.add_done_callback(self._gap_reads.discard)

    async def _read_the_gap(self) -> None:
        async with self._handling:  # one message at a time, as Channels hands them
            if not self._held or self.group is None:
                return
            self._held.clear()
            try:
                await self._catch_up(self.last_seq)
            except Exception:  # noqa: BLE001 — the client's ping finds the gap and syncs
                log.warning("socket catch-up after a lost update failed", exc_info=True)

    async def chat_message(self, message):
        """A chat message at this table: forwarded if this socket's user may read it
        (chat.sockets)."""
        await extensions.deliver("chat.message", self, message, "game")
