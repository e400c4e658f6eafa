"""Web Push on a real Celery worker (the ``celery_processes`` fixture, tests/games/conftest.py):
a correspondence move by one player is pushed to the other's browser, once its commit has
queued the task, in their language, by the worker, through a push service of the test's own that checks
the VAPID signature and decrypts the push (tests.support.push_endpoint). The same on the
embedded runner, with retries and removals: tests/platform/test_push_delivery.py."""

from __future__ import annotations

import pytest
from django.utils import translation

from games import services
from games.domain import load
from games.engine import legal_moves
from notifications.kinds import render
from notifications.push import push_subscription_save
from tests.support.clocks import CORR
from tests.support.clocks import body
from tests.support.clocks import timed_game
from tests.support.factories import person
from tests.support.push_endpoint import PushEndpoint

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.fixture
def push(monkeypatch, settings):
    """The local push service; the worker (its environment, read as it starts) and this
    process may send to it."""
    monkeypatch.setenv("WEB_PUSH_ENDPOINT_HOSTS", "127.0.0.1")
    monkeypatch.setenv("WEB_PUSH_INSECURE_ENDPOINTS", "1")
    settings.WEB_PUSH_ENDPOINT_HOSTS = ["127.0.0.1"]
    settings.WEB_PUSH_INSECURE_ENDPOINTS = True
    with PushEndpoint(settings.WEB_PUSH_VAPID_PUBLIC_KEY) as endpoint:
        yield endpoint


def test_a_correspondence_move_is_pushed_by_the_worker(push, celery_processes):
    """How soon is the benchmarks' to say, not a test's: this one asserted "within a second of
    the commit" and failed at 1.4 s on a busy machine (a flake hunt beside other work). The
    push comes from the task the commit queued: nothing else sends one (no sweep resends
    pushes), and this process does not run tasks (the fixture turns eager mode off)."""
    ana, bo = person("ana"), person("bo")
    game = timed_game(ana, [bo], CORR)
    mover = [ana, bo][game.to_move]
    reader = bo if mover == ana else ana
    reader.language = "hu"
    reader.save(update_fields=["language"])
    sub = push.subscription()
    push_subscription_save(
        user=reader,
        endpoint=sub["endpoint"],
        p256dh=sub["keys"]["p256dh"],
        auth=sub["keys"]["auth"],
        kinds=["your_turn"],
    )

    seat = game.to_move
    while True:  # the mover's whole turn; each move commits in the service
        game.refresh_from_db()
        if game.to_move != seat or game.status != "active":
            break
        move = legal_moves(load(game.stream).state, seat)[0]
        services.game_move(game_id=game.id, user=mover, move=body(move))
    assert game.status == "active"

    [pushed] = push.wait(1, timeout=20)
    with translation.override("hu"):
        words = render("your_turn", {"table": game.name, "host": ana.username})
    assert pushed.payload["body"] == words
    assert pushed.payload["opponent"] == mover.username
    assert pushed.payload["url"] == f"/games/{game.id}"
