"""A frame to a client that has hung up is dropped, not a failed command: the server raises an
OSError on such a send (ASGI: "a server-specific subclass of IOError"; uvicorn's
ClientDisconnected), and an answer to a move whose client left meanwhile logged a traceback as
"socket command failed" (make load's last seconds, every run)."""

from __future__ import annotations

import logging

import pytest
from uvicorn.protocols.utils import ClientDisconnected

from games.consumers import GameConsumer


async def gone(message) -> None:
    raise ClientDisconnected()


@pytest.mark.asyncio
async def test_an_answer_to_a_client_that_hung_up_is_dropped_quietly(caplog):
    consumer = GameConsumer()
    consumer.base_send = gone
    with caplog.at_level(logging.WARNING):
        await consumer.send_json({"type": "move.accepted", "id": 1, "seq": 5})
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.asyncio
async def test_a_live_update_to_a_client_that_hung_up_is_dropped_quietly(caplog):
    consumer = GameConsumer()
    consumer.base_send = gone
    with caplog.at_level(logging.WARNING):
        await consumer.send(text_data='{"type": "events"}')
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.asyncio
async def test_updates_held_for_a_gap_are_dropped_when_the_socket_changes_seat():
    """An attacker's angle: a player who leaves a seat (a bot takes it) must not be forwarded an
    update built for that seat, held while a gap was open, once the socket is a spectator's."""
    from channels.layers import InMemoryChannelLayer

    consumer = GameConsumer()
    consumer.channel_layer = InMemoryChannelLayer()
    consumer.channel_name = "test.held"
    consumer.game_id = "g"
    consumer.group, consumer.seat = None, None
    await consumer._join(0)
    consumer._held[7] = {"first_seq": 7, "seq": 7, "seat": 0, "text": "{}"}

    await consumer._join(None)  # the seat changed hands: a spectator now

    assert consumer._held == {}
    assert consumer._gap_timer is None
