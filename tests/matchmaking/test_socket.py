"""The grid's socket (ws/pools/): the counts on connect, then again after every join, leave
and table; "seated" to the matched player's own sockets only; never who waits nor their
ratings; ping, sync and a bad message as the other sockets answer them."""

from __future__ import annotations

import json

from config.asgi import application
from matchmaking import services
from ratings.models import Rating
from tests.realtime.conftest import layer  # noqa: F401 — the socket tests' channel layer
from tests.realtime.helpers import ORIGIN
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import WebsocketCommunicator
from tests.realtime.helpers import db
from tests.realtime.helpers import player
from tests.realtime.helpers import session_cookie

pytestmark = SOCKET_TEST

TIMEOUT = 5


async def text_from(comm, timeout: float = TIMEOUT) -> str:
    """The next frame's raw text (to look for what it must not hold)."""
    response = await comm.receive_output(timeout)
    assert response["type"] == "websocket.send", response
    return response["text"]


def pools_socket(session: str | None = None) -> WebsocketCommunicator:
    headers = [(b"host", b"localhost:8000"), (b"origin", ORIGIN.encode())]
    if session is not None:
        headers.append((b"cookie", f"sessionid={session}".encode()))
    return WebsocketCommunicator(application, "/ws/pools/", headers=headers)


async def connected(sockets: Sockets, session: str | None = None) -> tuple:
    comm = sockets.keep(pools_socket(session))
    ok, _ = await comm.connect(timeout=TIMEOUT)
    assert ok
    first = await text_from(comm)
    return comm, first


def waiting(grid: dict, key: str) -> dict:
    return next(p["waiting"] for p in grid["pools"] if p["key"] == key)


async def next_of(comm, kind: str) -> tuple[dict, str]:
    """The next message of ``type`` ``kind`` (and its raw text), skipping grids before it."""
    for _ in range(20):
        text = await text_from(comm)
        message = json.loads(text)
        if message["type"] == kind:
            return message, text
    raise AssertionError(f"no {kind} message")


async def grid_until(comm, done) -> tuple[dict, list[str]]:
    texts = []
    for _ in range(20):
        text = await text_from(comm)
        texts.append(text)
        message = json.loads(text)
        if message["type"] == "pools" and done(message):
            return message, texts
    raise AssertionError("no matching grid")


def join(user, pool: str, **kwargs):
    services.pool_join(user=user, pool=pool, **kwargs)


def leave(user):
    services.pool_leave(user=user)


async def test_the_grid_on_connect_then_counts_as_they_change_and_never_who_waits():
    ana, bo = await db(player, "ana_qp"), await db(player, "bo_qp")
    await db(Rating.objects.create, user=ana, kind="live", mu=31.7, sigma=1.1)
    async with Sockets() as sockets:
        comm, first = await connected(sockets)
        grid = json.loads(first)
        assert grid["type"] == "pools"
        assert len(grid["pools"]) >= 10
        assert waiting(grid, "4p-60s") == {"rated": 0, "casual": 0}

        await db(join, ana, "4p-60s", rated=True)
        grid, texts = await grid_until(comm, lambda g: waiting(g, "4p-60s")["rated"] == 1)
        await db(join, bo, "4p-60s")
        more, more_texts = await grid_until(comm, lambda g: waiting(g, "4p-60s")["casual"] == 1)
        await db(leave, ana)
        last, last_texts = await grid_until(comm, lambda g: waiting(g, "4p-60s")["rated"] == 0)
        assert waiting(last, "4p-60s") == {"rated": 0, "casual": 1}

        rating = str((await db(Rating.objects.get, user=ana)).display)
        for text in [first, *texts, *more_texts, *last_texts]:
            message = json.loads(text)
            assert set(message) == {"type", "pools", "at"}
            for pool in message["pools"]:
                assert set(pool) == {"key", "seats", "kind", "time_control", "waiting"}
            # The shape above leaves no room for an id; no name, no rating either.
            for secret in ("ana_qp", "bo_qp", rating, '"user', '"rating"', "username"):
                assert secret not in text, (secret, text)


async def test_the_matched_player_is_told_where_they_sit_and_nobody_else_is():
    ana, bo, cy, dee = [await db(player, f"{n}_seat") for n in ("ana", "bo", "cy", "dee")]
    ana_session, dee_session = await db(session_cookie, ana), await db(session_cookie, dee)
    async with Sockets() as sockets:
        mine, _ = await connected(sockets, ana_session)
        other, _ = await connected(sockets, dee_session)
        for user in (ana, bo, cy):
            await db(join, user, "3p-30s")
        # The joins' match step runs once each join commits (in-process here).
        seated, _ = await next_of(mine, "seated")
        assert seated["pool"] == "3p-30s"
        from games.models import Game

        game = await db(Game.objects.get)
        assert seated["game"] == str(game.pk)
        grid, texts = await grid_until(other, lambda g: waiting(g, "3p-30s")["casual"] == 0)
        assert all(json.loads(t)["type"] == "pools" for t in texts)
        assert await other.receive_nothing(timeout=0.3)


async def test_ping_sync_and_a_bad_message():
    async with Sockets() as sockets:
        comm, _ = await connected(sockets)
        await comm.send_json_to({"command": "ping"})
        assert await comm.receive_json_from(timeout=TIMEOUT) == {"type": "pong"}
        await comm.send_json_to({"command": "sync"})
        assert (await comm.receive_json_from(timeout=TIMEOUT))["type"] == "pools"
        await comm.send_to(text_data="not json")
        error = await comm.receive_json_from(timeout=TIMEOUT)
        assert error["type"] == "error"
        assert error["code"] == "bad_message"
        assert error["status"] == 400
