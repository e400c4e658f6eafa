"""GET /metrics: the Prometheus text format, the bearer token, and the values moving with the
platform (moves, bot turns, timeouts, sockets, active games, task lag, event loop lag)."""

from __future__ import annotations

import asyncio
import gc
import time
import uuid
from contextlib import contextmanager
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.db import transaction
from django.test import TestCase
from prometheus_client.parser import text_string_to_metric_families

from core import metrics
from games import services
from games.automatic import game_apply_timeout
from games.domain import load
from games.engine import legal_moves
from games.models import Game
from tests.realtime.helpers import SOCKET_TEST
from tests.support.marks import marked

FAMILIES = {
    "mexican_train_moves": "counter",
    "mexican_train_bot_moves": "counter",
    "mexican_train_timeouts_applied": "counter",
    "mexican_train_open_sockets": "gauge",
    "mexican_train_active_games": "gauge",
    "mexican_train_task_lag_seconds": "histogram",
    "mexican_train_event_loop_lag_seconds": "histogram",
    "mexican_train_gc_pause_seconds": "histogram",
}
LIVE = {"kind": "live", "seconds_per_move": 10, "reserve_seconds": 20}


def scrape(client, **headers) -> dict:
    """GET /metrics; return {(sample name, frozenset(labels)): value}, parsed by
    prometheus_client's own parser."""
    response = client.get("/metrics", **headers)
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/plain; version=0.0.4")
    samples = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for s in family.samples:
            samples[(s.name, frozenset(s.labels.items()))] = s.value
    return samples


def value(samples: dict, name: str, **labels) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


@contextmanager
def committed():
    """Run the on-commit callbacks of the test's (never committed) transaction here."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        yield


@pytest.fixture
def ana(django_user_model):
    return django_user_model.objects.create_user("ana", password="x")


@pytest.fixture
def bo(django_user_model):
    return django_user_model.objects.create_user("bo", password="x")


def new_game(creator, others, *, bots: int = 0, time_control=None) -> Game:
    game = services.game_create(
        user=creator,
        players=1 + len(others) + bots,
        variants={"set_max": 6, "rounds": 1},
        time_control=time_control,
    )
    for user in others:
        services.game_join(game_id=game.id, user=user)
    for _ in range(bots):
        services.game_add_bot(game_id=game.id, user=creator, strategy="greedy")
    with committed():
        services.game_start(game_id=game.id, user=creator)
    game.refresh_from_db()
    return game


def move_of(game: Game) -> dict:
    """The first legal move of the seat to move, as the API takes it."""
    move = legal_moves(load(game.stream).state, game.to_move)[0]
    body = {"action": move.action}
    if move.action == "play":
        body.update(tile=list(move.tile), train=move.train)
    return body


def player_to_move(game: Game, users):
    seat = game.seats.get(index=game.to_move)
    return next(u for u in users if u.id == seat.user_id)


# -- format and access ------------------------------------------------------------------------


@pytest.mark.django_db
def test_metrics_are_prometheus_text_with_every_platform_family(client):
    response = client.get("/metrics", HTTP_HOST="pod-address.internal:8000")
    assert response.status_code == 200
    families = {f.name: f.type for f in text_string_to_metric_families(response.content.decode())}
    assert FAMILIES.items() <= families.items()
    samples = scrape(client)
    for by in ("player", "bot", "timeout"):  # every series exists before its first move
        assert ("mexican_train_moves_total", frozenset({("by", by)})) in samples


@pytest.mark.django_db
def test_metrics_need_the_bearer_token_when_one_is_set(client, settings):
    settings.METRICS_TOKEN = "s3cret-token"
    refused = client.get("/metrics")
    assert refused.status_code == 401
    assert refused["WWW-Authenticate"].startswith("Bearer")
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 401
    assert client.get("/metrics", HTTP_AUTHORIZATION="Token s3cret-token").status_code == 401
    scrape(client, HTTP_AUTHORIZATION="Bearer s3cret-token")


def test_metrics_refuse_other_methods(client):
    assert client.post("/metrics").status_code == 405


# -- values -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_move_counts_once_committed_and_the_game_counts_as_active(client, ana, bo):
    game = new_game(ana, [bo])
    before = scrape(client)
    assert value(before, "mexican_train_active_games") == 1
    with committed():
        services.game_move(
            game_id=game.id, user=player_to_move(game, [ana, bo]), move=move_of(game)
        )
    after = scrape(client)
    moves = "mexican_train_moves_total"
    assert value(after, moves, by="player") == value(before, moves, by="player") + 1
    assert value(after, moves, by="bot") == value(before, moves, by="bot")


@pytest.mark.django_db
def test_a_move_rolled_back_is_not_counted(client, ana, bo):
    game = new_game(ana, [bo])
    before = scrape(client)

    def move_then_fail():
        with transaction.atomic():
            services.game_move(
                game_id=game.id, user=player_to_move(game, [ana, bo]), move=move_of(game)
            )
            raise RuntimeError("the transaction rolls back")

    with committed(), pytest.raises(RuntimeError, match="rolls back"):
        move_then_fail()
    after = scrape(client)
    moves = "mexican_train_moves_total"
    assert value(after, moves, by="player") == value(before, moves, by="player")


@pytest.mark.django_db
def test_bot_turns_count_as_bot_moves(client, ana):
    before = scrape(client)
    game = new_game(ana, [], bots=1)  # the bot's turns run right after each commit
    bots = "mexican_train_bot_moves_total"
    for _ in range(30):  # ana plays until the bot has had a turn (a draw keeps her turn)
        game.refresh_from_db()
        if value(scrape(client), bots) > value(before, bots) or game.status != "active":
            break
        assert game.to_move == 0  # a bot's turn is played as soon as it comes
        with committed():
            services.game_move(game_id=game.id, user=ana, move=move_of(game))
    after = scrape(client)
    bot_moves = value(after, "mexican_train_bot_moves_total") - value(
        before, "mexican_train_bot_moves_total"
    )
    assert bot_moves >= 1
    assert (
        value(after, "mexican_train_moves_total", by="bot")
        - value(before, "mexican_train_moves_total", by="bot")
        == bot_moves
    )


@pytest.mark.django_db
def test_an_enforced_deadline_counts_as_a_timeout_applied(client, frozen_clock, ana, bo):
    game = new_game(ana, [bo], time_control=LIVE)
    before = scrape(client)
    frozen_clock.advance(timedelta(seconds=31))
    with committed():
        assert game_apply_timeout(game_id=game.id, seq=game.version) is not None
    after = scrape(client)
    assert value(after, "mexican_train_timeouts_applied_total") == (
        value(before, "mexican_train_timeouts_applied_total") + 1
    )
    assert value(after, "mexican_train_moves_total", by="timeout") == (
        value(before, "mexican_train_moves_total", by="timeout") + 1
    )


def test_a_socket_counts_once_while_open():
    consumer = SimpleNamespace()
    start = metrics.OPEN_SOCKETS._value.get()
    metrics.socket_opened(consumer)
    metrics.socket_opened(consumer)
    assert metrics.OPEN_SOCKETS._value.get() == start + 1
    metrics.socket_closed(consumer)
    metrics.socket_closed(consumer)
    metrics.socket_closed(SimpleNamespace())  # never opened: not counted down
    assert metrics.OPEN_SOCKETS._value.get() == start


@pytest.fixture
def layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@marked(*SOCKET_TEST)
async def test_a_socket_connect_and_disconnect_move_the_open_sockets_gauge():
    from tests.realtime.helpers import Sockets
    from tests.realtime.helpers import db
    from tests.realtime.helpers import player
    from tests.realtime.helpers import table

    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(table, ana, [bo])
    before = metrics.OPEN_SOCKETS._value.get()
    async with Sockets() as sockets:
        comm, hello = await sockets.connected(gid, token=ana.token)
        assert hello["type"] == "hello"
        assert metrics.OPEN_SOCKETS._value.get() == before + 1
        await comm.disconnect()
        assert metrics.OPEN_SOCKETS._value.get() == before


# -- task lag ---------------------------------------------------------------------------------


def test_published_tasks_carry_the_time_they_left():
    headers = {}
    metrics.stamp_published_at(headers=headers)
    assert abs(headers[metrics.PUBLISHED_AT_HEADER] - time.time()) < 5


def test_task_lag_is_measured_from_the_eta_else_from_publication():
    now = time.time()
    eta = datetime.fromtimestamp(now - 2.5, UTC).isoformat()
    assert metrics.task_lag_seconds(SimpleNamespace(eta=eta, is_eager=False), now) == pytest.approx(
        2.5
    )
    published = SimpleNamespace(
        eta=None, is_eager=False, headers={metrics.PUBLISHED_AT_HEADER: now - 0.25}
    )
    assert metrics.task_lag_seconds(published, now) == pytest.approx(0.25)
    early = SimpleNamespace(eta=datetime.fromtimestamp(now + 1, UTC).isoformat(), is_eager=False)
    assert metrics.task_lag_seconds(early, now) == 0.0
    naive = datetime.fromtimestamp(now - 1, UTC).replace(tzinfo=None).isoformat()
    assert metrics.task_lag_seconds(
        SimpleNamespace(eta=naive, is_eager=False), now
    ) == pytest.approx(1)


def test_eager_and_unstamped_tasks_have_no_lag():
    now = time.time()
    assert metrics.task_lag_seconds(SimpleNamespace(eta=None, is_eager=True), now) is None
    assert (
        metrics.task_lag_seconds(SimpleNamespace(eta=None, is_eager=False, headers=None), now)
        is None
    )


def test_task_prerun_observes_the_lag_under_the_task_name():
    name = f"tests.lag.{uuid.uuid4().hex}"
    request = SimpleNamespace(
        eta=None, is_eager=False, headers={metrics.PUBLISHED_AT_HEADER: time.time() - 0.2}
    )
    metrics.observe_task_lag(task=SimpleNamespace(name=name, request=request))
    count = metrics.REGISTRY.get_sample_value(
        "mexican_train_task_lag_seconds_count", {"task": name}
    )
    total = metrics.REGISTRY.get_sample_value("mexican_train_task_lag_seconds_sum", {"task": name})
    assert count == 1
    assert 0.2 <= total < 5


class FakeTask:
    """What task_prerun hands its receivers: a task (hashable, as a signal sender must be)."""

    def __init__(self, name: str, request) -> None:
        self.name, self.request = name, request


def test_the_celery_signals_are_connected_when_django_starts():
    from celery import signals

    headers = {}
    signals.before_task_publish.send(sender="games.tasks.sweep_deadlines", headers=headers)
    assert metrics.PUBLISHED_AT_HEADER in headers
    name = f"tests.lag.{uuid.uuid4().hex}"
    task = FakeTask(name, SimpleNamespace(eta=None, is_eager=False, headers=headers))
    signals.task_prerun.send(sender=task, task_id="t1", task=task, args=(), kwargs={})
    assert (
        metrics.REGISTRY.get_sample_value("mexican_train_task_lag_seconds_count", {"task": name})
        == 1
    )


def _loop_lag() -> tuple[float, float]:
    """(observations in all, observations of at most 0.25 s) of LOOP_LAG so far."""
    samples = {
        (s.name, s.labels.get("le")): s.value
        for f in metrics.LOOP_LAG.collect()
        for s in f.samples
        if s.labels.get("process") == "test"
    }
    return samples.get(("mexican_train_event_loop_lag_seconds_count", None), 0.0), samples.get(
        ("mexican_train_event_loop_lag_seconds_bucket", "0.25"), 0.0
    )


def test_the_event_loop_lag_is_how_late_the_loop_woke_a_sleeping_task():
    count, quick = _loop_lag()

    async def hold_the_loop() -> None:
        watch = asyncio.ensure_future(metrics.watch_loop_lag("test", interval=0.01))
        await asyncio.sleep(0)  # the watch is asleep, due 0.01 s from now
        time.sleep(0.3)  # a callback that holds the loop (what a saturated process does)
        while _loop_lag()[0] == count:  # until the watch has woken and observed
            await asyncio.sleep(0.01)
        watch.cancel()

    asyncio.run(hold_the_loop())
    after, quick_after = _loop_lag()
    assert after - quick_after >= count - quick + 1  # a wake-up later than 0.25 s


def _gc_pauses(generation: int) -> tuple[float, float]:
    """(collections, seconds) of ``generation`` observed in GC_PAUSE for process "test"."""
    samples = {
        s.name: s.value
        for f in metrics.GC_PAUSE.collect()
        for s in f.samples
        if s.labels.get("process") == "test" and s.labels.get("generation") == str(generation)
    }
    return (
        samples.get("mexican_train_gc_pause_seconds_count", 0.0),
        samples.get("mexican_train_gc_pause_seconds_sum", 0.0),
    )


def test_a_garbage_collection_is_observed_with_its_generation_and_how_long_it_stopped():
    cycles = []
    for _ in range(200_000):  # something for the full collection to scan
        node: dict = {}
        node["self"] = node
        cycles.append(node)
    del cycles, node
    gc.disable()  # no automatic collection in between: only the one below
    before_full, before_young = _gc_pauses(2), _gc_pauses(0)
    callback = metrics.watch_gc_pauses("test")
    try:
        began = time.perf_counter()
        gc.collect(2)
        took = time.perf_counter() - began
    finally:
        gc.callbacks.remove(callback)
        gc.enable()
    full = _gc_pauses(2)
    assert full[0] == before_full[0] + 1  # that collection, and of the full generation
    assert 0 < full[1] - before_full[1] <= took  # its pause, within the call that made it
    assert _gc_pauses(0)[0] == before_young[0]  # a full collection is not a young one
    gc.collect(2)
    assert _gc_pauses(2)[0] == full[0]  # removed from gc.callbacks: no longer observed
