"""HTTP and socket metrics on /metrics (core.metrics): requests, errors and latency by route
template — never by raw path — and sockets' connects, disconnects and frames by consumer."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from rest_framework.test import APIClient

from core import metrics
from tests.deploy.test_metrics import scrape
from tests.deploy.test_metrics import value
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db
from tests.realtime.helpers import player
from tests.realtime.helpers import table
from tests.support.marks import marked

STATE_ROUTE = "api/v1/games/<uuid:game_id>/state"


@pytest.mark.django_db
def test_metrics_show_each_route_by_its_template_with_status_class_and_latency():
    client = Client()
    before = scrape(client)
    missing = [uuid.uuid4() for _ in range(3)]  # three paths, one route
    for gid in missing:
        assert client.get(f"/api/v1/games/{gid}/state").status_code == 404
    assert client.get("/no/such/page/at/all").status_code == 404
    assert client.get("/healthz").status_code == 200

    after = scrape(client)
    labels = {"method": "GET", "route": STATE_ROUTE, "status": "4xx"}
    grew = value(after, "mexican_train_http_requests_total", **labels) - value(
        before, "mexican_train_http_requests_total", **labels
    )
    assert grew == 3
    count = "mexican_train_http_request_duration_seconds_count"
    assert value(after, count, route=STATE_ROUTE) - value(before, count, route=STATE_ROUTE) == 3
    # No series names a game id or the unrouted path: those count under "unmatched".
    names = " ".join(str(sorted(labels)) for _, labels in after)
    assert not any(str(gid) in names for gid in missing)
    assert "/no/such/page" not in names
    unmatched = {"method": "GET", "route": metrics.UNMATCHED_ROUTE, "status": "4xx"}
    assert value(after, "mexican_train_http_requests_total", **unmatched) > value(
        before, "mexican_train_http_requests_total", **unmatched
    )


@pytest.mark.django_db
def test_a_server_error_counts_as_an_error_of_its_route(monkeypatch):
    from games import selectors

    def broken(*args, **kwargs):
        raise RuntimeError("the selector broke")

    monkeypatch.setattr(selectors, "game_list", broken)
    client = APIClient(raise_request_exception=False)
    before = scrape(Client())
    response = client.get("/api/v1/games")
    assert response.status_code == 500
    after = scrape(Client())

    route = "api/v1/games"
    errors = "mexican_train_http_errors_total"
    requests = "mexican_train_http_requests_total"
    assert (
        value(after, errors, method="GET", route=route)
        - value(before, errors, method="GET", route=route)
        == 1
    )
    labels = {"method": "GET", "route": route, "status": "5xx"}
    assert value(after, requests, **labels) - value(before, requests, **labels) == 1


def _sockets_sample(name: str) -> float:
    samples = {}
    for family in metrics.exposition_registry(scraped=False).collect():
        for s in family.samples:
            samples[(s.name, frozenset(s.labels.items()))] = s.value
    return value(samples, name, consumer="game")


@pytest.fixture
def layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@marked(*SOCKET_TEST)
async def test_socket_metrics_count_connects_frames_and_disconnects_by_consumer():
    ana = await db(player, "ana")
    gid = await db(table, ana)
    names = (
        "mexican_train_socket_connects_total",
        "mexican_train_socket_frames_in_total",
        "mexican_train_socket_frames_out_total",
        "mexican_train_socket_disconnects_total",
    )
    before = {n: _sockets_sample(n) for n in names}
    async with Sockets() as sockets:
        comm, _ = await sockets.connected(gid, token=ana.token)  # hello: one frame out
        await comm.send_json_to({"command": "ping"})  # one in, the pong out
        pong = await comm.receive_json_from(timeout=5)
        assert pong["type"] == "pong"
        await comm.disconnect()
    grew = {n: _sockets_sample(n) - before[n] for n in names}
    assert grew == {
        "mexican_train_socket_connects_total": 1,
        "mexican_train_socket_frames_in_total": 1,
        "mexican_train_socket_frames_out_total": 2,
        "mexican_train_socket_disconnects_total": 1,
    }
