"""Live updates and resync: after a reconnect, a duplicate or a lost message, every event
reaches the socket exactly once and in order; the database is the truth."""

import channels_redis.core
import pytest

import realtime.broadcast
from games.broadcast import update_message
from realtime.groups import game_seat_group
from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import connected
from tests.realtime.helpers import db
from tests.realtime.helpers import log_seqs
from tests.realtime.helpers import mover
from tests.realtime.helpers import play_turn
from tests.realtime.helpers import player
from tests.realtime.helpers import receive
from tests.realtime.helpers import receive_until_seq
from tests.realtime.helpers import rest_move
from tests.realtime.helpers import state_for
from tests.realtime.helpers import synced
from tests.realtime.helpers import table

pytestmark = SOCKET_TEST


def seqs(messages):
    return [e["seq"] for m in messages for e in m["events"]]


async def test_reconnect_with_after_receives_exactly_the_missed_events_in_order(layer):
    ana, bo = await db(player, "ana"), await db(player, "bo")
    users = [ana, bo]
    gid = await db(table, ana, [bo])
    comm, first = await synced(gid, token=ana.token)
    try:
        received = [first]
        assert seqs(received) == await db(log_seqs, gid)

        for _ in range(3):  # live moves, some followed by the bot's
            seq = await db(play_turn, gid, users)
            received += await receive_until_seq(comm, seq)
        assert await comm.receive_nothing(timeout=0.3)

        # A copy of an update already sent is dropped.
        group = game_seat_group(gid, 0)
        await layer.group_send(group, update_message(received[-1], seat=0, holder=ana.id))
        assert await comm.receive_nothing(timeout=0.3)
    finally:
        await comm.disconnect()

    last_seen = received[-1]["seq"]
    for _ in range(3):
        await db(play_turn, gid, users)
    comm, caught_up = await synced(gid, after=last_seen, token=ana.token)
    try:
        assert [e["seq"] for e in caught_up["events"]] == [
            s for s in await db(log_seqs, gid) if s > last_seen
        ]
        received.append(caught_up)

        # An update lost on its way: the next one reveals the gap, filled from the database.
        real_send = realtime.broadcast.send_now
        realtime.broadcast.send_now = lambda messages: None
        try:
            await db(play_turn, gid, users)
        finally:
            realtime.broadcast.send_now = real_send
        assert await comm.receive_nothing(timeout=0.3)
        seq = await db(play_turn, gid, users)
        filled = await receive_until_seq(comm, seq)
        received += filled
        assert seqs(received) == await db(log_seqs, gid)  # nothing lost, nothing doubled
        assert received[-1]["view"] == (await db(state_for, gid, ana))["view"]
    finally:
        await comm.disconnect()


async def test_nothing_is_pushed_before_the_first_sync_and_sync_sets_the_starting_point():
    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(table, ana, [bo])
    comm, _ = await synced(gid, token=bo.token)
    try:
        quiet, hello = await connected(gid, token=ana.token)
        try:
            await db(play_turn, gid, [ana, bo])
            assert await quiet.receive_nothing(timeout=0.3)
            await quiet.send_json_to({"command": "sync", "after": hello["seq"]})
            payload = await quiet.receive_json_from(timeout=5)
            assert [e["seq"] for e in payload["events"]] == list(
                range(hello["seq"] + 1, payload["seq"] + 1)
            )
        finally:
            await quiet.disconnect()
    finally:
        await comm.disconnect()


async def test_a_move_made_through_rest_reaches_the_other_players_socket():
    ana, bo = await db(player, "ana"), await db(player, "bo")
    users = [ana, bo]
    gid = await db(table, ana, [bo], bots=0)
    comms = {}
    try:
        for u in users:
            comms[u.id] = (await synced(gid, token=u.token))[0]
        who = await db(mover, gid, users)
        other = next(u for u in users if u is not who)
        st = await db(state_for, gid, who)
        r = await db(rest_move, who, gid, {**st["legal_moves"][0], "expected_seq": st["seq"]})
        assert r.status_code == 201, r.json()
        pushed = await receive_until_seq(comms[other.id], r.json()["seq"])
        assert seqs(pushed) == [e["seq"] for e in r.json()["events"]]
        assert pushed[-1]["view"]["viewer"] == st["seat"] ^ 1
    finally:
        for comm in comms.values():
            await comm.disconnect()


@pytest.mark.slow
async def test_a_socket_idle_longer_than_the_layers_blocking_wait_still_gets_the_next_move(layer):
    """channels-redis waits for messages with a 5 s blocking pop; with redis-py 8's default 5 s
    socket timeout an idle socket's wait timed out and its consumer died (seen in the
    tournament e2e test). The layer's connections get a longer socket timeout."""
    import asyncio

    ana, bo = await db(player, "ana"), await db(player, "bo")
    gid = await db(table, ana, [bo])
    comm, _ = await synced(gid, token=ana.token)
    try:
        await asyncio.sleep(7)  # longer than the 5 s blocking pop, idle
        seq = await db(play_turn, gid, [ana, bo])
        got = await receive_until_seq(comm, seq)
        assert got
        assert got[-1]["seq"] == seq
    finally:
        await comm.disconnect()


async def test_a_socket_that_missed_an_update_learns_it_from_the_pong_and_catches_up(
    layer, monkeypatch
):
    """An update lost on the way (Redis away while it was published) and then silence: the
    next ping's pong names the game's seq, the client sees it is behind and syncs."""
    ana, bo = await db(player, "ana"), await db(player, "bo")
    users = [ana, bo]
    gid = await db(table, ana, [bo], bots=0)
    comm, first = await synced(gid, token=ana.token)
    try:
        await comm.send_json_to({"command": "ping"})
        assert await receive(comm) == {"type": "pong", "seq": first["seq"]}
        # The next move's update never reaches the layer.
        monkeypatch.setattr(realtime.broadcast, "send_now", lambda messages: None)
        now = await db(play_turn, gid, users)
        assert now > first["seq"]
        assert await comm.receive_nothing(timeout=0.3)
        await comm.send_json_to({"command": "ping"})
        pong = await receive(comm)
        assert pong == {"type": "pong", "seq": now}
        await comm.send_json_to({"command": "sync", "after": first["seq"]})
        caught_up = await receive(comm)
        assert caught_up["type"] == "events"
        assert [e["seq"] for e in caught_up["events"]] == list(range(first["seq"] + 1, now + 1))
    finally:
        await comm.disconnect()


async def test_a_socket_whose_group_redis_lost_hears_again_after_its_next_ping(layer):
    """Redis lost its data (a restart without persistence, a FLUSHDB): the queue-based layer
    keeps its groups as keys, and a socket's place in its group went with them. It heard
    nothing more while it answered every ping (the fast lane's silent socket: a parallel
    test's cache.clear() flushed the shared database under tests/hardening/test_socket_seats);
    a socket older than the layer's group_expiry (a day) would lose its place the same way.
    Each ping now renews it: the ping after the loss puts the socket back, and the next update
    shows the gap, which it fills from the database."""
    if not isinstance(layer, channels_redis.core.RedisChannelLayer):
        pytest.skip("the queue-based layer's groups are Redis keys; subscriptions are not")
    ana, bo = await db(player, "ana"), await db(player, "bo")
    users = [ana, bo]
    gid = await db(table, ana, [bo], bots=0)
    comm, first = await synced(gid, token=ana.token)
    try:
        async with layer.connection(0) as redis:  # one Redis here: every group is on it
            groups = await redis.keys(f"{layer.prefix}:group:*")
            assert groups
            await redis.delete(*groups)
        lost = await db(play_turn, gid, users)
        assert await comm.receive_nothing(timeout=0.3)  # its group is gone: nothing comes
        await comm.send_json_to({"command": "ping"})
        assert await receive(comm) == {"type": "pong", "seq": lost}
        now = await db(play_turn, gid, users)
        caught_up = await receive_until_seq(comm, now)
        assert seqs(caught_up) == list(range(first["seq"] + 1, now + 1))
    finally:
        await comm.disconnect()
