"""Refusals under load in the reader's language: a 429 with its retry_after, the open tables
cap, a socket's errors; the code, the data and the status unchanged."""

from __future__ import annotations

import uuid

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from config.asgi import application
from tests.realtime import helpers as rt
from tests.support.factories import client_for
from tests.support.factories import make_user
from tests.support.throttling import assert_throttled

TOKEN = "/api/v1/auth/token"


@pytest.fixture(autouse=True)
def _default_language_after():
    """LocaleMiddleware leaves the last request's language active on the thread: not past here."""
    yield
    translation.deactivate()


def bad() -> dict:
    return {"username": f"nobody-{uuid.uuid4().hex[:12]}", "password": "wrong-password-1"}


def throttled(guesser: APIClient) -> tuple[str, int]:
    """Guess a password wrong until the login limit (10 a minute) refuses; return the refusal's
    detail and its seconds to wait."""
    for _ in range(10):
        assert guesser.post(TOKEN, bad(), format="json").status_code == 400
    r = guesser.post(TOKEN, bad(), format="json")
    assert_throttled(r, 60)
    return r.json()["detail"], r.json()["retry_after"]


@pytest.mark.django_db
def test_a_throttled_request_is_told_when_to_retry_in_japanese(rate_limits):
    detail, seconds = throttled(APIClient(REMOTE_ADDR="203.0.113.90", HTTP_ACCEPT_LANGUAGE="ja"))
    assert detail == f"リクエストが多すぎます。{seconds} 秒後にもう一度お試しください。"


@pytest.mark.django_db
def test_a_throttled_request_without_a_language_is_english_as_before(rate_limits):
    detail, seconds = throttled(APIClient(REMOTE_ADDR="203.0.113.91"))
    assert detail == f"Request was throttled. Expected available in {seconds} seconds."


@pytest.mark.django_db
def test_the_open_tables_cap_is_explained_in_japanese(rate_limits):
    rate_limits.OPEN_TABLES_PER_USER = 1
    flooder = client_for(make_user("flooder"))
    assert flooder.post("/api/v1/games", {"players": 4}, format="json").status_code == 201
    r = flooder.post("/api/v1/games", {"players": 4}, format="json", HTTP_ACCEPT_LANGUAGE="ja")
    assert r.status_code == 409
    assert r.json() == {
        "code": "too_many_open_tables",
        "detail": "開いているテーブルが多すぎます。先にどれかを開始するか退出してください。",
        "limit": 1,
    }


def socket_in(gid: str, token: str, *headers: tuple[bytes, bytes]) -> rt.WebsocketCommunicator:
    base = [(b"host", b"localhost:8000"), (b"origin", rt.ORIGIN.encode())]
    path = f"/ws/games/{gid}/?ticket={rt.ticket_for(token)}"
    return rt.WebsocketCommunicator(application, path, headers=[*base, *headers])


async def answer(comm) -> dict:
    """The next answer to a command, skipping live pushes."""
    while True:
        message = await rt.receive(comm)
        if message["type"] not in ("events", "hello"):
            return message


async def connected(sockets, comm):
    sockets.keep(comm)
    ok, _ = await comm.connect(timeout=rt.TIMEOUT)
    assert ok
    assert (await rt.receive(comm))["type"] == "hello"
    return comm


@pytest.mark.asyncio
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
async def test_a_sockets_errors_are_in_the_language_of_its_handshake(rate_limits, layer):
    rate_limits.RATE_LIMITS = {**rate_limits.RATE_LIMITS, "socket_commands": "2/s"}
    ana = await rt.db(rt.player, "ana")
    gid = await rt.db(rt.table, ana, [], bots=1)
    async with rt.Sockets() as sockets:
        ja = await connected(
            sockets, await rt.db(socket_in, gid, ana.token, (b"accept-language", b"ja"))
        )
        await ja.send_json_to({"command": "dance", "id": 1})
        refused = await answer(ja)
        assert refused == {
            "type": "error",
            "id": 1,
            "status": 400,
            "code": "bad_message",
            "detail": '既知の "command" を含む JSON オブジェクトが必要です。',
        }
        await ja.send_json_to({"command": "ping"})
        assert (await answer(ja))["type"] == "pong"
        await ja.send_json_to({"command": "ping", "id": 2})
        throttled = await answer(ja)
        assert (throttled["status"], throttled["code"], throttled["id"]) == (429, "throttled", 2)
        seconds = throttled["retry_after"]
        assert throttled["detail"] == (
            f"リクエストが多すぎます。{seconds} 秒後にもう一度お試しください。"
        )
        cookie = (b"cookie", b"django_language=it")
        it = await connected(sockets, await rt.db(socket_in, gid, ana.token, cookie))
        await it.send_json_to({"command": "dance"})
        assert (await answer(it))["detail"] == ('Era atteso un oggetto JSON con un "command" noto.')
        plain = await connected(sockets, await rt.db(socket_in, gid, ana.token))
        await plain.send_json_to({"command": "dance"})
        assert (await answer(plain))["detail"] == ('expected a JSON object with a known "command"')
