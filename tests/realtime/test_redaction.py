"""No socket message shows a viewer another seat's tiles or the boneyard (RULES R4)."""

import pytest

from games import services
from tests.realtime.helpers import (
    db,
    hidden_by_seq,
    mover,
    player,
    receive,
    state_for,
    synced,
    tile_pairs,
)
from tests.realtime.helpers import table as open_table

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.usefixtures("layer"),
]


async def drain(comm, out):
    """Collect whatever the socket has sent by now."""
    while not await comm.receive_nothing(timeout=0.05):
        out.append(await receive(comm))


async def test_a_whole_game_leaks_no_hidden_tile_to_a_seat_or_a_spectator():
    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(open_table, ana, [bo], bots=1)
    ana_socket, first = await synced(gid, token=ana.token)
    watcher, watched = await synced(gid)
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
        hidden = await db(hidden_by_seq, gid, seat)
        seen = []
        for m in messages:
            assert m["type"] == "events", m
            assert not {t for t in tile_pairs(m["view"]) if t in hidden[m["seq"]]}, m["view"]
            assert not {t for t in tile_pairs(m["legal_moves"]) if t in hidden[m["seq"]]}
            for e in m["events"]:
                assert not {t for t in tile_pairs(e) if t in hidden[e["seq"]]}, e
                seen.append(e["seq"])
        assert seen == list(range(1, len(hidden)))  # every event, once, in order
        assert messages[-1]["status"] == "finished"
    await ana_socket.disconnect()
    await watcher.disconnect()
