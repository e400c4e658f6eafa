"""Who is at the other end of a socket: origin checks, session and ticket auth, seats."""

import uuid

from games import selectors
from games import services
from tests.realtime.helpers import ORIGIN
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import TIMEOUT
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db
from tests.realtime.helpers import player
from tests.realtime.helpers import receive
from tests.realtime.helpers import session_cookie
from tests.realtime.helpers import table

pytestmark = SOCKET_TEST


async def test_session_cookie_authenticates_a_seated_player_who_gets_its_seat():
    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(table, ana, [bo])
    async with Sockets() as sockets:
        _, hello = await sockets.connected(gid, session=await db(session_cookie, bo))
        assert hello == {
            "type": "hello",
            "game": gid,
            "seat": 1,
            "status": "active",
            "seq": hello["seq"],
        }
        assert hello["seq"] >= 2


async def test_a_ticket_issued_for_a_token_authenticates_the_socket():
    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(table, ana, [bo])
    async with Sockets() as sockets:
        _, hello = await sockets.connected(gid, token=ana.token)
        assert hello["seat"] == 0


async def test_a_bad_ticket_makes_the_socket_anonymous_even_with_a_session():
    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(table, ana, [bo])
    session = await db(session_cookie, ana)
    async with Sockets() as sockets:
        comm, hello = await sockets.connected(gid, token="not-a-ticket", session=session)
        assert hello["seat"] is None
        await comm.send_json_to({"command": "move", "id": "m1", "move": {"action": "draw"}})
        answer = await receive(comm)
        assert answer["status"] == 401
        assert answer["code"] == "not_authenticated"


async def test_users_without_a_seat_and_anonymous_visitors_are_spectators():
    ana, bo, cy = await db(player, "ana"), await db(player, "bo"), await db(player, "cy")
    gid = await db(table, ana, [bo])
    for kwargs in ({"token": cy.token}, {"session": await db(session_cookie, cy)}, {}):
        async with Sockets() as sockets:
            _, hello = await sockets.connected(gid, **kwargs)
            assert hello["seat"] is None, kwargs


async def test_a_foreign_origin_is_refused_and_the_sites_own_accepted():
    ana = await db(player, "ana")
    gid = await db(table, ana, [], bots=1)
    # The socket is on ws://localhost:8000: another host, port or scheme is another origin.
    refused = ("https://evil.example", "http://localhost.evil.example", None)
    refused += ("http://127.0.0.1:8000", "https://localhost", "http://localhost:9999")
    async with Sockets() as sockets:
        for origin in refused:
            comm = sockets.socket(gid, token=ana.token, origin=origin)
            ok, _ = await comm.connect(timeout=TIMEOUT)
            assert not ok, origin
        _, hello = await sockets.connected(gid, token=ana.token, origin=ORIGIN)
        assert hello["seat"] == 0


async def test_an_unknown_game_is_closed_with_4404():
    async with Sockets() as sockets:
        closed = await sockets.closed_at_once(str(uuid.uuid4()))
        assert closed == {"type": "websocket.close", "code": 4404}


async def test_ping_pong_and_bad_messages_answer_without_closing():
    ana = await db(player, "ana")
    gid = await db(table, ana, [], bots=1)
    async with Sockets() as sockets:
        comm, _ = await sockets.connected(gid, token=ana.token)
        await comm.send_to(text_data="{not json")
        await comm.send_to(text_data="[1, 2]")
        await comm.send_json_to({"command": "dance", "id": 7})
        await comm.send_json_to({"after": 0})
        await comm.send_to(bytes_data=b"\x00")
        for _ in range(5):
            answer = await receive(comm)
            assert answer["type"] == "error", answer
            assert answer["status"] == 400, answer
            assert answer["code"] == "bad_message"
        await comm.send_json_to({"command": "sync", "after": "x"})
        answer = await receive(comm)
        assert (answer["status"], answer["code"]) == (400, "invalid")
        assert "after" in answer["fields"]
        await comm.send_json_to({"command": "ping"})
        pong = await receive(comm)
        assert pong["type"] == "pong"
        assert pong["seq"] == (await db(selectors.game_get, gid)).version


async def test_a_spectator_who_takes_a_seat_gets_that_seats_view_after_syncing():
    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = str((await db(services.game_create, user=ana, players=2)).id)
    async with Sockets() as sockets:
        comm, hello = await sockets.connected(gid, token=bo.token)
        assert hello["seat"] is None
        assert hello["status"] == "open"
        await db(services.game_join, game_id=gid, user=bo)
        await comm.send_json_to({"command": "sync", "after": 0})
        hello = await receive(comm)
        assert (hello["type"], hello["seat"]) == ("hello", 1)
        payload = await receive(comm)
        assert payload["type"] == "events"
        assert payload["events"] == []
        await db(services.game_start, game_id=gid, user=ana)
        message = await receive(comm)
        assert message["type"] == "events"
        assert message["view"]["viewer"] == 1


async def test_a_spectator_of_a_duplicate_deal_still_played_elsewhere_is_refused():
    from games.models import Game

    ana, cy = await db(player, "ana"), await db(player, "cy")
    gid = await db(table, ana, [], bots=1)
    await db(lambda: Game.objects.filter(pk=gid).update(seed_hidden=True))
    async with Sockets() as sockets:
        for kwargs in ({"token": cy.token}, {}):  # another player, an anonymous spectator
            closed = await sockets.closed_at_once(gid, **kwargs)
            assert closed == {"type": "websocket.close", "code": 4403}
        _, hello = await sockets.connected(gid, token=ana.token)  # its player still may
        assert hello["seat"] == 0


async def test_a_socket_opened_while_the_database_is_down_is_told_to_try_again(monkeypatch):
    from django.db import OperationalError

    from games import consumers

    def down(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(consumers, "_hello", down)
    async with Sockets() as sockets:
        closed = await sockets.closed_at_once(str(uuid.uuid4()))
        assert closed == {"type": "websocket.close", "code": 1013}


async def test_a_ticket_that_cannot_be_read_for_an_outage_is_told_to_try_again(monkeypatch):
    """At a round's start the pool of a busy web process ran dry (PoolTimeout after 10 s) while
    it read the tickets of hundreds of sockets at once: the handshake failed with an HTTP 500
    and a traceback, and the browser's socket saw no close code to back off on. Refused with
    1013 instead, as a socket whose own reads fail; the ticket is tried again with a new one."""
    from django.db import OperationalError

    from accounts import sockets as account_sockets

    async def dry(ticket):
        raise OperationalError("couldn't get a connection after 10.00 sec")

    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(table, ana, [bo])
    monkeypatch.setattr(account_sockets, "consume_ticket", dry)
    async with Sockets() as sockets:
        closed = await sockets.closed_at_once(gid, token=ana.token)
        assert closed == {"type": "websocket.close", "code": 1013}
    monkeypatch.undo()
    async with Sockets() as sockets:
        _, hello = await sockets.connected(gid, token=ana.token)  # a new ticket, once it is back
        assert hello["seat"] == 0


async def test_sockets_refused_for_an_outage_log_one_line_not_a_traceback_each(monkeypatch, caplog):
    """A round's start refused dozens of sockets at once, each with a traceback in the log."""
    import logging

    from django.db import OperationalError

    from accounts import sockets as account_sockets
    from games import consumers

    def down(*args, **kwargs):
        raise OperationalError("couldn't get a connection after 10.00 sec")

    monkeypatch.setattr(consumers, "_hello", down)
    monkeypatch.setattr(account_sockets.refusals, "_kinds", {})
    caplog.set_level(logging.WARNING)
    async with Sockets() as sockets:
        for _ in range(5):
            closed = await sockets.closed_at_once(str(uuid.uuid4()))
            assert closed == {"type": "websocket.close", "code": 1013}
    refused = [r for r in caplog.records if "socket connect" in r.getMessage()]
    assert len(refused) == 1, [r.getMessage() for r in refused]
    assert refused[0].exc_info is None
    assert "couldn't get a connection" in refused[0].getMessage()
