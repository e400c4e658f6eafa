"""GET /healthz and GET /readyz: liveness without dependencies, readiness of the database and
Redis with short timeouts, both reachable the way probes come (pod IP, plain HTTP)."""

from __future__ import annotations

import importlib.metadata
import logging
import re
import socket
import time

import pytest
from django.db import OperationalError
from django.db import connection
from django.http import HttpResponse

from core import health
from core.logging import RequestIdFilter
from core.logging import RequestIdMiddleware
from core.version import VERSION

PROBE_HOST = "pod-address.internal:8000"  # not in ALLOWED_HOSTS, as a pod IP would not be


def unused_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_healthz_answers_200_without_touching_the_database(client):
    # No django_db mark: any query here would fail the test.
    response = client.get("/healthz", HTTP_HOST=PROBE_HOST)
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "version": VERSION}
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_the_version_has_one_source_the_install_the_footer_and_healthz_agree_on(client):
    # pyproject.toml takes the version from core.version (setuptools' dynamic attr): the
    # installed distribution's metadata says the same, and a page's footer shows it.
    assert importlib.metadata.version("mexican-train-platform") == VERSION
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)
    page = client.get("/", HTTP_HOST="localhost").content.decode()
    assert f'data-testid="platform-version">v{VERSION}</a>' in page


def test_healthz_refuses_other_methods(client):
    assert client.post("/healthz").status_code == 405


@pytest.mark.django_db
def test_readyz_is_200_when_the_database_and_redis_answer(client, settings):
    response = client.get("/readyz", HTTP_HOST=PROBE_HOST)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "ok"
    expected = {"database", "redis"} if settings.REDIS_URL else {"database"}
    assert set(body["checks"]) == expected
    assert all(check["ok"] for check in body["checks"].values())


@pytest.mark.django_db
def test_readyz_is_503_naming_redis_when_redis_is_down(client, settings):
    settings.REDIS_URL = f"redis://127.0.0.1:{unused_port()}/0"
    started = time.monotonic()
    response = client.get("/readyz")
    assert time.monotonic() - started < 5
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["failed"] == ["redis"]
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["redis"]["ok"] is False
    assert body["checks"]["redis"]["error"] == "ConnectionError"
    assert "127.0.0.1" not in response.content.decode()  # addresses go to the log only


@pytest.mark.django_db
def test_readyz_pings_each_other_redis_of_a_sharded_channel_layer(client, settings):
    """CHANNEL_REDIS_URLS: REDIS_URL's server is the ``redis`` check; each other one is checked
    by its place in the list, and one that is down makes the process unready."""
    if not settings.REDIS_URL:
        pytest.skip("needs Redis: set REDIS_URL")
    settings.CHANNEL_REDIS_URLS = [settings.REDIS_URL, f"redis://127.0.0.1:{unused_port()}/0"]
    started = time.monotonic()
    response = client.get("/readyz")
    assert time.monotonic() - started < 5
    assert response.status_code == 503
    body = response.json()
    assert set(body["checks"]) == {"database", "redis", "channel_redis_2"}
    assert body["failed"] == ["channel_redis_2"]
    assert body["checks"]["channel_redis_2"]["error"] == "ConnectionError"
    assert "127.0.0.1" not in response.content.decode()  # addresses go to the log only
    settings.CHANNEL_REDIS_URLS = [settings.REDIS_URL, settings.REDIS_URL.rsplit("/", 1)[0] + "/9"]
    response = client.get("/readyz")
    assert response.status_code == 200, response.content
    assert set(response.json()["checks"]) == {"database", "redis", "channel_redis_2"}


@pytest.mark.django_db
@pytest.mark.postgres
def test_readyz_is_503_naming_the_database_when_postgresql_is_unreachable(
    client, settings, monkeypatch
):
    settings.REDIS_URL = ""
    real = health.database_params
    port = unused_port()
    monkeypatch.setattr(
        health,
        "database_params",
        lambda alias="default": {**real(alias), "host": "127.0.0.1", "port": port},
    )
    started = time.monotonic()
    response = client.get("/readyz")
    assert time.monotonic() - started < health.DATABASE_TIMEOUT + 3
    assert response.status_code == 503
    body = response.json()
    assert body["failed"] == ["database"]
    assert body["checks"]["database"]["error"] == "OperationalError"
    assert str(port) not in response.content.decode()


@pytest.mark.django_db
def test_readyz_is_503_when_the_database_query_fails(client, settings, monkeypatch):
    """The same through whatever database the tests run on (SQLite has no address to spoil)."""
    settings.REDIS_URL = ""

    def fail(alias="default"):
        raise OperationalError("the database is gone")

    if connection.vendor == "postgresql":
        monkeypatch.setattr(health, "database_params", fail)
    else:
        monkeypatch.setattr(connection, "cursor", fail)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["failed"] == ["database"]


@pytest.mark.django_db
def test_readyz_skips_redis_when_none_is_configured(client, settings):
    settings.REDIS_URL = ""
    response = client.get("/readyz")
    assert response.status_code == 200
    assert set(response.json()["checks"]) == {"database"}


def test_probes_are_answered_before_the_https_redirect_and_host_check(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.ALLOWED_HOSTS = ["mexican-train.example.org"]
    assert client.get("/healthz", HTTP_HOST=PROBE_HOST).status_code == 200
    # any other path still gets the redirect
    assert client.get("/api/v1/games", HTTP_HOST="mexican-train.example.org").status_code == 301


def test_the_routes_resolve_to_the_same_views():
    from django.urls import resolve
    from django.urls import reverse

    assert reverse("healthz") == "/healthz"
    assert resolve("/readyz").func is health.readyz


@pytest.mark.django_db
def test_a_request_gets_an_id_of_the_platforms_own_never_the_clients(client):
    # The id travels into socket frames others read: never the text a client sent.
    fresh = client.get("/api/v1/games")
    assert re.fullmatch(r"[0-9a-f]{32}", fresh["X-Request-ID"])
    forged = client.get("/api/v1/games", HTTP_X_REQUEST_ID="abc123-proxy")
    assert re.fullmatch(r"[0-9a-f]{32}", forged["X-Request-ID"])
    assert forged["X-Request-ID"] != fresh["X-Request-ID"]


def test_the_proxys_request_id_goes_on_the_log_records_beside_the_platforms(rf):
    # What the platform's log handler does (its filter: core.logging.logging_config).
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.addFilter(RequestIdFilter())
    handler.emit = records.append
    log = logging.getLogger("tests.request_ids")
    log.addHandler(handler)

    def view(request):
        log.warning("handled")
        return HttpResponse()

    try:
        proxied = RequestIdMiddleware(view)(rf.get("/", HTTP_X_REQUEST_ID="abc123-proxy"))
        alone = RequestIdMiddleware(view)(rf.get("/"))
    finally:
        log.removeHandler(handler)
    assert [(r.request_id, r.proxy_request_id) for r in records] == [
        (proxied["X-Request-ID"], "abc123-proxy"),
        (alone["X-Request-ID"], None),
    ]
