"""A socket opens only from a page of this very site (issue 13).

The attack: the player, signed in, visits a page the attacker controls — on another port of
the same host, over another scheme, on a look-alike host, or a sandboxed ``null`` origin — whose
script opens ``ws://localhost:8000/ws/games/<id>/``. The browser sends the player's session
cookie with the handshake; were the socket accepted, the script would sit in the player's seat.
Every handshake here goes to the real ``config.asgi.application`` with that cookie.
"""

from __future__ import annotations

import asyncio
import json

import pytest
import pytest_asyncio
from asgiref.testing import ApplicationCommunicator
from channels.db import database_sync_to_async
from django.test import Client

from config.asgi import application
from tests.realtime.helpers import SOCKET_TEST
from tests.support.factories import PASSWORD
from tests.support.factories import make_user
from tests.support.factories import open_table

pytestmark = [
    pytest.mark.slow,  # served platforms behind a proxy (processes)
    *SOCKET_TEST,
]

HOST = "localhost:8000"
ORIGIN = "http://localhost:8000"
TIMEOUT = 5


class Handshake(ApplicationCommunicator):
    """A websocket handshake with the headers a browser would send."""

    def __init__(
        self, gid: str, *, origin, session: str, host: str = HOST, scheme: str = "ws", extra=()
    ) -> None:
        headers = [(b"host", host.encode()), (b"cookie", f"sessionid={session}".encode())]
        if origin is not None:
            headers.append((b"origin", origin.encode()))
        headers.extend(extra)
        scope = {
            "type": "websocket",
            "scheme": scheme,
            "path": f"/ws/games/{gid}/",
            "query_string": b"",
            "headers": headers,
            "subprotocols": [],
        }
        super().__init__(application, scope)

    async def opened(self) -> bool:
        """Send the handshake; return whether the socket was accepted (not closed first)."""
        await self.send_input({"type": "websocket.connect"})
        response = await self.receive_output(TIMEOUT)
        assert response["type"] in ("websocket.accept", "websocket.close"), response
        return response["type"] == "websocket.accept"


def _seated() -> tuple[str, str]:
    ana = make_user("ana")
    game = open_table(ana)
    client = Client()
    assert client.login(username="ana", password=PASSWORD)
    return str(game.id), client.cookies["sessionid"].value


@pytest_asyncio.fixture
async def seated():
    """A table and its creator's session: (game id, session id)."""
    return await database_sync_to_async(_seated)()


async def refused(gid: str, **kwargs) -> bool:
    """Whether the handshake is closed before it is accepted.

    The application is then told the socket went, as a server tells it, and must end on its
    own. A refused socket used to listen on the channel layer
    until it went, and ended only when the layer's blocking pop timed out; left waiting, it was
    cancelled with the layer's own tasks when the test's event loop closed, and twice in some
    fifteen flake-hunt runs that teardown never ended (pytest-timeout ended it after 15
    minutes)."""
    comm = Handshake(gid, **kwargs)
    opened = await comm.opened()
    await comm.send_input({"type": "websocket.disconnect", "code": 1000 if opened else 1006})
    try:
        await asyncio.wait_for(asyncio.shield(comm.future), TIMEOUT)
    except TimeoutError:
        pytest.fail("the application did not end when the socket went")
    finally:
        await comm.wait(TIMEOUT)  # ended: its outcome; else cancelled
    return not opened


async def accepted_in_seat(gid: str, **kwargs) -> bool:
    """Whether the handshake is accepted and the socket sits in the player's seat."""
    comm = Handshake(gid, **kwargs)
    if not await comm.opened():
        return False
    hello = json.loads((await comm.receive_output(TIMEOUT))["text"])
    await comm.send_input({"type": "websocket.disconnect", "code": 1000})
    await comm.wait(TIMEOUT)
    return hello["type"] == "hello" and hello["seat"] == 0


@pytest.mark.parametrize(
    "origin",
    [
        "http://localhost:9999",  # another port of the same host
        "http://localhost",  # the same host on port 80
        "https://localhost:8000",  # another scheme, same host and port
        "http://localhost.evil.example:8000",  # look-alike hosts
        "http://evil-localhost:8000",
        "http://localhost:8000.evil.example",
        "http://localhost:8000@evil.example",
        "null",  # a sandboxed iframe, a data: URL
        None,  # no Origin at all
    ],
)
async def test_a_page_of_another_origin_cannot_open_the_players_socket(seated, origin):
    gid, session = seated
    assert await refused(gid, origin=origin, session=session)


async def test_a_host_outside_allowed_hosts_is_refused_even_with_its_own_origin(seated):
    # DNS rebinding: the attacker's name resolves to the server; its page is same-origin with
    # the socket it opens, but the host is not this site's.
    gid, session = seated
    assert await refused(
        gid,
        origin="http://rebind.evil.example:8000",
        host="rebind.evil.example:8000",
        session=session,
    )


async def test_a_second_origin_header_is_refused(seated):
    gid, session = seated
    extra = [(b"origin", b"http://localhost:9999")]
    assert await refused(gid, origin=ORIGIN, session=session, extra=extra)


async def test_the_sites_own_origin_is_accepted(seated):
    gid, session = seated
    assert await accepted_in_seat(gid, origin=ORIGIN, session=session)


async def test_a_default_port_spelled_out_or_left_off_is_the_same_origin(seated, settings):
    gid, session = seated
    settings.ALLOWED_HOSTS = ["example.org"]
    assert await accepted_in_seat(
        gid, origin="http://example.org", host="example.org:80", session=session
    )
    assert await accepted_in_seat(
        gid, origin="http://example.org:80", host="example.org", session=session
    )
    assert await accepted_in_seat(
        gid, origin="https://example.org", host="example.org", scheme="wss", session=session
    )
    assert await refused(gid, origin="https://example.org", host="example.org", session=session)
    assert await refused(
        gid, origin="http://example.org", host="example.org", scheme="wss", session=session
    )


async def test_behind_a_tls_proxy_the_forwarded_scheme_counts_as_django_reads_it(seated, settings):
    gid, session = seated
    settings.ALLOWED_HOSTS = ["example.org"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    proto_https = [(b"x-forwarded-proto", b"https")]
    assert await accepted_in_seat(
        gid, origin="https://example.org", host="example.org", session=session, extra=proto_https
    )
    assert await refused(
        gid, origin="http://example.org", host="example.org", session=session, extra=proto_https
    )
    settings.SECURE_PROXY_SSL_HEADER = None  # the header is a client's word then
    assert await refused(
        gid, origin="https://example.org", host="example.org", session=session, extra=proto_https
    )


async def test_csrf_trusted_origins_are_accepted_as_for_unsafe_http_requests(seated, settings):
    gid, session = seated
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example.net", "https://*.example.com"]
    for origin in ("https://play.example.net", "https://example.com", "https://eu.example.com"):
        assert await accepted_in_seat(gid, origin=origin, session=session), origin
    for origin in (
        "http://play.example.net",
        "https://play.example.net:8443",
        "http://eu.example.com",
        "https://eu.example.com.evil.example",
        "https://evilexample.com",
    ):
        assert await refused(gid, origin=origin, session=session), origin
