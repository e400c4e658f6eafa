"""The pools socket in docs/api/asyncapi.yaml stays true to matchmaking.consumers: the
commands it answers, the message types and close codes its code uses, and every frame of a
real session validated against the document's payloads (as tests/realtime/test_asyncapi.py
does for the game and tournament sockets)."""

from __future__ import annotations

import pytest

from config.asgi import application
from matchmaking import services
from tests.realtime.conftest import layer  # noqa: F401 — the socket tests' channel layer
from tests.realtime.helpers import ORIGIN
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import WebsocketCommunicator
from tests.realtime.helpers import db
from tests.realtime.helpers import player
from tests.realtime.helpers import receive
from tests.realtime.helpers import session_cookie
from tests.realtime.test_asyncapi import AUTH
from tests.realtime.test_asyncapi import REPO
from tests.realtime.test_asyncapi import THROTTLING
from tests.realtime.test_asyncapi import Checker
from tests.realtime.test_asyncapi import close_constants
from tests.realtime.test_asyncapi import compared_commands
from tests.realtime.test_asyncapi import document
from tests.realtime.test_asyncapi import documented
from tests.realtime.test_asyncapi import method
from tests.realtime.test_asyncapi import scope
from tests.realtime.test_asyncapi import type_literals

CONSUMER = REPO / "platform" / "matchmaking" / "consumers.py"
PAGE_SOCKETS = REPO / "platform" / "accounts" / "page_sockets.py"  # its commands and answers
BROADCAST = REPO / "platform" / "matchmaking" / "broadcast.py"


def test_the_pools_socket_documents_exactly_the_commands_it_answers():
    answered = compared_commands(method(PAGE_SOCKETS, "PageWatcher", "receive"))

    assert answered == set(documented("pools", "command"))


def test_every_message_type_the_pools_code_builds_is_documented():
    built = type_literals(scope(CONSUMER, None)) | type_literals(scope(PAGE_SOCKETS, "PageWatcher"))
    for name in ("grid_text", "seated_text"):  # the frames; the rest are channel-layer messages
        built |= type_literals(scope(BROADCAST, name))
    built |= type_literals(scope(THROTTLING, "SocketLimits"))

    assert {"pools", "seated", "pong", "error"} <= built
    assert built <= set(documented("pools", "type"))


def test_every_close_code_the_pools_socket_uses_is_documented():
    codes = {c for path in (CONSUMER, AUTH, THROTTLING) for c in close_constants(path).values()}
    described = {c["code"] for c in document()["info"]["x-close-codes"]}

    assert codes == set(document()["channels"]["pools"]["x-close-codes"])
    assert codes <= described


def test_the_pools_address_is_a_route_of_the_asgi_application():
    from config.asgi import websocket_routes

    routes = {"/" + str(r.pattern) for r in websocket_routes}

    assert document()["channels"]["pools"]["address"] in routes


@pytest.mark.usefixtures("layer")
@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
async def test_every_frame_of_a_pools_session_matches_the_document():
    assert SOCKET_TEST  # the same marks as every socket test (above, with the layer)
    ana, bo, cy = [await db(player, f"{n}_doc") for n in ("ana", "bo", "cy")]
    headers = [
        (b"origin", ORIGIN.encode()),
        (b"host", b"localhost:8000"),
        (b"cookie", f"sessionid={await db(session_cookie, ana)}".encode()),
    ]
    checker = Checker("pools")
    async with Sockets() as sockets:
        comm = sockets.keep(WebsocketCommunicator(application, "/ws/pools/", headers))
        assert (await comm.connect(timeout=5))[0]
        assert checker.check(await receive(comm))["type"] == "pools"
        for command, answer in (("ping", "pong"), ("sync", "pools")):
            await comm.send_json_to(checker.client({"command": command}))
            assert checker.check(await receive(comm))["type"] == answer
        await comm.send_json_to({"command": "join"})
        assert checker.check(await receive(comm))["code"] == "bad_message"
        for user in (ana, bo, cy):
            await db(services.pool_join, user=user, pool="3p-60s")
        while "seated" not in checker.seen:
            checker.check(await receive(comm))

    assert checker.seen == set(checker.types)
