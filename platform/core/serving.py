"""Serving HTTP: uvicorn's HTTP/1.1 protocol with a deadline for reading each request, and
Django's ASGI handler with pooled request threads.

uvicorn times out only an idle keep-alive connection, and only after a first response: a
client that opens a connection and sends nothing, or one header byte every few seconds, or a
body that never ends, holds its connection (and the file descriptor) forever. Here every
request, from its first byte to the end of its body, must arrive within ``timeout`` seconds.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import h11
from asgiref.sync import ThreadSensitiveContext
from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from uvicorn.protocols.http.h11_impl import H11Protocol

# Waiting for a request's headers or its body: the only states a slow client can hold.
_READING = (h11.IDLE, h11.SEND_BODY)


class RequestTimeoutH11Protocol(H11Protocol):
    """H11Protocol that closes a connection whose request is not read within ``timeout`` s."""

    timeout: float = 20.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._read_deadline: asyncio.TimerHandle | None = None
        self._arm_read_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_read_deadline()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state not in _READING:  # the whole request is in
            self._disarm_read_deadline()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm_read_deadline()  # the socket is the WebSocket protocol's from now on
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm_read_deadline()  # the next request on this keep-alive connection

    def _arm_read_deadline(self) -> None:
        self._disarm_read_deadline()
        self._read_deadline = self.loop.call_later(self.timeout, self._read_deadline_passed)

    def _disarm_read_deadline(self) -> None:
        handle = getattr(self, "_read_deadline", None)
        if handle is not None:
            handle.cancel()
            self._read_deadline = None

    def _read_deadline_passed(self) -> None:
        self._read_deadline = None
        if self.conn.their_state in _READING and not self.transport.is_closing():
            self.transport.close()


def request_timeout_protocol(timeout: float) -> type[RequestTimeoutH11Protocol]:
    """Return the protocol class with a request read deadline of ``timeout`` seconds."""
    return type("RequestTimeoutH11Protocol", (RequestTimeoutH11Protocol,), {"timeout": timeout})


class PooledASGIHandler(ASGIHandler):
    """Django's ASGI handler, with each request's sync work on a pooled thread.

    Django enters a fresh ``ThreadSensitiveContext`` per request, so asgiref starts a new
    thread (and its executor) for every request and drops it after. Here a request borrows a
    one-thread executor from a pool and gives it back: the same isolation (one request per
    thread at a time), without a thread's start and teardown per request, and the thread's
    database connection is reused. The pool grows to the number of requests in flight."""

    def __init__(self) -> None:
        super().__init__()
        self._idle: list[ThreadPoolExecutor] = []

    def load_middleware(self, is_async: bool = False) -> None:
        """Build the chain as WSGI does, sync from the outermost middleware to the view, and
        enter it once on the request's thread.

        Django's ASGI handler builds it async-first: its innermost step (resolving and calling
        the view) is a coroutine, so a chain of sync middlewares (all of the platform's) left
        the request's thread for the event loop and came back to run the view: two crossings
        between the loop and the thread per request, and more before the chain's last
        middleware was sync only (core.middleware.SyncChain, which this made dead). The
        platform has no async views and no async-only middleware; were one added, Django
        adapts it inside the sync chain (``async_to_sync``), as under WSGI."""
        super().load_middleware(is_async=False)
        self._middleware_chain = sync_to_async(self._middleware_chain, thread_sensitive=True)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        executor = self._idle.pop() if self._idle else ThreadPoolExecutor(1, "request")
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            self._idle.append(executor)
