"""Live updates of one game are published by different processes (a person's move by a web
process, the bot's answer by the worker), and under load a later one can reach a socket first.
The socket holds it for the missing one (GAP_WAIT_SECONDS) and forwards both in order, without
reading the database; only an update that never comes is read (tests/realtime/test_resync.py).
Reading at once made every overtaking a catch-up query: at 100 tables, the largest part of the
web process's time (issue 30's profile)."""

from __future__ import annotations

import time

import realtime.broadcast
from games import consumers
from games import selectors
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import db
from tests.realtime.helpers import log_seqs
from tests.realtime.helpers import play_turn
from tests.realtime.helpers import player
from tests.realtime.helpers import receive_until_seq
from tests.realtime.helpers import synced
from tests.realtime.helpers import table

pytestmark = SOCKET_TEST


REAL_SEND = realtime.broadcast.send_now


def seqs(messages):
    return [e["seq"] for m in messages for e in m["events"]]


async def two_turns_held_back(monkeypatch):
    """ana's socket synced at a table of ana and bo, the catch-up reads counted, and two turns
    played with their updates held back: (gid, comm, first, reads, held, last seq)."""
    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(table, ana, [bo])
    comm, first = await synced(gid, token=ana.token)
    reads = []
    real_catch_up = selectors.game_catch_up
    monkeypatch.setattr(selectors, "game_catch_up", lambda *a: reads.append(a) or real_catch_up(*a))
    held = []
    monkeypatch.setattr(realtime.broadcast, "send_now", held.append)
    try:
        await db(play_turn, gid, [ana, bo])
        last = await db(play_turn, gid, [ana, bo])
    except BaseException:
        await comm.disconnect()
        raise
    finally:
        monkeypatch.setattr(realtime.broadcast, "send_now", REAL_SEND)  # the sockets hear again
    assert len(held) >= 2
    return gid, comm, first, reads, held, last


async def test_an_update_that_overtakes_another_waits_for_it_and_both_arrive_in_order(
    layer, monkeypatch
):
    gid, comm, first, reads, held, last = await two_turns_held_back(monkeypatch)
    try:
        # Delivered the later first.
        for messages in reversed(held):
            for group, message in messages.items():
                await layer.group_send(group, message)

        received = await receive_until_seq(comm, last)
        assert seqs([first, *received]) == await db(log_seqs, gid)  # in order, none twice
        assert reads == []  # the held update waited; nothing was read from the database
        assert await comm.receive_nothing(timeout=consumers.GAP_WAIT_SECONDS + 0.2)
    finally:
        await comm.disconnect()


async def test_a_late_update_ahead_of_a_gap_waits_as_long_as_updates_take(layer, monkeypatch):
    """Under load every update arrives late, the missing one too. One that took a second to
    arrive is held twice that for the missing one, not GAP_WAIT_SECONDS: at 100 tables a fixed
    0.25 s read the database for most overtakings, a quarter of the web process's time."""
    gid, comm, first, reads, held, last = await two_turns_held_back(monkeypatch)
    try:
        for group, message in held[-1].items():  # the later turn first, sent a second ago
            await layer.group_send(group, {**message, "sent": message["sent"] - 1.0})
        assert await comm.receive_nothing(timeout=consumers.GAP_WAIT_SECONDS + 0.5)
        assert reads == []  # still held: no read at GAP_WAIT_SECONDS
        for messages in held[:-1]:
            for group, message in messages.items():
                await layer.group_send(group, message)
        received = await receive_until_seq(comm, last)
        assert seqs([first, *received]) == await db(log_seqs, gid)  # in order, none twice
        assert reads == []
    finally:
        await comm.disconnect()


async def test_the_hold_follows_how_late_updates_arrive_within_its_bounds():
    now = time.time()
    assert consumers.gap_wait({"sent": now}) == consumers.GAP_WAIT_SECONDS
    assert 1.9 <= consumers.gap_wait({"sent": now - 1.0}) <= 2.1
    assert consumers.gap_wait({"sent": now - 60}) == consumers.GAP_WAIT_MAX_SECONDS
    assert consumers.gap_wait({}) == consumers.GAP_WAIT_SECONDS  # from an older process
