"""Chat on the game socket, tried as an attacker would: a spectator's socket listening for the
players' channel, a muted author's messages, a spectator posting over its socket."""

from __future__ import annotations

import pytest

from chat import services
from chat.models import ChatMessage
from tests.realtime.conftest import layer  # noqa: F401 — the channel layer fixture
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db
from tests.realtime.helpers import player
from tests.realtime.helpers import receive
from tests.realtime.helpers import table as open_table

pytestmark = [
    pytest.mark.asyncio,
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.usefixtures("layer"),
]


async def drain(comm, *expected: str) -> list[dict]:
    """The socket's frames: received until the chats ``expected`` have come (however long a
    busy machine takes to deliver them), then whatever else comes within 0.2 s. It stopped at
    the first 0.2 s of silence, and on a loaded machine a chat had not come yet."""
    out: list[dict] = []
    while not set(expected) <= set(chats(out)):
        out.append(await receive(comm))
    while not await comm.receive_nothing(timeout=0.2):
        out.append(await receive(comm))
    return out


def chats(frames: list[dict]) -> list[str]:
    return [f["message"]["text"] for f in frames if f["type"] == "chat"]


async def test_a_spectators_socket_never_receives_the_players_channel(settings):
    ana, bo, eve = await db(player, "ana"), await db(player, "bo"), await db(player, "eve")
    gid = await db(open_table, ana, [bo], bots=1)
    async with Sockets() as sockets:
        to_bo, _ = await sockets.synced(gid, token=bo.token)
        to_eve, _ = await sockets.synced(gid, token=eve.token)
        anonymous, _ = await sockets.synced(gid)
        await db(services.chat_post_game, game_id=gid, user=ana, body="players only")
        # eve tries to post into the players' channel over her socket: it lands in hers.
        await to_eve.send_json_to({"command": "chat", "id": "e1", "body": "from the rail"})
        bo_frames, eve_frames, anon_frames = (
            await drain(to_bo, "players only"),
            await drain(to_eve, "from the rail"),
            await drain(anonymous, "from the rail"),
        )
    assert chats(bo_frames) == ["players only"]
    assert chats(eve_frames) == ["from the rail"]
    assert chats(anon_frames) == ["from the rail"]
    accepted = [f for f in eve_frames if f["type"] == "chat.accepted"]
    assert accepted
    assert accepted[0]["id"] == "e1"
    said = await db(lambda: ChatMessage.objects.get(author=eve).channel)
    assert said == "spectators"


async def test_a_muted_players_message_never_reaches_the_muter_over_the_socket():
    ana, bo, cy = await db(player, "ana"), await db(player, "bo"), await db(player, "cy")
    gid = await db(open_table, ana, [bo, cy], bots=0)
    await db(services.chat_mute, user=ana, username="bo")
    async with Sockets() as sockets:
        to_ana, _ = await sockets.synced(gid, token=ana.token)
        to_cy, _ = await sockets.synced(gid, token=cy.token)
        await db(services.chat_post_game, game_id=gid, user=bo, body="can you hear me")
        await db(services.chat_post_game, game_id=gid, user=cy, body="I can")
        # "I can" was sent after the muted one: once ana has it, the other would be there too.
        ana_frames = await drain(to_ana, "I can")
        cy_frames = await drain(to_cy, "can you hear me", "I can")
    assert chats(ana_frames) == ["I can"]
    assert chats(cy_frames) == ["can you hear me", "I can"]


async def test_an_anonymous_socket_cannot_post_and_a_refusal_keeps_its_code():
    ana = await db(player, "ana")
    gid = await db(open_table, ana, bots=1)
    async with Sockets() as sockets:
        anonymous, _ = await sockets.synced(gid)
        await anonymous.send_json_to({"command": "chat", "id": 1, "body": "hi"})
        error = await receive(anonymous)
        to_ana, _ = await sockets.synced(gid, token=ana.token)
        await to_ana.send_json_to({"command": "chat", "id": 2, "body": "x" * 301})
        too_long = await receive(to_ana)
    assert error["type"] == "error"
    assert error["status"] == 401
    assert too_long["code"] == "message_too_long"
    assert too_long["id"] == 2
    assert not await db(ChatMessage.objects.exists)
