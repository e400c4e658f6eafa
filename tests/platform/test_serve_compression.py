"""manage.py serve compresses socket frames only when SOCKET_COMPRESSION says so: each
compressed frame cost the busy event loop a trip out of and back into the GIL, and at 500 tables
compression was a fifth of the loop's time (docs/scaling.md). A browser offers
permessage-deflate on every socket; off, the server's handshake simply does not accept it."""

from __future__ import annotations

import asyncio
import threading

import pytest
import websockets

from core.management.commands.serve import Server
from core.management.commands.serve import server_config
from tests.support.server import free_port


async def _echo(scope, receive, send):
    """A socket that accepts and answers one text frame with its own."""
    assert scope["type"] == "websocket"
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    message = await receive()
    await send({"type": "websocket.send", "text": message.get("text")})
    await receive()  # websocket.disconnect


def _negotiated(port: int) -> str | None:
    """The extensions the server accepted from a client offering permessage-deflate."""

    async def talk() -> str | None:
        async with websockets.connect(f"ws://127.0.0.1:{port}/", compression="deflate") as ws:
            await ws.send("x" * 2000)
            assert await ws.recv() == "x" * 2000
            return ws.response.headers.get("Sec-WebSocket-Extensions")

    return asyncio.run(talk())


@pytest.mark.parametrize("compression", [False, True])
def test_the_server_accepts_permessage_deflate_only_when_socket_compression_is_on(
    settings, compression
):
    settings.SOCKET_COMPRESSION = compression
    port = free_port()
    server = Server(server_config(_echo, "127.0.0.1", port), threads=1)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(200):  # started: it listens
            if server.started:
                break
            threading.Event().wait(0.05)
        assert server.started
        extensions = _negotiated(port)
    finally:
        server.should_exit = True
        thread.join(10)
    if compression:
        assert extensions is not None
        assert extensions.startswith("permessage-deflate")
    else:
        assert extensions is None
