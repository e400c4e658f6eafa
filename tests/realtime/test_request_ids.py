"""The request id follows a move into the socket frames it causes (games.broadcast): the frame
of the move and of the bots' answers to it carry the ``request_id`` of the HTTP request (the
``X-Request-ID`` its answer gives) or of the socket command that made it; a sync's answer
carries none. The id is the platform's own: every viewer of the table reads it, so a text the
mover chose (a header a client sends, which a proxy may pass on) would be a channel to them
that no chat rule governs.

(Into the Celery tasks a request schedules, on a real worker: tests/games/worker/
test_request_id_on_the_worker.py.)
"""

from __future__ import annotations

import asyncio
import re

from core.logging import current_request_id
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import TIMEOUT
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db
from tests.realtime.helpers import player
from tests.realtime.helpers import state_for
from tests.realtime.helpers import table

pytestmark = SOCKET_TEST

# A deal on which ana moves first and the bot answers her first move. On a random deal ana now
# and then laid her whole hand on her first turn (15 TilePlayed, the game over) and the bot
# never moved: "over before the bot moved" (fresh-clone fast lane, 2026-12-06).
DEAL = b"request-ids-3".ljust(32, b".")


async def frames_until(comm, seq: int) -> list[dict]:
    """Receive ``events`` frames until one reaches ``seq``."""
    frames = []
    while not frames or frames[-1]["seq"] < seq:
        frame = await comm.receive_json_from(timeout=TIMEOUT)
        if frame["type"] == "events":
            frames.append(frame)
    return frames


def http_move(user, gid, header: str = "chosen-by-the-client") -> str:
    """The first legal move of ``user`` over REST, sending ``header`` as ``X-Request-ID``;
    return the request id its answer gives."""
    from rest_framework.test import APIClient

    st = state_for(gid, user)
    assert st["legal_moves"], ("no legal move for ana", story(gid))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {user.token}")
    response = client.post(
        f"/api/v1/games/{gid}/moves",
        {**st["legal_moves"][0], "expected_seq": st["seq"]},
        format="json",
        HTTP_X_REQUEST_ID=header,
    )
    assert response.status_code == 201, response.json()
    return response["X-Request-ID"]


def story(gid) -> dict:
    """The game's row and its last events (a failure's message: what ended ana's turn)."""
    from eventstore import store
    from games.models import Game
    from games.models import stream_name

    game = Game.objects.get(pk=gid)
    events = store.read(stream_name(gid))[-8:]
    return {
        "status": game.status,
        "to_move": game.to_move,
        "version": game.version,
        "last": [(e.seq, e.type, e.actor.get("kind"), e.created_at.isoformat()) for e in events],
    }


def version_of(gid) -> int:
    from eventstore import store
    from games.models import stream_name

    return store.version(stream_name(gid))


def ana_to_move(gid, ana) -> bool | None:
    """Whether ana is to move (None: the game is over)."""
    from games.models import Game

    game = Game.objects.get(pk=gid)
    if game.status != "active":
        return None
    return game.seats.get(index=game.to_move).user_id == ana.id


async def settled(gid, ana) -> int:
    """Wait until ana is to move again or the game is over; return the version then. The bot's
    answer runs after her move's commit: within her request when tasks run inline, a moment
    later on the embedded runner's thread when an earlier test in this process started it
    (then her next move found the bot to move and no legal move: an IndexError)."""
    deadline = asyncio.get_running_loop().time() + TIMEOUT
    while await db(ana_to_move, gid, ana) is False:
        assert asyncio.get_running_loop().time() < deadline, "the bot did not answer"
        await asyncio.sleep(0.02)
    return await db(version_of, gid)


async def until_my_turn(gid, ana):
    """Wait until it is ana's turn (the bot may deal with the first move)."""
    await settled(gid, ana)
    assert await db(ana_to_move, gid, ana), "the game ended before ana's first turn"


async def test_the_frames_a_rest_move_causes_carry_its_request_id():
    ana = await db(player, "ana")
    # ana and a random bot; its turns run right after each commit
    gid = await db(table, ana, server_seed=DEAL)
    await until_my_turn(gid, ana)
    async with Sockets() as sockets:
        comm, synced = await sockets.synced(gid, token=ana.token)
        assert "request_id" not in synced  # a sync answers no request of a move
        watcher, _ = await sockets.synced(gid)  # a spectator sees the same id
        frames, watched, sent = [], [], []
        for _ in range(30):  # a draw or a double leaves ana to move again: until the bot answers
            sent.append(await db(http_move, ana, gid))
            seq = await settled(gid, ana)
            frames += await frames_until(comm, seq)
            watched += await frames_until(watcher, seq)
            if any(e["actor"]["kind"] == "bot" for f in frames for e in f["events"]):
                break
            assert await db(ana_to_move, gid, ana), (
                "over before the bot moved",
                await db(story, gid),
            )
    ids = [f.get("request_id") for f in frames]
    assert ids == [f.get("request_id") for f in watched]
    assert set(ids) == set(sent), (ids, sent)
    assert all(re.fullmatch(r"[0-9a-f]{32}", i) for i in sent), sent
    # The bot's answer, played by the task the move scheduled, carries the move's id too.
    bot = [f for f in frames if any(e["actor"]["kind"] == "bot" for e in f["events"])]
    assert bot, [(f["seq"], [(e["type"], e["actor"]) for e in f["events"]]) for f in frames]
    assert {f["request_id"] for f in bot} == {sent[-1]}


async def test_a_request_id_the_mover_chooses_reaches_no_other_viewer():
    """The attack: ana writes her hand into X-Request-ID (well formed: letters, digits, dots
    and dashes) on every move; neither the other viewers' frames nor her own answer carry it."""
    ana = await db(player, "ana")
    gid = await db(table, ana, server_seed=DEAL)  # three turns of ana's, the bot between
    await until_my_turn(gid, ana)
    async with Sockets() as sockets:
        watcher, _ = await sockets.synced(gid)
        frames = []
        for turn in range(3):
            hand = await db(state_for, gid, ana)
            message = "hand-" + ".".join(f"{a}-{b}" for a, b in hand["view"]["hand"])[:100]
            answered = await db(http_move, ana, gid, f"{message}-{turn}")
            assert answered != f"{message}-{turn}"
            frames += await frames_until(watcher, await settled(gid, ana))
    assert frames
    assert not any("hand-" in (f.get("request_id") or "") for f in frames), frames


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
