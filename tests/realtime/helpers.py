"""Players, tables and sockets for the socket tests (the leak oracle they check frames
against: tests/support/leaks.py)."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from asgiref.testing import ApplicationCommunicator
from channels.db import database_sync_to_async
from django.test import Client
from knox.crypto import hash_token
from rest_framework.test import APIClient

from accounts.services import api_token_create
from accounts.services import user_register
from config.asgi import application
from eventstore import store
from games import selectors
from games import services
from games.models import Game
from games.models import stream_name

PASSWORD = "pw-correct-horse-1"
ORIGIN = "http://localhost:8000"
TIMEOUT = 5

# What a socket test module needs, as its ``pytestmark``: an event loop, a database whose commits
# the consumers (in another thread) see, and a channel layer of its own (tests/realtime/conftest.py).
SOCKET_TEST = [
    pytest.mark.asyncio,
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.usefixtures("layer"),
]


class WebsocketCommunicator(ApplicationCommunicator):
    """The part of ``channels.testing.WebsocketCommunicator`` these tests use.

    channels 4.3's ``channels.testing`` package imports daphne (for its live-server test case)
    on import, and daphne is not a dependency of this project.
    """

    def __init__(self, app, path: str, headers: list) -> None:
        path, _, query = path.partition("?")
        scope = {
            "type": "websocket",
            "scheme": "ws",
            "path": path,
            "query_string": query.encode(),
            "headers": headers,
            "subprotocols": [],
        }
        super().__init__(app, scope)

    async def connect(self, timeout: float = 1) -> tuple[bool, Any]:
        """Return (True, subprotocol) if accepted, else (False, close code)."""
        await self.send_input({"type": "websocket.connect"})
        response = await self.receive_output(timeout)
        if response["type"] == "websocket.close":
            return False, response.get("code", 1000)
        assert response["type"] == "websocket.accept", response
        return True, response.get("subprotocol")

    async def send_to(self, text_data: str | None = None, bytes_data: bytes | None = None):
        if text_data is not None:
            await self.send_input({"type": "websocket.receive", "text": text_data})
        else:
            await self.send_input({"type": "websocket.receive", "bytes": bytes_data})

    async def send_json_to(self, data: Any) -> None:
        await self.send_to(text_data=json.dumps(data))

    async def receive_json_from(self, timeout: float = 1) -> Any:
        response = await self.receive_output(timeout)
        assert response["type"] == "websocket.send", response
        return json.loads(response["text"])

    async def disconnect(self, code: int = 1000, timeout: float = 1) -> None:
        await self.send_input({"type": "websocket.disconnect", "code": code})
        await self.wait(timeout)


async def db(fn, *args, **kwargs):
    """Run synchronous database code from a test coroutine."""
    return await database_sync_to_async(fn)(*args, **kwargs)


# The user of each API token key ``player`` made, so ``socket(token=...)`` can get a ticket.
_TOKEN_USERS: dict[str, int] = {}


_token_names = itertools.count()


def token_for(user) -> str:
    """Make a new API token for ``user`` (a name of its own: the user's others stay valid);
    return its key."""
    _, key = api_token_create(user=user, name=f"test-{next(_token_names)}")
    _TOKEN_USERS[key] = user.pk
    return key


def player(name: str):
    """Register ``name``; return the user with an API token key as ``.token``."""
    user = user_register(username=name, password=PASSWORD)
    user.token = token_for(user)
    return user


def ticket_for(token: str) -> str:
    """A socket ticket issued for the holder of API token key ``token``, as
    POST /api/v1/auth/socket-ticket issues it (realtime.tickets); a key this module did not
    make passes through as a ticket nobody issued."""
    from accounts.sockets import token_credential
    from realtime.tickets import ticket_issue

    if token not in _TOKEN_USERS:
        return token
    credential = token_credential(hash_token(token))
    return ticket_issue(user_id=_TOKEN_USERS[token], credential=credential)


def session_cookie(user) -> str:
    """Log ``user`` in through Django's test client; return its session id."""
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client.cookies["sessionid"].value


def table(
    creator, others=(), *, bots: int = 1, start: bool = True, server_seed: bytes | None = None
) -> str:
    """Open a 1-round double-6 table for ``creator``, ``others`` then ``bots`` random bots
    (dealt from ``server_seed`` when given, for a test that needs a deal of a known shape)."""
    game = services.game_create(
        user=creator,
        players=1 + len(others) + bots,
        variants={"set_max": 6, "rounds": 1},
        server_seed=server_seed,
    )
    for user in others:
        services.game_join(game_id=game.id, user=user)
    for _ in range(bots):
        services.game_add_bot(game_id=game.id, user=creator, strategy="random")
    if start:
        services.game_start(game_id=game.id, user=creator)
    return str(game.id)


def state_for(gid: str, user) -> dict:
    return selectors.game_state_for(selectors.game_get(gid), user)


def mover(gid: str, users: list) -> Any:
    """Return which of ``users`` is to move, or None once the game is over."""
    game = Game.objects.get(pk=gid)
    if game.status != "active":
        return None
    seat = game.seats.get(index=game.to_move)
    return next(u for u in users if u.id == seat.user_id)


def play_turn(gid: str, users: list) -> int | None:
    """Make the first legal move of whichever of ``users`` is to move; return the game's seq
    after it — the bots' answers included, which their tasks (run in-process here, right
    after the move commits) have appended by the time the move returns."""
    user = mover(gid, users)
    if user is None:
        return None
    st = state_for(gid, user)
    services.game_move(game_id=gid, user=user, move=st["legal_moves"][0], expected_seq=st["seq"])
    return store.version(stream_name(gid))


def rest_move(user, gid: str, body: dict, key: str | None = None):
    """POST a move through the REST API as ``user`` (token auth), with idempotency ``key`` if
    given."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {user.token}")
    extra = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return client.post(f"/api/v1/games/{gid}/moves", body, format="json", **extra)


def log_seqs(gid: str) -> list[int]:
    return [e.seq for e in store.read(stream_name(gid))]


def socket(
    gid: str, *, token: str | None = None, session: str | None = None, origin: str | None = ORIGIN
) -> WebsocketCommunicator:
    """Return a communicator on the real ASGI application for game ``gid``: authenticated by
    the session cookie ``session``, or as the holder of API token ``token`` by a fresh ticket."""
    headers = [(b"host", b"localhost:8000")]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    if session is not None:
        headers.append((b"cookie", f"sessionid={session}".encode()))
    query = f"?ticket={ticket_for(token)}" if token is not None else ""
    return WebsocketCommunicator(application, f"/ws/games/{gid}/{query}", headers=headers)


async def _greeted(comm: WebsocketCommunicator) -> dict:
    """Connect ``comm``; return its hello."""
    ok, _ = await comm.connect(timeout=TIMEOUT)
    assert ok
    hello = await comm.receive_json_from(timeout=TIMEOUT)
    assert hello["type"] == "hello", hello
    return hello


async def _sync(comm: WebsocketCommunicator, after: int) -> dict:
    """Sync ``comm`` after ``after``; return the sync's payload."""
    await comm.send_json_to({"command": "sync", "after": after})
    payload = await comm.receive_json_from(timeout=TIMEOUT)
    assert payload["type"] == "events", payload
    return payload


async def connected(gid: str, **kwargs) -> tuple[WebsocketCommunicator, dict]:
    """Connect to game ``gid``; return the communicator and its hello. The caller disconnects
    it in a ``finally`` (or opens it with ``Sockets``, which does)."""
    comm = socket(gid, **kwargs)
    return comm, await _greeted(comm)


async def synced(gid: str, after: int = 0, **kwargs) -> tuple[WebsocketCommunicator, dict]:
    """Connect and sync after ``after``; return the communicator and the sync's payload."""
    comm, _ = await connected(gid, **kwargs)
    return comm, await _sync(comm, after)


async def close(comm: WebsocketCommunicator) -> None:
    """Disconnect ``comm`` unless its application has already ended (the test disconnected
    it, or the server's consumer finished): disconnecting then would only re-raise."""
    if comm._future is not None and not comm._future.done():
        await comm.disconnect()


class Sockets:
    """The sockets a test opens, every one disconnected on the way out of ``async with`` —
    when an assertion fails too: a communicator left open keeps its consumer running and its
    channel-layer groups joined into the tests that follow.

    ``async with Sockets() as sockets: comm, hello = await sockets.connected(gid, ...)``
    """

    def __init__(self) -> None:
        self.opened: list[WebsocketCommunicator] = []

    async def __aenter__(self) -> Sockets:
        return self

    async def __aexit__(self, *exc) -> None:
        for comm in reversed(self.opened):
            await close(comm)

    def keep(self, comm: WebsocketCommunicator) -> WebsocketCommunicator:
        """Disconnect ``comm`` (opened elsewhere) on the way out too; return it."""
        self.opened.append(comm)
        return comm

    def socket(self, gid: str, **kwargs) -> WebsocketCommunicator:
        """``socket(gid, ...)``, not yet connected."""
        return self.keep(socket(gid, **kwargs))

    async def connected(self, gid: str, **kwargs) -> tuple[WebsocketCommunicator, dict]:
        """``connected(gid, ...)``: the communicator and its hello."""
        comm = self.socket(gid, **kwargs)
        return comm, await _greeted(comm)

    async def synced(
        self, gid: str, after: int = 0, **kwargs
    ) -> tuple[WebsocketCommunicator, dict]:
        """``synced(gid, ...)``: the communicator and its sync's payload."""
        comm, _ = await self.connected(gid, **kwargs)
        return comm, await _sync(comm, after)

    async def closed_at_once(self, gid: str, **kwargs) -> dict:
        """Connect to ``gid``; the socket is accepted first (so that a browser sees the close
        code); return the message that follows it."""
        comm = self.socket(gid, **kwargs)
        ok, _ = await comm.connect(timeout=TIMEOUT)
        assert ok
        return await comm.receive_output(timeout=TIMEOUT)


async def receive(comm: WebsocketCommunicator) -> dict:
    return await comm.receive_json_from(timeout=TIMEOUT)


async def receive_until_seq(comm: WebsocketCommunicator, seq: int) -> list[dict]:
    """Receive ``events`` messages until one reaches ``seq``; return them all."""
    out = []
    while not out or out[-1]["seq"] < seq:
        message = await receive(comm)
        assert message["type"] == "events", message
        out.append(message)
    return out
