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


async def still_held_then_the_rest_in_order(layer, comm, gid, first, reads, held, last):
    """The later turn sent ahead: check nothing is read or forwarded past GAP_WAIT_SECONDS,
    then send the earlier turns and check every event arrives in order, none read."""
    assert await comm.receive_nothing(timeout=consumers.GAP_WAIT_SECONDS + 0.5)
    assert reads == []  # still held: no read at GAP_WAIT_SECONDS
    for messages in held[:-1]:
        for group, message in messages.items():
            await layer.group_send(group, message)
    received = await receive_until_seq(comm, last)
    assert seqs([first, *received]) == await db(log_seqs, gid)  # in order, none twice
    assert reads == []


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
        await still_held_then_the_rest_in_order(layer, comm, gid, first, reads, held, last)
    finally:
        await comm.disconnect()


async def test_a_quick_update_ahead_of_a_gap_waits_as_long_as_updates_took_lately(
    layer, monkeypatch
):
    """The update that overtakes is often quick (the worker's) and the missing one late (the
    busy web process's own): the hold follows how late updates reached the process lately,
    not only the one held. Timed on the quick one alone, at 100 tables a quarter of the moves
    still read the database."""
    gid, comm, first, reads, held, last = await two_turns_held_back(monkeypatch)
    try:
        # An earlier update came a second late (at another socket of this process, say).
        consumers.LATENESS.saw({"sent": time.time() - 1.0}, time.time())
        for group, message in held[-1].items():  # the later turn first, and at once
            await layer.group_send(group, message)
        await still_held_then_the_rest_in_order(layer, comm, gid, first, reads, held, last)
    finally:
        await comm.disconnect()


async def test_the_hold_follows_how_late_updates_arrive_within_its_bounds():
    assert consumers.gap_wait(0.0) == consumers.GAP_WAIT_SECONDS
    assert consumers.gap_wait(1.0) == 2.0
    assert consumers.gap_wait(60.0) == consumers.GAP_WAIT_MAX_SECONDS


async def test_how_late_updates_arrive_lately_decays_by_half_every_half_life():
    lateness, now = consumers.Lateness(), 1_000.0
    half_life = consumers.LATENESS_HALF_LIFE_SECONDS
    assert lateness.saw({}, now) == 0.0  # an update from an older process says nothing
    assert lateness.saw({"sent": now - 2.0}, now) == 2.0
    assert lateness.saw({"sent": now - 0.1}, now) == 2.0  # a quicker one: still 2 s lately
    assert lateness.now(now + half_life) == 1.0
    assert lateness.now(now + 3 * half_life) == 0.25
    assert lateness.saw({"sent": now + 3 * half_life - 0.5}, now + 3 * half_life) == 0.5
