"""The request id travels into the Celery tasks a request schedules (core.logging, core.tasks):
a move's HTTP request publishes the bot's turn with its id in a message header, and the real
worker runs the task under it — its log records carry the id, and so does the frame of the
bot's move it broadcasts."""

from __future__ import annotations

import asyncio
import json

import pytest
from channels.layers import channel_layers
from rest_framework.test import APIClient

from core import tasks as runner
from games import services
from games.models import Game
from realtime.groups import game_seat_group
from tests.realtime.helpers import player
from tests.realtime.helpers import state_for
from tests.support.celery import wait_for

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.fixture
def json_logs(monkeypatch):
    """The worker logs JSON lines (each with its request id); set before it starts."""
    monkeypatch.setenv("LOG_FORMAT", "json")


def bot_records(procs, request_id: str) -> list[dict]:
    records = []
    for line in procs.worker_log.read_text(errors="replace").splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            if record.get("request_id") == request_id:
                records.append(record)
    return records


def test_a_moves_request_id_reaches_the_bots_task_on_the_worker(json_logs, celery_processes):
    celery_processes.wait_worker_ready()
    ana = player("ana")
    game = services.game_create(user=ana, players=2, variants={"set_max": 6, "rounds": 1})
    services.game_add_bot(game_id=game.id, user=ana, strategy="random")
    services.game_start(game_id=game.id, user=ana)
    gid = str(game.id)

    def anas_turn():
        game.refresh_from_db()
        return game.status == "active" and game.seats.get(index=game.to_move).user_id == ana.id

    wait_for(anas_turn, timeout=60, what="ana's turn", procs=celery_processes)

    # Listen to the spectators' group on the channel layer the worker broadcasts to.
    layer = channel_layers.make_backend("default")
    loop = asyncio.new_event_loop()
    channel = loop.run_until_complete(layer.new_channel())
    loop.run_until_complete(layer.group_add(game_seat_group(gid, None), channel))

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {ana.token}")
    frames: list[dict] = []
    try:
        for _ in range(30):  # a draw or a double leaves ana to move: until the bot's turn
            st = state_for(gid, ana)
            response = client.post(
                f"/api/v1/games/{gid}/moves",
                {**st["legal_moves"][0], "expected_seq": st["seq"]},
                format="json",
            )
            assert response.status_code == 201, response.json()
            request_id = response["X-Request-ID"]  # the platform's own id of this move
            game.refresh_from_db()
            if game.status != "active" or game.seats.get(index=game.to_move).user_id != ana.id:
                break
        assert runner.published()

        def bot_frame():
            message = loop.run_until_complete(asyncio.wait_for(layer.receive(channel), 30))
            if message.get("type") != "game.update":  # who holds the seats, a chat line
                return False
            frame = json.loads(message["text"])
            frames.append(frame)
            return any(e["actor"]["kind"] == "bot" for e in frame["events"])

        wait_for(bot_frame, timeout=60, what="the bot's move frame", procs=celery_processes)
    finally:
        loop.run_until_complete(layer.group_discard(game_seat_group(gid, None), channel))
        loop.close()

    bot_frames = [f for f in frames if any(e["actor"]["kind"] == "bot" for e in f["events"])]
    assert bot_frames[0].get("request_id") == request_id, bot_frames[0]
    wait_for(
        lambda: any("succeeded" in r["message"] for r in bot_records(celery_processes, request_id)),
        timeout=30,
        what="the worker's log line of the bot's task, with the request id",
        procs=celery_processes,
    )
    records = bot_records(celery_processes, request_id)
    assert any("games.tasks.play_automatic" in r["message"] for r in records), records
    assert Game.objects.get(pk=gid).version > st["seq"]
