"""Rate limits: password checks and sign-ups per address, moves per player over REST and the
socket together; 429 ``throttled`` with Retry-After, the socket answering with an error message
and staying open."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import caches
from rest_framework.test import APIClient

from core import throttling
from tests.games.api.factories import log_seqs
from tests.games.api.factories import player
from tests.games.api.factories import post_move
from tests.games.api.factories import state
from tests.games.api.factories import table
from tests.realtime import helpers as rt
from tests.support.throttling import assert_throttled
from tests.support.throttling import redis_caches

TOKEN = "/api/v1/auth/token"
LOGIN = "/api/v1/auth/login"
REGISTER = "/api/v1/auth/register"


def bad() -> dict:
    """A wrong password for a name of its own: these tests count per address, and each name's
    failures have a limit of their own (the staff door, ``login_username``)."""
    return {"username": f"nobody-{uuid.uuid4().hex[:12]}", "password": "wrong-password-1"}


def from_address(address: str, **extra) -> APIClient:
    return APIClient(REMOTE_ADDR=address, **extra)


@pytest.mark.django_db
def test_password_checks_are_limited_per_address_across_token_and_login(rate_limits):
    guesser = from_address("203.0.113.7")
    for i in range(10):
        url = TOKEN if i % 2 else LOGIN
        assert guesser.post(url, bad(), format="json").status_code == 400
    assert_throttled(guesser.post(TOKEN, bad(), format="json"), 60)
    assert_throttled(guesser.post(LOGIN, bad(), format="json"), 60)
    # Another address is not affected.
    assert from_address("203.0.113.8").post(TOKEN, bad(), format="json").status_code == 400


@pytest.mark.django_db
def test_a_forged_forwarded_for_header_does_not_reset_the_count(rate_limits):
    for i in range(10):
        client = from_address("203.0.113.9", HTTP_X_FORWARDED_FOR=f"198.51.100.{i}")
        assert client.post(TOKEN, bad(), format="json").status_code == 400
    client = from_address("203.0.113.9", HTTP_X_FORWARDED_FOR="198.51.100.99")
    assert_throttled(client.post(TOKEN, bad(), format="json"), 60)


@pytest.mark.django_db
def test_behind_one_trusted_proxy_the_forwarded_address_is_counted(rate_limits):
    rate_limits.REST_FRAMEWORK = {**rate_limits.REST_FRAMEWORK, "NUM_PROXIES": 1}
    proxy = "10.0.0.2"
    for _ in range(10):
        client = from_address(proxy, HTTP_X_FORWARDED_FOR="198.51.100.1")
        assert client.post(TOKEN, bad(), format="json").status_code == 400
    client = from_address(proxy, HTTP_X_FORWARDED_FOR="198.51.100.1")
    assert_throttled(client.post(TOKEN, bad(), format="json"), 60)
    # Another client behind the same proxy still may log in.
    client = from_address(proxy, HTTP_X_FORWARDED_FOR="198.51.100.2")
    assert client.post(TOKEN, bad(), format="json").status_code == 400


@pytest.mark.django_db
def test_sign_ups_are_limited_per_address(rate_limits):
    rate_limits.RATE_LIMITS = {**rate_limits.RATE_LIMITS, "register": "3/hour"}
    client = from_address("203.0.113.20")
    for i in range(3):
        body = {"username": f"newbie{i}", "password": "a-long-password-1"}
        assert client.post(REGISTER, body, format="json").status_code == 201
    body = {"username": "newbie9", "password": "a-long-password-1"}
    assert_throttled(client.post(REGISTER, body, format="json"), 3600)
    assert not APIClient().post(TOKEN, body, format="json").status_code == 200  # not created


@pytest.mark.django_db(transaction=True)  # bots and broadcasts run once a move commits
def test_rest_moves_are_limited_per_player_and_a_refused_move_appends_nothing(rate_limits):
    rate_limits.RATE_LIMITS = {**rate_limits.RATE_LIMITS, "moves": "3/min"}
    ana, bo = player("ana"), player("bo")
    gid = table(ana, [bo])
    counts = {"ana": 0, "bo": 0}
    while max(counts.values()) < 3:
        st_a, st_b = state(ana, gid), state(bo, gid)
        who, st = (ana, st_a) if st_a["legal_moves"] else (bo, st_b)
        r = post_move(who, gid, {**st["legal_moves"][0], "expected_seq": st["seq"]})
        assert r.status_code == 201, r.json()
        counts[who.username] += 1
    spent = ana if counts["ana"] == 3 else bo
    other = bo if spent is ana else ana
    before = log_seqs(gid)
    st = state(spent, gid)
    move = st["legal_moves"][0] if st["legal_moves"] else {"action": "draw"}
    assert_throttled(post_move(spent, gid, {**move, "expected_seq": st["seq"]}), 60)
    assert log_seqs(gid) == before
    # The other player's count is their own.
    st = state(other, gid)
    move = st["legal_moves"][0] if st["legal_moves"] else {"action": "draw"}
    assert post_move(other, gid, {**move, "expected_seq": st["seq"]}).status_code != 429


@pytest.mark.django_db
def test_default_move_rate_lets_a_burst_of_twenty_through(rate_limits):
    """20 moves in one second per player (far above a person's pace) pass; the 21st waits."""
    ana, bo = player("ana"), player("bo")
    gid = table(ana, [bo])
    for _ in range(20):  # illegal or stale moves count too: the limit is on requests
        assert post_move(ana, gid, {"action": "pass", "expected_seq": 0}).status_code != 429
    assert_throttled(post_move(ana, gid, {"action": "pass", "expected_seq": 0}), 1)


@pytest.mark.django_db
def test_rate_limits_off_lets_everything_through(rate_limits):
    rate_limits.RATE_LIMITS_ENABLED = False
    client = from_address("203.0.113.30")
    for _ in range(25):
        assert client.post(TOKEN, bad(), format="json").status_code == 400


@pytest.mark.django_db
def test_limits_count_in_redis_when_redis_is_the_cache(rate_limits, redis_url):
    """With REDIS_URL the count lives in Redis, so every web process counts together: a second
    cache client (another process's) sees the same count."""
    rate_limits.CACHES = redis_caches(redis_url, "default", "other")
    client = from_address("203.0.113.40")
    for _ in range(10):
        assert client.post(TOKEN, bad(), format="json").status_code == 400
    window = int(throttling._now() // 60)
    key = f"{throttling.KEY_PREFIX}:login:ip:203.0.113.40:{window}"
    try:
        assert caches["other"].get(key) == 10
        assert_throttled(client.post(TOKEN, bad(), format="json"), 60)
    finally:
        caches["default"].delete(key)


@pytest.mark.django_db
def test_an_unreachable_cache_lets_requests_through(rate_limits, caplog):
    """Redis down must not stop logins or play: the limit is skipped, and logged."""
    rate_limits.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{rt_free_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    client = from_address("203.0.113.50")
    for _ in range(12):
        assert client.post(TOKEN, bad(), format="json").status_code == 400
    assert "rate limit login check failed" in caplog.text  # one line (core.outages)


@pytest.mark.django_db
def test_a_cache_that_failed_is_left_alone_for_a_while_then_asked_again(rate_limits, monkeypatch):
    """A frozen Redis costs each cache call its socket timeout: after one failure a process
    skips the limits for CACHE_AWAY_SECONDS (play goes on), then counts again."""
    calls = []

    class Frozen:
        def add(self, *args, **kwargs):
            calls.append("add")
            raise TimeoutError("Timeout reading from socket")

        incr = get = add

    real = throttling.cache
    monkeypatch.setattr(throttling, "cache", Frozen())
    clock = [1000.0]
    monkeypatch.setattr(throttling.time, "monotonic", lambda: clock[0])
    assert throttling.hit("login", "ip:203.0.113.51") is None  # not checked, let through
    assert calls == ["add"]
    for _ in range(5):
        assert throttling.hit("login", "ip:203.0.113.51") is None
    assert calls == ["add"], "the failed cache was asked again at once"
    clock[0] += throttling.CACHE_AWAY_SECONDS + 0.1
    monkeypatch.setattr(throttling, "cache", real)  # back
    client = from_address("203.0.113.51")
    for _ in range(10):
        assert client.post(TOKEN, bad(), format="json").status_code == 400
    assert_throttled(client.post(TOKEN, bad(), format="json"), 60)


def rt_free_port() -> int:
    from tests.support.server import free_port

    return free_port()


@pytest.mark.parametrize(
    ("rate", "parsed"),
    [("10/min", (10, 60)), ("20/s", (20, 1)), ("5/hour", (5, 3600)), ("100/5m", (100, 300))],
)
def test_rates_read_like_drf_ones(rate, parsed):
    assert throttling.parse_rate(rate) == parsed


def test_a_bad_rate_is_refused():
    with pytest.raises(ValueError, match="bad rate"):
        throttling.parse_rate("ten per minute")


# -- the socket ----------------------------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
async def test_socket_moves_share_the_limit_and_get_an_error_message_not_a_disconnect(
    rate_limits, layer
):
    rate_limits.RATE_LIMITS = {**rate_limits.RATE_LIMITS, "moves": "3/min"}
    ana, bo = await rt.db(rt.player, "ana"), await rt.db(rt.player, "bo")
    gid = await rt.db(rt.table, ana, [bo], bots=0)
    comm, _ = await rt.synced(gid, token=ana.token)
    try:
        answers = []
        for i in range(3):  # two over the socket, one over REST: three of three
            if i == 1:
                r = await rt.db(rt.rest_move, ana, gid, {"action": "draw", "expected_seq": 0})
                assert r.status_code != 429
                continue
            await comm.send_json_to({"command": "move", "id": i, "move": {"action": "draw"}})
            answers.append(await next_answer(comm, i))
        assert all(a.get("code") != "throttled" for a in answers), answers
        await comm.send_json_to({"command": "move", "id": 9, "move": {"action": "draw"}})
        refused = await next_answer(comm, 9)
        assert refused["type"] == "error", refused
        assert refused["status"] == 429, refused
        assert refused["code"] == "throttled"
        assert 1 <= refused["retry_after"] <= 60
        await comm.send_json_to({"command": "ping"})
        assert (await next_answer(comm, None))["type"] == "pong"  # still connected
        r = await rt.db(rt.rest_move, ana, gid, {"action": "draw", "expected_seq": 0})
        assert r.status_code == 429
        r = await rt.db(rt.rest_move, bo, gid, {"action": "draw", "expected_seq": 0})
        assert r.status_code != 429
    finally:
        await comm.disconnect()


async def next_answer(comm, message_id) -> dict:
    """Return the next answer to a command (skipping live ``events`` pushes)."""
    while True:
        message = await rt.receive(comm)
        if message["type"] in ("events", "hello"):
            continue
        if message_id is None or message.get("id") == message_id:
            return message
