"""The table sends a move over its socket and, when no answer comes, sends it again by REST
with the same key (issue 15): a move that did reach the server over the socket is not made
twice."""

from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db
from tests.realtime.helpers import log_seqs
from tests.realtime.helpers import mover
from tests.realtime.helpers import player
from tests.realtime.helpers import receive
from tests.realtime.helpers import rest_move
from tests.realtime.helpers import state_for
from tests.realtime.helpers import table

pytestmark = SOCKET_TEST


async def test_a_move_repeated_by_rest_with_the_sockets_key_is_made_once():
    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(table, ana, [bo], bots=0)
    who = await db(mover, gid, [ana, bo])
    async with Sockets() as sockets:
        comm, _ = await sockets.synced(gid, token=who.token)
        st = await db(state_for, gid, who)
        legal, seq = st["legal_moves"][0], st["seq"]
        await comm.send_json_to(
            {
                "command": "move",
                "id": "c-1",
                "move": legal,
                "expected_seq": seq,
                "idempotency_key": "key-1",
            }
        )
        accepted = await receive(comm)
        while accepted["type"] == "events":  # the move's push may come first
            accepted = await receive(comm)
        assert accepted["type"] == "move.accepted", accepted
        logged = await db(log_seqs, gid)

        again = await db(rest_move, who, gid, {**legal, "expected_seq": seq}, "key-1")

        assert again.status_code == 200, again.json()  # the first answer, nothing appended
        assert again.json()["seq"] == accepted["seq"]
        assert await db(log_seqs, gid) == logged
