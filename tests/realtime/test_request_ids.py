"""The request id follows a move into the socket frames it causes (games.broadcast): the frame
of the move and of the bots' answers to it carry the ``request_id`` of the HTTP request (its
``X-Request-ID``) or of the socket command that made it; a sync's answer carries none.

(Into the Celery tasks a request schedules, on a real worker: tests/games/worker/
test_request_id_on_the_worker.py.)
"""

from __future__ import annotations

import re

from core.logging import current_request_id
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import TIMEOUT
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db
from tests.realtime.helpers import player
from tests.realtime.helpers import rest_move
from tests.realtime.helpers import state_for
from tests.realtime.helpers import table

pytestmark = SOCKET_TEST


async def frames_until(comm, seq: int) -> list[dict]:
    """Receive ``events`` frames until one reaches ``seq``."""
    frames = []
    while not frames or frames[-1]["seq"] < seq:
        frame = await comm.receive_json_from(timeout=TIMEOUT)
        if frame["type"] == "events":
            frames.append(frame)
    return frames


def http_move(user, gid, request_id: str):
    """The first legal move of ``user`` over REST with ``X-Request-ID``; return the game's
    seq after it and the bots' answers."""
    from rest_framework.test import APIClient

    st = state_for(gid, user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {user.token}")
    response = client.post(
        f"/api/v1/games/{gid}/moves",
        {**st["legal_moves"][0], "expected_seq": st["seq"]},
        format="json",
        HTTP_X_REQUEST_ID=request_id,
    )
    assert response.status_code == 201, response.json()
    assert response["X-Request-ID"] == request_id
    return response.json()["seq"]


def version_of(gid) -> int:
    from eventstore import store
    from games.models import stream_name

    return store.version(stream_name(gid))


async def until_my_turn(gid, ana):
    """Make sure it is ana's turn (the bot answers within her move's request)."""
    from games.models import Game

    def mine():
        game = Game.objects.get(pk=gid)
        return game.seats.get(index=game.to_move).user_id == ana.id

    while not await db(mine):
        await db(rest_move, ana, gid, (await db(state_for, gid, ana))["legal_moves"][0])


async def test_the_frames_a_rest_move_causes_carry_its_request_id():
    ana = await db(player, "ana")
    gid = await db(table, ana)  # ana and a random bot; its turns run right after each commit
    await until_my_turn(gid, ana)
    async with Sockets() as sockets:
        comm, synced = await sockets.synced(gid, token=ana.token)
        assert "request_id" not in synced  # a sync answers no request of a move
        watcher, _ = await sockets.synced(gid)  # a spectator sees the same id
        frames, watched = [], []
        for turn in range(1, 7):  # a draw leaves ana to move again: until the bot answers
            await db(http_move, ana, gid, f"move-from-ana-{turn}")
            seq = await db(version_of, gid)
            frames += await frames_until(comm, seq)
            watched += await frames_until(watcher, seq)
            if any(e["actor"]["kind"] == "bot" for f in frames for e in f["events"]):
                break
    ids = [f.get("request_id") for f in frames]
    assert ids == [f.get("request_id") for f in watched]
    assert set(ids) == {f"move-from-ana-{t}" for t in range(1, turn + 1)}, ids
    # The bot's answer, played by the task the move scheduled, carries the move's id too.
    bot = [f for f in frames if any(e["actor"]["kind"] == "bot" for e in f["events"])]
    assert bot, [(f["seq"], [(e["type"], e["actor"]) for e in f["events"]]) for f in frames]
    assert {f["request_id"] for f in bot} == {f"move-from-ana-{turn}"}


async def test_the_frames_a_socket_move_causes_carry_the_commands_request_id():
    ana = await db(player, "ana")
    gid = await db(table, ana)
    await until_my_turn(gid, ana)
    async with Sockets() as sockets:
        comm, synced = await sockets.synced(gid, token=ana.token)
        move = synced["legal_moves"][0]
        await comm.send_json_to({"command": "move", "id": 7, "move": move})
        accepted = None
        frames = []
        while accepted is None or not frames or frames[-1]["seq"] < accepted["seq"]:
            frame = await comm.receive_json_from(timeout=TIMEOUT)
            if frame["type"] == "move.accepted":
                accepted = frame
            elif frame["type"] == "events":
                frames.append(frame)
    ids = {f.get("request_id") for f in frames}
    assert len(ids) == 1, ids
    (request_id,) = ids
    assert re.fullmatch(r"[0-9a-f]{32}", request_id)
    assert current_request_id() is None  # nothing left bound in the test's own context
