"""Who a socket is, and for how long: session cookie or single-use ticket, bound to its credential.

A socket authenticates by the session cookie (Channels' ``AuthMiddlewareStack``) or by a ticket
(``?ticket=``, realtime.tickets) that carries the session or API token it was issued with. A
long-lived token in the URL (``?token=``, accepted before) is no longer read: such a socket is
anonymous, as one with a bad or used ticket is (never the session's user: a client learns of
its mistake instead of silently acting as someone else).

Each authenticated socket is bound to that credential (``scope["credential"]``) and closed with
``CLOSE_SIGNED_OUT`` (4401) once it ends:

- at once when it ends through the platform: a logout, a revoked token (one or all), a password
  change or a deactivated account publish ``auth.recheck`` to the user's group (``user_group``)
  after commit; the message names the session or token that ended, so its sockets close without
  a query, and the user's other sockets check theirs again;
- at its expiry (the token's, the session's), by a timer;
- and, should a message be lost, before any command more than ``SOCKET_AUTH_RECHECK_SECONDS``
  after the last check.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from datetime import datetime
from importlib import import_module
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from django.conf import settings
from django.contrib.auth.models import AnonymousUser

from core import clock
from core.api import is_outage
from core.outages import FailureLog
from realtime.broadcast import send_on_commit
from realtime.groups import user_group

log = logging.getLogger(__name__)
# Sockets refused for a backing service down or out of connections: one line an interval per
# kind (core.outages), not a traceback a socket.
refusals = FailureLog(log)

CLOSE_SIGNED_OUT = 4401  # the socket's session ended or its token was revoked or expired
CLOSE_TRY_AGAIN = 1013  # a backing service is down or out of connections: try again later


def query_param(query_string: bytes, name: str) -> str | None:
    """Return the last ``name`` query parameter, or None when there is none."""
    values = parse_qs(query_string.decode("latin1")).get(name)
    return values[-1] if values else None


def fingerprint(secret: str) -> str:
    """A SHA-256 of a session key, to name it in messages without revealing it."""
    return hashlib.sha256(secret.encode()).hexdigest()


def session_credential(session_key: str) -> dict[str, Any]:
    return {"kind": "session", "key": session_key}


def token_credential(digest: str) -> dict[str, Any]:
    return {"kind": "token", "digest": digest}


def credential_id(credential: dict[str, Any]) -> str:
    """What ``auth.recheck`` messages call this credential (no secret in it)."""
    if credential["kind"] == "session":
        return "session:" + fingerprint(credential["key"])
    return "token:" + credential["digest"]


# -- checking a credential (synchronous: the database) ------------------------------------------


def _session_user(session_key: str):
    """Return the user of session ``session_key`` as Django would for a request (expired,
    flushed, or from before a password change: anonymous) and the session's expiry, if known."""
    from django.contrib.auth import get_user

    engine = import_module(settings.SESSION_ENGINE)
    store = engine.SessionStore(session_key=session_key)
    user = get_user(SimpleNamespace(session=store))
    expiry = None
    model = getattr(engine.SessionStore, "get_model_class", None)
    if model is not None and user.is_authenticated:  # db and cached_db sessions
        expiry = (
            model()
            .objects.filter(session_key=session_key)
            .values_list("expire_date", flat=True)
            .first()
        )
    return user, expiry


def _token_user(digest: str):
    from accounts.tokens import token_for_digest

    token = token_for_digest(digest)
    if token is None or (token.expiry is not None and token.expiry <= clock.now()):
        return AnonymousUser(), None
    return token.user, token.expiry


def credential_check(credential: dict[str, Any] | None, user_id: int | None):
    """Return ``(user, expiry)`` if ``credential`` still authenticates the active user
    ``user_id`` (``expiry``: when it will stop, None if unknown), else ``(None, None)``."""
    if not credential:
        return None, None
    if credential.get("kind") == "session":
        user, expiry = _session_user(credential["key"])
    elif credential.get("kind") == "token":
        user, expiry = _token_user(credential["digest"])
    else:
        return None, None
    if not user.is_authenticated or not user.is_active or user.pk != user_id:
        return None, None
    return user, expiry


def _in_threads(func):
    return database_sync_to_async(func, thread_sensitive=False)


_check = _in_threads(credential_check)


class SignedOut(Exception):
    """The socket's credential ended (its socket is closed with ``CLOSE_SIGNED_OUT``)."""


def _consume_ticket(ticket: str):
    """Return ``(user, credential)`` for a good ticket, else ``(AnonymousUser, None)``."""
    from realtime.tickets import ticket_consume

    issued = ticket_consume(ticket)
    if issued is None:
        return AnonymousUser(), None
    credential = issued["credential"]
    user, _ = credential_check(credential, issued["user"])
    if user is None:
        return AnonymousUser(), None
    return staff_powers_checked(user, credential), credential


def staff_powers_checked(user, credential):
    """``user``, or a copy without staff powers unless ``credential`` is a browser session
    that passed the second factor (accounts.second_factor; never an API token)."""
    from accounts.permissions import without_staff_powers
    from accounts.second_factor import session_verified

    if not getattr(user, "is_staff", False):
        return user
    if credential and credential.get("kind") == "session":
        engine = import_module(settings.SESSION_ENGINE)
        store = engine.SessionStore(session_key=credential["key"])
        if session_verified(SimpleNamespace(session=store, user=user)):
            return user
    return without_staff_powers(user)


consume_ticket = database_sync_to_async(_consume_ticket, thread_sensitive=False)
_staff_checked = database_sync_to_async(staff_powers_checked, thread_sensitive=False)


class TicketAuthMiddleware(BaseMiddleware):
    """Set ``scope["user"]`` and ``scope["credential"]``: from ``?ticket=`` when there is one,
    else from the session (inside ``AuthMiddlewareStack``). ``?token=`` makes it anonymous."""

    async def __call__(self, scope, receive, send):
        try:
            scope = await self._authenticated(scope)
        except Exception as exc:
            if scope.get("type") != "websocket" or not is_outage(exc):
                raise
            # At a round's start a busy process's pool ran dry reading hundreds of tickets at
            # once: an HTTP 500 with a traceback each, and no close code for the browser's
            # socket to back off on. A ticket read in a failed transaction stays unused; the
            # browser asks for a new one when it reconnects.
            refusals.failed("socket ticket", exc)
            await try_again_later(receive, send)
            return None
        refusals.succeeded("socket ticket")
        return await super().__call__(scope, receive, send)

    async def _authenticated(self, scope):
        query = scope.get("query_string", b"")
        ticket = query_param(query, "ticket")
        if ticket is not None:
            user, credential = await consume_ticket(ticket)
            scope = dict(scope, user=user, credential=credential)
        elif query_param(query, "token") is not None:
            scope = dict(scope, user=AnonymousUser(), credential=None)
        else:
            user = scope.get("user")
            session = scope.get("session")
            key = getattr(session, "session_key", None)
            signed_in = user is not None and user.is_authenticated and key
            credential = session_credential(key) if signed_in else None
            if signed_in and user.is_staff:
                user = await _staff_checked(user, credential)
            scope = dict(scope, user=user, credential=credential)
        return scope


async def try_again_later(receive, send) -> None:
    """Answer a socket's handshake with an accept and a close 1013 (a close before the accept
    reaches a browser as a failed handshake, without its code)."""
    message = await receive()
    if message.get("type") == "websocket.connect":
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": CLOSE_TRY_AGAIN})


# -- consumers ---------------------------------------------------------------------------------


class CredentialWatch:
    """A consumer mixin closing the socket once its credential ends (see the module).

    Call ``watch_credential()`` after accepting, ``unwatch_credential()`` on disconnect, and
    ``credential_still_valid()`` before acting on a client's command."""

    _credential_group: str | None = None
    _credential_timer: asyncio.Task | None = None
    _credential_checked: float = 0.0
    _signed_out = False
    _check_in_call = False  # credential_still_valid left the check to the command's call

    def _credential(self) -> dict[str, Any] | None:
        return self.scope.get("credential")

    @property
    def credential_group(self) -> str | None:
        """The group a sign-out is announced to, while watched (to renew it on a ping)."""
        return self._credential_group

    def _user_id(self) -> int | None:
        user = self.scope.get("user")
        return user.pk if user is not None and user.is_authenticated else None

    async def watch_credential(self) -> bool:
        """Start watching; False (and the socket closed) if the credential already ended."""
        if self._credential() is None:
            return True
        await self.listen_for_sign_out()
        return await self._recheck_or_trust()

    async def listen_for_sign_out(self) -> None:
        """``watch_credential`` in two halves, for a consumer that checks the credential in a
        database call of its own (``credential_check``, then ``credential_checked``): first
        listen to the user's group, so that a sign-out between the check and the listening
        is not missed."""
        if self._credential() is not None:
            self._credential_group = user_group(self._user_id())
            await self.channel_layer.group_add(self._credential_group, self.channel_name)

    async def credential_checked(self, user, expiry) -> bool:
        """The second half: ``(user, expiry)`` is ``credential_check``'s answer, asked after
        ``listen_for_sign_out``. False (and the socket closed) if the credential ended."""
        if self._credential() is None:
            return True
        self._credential_checked = time.monotonic()
        if user is None:
            await self._sign_out()
            return False
        self._schedule(expiry)
        return True

    async def unwatch_credential(self) -> None:
        if self._credential_timer is not None:
            self._credential_timer.cancel()
            self._credential_timer = None
        if self._credential_group is not None:
            await self.channel_layer.group_discard(self._credential_group, self.channel_name)
            self._credential_group = None

    async def credential_still_valid(self, in_its_call: bool = False) -> bool:
        """Check again if the last check is older than ``SOCKET_AUTH_RECHECK_SECONDS``.

        ``in_its_call``: the command goes to the database through ``checked_call``, which then
        makes the check in the same call, before the command's own work (a socket's moves
        came more than that apart at a big tournament's tables, and each paid a trip to the
        database of its own for the check)."""
        if self._signed_out:
            return False
        if self._credential() is None:
            return True
        if time.monotonic() - self._credential_checked < settings.SOCKET_AUTH_RECHECK_SECONDS:
            return True
        if in_its_call:
            self._check_in_call = True
            return True
        return await self._recheck_or_trust()

    async def checked_call(self, func, *args):
        """``func(*args)`` in the thread pool; first, in the same call, the credential's check
        that ``credential_still_valid(in_its_call=True)`` left to it. A credential that ended
        closes the socket (4401) and raises ``SignedOut``: ``func`` is not called."""
        credential, user_id = self._credential(), self._user_id()
        check, self._check_in_call = self._check_in_call and credential is not None, False

        def call():
            checked = credential_check(credential, user_id) if check else None
            if checked is not None and checked[0] is None:
                return checked, None
            return checked, func(*args)

        try:
            checked, result = await _in_threads(call)()
        except BaseException:
            self._check_in_call = self._check_in_call or check  # not made: the next call makes it
            raise
        if checked is not None and not await self.credential_checked(*checked):
            raise SignedOut()
        return result

    async def auth_recheck(self, message) -> None:
        """The group message: a credential of this user ended (``ended``), or may have."""
        credential = self._credential()
        if credential is None or self._signed_out:
            return
        if message.get("ended") == credential_id(credential):
            await self._sign_out()
        else:
            await self._recheck_or_trust()

    async def _recheck_or_trust(self) -> bool:
        """``_recheck``, except that a database (or cache) outage keeps the socket: it cannot
        tell, the command then meets the outage itself (and answers 503), and the next command
        checks again."""
        try:
            return await self._recheck()
        except Exception:
            log.warning("socket credential check failed", exc_info=True)
            return True

    async def _recheck(self) -> bool:
        return await self.credential_checked(*await _check(self._credential(), self._user_id()))

    def _schedule(self, expiry: datetime | None) -> None:
        """Check again when the credential expires (if it is known to)."""
        if self._credential_timer is not None:
            self._credential_timer.cancel()
            self._credential_timer = None
        if expiry is None:
            return
        delay = max(0.0, (expiry - clock.now()).total_seconds()) + 0.05
        self._credential_timer = asyncio.get_running_loop().create_task(self._at_expiry(delay))

    async def _at_expiry(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self._credential_timer = None
        await self._recheck_or_trust()

    async def _sign_out(self) -> None:
        if self._signed_out:
            return
        self._signed_out = True
        await self.close(code=CLOSE_SIGNED_OUT)


# -- telling sockets ---------------------------------------------------------------------------


def recheck_sockets(user_id: int, ended: dict[str, Any] | None = None) -> None:
    """After commit, tell ``user_id``'s sockets that ``ended`` (a credential) ended, or that
    theirs may have (None: each checks again)."""
    message = {"type": "auth.recheck", "ended": credential_id(ended) if ended else None}
    send_on_commit(lambda: {user_group(user_id): message})
