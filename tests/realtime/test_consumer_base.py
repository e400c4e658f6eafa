"""The socket consumers' base (realtime.consumers): no database sweep on the one shared thread
before each message (Channels' AsyncConsumer.dispatch runs one)."""

from unittest import mock

import channels.consumer

from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db
from tests.realtime.helpers import mover
from tests.realtime.helpers import player
from tests.realtime.helpers import receive_until_seq
from tests.realtime.helpers import rest_move
from tests.realtime.helpers import state_for
from tests.realtime.helpers import table

pytestmark = SOCKET_TEST


async def test_a_forwarded_move_reaches_the_other_socket_without_a_sweep():
    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(table, ana, [bo], bots=0)
    who = await db(mover, gid, [ana, bo])
    other = bo if who is ana else ana
    sweeps = 0

    async def counted():
        nonlocal sweeps
        sweeps += 1

    # Channels' dispatch calls the name it imported; counting it there sees each sweep.
    with mock.patch.object(channels.consumer, "aclose_old_connections", counted):
        async with Sockets() as sockets:
            comm, synced = await sockets.synced(gid, token=other.token)
            st = await db(state_for, gid, who)
            response = await db(
                rest_move, who, gid, {**st["legal_moves"][0], "expected_seq": st["seq"]}
            )
            assert response.status_code == 201, response.json()
            frames = await receive_until_seq(comm, response.json()["seq"])
    assert frames
    assert frames[-1]["seq"] == response.json()["seq"]
    assert sweeps == 0
