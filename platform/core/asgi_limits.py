"""ASGI middleware that refuses a request body over DATA_UPLOAD_MAX_MEMORY_SIZE (1 MiB) before
reading it.

Django's ASGI handler reads the whole body into a temporary file (on disk past
FILE_UPLOAD_MAX_MEMORY_SIZE) before any middleware or view runs, so a limit inside Django comes
too late: served without nginx, a 512 MiB upload was written to disk before it was refused.
Here a declared Content-Length over the limit is answered 413 at once, and a chunked body is
cut off as soon as it passes the limit.
"""

from __future__ import annotations

import json

from django.conf import settings

from core.api import request_too_large_body
from core.error_messages import localized
from core.error_messages import scope_language


class BodyLimitMiddleware:
    """Answer 413 ``request_too_large`` to an HTTP request whose body exceeds ``limit``, its
    detail in the language the request asks for (cookie, then Accept-Language), as the
    application's own errors."""

    def __init__(self, app, limit: int | None = None) -> None:
        self.app = app
        self.limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE if limit is None else limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = _content_length(scope)
        if length is not None and length > self.limit:
            return await _too_large(send, _body(scope))
        received = 0
        cut = False
        started = False

        async def limited_receive():
            nonlocal received, cut
            if cut:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    # The app sees a client that went away: Django then answers nothing.
                    cut = True
                    return {"type": "http.disconnect"}
            return message

        async def tracked_send(message):
            nonlocal started
            if cut:
                return  # the 413 below answers instead
            started = True
            await send(message)

        await self.app(scope, limited_receive, tracked_send)
        if cut and not started:
            await _too_large(send, _body(scope))


def _body(scope) -> bytes:
    body = localized(request_too_large_body(), scope_language(scope))
    return json.dumps(body, ensure_ascii=False).encode()


def _content_length(scope) -> int | None:
    """Return the request's declared Content-Length, or None if it declares none."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _too_large(send, body: bytes) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
