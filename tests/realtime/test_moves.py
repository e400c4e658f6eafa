"""Moves over the socket get the answers the REST API gives."""

from games.engine.tiles import full_set
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db
from tests.realtime.helpers import mover
from tests.realtime.helpers import player
from tests.realtime.helpers import receive
from tests.realtime.helpers import receive_until_seq
from tests.realtime.helpers import rest_move
from tests.realtime.helpers import state_for
from tests.realtime.helpers import table

pytestmark = SOCKET_TEST


async def answer(comm, body):
    await comm.send_json_to({"command": "move", "id": "c-1", **body})
    return await receive(comm)


def same_as_rest(message, response):
    """The socket's error carries the REST status and body."""
    assert message["type"] == "error"
    assert message["id"] == "c-1"
    body = {k: v for k, v in message.items() if k not in ("type", "id", "status")}
    assert (message["status"], body) == (response.status_code, response.json())


async def test_socket_moves_answer_like_rest():
    ana, bo, cy = await db(player, "ana"), await db(player, "bo"), await db(player, "cy")
    gid = await db(table, ana, [bo], bots=0)
    who = await db(mover, gid, [ana, bo])
    waiting = bo if who is ana else ana
    async with Sockets() as sockets:
        comm, _ = await sockets.synced(gid, token=who.token)
        st = await db(state_for, gid, who)
        seq = st["seq"]

        hand = {tuple(t) for t in st["view"]["hand"]}
        missing = next(t for t in full_set(6) if tuple(t) not in hand)
        illegal = {"action": "play", "tile": list(missing), "train": "mexican"}
        message = await answer(comm, {"move": illegal, "expected_seq": seq})
        same_as_rest(message, await db(rest_move, who, gid, {**illegal, "expected_seq": seq}))
        assert message["status"] == 400
        assert message["rule"]

        legal = st["legal_moves"][0]
        message = await answer(comm, {"move": legal, "expected_seq": seq - 1})
        same_as_rest(message, await db(rest_move, who, gid, {**legal, "expected_seq": seq - 1}))
        assert (message["status"], message["code"], message["seq"]) == (409, "stale", seq)

        message = await answer(comm, {"move": {"action": "jump"}})
        same_as_rest(message, await db(rest_move, who, gid, {"action": "jump"}))
        assert (message["status"], message["code"]) == (400, "invalid")

        other, _ = await sockets.connected(gid, token=waiting.token)
        message = await answer(other, {"move": legal, "expected_seq": seq})
        same_as_rest(message, await db(rest_move, waiting, gid, {**legal, "expected_seq": seq}))
        assert message["status"] == 400
        assert message["rule"]
        await other.disconnect()

        spectator, _ = await sockets.connected(gid, token=cy.token)
        message = await answer(spectator, {"move": legal, "expected_seq": seq})
        same_as_rest(message, await db(rest_move, cy, gid, {**legal, "expected_seq": seq}))
        assert (message["status"], message["code"]) == (403, "not_a_player")
        await spectator.disconnect()

        anonymous, _ = await sockets.connected(gid)
        message = await answer(anonymous, {"move": legal, "expected_seq": seq})
        assert (message["status"], message["code"]) == (401, "not_authenticated")
        await anonymous.disconnect()

        body = {"move": legal, "expected_seq": seq, "idempotency_key": "k-1"}
        accepted = await answer(comm, body)
        assert accepted["type"] == "move.accepted"
        assert accepted["id"] == "c-1"
        assert accepted["seq"] > seq
        pushed = await receive_until_seq(comm, accepted["seq"])
        assert pushed[0]["events"][0]["seq"] == seq + 1
        assert await answer(comm, body) == accepted  # a repeated key: the first answer
        assert await comm.receive_nothing(timeout=0.3)
