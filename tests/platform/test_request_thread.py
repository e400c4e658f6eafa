"""A request through the web process's handler (core.serving.PooledASGIHandler, what `manage.py
serve` runs) enters its sync work once: its middlewares and its view on one thread, with no
crossing back to the event loop in between (each crossing is a thread switch both ways)."""

from __future__ import annotations

import asyncio
import json
import threading

from asgiref import sync as asgiref_sync
from asgiref.testing import ApplicationCommunicator
from django.views.generic.base import RedirectView

from core import middleware as core_middleware
from core.serving import PooledASGIHandler


def http_get(path: str) -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }


async def request(app, path: str) -> tuple[int, dict, bytes]:
    """GET ``path`` from the ASGI ``app``: its status, headers and body."""
    communicator = ApplicationCommunicator(app, http_get(path))
    await communicator.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await communicator.receive_output(timeout=10)
    body = b""
    while True:
        part = await communicator.receive_output(timeout=10)
        body += part.get("body", b"")
        if not part.get("more_body"):
            break
    await communicator.wait(timeout=10)
    return start["status"], {k.decode().lower(): v.decode() for k, v in start["headers"]}, body


def test_a_request_runs_its_middlewares_and_view_on_one_thread_entered_once(monkeypatch):
    threads: dict[str, int] = {}
    crossings = []

    outermost = core_middleware.ServiceUnavailableMiddleware.__call__

    def watch_outer(self, request):
        threads["middleware"] = threading.get_ident()
        return outermost(self, request)

    view = RedirectView.get

    def watch_view(self, request, *args, **kwargs):
        threads["view"] = threading.get_ident()
        return view(self, request, *args, **kwargs)

    back_to_the_loop = asgiref_sync.AsyncToSync.__call__

    def count_crossing(self, *args, **kwargs):
        crossings.append(getattr(self.awaitable, "__qualname__", repr(self.awaitable)))
        return back_to_the_loop(self, *args, **kwargs)

    monkeypatch.setattr(core_middleware.ServiceUnavailableMiddleware, "__call__", watch_outer)
    monkeypatch.setattr(RedirectView, "get", watch_view)
    monkeypatch.setattr(asgiref_sync.AsyncToSync, "__call__", count_crossing)

    # /accounts/login/ is a redirect (config.urls): the whole chain and a view, no database.
    status, headers, _ = asyncio.run(request(PooledASGIHandler(), "/accounts/login/"))

    assert status == 302, status
    assert headers["location"] == "/login", headers
    assert threads["view"] == threads["middleware"] != threading.get_ident()
    assert crossings == [], f"the request went back to the event loop for {crossings}"


def test_an_unknown_api_path_still_gets_the_platforms_json_404():
    """The error middleware (core.middleware.ApiErrorJsonMiddleware) sits inside the sync chain."""
    status, headers, body = asyncio.run(request(PooledASGIHandler(), "/api/v1/no-such-thing"))
    assert status == 404
    assert headers["content-type"].startswith("application/json")
    assert json.loads(body)["code"] == "not_found", body
