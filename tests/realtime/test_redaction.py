"""No socket message shows a viewer another seat's tiles or the boneyard (RULES R4)."""

from games import services
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db
from tests.realtime.helpers import mover
from tests.realtime.helpers import player
from tests.realtime.helpers import receive
from tests.realtime.helpers import state_for
from tests.realtime.helpers import table as open_table
from tests.support.leaks import assert_frames_hide
from tests.support.leaks import hidden_in_game

pytestmark = SOCKET_TEST


async def drain(comm, out):
    """Collect whatever the socket has sent by now."""
    while not await comm.receive_nothing(timeout=0.05):
        out.append(await receive(comm))


async def test_a_whole_game_leaks_no_hidden_tile_to_a_seat_or_a_spectator():
    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(open_table, ana, [bo], bots=1)
    async with Sockets() as sockets:
        ana_socket, first = await sockets.synced(gid, token=ana.token)
        watcher, watched = await sockets.synced(gid)
        to_ana, to_watcher = [first], [watched]
        while (who := await db(mover, gid, [ana, bo])) is not None:
            st = await db(state_for, gid, who)
            body = {"move": st["legal_moves"][0], "expected_seq": st["seq"]}
            if who is ana:  # ana plays over her socket, bo through the service
                await ana_socket.send_json_to({"command": "move", "id": st["seq"], **body})
                while (m := await receive(ana_socket))["type"] != "move.accepted":
                    to_ana.append(m)
            else:
                await db(services.game_move, game_id=gid, user=bo, **body)
            await drain(ana_socket, to_ana)
            await drain(watcher, to_watcher)
        await drain(ana_socket, to_ana)
        await drain(watcher, to_watcher)

    for seat, messages in ((0, to_ana), (None, to_watcher)):
        hidden = await db(hidden_in_game, gid, seat)
        # Stricter than the default: not even the final view shows a tile hidden at the end.
        assert_frames_hide(messages, hidden, label=seat, types={"events"}, public_once_over=False)
        seen = [e["seq"] for m in messages for e in m["events"]]
        assert seen == list(range(1, len(hidden)))  # every event, once, in order
        assert messages[-1]["status"] == "finished"
