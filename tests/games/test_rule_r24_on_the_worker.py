"""RULES R24: "Every game has a time control: live (seconds per move plus a reserve) or
correspondence (days per move, with vacation days per player per year). A player whose time runs
out has the game's timeout action applied: by default, a draw-or-pass on their behalf (R15);
after a configured number of consecutive timeouts their seat is taken by a bot or forfeited."

Here: the timeouts applied by a real Celery worker and beat over Redis (DESIGN, Time) — pushed
to the timed-out player's socket, applied by the sweeps after the worker holding the timeout task
was killed, and applied once when the task is delivered several times. Every test starts its own
worker and beat processes (the ``celery_processes`` fixture, tests/games/conftest.py); the test
process plays the web server's part: its services commit and hand tasks to the broker.
"""

from __future__ import annotations

import asyncio
import os

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from config.env import channel_layers_from_env
from eventstore import store
from games import services
from games.integrity import verify_game
from games.models import Game
from games.tasks import apply_timeout
from games.tasks import play_automatic
from tests.realtime.helpers import connected
from tests.realtime.helpers import token_for
from tests.support.celery import wait_for

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

FAST_LIVE = {"kind": "live", "seconds_per_move": 5, "reserve_seconds": 0}


def two_people(django_user_model, tc=FAST_LIVE) -> tuple[Game, list]:
    ana = django_user_model.objects.create_user("ana", password="x")
    bo = django_user_model.objects.create_user("bo", password="x")
    game = services.game_create(
        user=ana, players=2, variants={"set_max": 6, "rounds": 1}, time_control=tc
    )
    services.game_join(game_id=game.id, user=bo)
    services.game_start(game_id=game.id, user=ana)
    game.refresh_from_db()
    return game, [ana, bo]


def timeout_batches(game: Game) -> list[int]:
    """The first seq of each run of timeout events (one run = one timed-out turn)."""
    out, previous = [], None
    for e in store.read(game.stream):
        if e.actor.get("kind") == "timeout" and previous != "timeout":
            out.append(e.seq)
        previous = e.actor.get("kind")
    return out


def stored_by_seq(game: Game) -> dict[int, store.StoredEvent]:
    return {e.seq: e for e in store.read(game.stream)}


def assert_own_view(pushed: list[dict], stored: dict[int, store.StoredEvent]) -> None:
    """Assert that events pushed to a seat about its own moves are the stored events unredacted
    (type, schema version and all their data, a drawn tile included), in seq order."""
    seqs = [e["seq"] for e in pushed]
    assert seqs == sorted(set(seqs)), seqs
    for e in pushed:
        body = {k: e[k] for k in ("type", "schema_version", "data")}
        assert body == stored[e["seq"]].payload, e["seq"]


@pytest_asyncio.fixture
async def production_layer(settings):
    """The channel layer exactly as the worker process has it (REDIS_URL, and the prefix the
    worker inherits: CHANNEL_LAYER_PREFIX, tests/conftest.py), made afresh for this test's event
    loop (a layer cached by an earlier test holds connections of a loop that is gone); its
    connections closed afterwards."""
    settings.CHANNEL_LAYERS = channel_layers_from_env(
        os.environ["REDIS_URL"], prefix=os.environ["CHANNEL_LAYER_PREFIX"]
    )
    layer = get_channel_layer()
    yield layer
    await layer.flush()


@pytest.mark.asyncio
async def test_a_live_move_times_out_and_the_timeout_is_pushed_to_the_sockets(
    celery_processes, production_layer, django_user_model
):
    game, users = await database_sync_to_async(two_people)(django_user_model)
    seat = game.to_move
    token = await database_sync_to_async(token_for)(users[seat])
    comm, hello = await connected(str(game.id), token=token)
    try:
        await comm.send_json_to({"command": "sync", "after": game.version})
        pushed = []
        loop = asyncio.get_running_loop()
        until = loop.time() + 20
        while loop.time() < until:
            try:
                msg = await comm.receive_json_from(timeout=until - loop.time())
            except TimeoutError:
                break
            pushed += [e for e in msg.get("events", []) if e["actor"]["kind"] == "timeout"]
            if pushed:
                break
    finally:
        await comm.disconnect()
    assert pushed, f"no timeout reached the socket\n{celery_processes.log_tail()}"
    assert all(e["data"]["by"] == "timeout" and e["data"]["seat"] == seat for e in pushed)
    # The player's own view of their own timed-out turn: each event exactly as stored, nothing
    # of it hidden from them (a tile the timeout drew shows), in the order appended.
    stored = await database_sync_to_async(stored_by_seq)(game)
    assert_own_view(pushed, stored)
    batches = await database_sync_to_async(timeout_batches)(game)
    assert len(batches) >= 1


def test_a_worker_killed_while_holding_the_timeout_loses_nothing(
    celery_processes, django_user_model
):
    game, _ = two_people(django_user_model)
    seq = game.version
    # The game's ETA timeout task is in the worker's hands (received, not acknowledged) until
    # its deadline. Kill the worker: with Redis the task would come back only after the
    # visibility timeout (an hour). A new worker runs beat's sweeps, which apply it.
    wait_for(
        lambda: (
            "apply_timeout"
            in "".join(p.read_text() for p in celery_processes.logs.glob("worker-*.log"))
        ),
        timeout=20,
        what="the worker to receive the timeout task",
        procs=celery_processes,
    )
    celery_processes.kill_worker()
    celery_processes.start_worker()
    celery_processes.wait_worker_ready()

    def applied():
        game.refresh_from_db()
        return game.version > seq and timeout_batches(game)

    wait_for(applied, timeout=40, what="the sweeper to apply the timeout", procs=celery_processes)
    assert timeout_batches(game)[0] == seq + 1
    assert verify_game(game).ok


def test_a_task_delivered_several_times_applies_once(celery_processes, django_user_model):
    game, users = two_people(django_user_model)
    seq = game.version
    for _ in range(3):
        apply_timeout.apply_async(args=(str(game.id), seq), countdown=5.5)
    for _ in range(3):
        play_automatic.apply_async(args=(str(game.id), seq))  # a person's seat: nothing

    def applied():
        game.refresh_from_db()
        return game.version > seq

    wait_for(applied, timeout=30, what="the timeout", procs=celery_processes)
    import time

    time.sleep(2)  # let the repeats and the sweeps run
    assert timeout_batches(game) == [seq + 1]
    assert verify_game(game).ok
