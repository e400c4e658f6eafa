"""Sockets that follow the session, as the attacker tried them.

Reproduced before: log out (or have the token revoked) with a socket open, and that socket
keeps making moves for the rest of the game; a token went in the socket's URL, so into access
logs. Now a socket authenticates by the session cookie or a single-use ticket, stays bound to
that session or token, and is closed (4401) within a moment of its end (accounts.sockets).
"""

from __future__ import annotations

import asyncio
import time

from django.db import connection
from knox.crypto import hash_token
from rest_framework.test import APIClient

from accounts.sockets import CLOSE_SIGNED_OUT
from tests.realtime.helpers import PASSWORD
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import TIMEOUT
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db
from tests.realtime.helpers import mover
from tests.realtime.helpers import player
from tests.realtime.helpers import receive
from tests.realtime.helpers import socket
from tests.realtime.helpers import state_for
from tests.realtime.helpers import table
from tests.support.factories import token_client

pytestmark = SOCKET_TEST

# What the issue allows between the end of a session and its socket's close.
WITHIN = 5.0


def ana_and_bo_at_a_table() -> tuple:
    """Register ana and bo (API token keys as ``.token``) and start a table of theirs, no bots:
    return them and the game's id."""
    ana, bo = player("ana"), player("bo")
    return ana, bo, table(ana, [bo], bots=0)


def browser(user) -> tuple[APIClient, str]:
    """A browser signed in as ``user`` through the API; return it and its session id."""
    client = APIClient(enforce_csrf_checks=True)
    r = client.post(
        "/api/v1/auth/login", {"username": user.username, "password": PASSWORD}, format="json"
    )
    assert r.status_code == 200, r.json()
    return client, client.cookies["sessionid"].value


def log_out(client: APIClient) -> int:
    csrf = client.cookies["csrftoken"].value
    return client.post("/api/v1/auth/logout", HTTP_X_CSRFTOKEN=csrf).status_code


def ticket(key: str) -> str:
    r = token_client(key).post("/api/v1/auth/socket-ticket")
    assert r.status_code == 201, r.json()
    return r.json()["ticket"]


def ticket_socket(gid: str, ticket_: str):
    comm = socket(gid)
    comm.scope["query_string"] = f"ticket={ticket_}".encode()
    return comm


async def hello_of(comm) -> dict:
    ok, _ = await comm.connect(timeout=TIMEOUT)
    assert ok
    return await receive(comm)


async def closed_within(comm, seconds: float) -> tuple[int | None, float]:
    """Wait for the server to close ``comm``; return its close code and how long it took
    (None if it did not close within ``seconds``). Messages before the close are skipped."""
    started = time.monotonic()
    while (left := seconds - (time.monotonic() - started)) > 0:
        try:
            out = await comm.receive_output(timeout=left)
        except TimeoutError:
            break
        if out["type"] == "websocket.close":
            return out.get("code"), time.monotonic() - started
    return None, time.monotonic() - started


async def try_a_move(comm, gid: str, user) -> None:
    st = await db(state_for, gid, user)
    await comm.send_json_to(
        {"command": "move", "id": "m", "move": st["legal_moves"][0], "expected_seq": st["seq"]}
    )


# -- the attack: a logged-out browser's socket keeps playing -------------------------------------


async def test_a_socket_is_closed_when_its_browser_logs_out_and_can_no_longer_move():
    ana, _, gid = await db(ana_and_bo_at_a_table)
    client, session = await db(browser, ana)
    async with Sockets() as sockets:
        comm, hello = await sockets.connected(gid, session=session)
        assert hello["seat"] == 0

        assert await db(log_out, client) == 204

        code, took = await closed_within(comm, WITHIN)
        assert code == CLOSE_SIGNED_OUT, "the socket outlived its session"
        assert took < WITHIN


async def test_a_logout_closes_only_that_sessions_sockets():
    ana, _, gid = await db(ana_and_bo_at_a_table)
    laptop, laptop_session = await db(browser, ana)
    _, phone_session = await db(browser, ana)
    async with Sockets() as sockets:
        on_laptop, _ = await sockets.connected(gid, session=laptop_session)
        on_phone, _ = await sockets.connected(gid, session=phone_session)

        assert await db(log_out, laptop) == 204

        assert (await closed_within(on_laptop, WITHIN))[0] == CLOSE_SIGNED_OUT
        await on_phone.send_json_to({"command": "ping"})
        assert (await receive(on_phone))["type"] == "pong"


async def test_revoking_a_token_closes_the_sockets_its_tickets_opened():
    ana, _, gid = await db(ana_and_bo_at_a_table)
    async with Sockets() as sockets:
        comm = sockets.keep(ticket_socket(gid, await db(ticket, ana.token)))
        assert (await hello_of(comm))["seat"] == 0

        r = await db(lambda: token_client(ana.token).post("/api/v1/auth/logout"))  # revokes it
        assert r.status_code == 204

        code, took = await closed_within(comm, WITHIN)
        assert code == CLOSE_SIGNED_OUT
        assert took < WITHIN


async def test_revoke_all_from_another_client_closes_every_socket():
    ana, _, gid = await db(ana_and_bo_at_a_table)
    from tests.realtime.helpers import token_for

    other = await db(token_for, ana)
    comms = []
    async with Sockets() as sockets:
        for _ in range(2):
            comm = sockets.keep(ticket_socket(gid, await db(ticket, ana.token)))
            assert (await hello_of(comm))["seat"] == 0
            comms.append(comm)

        r = await db(lambda: token_client(other).delete("/api/v1/auth/tokens"))
        assert r.status_code == 204

        for comm in comms:
            assert (await closed_within(comm, WITHIN))[0] == CLOSE_SIGNED_OUT


async def test_a_password_change_elsewhere_closes_the_other_sessions_sockets():
    ana, _, gid = await db(ana_and_bo_at_a_table)
    _, session = await db(browser, ana)
    async with Sockets() as sockets:
        comm, _ = await sockets.connected(gid, session=session)

        def change_password():
            ana.set_password("pw-a-whole-new-one-2")
            ana.save()

        await db(change_password)

        assert (await closed_within(comm, WITHIN))[0] == CLOSE_SIGNED_OUT


def delete_token_in_sql(token: str) -> None:
    """Delete an API token's row in SQL: no signal, no message to its sockets."""
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM accounts_apitoken WHERE digest = %s", [hash_token(token)])


async def test_a_token_deleted_behind_the_platforms_back_stops_the_next_move(settings):
    """Should the close message be lost (here: the row deleted in SQL, no signal at all), the
    socket checks its token again before a command once SOCKET_AUTH_RECHECK_SECONDS passed."""
    from games.models import Game

    settings.SOCKET_AUTH_RECHECK_SECONDS = 0.2
    ana, bo, gid = await db(ana_and_bo_at_a_table)
    who = await db(mover, gid, [ana, bo])
    async with Sockets() as sockets:
        comm = sockets.keep(ticket_socket(gid, await db(ticket, who.token)))
        assert (await hello_of(comm))["seat"] is not None
        version = await db(lambda: Game.objects.get(pk=gid).version)

        await db(delete_token_in_sql, who.token)
        await asyncio.sleep(0.3)
        await try_a_move(comm, gid, who)

        code, _ = await closed_within(comm, WITHIN)
        assert code == CLOSE_SIGNED_OUT
        assert await db(lambda: Game.objects.get(pk=gid).version) == version  # no move was made


async def test_a_token_deleted_behind_the_platforms_back_gets_no_sync_either(settings):
    """A sync checks the token in the same trip to the database as its catch-up, before it:
    a token deleted in SQL gets the close (4401), never the seat's view."""
    settings.SOCKET_AUTH_RECHECK_SECONDS = 0.2
    ana, bo, gid = await db(ana_and_bo_at_a_table)
    async with Sockets() as sockets:
        comm = sockets.keep(ticket_socket(gid, await db(ticket, ana.token)))
        assert (await hello_of(comm))["seat"] == 0

        await db(delete_token_in_sql, ana.token)
        await asyncio.sleep(0.3)
        await comm.send_json_to({"command": "sync", "after": 0})
        output = await comm.receive_output(TIMEOUT)
        assert output["type"] == "websocket.close", output  # no events frame before it
        assert output["code"] == CLOSE_SIGNED_OUT


async def test_a_socket_is_closed_when_its_token_expires():
    from datetime import timedelta

    from accounts.models import ApiToken
    from core import clock

    ana, _, gid = await db(ana_and_bo_at_a_table)
    digest = hash_token(ana.token)
    await db(
        lambda: ApiToken.objects.filter(digest=digest).update(
            expiry=clock.now() + timedelta(seconds=1.5)
        )
    )
    async with Sockets() as sockets:
        comm = sockets.keep(ticket_socket(gid, await db(ticket, ana.token)))
        assert (await hello_of(comm))["seat"] == 0

        code, took = await closed_within(comm, 1.5 + WITHIN)
        assert code == CLOSE_SIGNED_OUT
        assert took < 1.5 + WITHIN


# -- tickets ---------------------------------------------------------------------------------------


async def test_a_token_in_the_url_no_longer_authenticates():
    ana, _, gid = await db(ana_and_bo_at_a_table)
    async with Sockets() as sockets:
        comm = sockets.socket(gid)
        comm.scope["query_string"] = f"token={ana.token}".encode()

        hello = await hello_of(comm)

        assert hello["type"] == "hello"
        assert hello["seat"] is None


async def test_a_ticket_works_once():
    ana, _, gid = await db(ana_and_bo_at_a_table)
    issued = await db(ticket, ana.token)
    async with Sockets() as sockets:
        first = sockets.keep(ticket_socket(gid, issued))
        assert (await hello_of(first))["seat"] == 0

        replayed = sockets.keep(ticket_socket(gid, issued))  # read from a log, a history, a proxy

        assert (await hello_of(replayed))["seat"] is None


async def test_a_ticket_expires(settings):
    settings.SOCKET_TICKET_SECONDS = 1
    ana, _, gid = await db(ana_and_bo_at_a_table)
    issued = await db(ticket, ana.token)

    await asyncio.sleep(1.5)

    async with Sockets() as sockets:
        assert (await hello_of(sockets.keep(ticket_socket(gid, issued))))["seat"] is None


async def test_a_ticket_of_a_revoked_token_opens_nothing():
    ana, _, gid = await db(ana_and_bo_at_a_table)
    issued = await db(ticket, ana.token)
    assert (
        await db(lambda: token_client(ana.token).post("/api/v1/auth/logout"))
    ).status_code == 204

    async with Sockets() as sockets:
        assert (await hello_of(sockets.keep(ticket_socket(gid, issued))))["seat"] is None


async def test_only_a_signed_in_client_gets_a_ticket_and_the_ticket_is_no_token():
    ana = await db(player, "ana")
    r = await db(lambda: APIClient().post("/api/v1/auth/socket-ticket"))
    assert (r.status_code, r.json()["code"]) == (401, "not_authenticated")

    issued = await db(ticket, ana.token)
    r = await db(lambda: token_client(issued).get("/api/v1/me"))
    assert r.status_code == 401


async def test_a_browser_session_gets_a_ticket_bound_to_that_session():
    ana, _, gid = await db(ana_and_bo_at_a_table)
    client, _ = await db(browser, ana)

    def session_ticket():
        csrf = client.cookies["csrftoken"].value
        r = client.post("/api/v1/auth/socket-ticket", HTTP_X_CSRFTOKEN=csrf)
        assert r.status_code == 201, r.json()
        return r.json()["ticket"]

    async with Sockets() as sockets:
        comm = sockets.keep(ticket_socket(gid, await db(session_ticket)))
        assert (await hello_of(comm))["seat"] == 0

        assert await db(log_out, client) == 204

        assert (await closed_within(comm, WITHIN))[0] == CLOSE_SIGNED_OUT


async def test_a_database_outage_during_the_check_keeps_the_socket(settings, monkeypatch):
    """The check cannot tell while PostgreSQL is down: the socket stays, its command meets the
    outage itself (a 503 error message over the socket, as the fault tests expect)."""
    from django.db import OperationalError

    import accounts.sockets

    settings.SOCKET_AUTH_RECHECK_SECONDS = 0
    ana, _, gid = await db(ana_and_bo_at_a_table)
    async with Sockets() as sockets:
        comm = sockets.keep(ticket_socket(gid, await db(ticket, ana.token)))
        assert (await hello_of(comm))["seat"] == 0

        def down(*args, **kwargs):
            raise OperationalError("the database is down")

        monkeypatch.setattr(accounts.sockets, "_check", lambda *a: asyncio.to_thread(down))
        await comm.send_json_to({"command": "ping"})
        assert (await receive(comm))["type"] == "pong"
