"""Web Push sent (notifications.push, issue 34 item 2), end to end against a push service of
the tests' own that speaks the real protocol (tests.support.push_endpoint: it checks each
push's VAPID signature and decrypts its aes128gcm body with the browser's keys made here).

The tasks run on the embedded runner (core.tasks.EmbeddedRunner, the in-process mode of the
embedded default): a thread of this process, after the commit, as a worker would run them.
The same on a real Celery worker: tests/games/worker/test_push_worker.py.
"""

from __future__ import annotations

import logging
import re
import threading
import time

import pytest
from django.utils import translation

from core import tasks
from games.domain import load
from games.engine import legal_moves
from notifications.kinds import render
from notifications.models import PushSubscription
from notifications.services import notify
from tests.support.clocks import CORR
from tests.support.clocks import body
from tests.support.clocks import timed_game
from tests.support.factories import client_for
from tests.support.factories import person
from tests.support.push_endpoint import DROP
from tests.support.push_endpoint import PushEndpoint

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

PAYLOAD_KEYS = {"kind", "title", "body", "url", "game", "opponent", "tag"}


@pytest.fixture
def push(settings):
    """The local push service, and the platform allowed to POST to it (http://127.0.0.1)."""
    settings.WEB_PUSH_ENDPOINT_HOSTS = ["127.0.0.1"]
    settings.WEB_PUSH_INSECURE_ENDPOINTS = True
    settings.WEB_PUSH_RETRY_BACKOFF = 0.05
    with PushEndpoint(settings.WEB_PUSH_VAPID_PUBLIC_KEY) as endpoint:
        yield endpoint


@pytest.fixture
def runner(monkeypatch):
    """Tasks run by the embedded runner's thread, as under `manage.py serve`."""
    embedded = tasks.EmbeddedRunner(periodic=[]).start()
    monkeypatch.setattr(tasks, "_runner", embedded)
    yield embedded
    monkeypatch.setattr(tasks, "_runner", None)
    embedded.stop()


def subscribe(push: PushEndpoint, user, kinds: list[str] | None = None) -> str:
    """Subscribe a new browser of ``user`` through the API; return its endpoint."""
    sub = push.subscription()
    if kinds is not None:
        sub["kinds"] = kinds
    r = client_for(user).post("/api/v1/push/subscriptions", sub, format="json")
    assert r.status_code == 201, r.json()
    return sub["endpoint"]


def a_notice(user, kind="dispute_update", **params):
    return notify(
        user=user,
        kind=kind,
        params=params or {"what": "status", "game": "game 7", "status": "resolved"},
        url="/disputes/7",
    )


def test_a_correspondence_move_pushes_the_other_player_in_their_language_within_a_second(
    push, runner
):
    ana, bo = person("ana"), person("bo")
    game = timed_game(ana, [bo], CORR)
    mover = [ana, bo][game.to_move]
    reader = bo if mover == ana else ana
    reader.language = "it"
    reader.save(update_fields=["language"])
    subscribe(push, reader)

    client, seat = client_for(mover), game.to_move
    while True:  # the mover's whole turn: its last move hands the turn over
        game.refresh_from_db()
        if game.to_move != seat or game.status != "active":
            break
        move = legal_moves(load(game.stream).state, seat)[0]
        sent_at = time.monotonic()
        r = client.post(f"/api/v1/games/{game.id}/moves", body(move), format="json")
        assert r.status_code == 201, r.json()
    assert game.status == "active"

    [pushed] = push.wait(1)
    assert pushed.at - sent_at < 1.0  # the request that committed the move began at sent_at
    payload = pushed.payload
    assert set(payload) == PAYLOAD_KEYS
    params = {"table": game.name, "host": ana.username}
    with translation.override("it"):
        italian = render("your_turn", params)
    with translation.override("en"):
        english = render("your_turn", params)
    assert italian != english
    assert payload == {
        "kind": "your_turn",
        "title": "Mexican Train",
        "body": italian,
        "url": f"/games/{game.id}",
        "game": str(game.id),
        "opponent": mover.username,
        "tag": f"game:{game.id}",
    }
    # No tile of any hand, nor the boneyard, nor anything shaped like a tile.
    state = load(game.stream).state
    text = pushed.plaintext.decode()
    for tiles in [*state.hands, state.boneyard]:
        for a, b in tiles:
            for form in (f"{a}|{b}", f"[{a}, {b}]", f"[{a},{b}]", f"({a}, {b})", f"{a}:{b}"):
                assert form not in text
    assert not re.search(r"\d\s*[|:]\s*\d", text)
    assert all(isinstance(v, str) or v is None for v in payload.values())
    assert pushed.headers["topic"] == game.id.hex  # a later push about the game replaces it
    # The service answered before the task recorded it: wait for the record, not a time.
    deadline = time.monotonic() + 10
    while PushSubscription.objects.get().last_push_at is None:
        assert time.monotonic() < deadline, "the sent push was never recorded on its device"
        time.sleep(0.02)


def test_a_410_answer_removes_the_subscription(push, runner):
    bo = person("bo")
    gone = subscribe(push, bo)
    kept = subscribe(push, bo)
    push.answer(gone, 410)
    a_notice(bo)
    [pushed] = push.wait(1)
    assert kept.endswith(pushed.path)
    push.wait_posts(gone, 1)
    deadline = time.monotonic() + 5
    while PushSubscription.objects.filter(endpoint=gone).exists():
        assert time.monotonic() < deadline, "the subscription answered 410 is still there"
        time.sleep(0.02)
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [kept]


def test_a_404_answer_removes_the_subscription_too(push, runner):
    bo = person("bo")
    gone = subscribe(push, bo)
    push.answer(gone, 404)
    a_notice(bo)
    push.wait_posts(gone, 1)
    deadline = time.monotonic() + 5
    while PushSubscription.objects.exists():
        assert time.monotonic() < deadline
        time.sleep(0.02)


@pytest.mark.parametrize("failures", [(503,), (500, 502), (429,)])
def test_a_5xx_or_429_is_tried_again_until_the_service_takes_it(push, runner, failures):
    bo = person("bo")
    endpoint = subscribe(push, bo)
    push.answer(endpoint, *failures, retry_after=0 if failures == (429,) else None)
    a_notice(bo)
    [pushed] = push.wait(1)
    assert push.posts(endpoint) == len(failures) + 1
    assert pushed.payload["kind"] == "dispute_update"
    assert PushSubscription.objects.filter(endpoint=endpoint).exists()


def test_a_service_that_keeps_failing_is_given_up_after_the_allowed_attempts(
    push, runner, settings, caplog
):
    settings.WEB_PUSH_MAX_ATTEMPTS = 3
    bo = person("bo")
    endpoint = subscribe(push, bo)
    push.answer(endpoint, 503, 503, 503, 503, 503)
    caplog.set_level(logging.WARNING, logger="notifications.push")
    a_notice(bo)
    deadline = time.monotonic() + 5
    while not any("gave up the push" in r.getMessage() for r in caplog.records):
        assert time.monotonic() < deadline, "the push was not given up"
        time.sleep(0.02)
    assert push.posts(endpoint) == 3
    assert PushSubscription.objects.filter(endpoint=endpoint).exists()  # a 5xx is no 410


def test_a_network_error_is_tried_again(push, runner):
    bo = person("bo")
    endpoint = subscribe(push, bo)
    push.answer(endpoint, DROP)  # the connection closes without an answer
    a_notice(bo)
    [pushed] = push.wait(1)
    assert push.posts(endpoint) == 2
    assert pushed.payload["url"] == "/disputes/7"


def test_each_device_gets_only_the_kinds_it_opted_in_for(push, runner):
    bo = person("bo")
    challenges_only = subscribe(push, bo, kinds=["challenge"])
    everything = subscribe(push, bo)
    a_notice(bo, "your_turn", table="Sunday", host="ana", player="ana")
    a_notice(bo, "rematch", player="ana", table="Sunday")  # never pushed
    a_notice(bo, "challenge", player="ana")
    pushed = push.wait(3)
    # The runner runs the tasks in order: the third push is the last there will be.
    got = sorted((p.path, p.payload["kind"]) for p in pushed)
    path = lambda endpoint: endpoint.removeprefix(push.origin)  # noqa: E731
    assert got == sorted(
        [
            (path(everything), "your_turn"),
            (path(everything), "challenge"),
            (path(challenges_only), "challenge"),
        ]
    )
    assert push.posts(challenges_only) == 1


def test_a_notice_read_in_the_app_before_its_retry_is_not_pushed(push, runner):
    bo = person("bo")
    endpoint = subscribe(push, bo)
    push.answer(endpoint, 503, retry_after=1)  # the retry comes 1 s later
    a_notice(bo)
    push.wait_posts(endpoint, 1)
    client_for(bo).post("/api/v1/notifications/read", {}, format="json")
    after_the_retry = threading.Event()
    # The runner runs its tasks in the order of their times: this one after the retry.
    runner.put_after(1.5, _Mark(after_the_retry), ())
    assert after_the_retry.wait(10)
    assert push.posts(endpoint) == 1
    assert push.received == []


class _Mark:
    name = "mark"

    def __init__(self, event: threading.Event) -> None:
        self.event = event

    def run(self) -> None:
        self.event.set()


def test_a_notice_queues_a_push_task_only_for_a_reader_with_a_device(
    push, monkeypatch, django_capture_on_commit_callbacks
):
    """Most players have no device: their notices (a correspondence move's "your turn") queue
    no task that would find nothing to send."""
    from notifications import push as push_module

    queued = []
    monkeypatch.setattr(push_module, "_submit", lambda name, *args, **kw: queued.append(args))
    ana, bo = person("ana"), person("bo")
    subscribe(push, bo)
    with django_capture_on_commit_callbacks(execute=True):
        a_notice(ana)
    assert queued == []
    with django_capture_on_commit_callbacks(execute=True):
        note = a_notice(bo)
    assert queued == [(note.pk,)]
    # A keyed notice (a move's "your turn") learns it from its own insert.
    queued.clear()
    with django_capture_on_commit_callbacks(execute=True):
        notify(user=ana, kind="your_turn", params={"table": "t", "host": "h"}, key="turn:1")
        keyed = notify(user=bo, kind="your_turn", params={"table": "t", "host": "h"}, key="turn:2")
    assert queued == [(keyed.pk,)]
