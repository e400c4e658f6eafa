"""Tracing (core.tracing): one move is one trace, from the web request through the service,
the event append and the broadcast, into the Celery task it scheduled (the bot's turn) on the
worker — and off, costing nothing, without an OTLP endpoint.

The spans go to an in-memory exporter, which only a worker in this process can write to: the
worker is Celery's own test worker (``celery.contrib.testing.worker.start_worker``: a real
consumer on the Redis broker, the solo pool, in a thread of this process), not a separate
process. The trace context crosses from the request to the worker in the message's headers,
as it does between processes.
"""

from __future__ import annotations

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import connection
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind
from rest_framework.test import APIClient

from core import tasks as runner
from core import tracing
from games import services
from tests.realtime.helpers import player
from tests.realtime.helpers import state_for
from tests.support.celery import broker_url
from tests.support.celery import purge
from tests.support.celery import redis_url_for_tests
from tests.support.celery import use_broker
from tests.support.celery import wait_for

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_tracing_is_off_without_an_endpoint():
    assert not tracing.configured({})
    assert not tracing.setup({})
    assert not tracing.enabled()
    with tracing.span("nothing", a=1) as span:  # the shared no-op
        assert span is None
    assert tracing.configured({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318"})


@pytest.fixture
def spans(transactional_db):
    """Tracing on, to memory. A process sets tracing up before its first connection (core's
    ready()); the test's pool opened its connections before, so it is made anew."""
    exporter = InMemorySpanExporter()
    assert tracing.setup({}, exporter=exporter)
    renew_the_pool()
    yield exporter
    tracing.shutdown()
    renew_the_pool()


def renew_the_pool():
    if connection.vendor == "postgresql" and getattr(connection, "pool", None):
        connection.close()
        connection.close_pool()


@pytest.fixture
def worker(transactional_db, settings):
    """A Celery worker in a thread of this process on a broker of the test's own; the test's
    tasks are sent to it rather than run in-process."""
    from config import celery_app

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: the worker's thread reads what the test committed")
    broker = broker_url(redis_url_for_tests("the tracing test"))
    purge(broker)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    always_eager = celery_app.conf.task_always_eager
    old_broker = use_broker(celery_app, broker)
    celery_app.conf.task_always_eager = False
    try:
        with start_worker(
            celery_app,
            pool="solo",
            perform_ping_check=False,
            queues=["celery"],
            shutdown_timeout=30,
        ) as started:
            yield started
    finally:
        use_broker(celery_app, old_broker)
        celery_app.conf.task_always_eager = always_eager
        purge(broker)


def test_a_move_is_one_trace_from_the_web_request_to_the_bots_task(spans, worker):
    ana = player("ana")
    game = services.game_create(user=ana, players=2, variants={"set_max": 6, "rounds": 1})
    services.game_add_bot(game_id=game.id, user=ana, strategy="random")
    services.game_start(game_id=game.id, user=ana)
    gid = str(game.id)

    def anas_turn():
        game.refresh_from_db()
        return game.status == "active" and game.seats.get(index=game.to_move).user_id == ana.id

    wait_for(anas_turn, timeout=60, what="ana's turn")
    spans.clear()

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {ana.token}")
    # Until the bot's turn is scheduled: a draw leaves ana to move, and a first turn may lay
    # several tiles (6 moves were once not enough: a draw, the engine and four tiles).
    for _ in range(40):
        st = state_for(gid, ana)
        response = client.post(
            f"/api/v1/games/{gid}/moves",
            {**st["legal_moves"][0], "expected_seq": st["seq"]},
            format="json",
        )
        assert response.status_code == 201, response.json()
        if not anas_turn():
            break
    assert not anas_turn(), "ana's turn did not end in 40 moves"
    assert runner.published()
    assert game.status == "active"
    moved = game.version

    def where() -> str:  # if it never runs: where the task went (seen in a flake hunt)
        from config import celery_app

        with celery_app.producer_or_acquire() as producer:
            sent_to = producer.connection.as_uri()
        from eventstore import store

        names = [s.name for s in spans.get_finished_spans() if "play_automatic" in s.name]
        game.refresh_from_db()
        last = [(e.seq, e.type, e.actor.get("kind")) for e in store.read(game.stream)[-6:]]
        return (
            f"(this process sends to {sent_to}, the worker reads {worker.app.conf.broker_url}; "
            f"spans {names}; game {game.status}, to move {game.to_move}, last events {last})"
        )

    def bot_task_span():
        return [s for s in spans.get_finished_spans() if s.name == "run/games.tasks.play_automatic"]

    try:
        wait_for(bot_task_span, timeout=60, what="the bot's task to run on the worker")
    except pytest.fail.Exception as exc:
        pytest.fail(f"{exc} {where()}", pytrace=False)
    wait_for(lambda: game.refresh_from_db() or game.version > moved, timeout=30, what="a move")

    finished = spans.get_finished_spans()
    (task_span,) = bot_task_span()[:1]
    trace = [s for s in finished if s.context.trace_id == task_span.context.trace_id]
    names = {s.name for s in trace}
    requests = [s for s in trace if s.kind == SpanKind.SERVER]
    assert len(requests) == 1, names
    assert requests[0].attributes.get("http.route", "").endswith("moves"), requests[0].attributes
    assert requests[0].parent is None  # the trace starts at the request
    # web → service → store → broadcast → task, and the worker's own service and store spans
    assert {"game.move", "eventstore.append", "realtime.broadcast"} <= names, names
    assert "apply_async/games.tasks.play_automatic" in names, names
    assert "game.play_automatic" in names, names
    assert any(s.attributes.get("db.system") == "postgresql" for s in trace), names
    # Every span of the trace hangs from the request (none is orphaned on the way).
    by_id = {s.context.span_id: s for s in trace}
    for s in trace:
        top = s
        while top.parent is not None:
            top = by_id[top.parent.span_id]
        assert top is requests[0], s.name
