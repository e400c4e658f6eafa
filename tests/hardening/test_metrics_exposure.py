"""/metrics without METRICS_TOKEN, attacked from the network: outside the production profile
it answered anyone, so `manage.py serve --host 0.0.0.0` or a worker's METRICS_PORT showed the
platform's counters (games, moves, sockets, task lag) to every address that could reach them.
Without a token only this machine reads them now; with one, the token is needed from anywhere."""

from __future__ import annotations

import socket
import urllib.error
import urllib.request

import pytest

from core.metrics import serve_metrics

REMOTE = "203.0.113.9"


def scrape(client, address: str, **headers):
    return client.get("/metrics", REMOTE_ADDR=address, **headers)


@pytest.fixture
def no_token(settings):
    settings.METRICS_TOKEN = ""
    settings.METRICS_REQUIRE_TOKEN = False


@pytest.mark.django_db
def test_without_a_token_a_caller_from_the_network_reads_no_metrics(client, no_token):
    r = scrape(client, REMOTE)
    assert r.status_code == 404
    assert b"mexican_train_" not in r.content
    ipv6 = scrape(client, "2001:db8::9")
    assert ipv6.status_code == 404


@pytest.mark.django_db
def test_a_forged_forwarded_for_does_not_make_a_caller_local(client, no_token, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 0}
    r = scrape(client, REMOTE, HTTP_X_FORWARDED_FOR="127.0.0.1")
    assert r.status_code == 404


@pytest.mark.django_db
def test_without_a_token_this_machine_still_reads_them(client, no_token):
    for address in ("127.0.0.1", "::1"):
        r = scrape(client, address)
        assert r.status_code == 200, address
        assert b"mexican_train_" in r.content


@pytest.mark.django_db
def test_with_a_token_the_network_reads_them_with_it_only(client, settings):
    settings.METRICS_TOKEN = "t0ken-for-the-scraper-4417"
    assert scrape(client, REMOTE).status_code == 401
    assert scrape(client, "127.0.0.1").status_code == 401
    ok = scrape(client, REMOTE, HTTP_AUTHORIZATION="Bearer t0ken-for-the-scraper-4417")
    assert ok.status_code == 200


def this_machines_network_address() -> str | None:
    """An address of this machine that is not loopback (the one a route out would use)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: UDP connect picks a route
        except OSError:
            return None
        address = probe.getsockname()[0]
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_a_workers_metrics_port_answers_the_network_only_with_the_token(no_token, settings):
    address = this_machines_network_address()
    if address is None:
        pytest.skip("this machine has no address besides loopback")
    server = serve_metrics(0)  # as a worker does: every interface
    port = server.server_port
    try:
        assert status(f"http://{address}:{port}/metrics") == 404
        assert status(f"http://127.0.0.1:{port}/metrics") == 200
        assert status(f"http://{address}:{port}/healthz") == 200  # the probe needs no token
        settings.METRICS_TOKEN = "t0ken-for-the-scraper-4417"
        assert status(f"http://{address}:{port}/metrics") == 401
    finally:
        server.shutdown()
        server.server_close()
