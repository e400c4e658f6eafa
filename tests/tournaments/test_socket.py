"""The tournament page's socket: the detail on connect, then the new detail on every change —
a registration, the start, each table that finishes (live standings), the final places."""

from __future__ import annotations

import asyncio

import pytest
from channels.layers import get_channel_layer

from config.asgi import application
from tests.realtime.helpers import ORIGIN
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import WebsocketCommunicator
from tests.realtime.helpers import db
from tests.support.factories import bots
from tests.support.factories import move_people
from tests.support.factories import new_tournament
from tests.support.factories import organizer
from tests.support.factories import person
from tests.support.factories import register
from tests.support.factories import start
from tournaments.models import TournamentStatus

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

HEADERS = [(b"origin", ORIGIN.encode()), (b"host", b"localhost:8000")]


async def receive_until(comm, done, limit: int = 50, timeout: float = 10) -> list[dict]:
    """Collect tournament messages until ``done(detail)``; return them all."""
    seen = []
    for _ in range(limit):
        message = await comm.receive_json_from(timeout=timeout)
        assert message["type"] == "tournament"
        seen.append(message["tournament"])
        if done(message["tournament"]):
            return seen
    raise AssertionError(f"no matching update in {limit} messages")


async def test_watchers_get_the_standings_as_each_table_finishes(frozen_clock, settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    get_channel_layer()
    org, ana = await db(organizer), await db(person, "ana")
    field = await db(bots, 3)
    tournament = await db(new_tournament, org, format="swiss", table_size=2, rounds=1)
    await db(register, tournament, field)

    async with Sockets() as sockets:
        comm = sockets.keep(
            WebsocketCommunicator(application, f"/ws/tournaments/{tournament.pk}/", HEADERS)
        )
        connected, _ = await comm.connect(timeout=5)
        assert connected
        first = await comm.receive_json_from(timeout=5)
        assert first["type"] == "tournament"
        assert first["tournament"]["entrants"] == 3
        assert first["tournament"]["status"] == "registration"

        await db(register, tournament, [ana])
        seen = await receive_until(comm, lambda t: t["entrants"] == 4)
        assert seen[-1]["version"] > first["tournament"]["version"]

        await db(start, tournament)
        # The bots' table ended at once: its result is in the standings while ana still plays.
        seen = await receive_until(comm, lambda t: t["standings"] is not None)
        live = seen[-1]
        assert live["status"] == TournamentStatus.RUNNING
        assert live["standings"]["tables"] == 1
        assert live["standings"]["final"] is False
        assert [t["finished"] for t in live["rounds_detail"][0]["tables"]].count(True) == 1

        while await db(move_people, tournament):
            pass
        seen = await receive_until(comm, lambda t: t["status"] == "finished")
        final = seen[-1]
        assert final["standings"]["final"] is True
        assert final["winner"]
        assert sorted(e["final_place"] for e in final["entries"]) == [1, 2, 3, 4]

        await comm.send_json_to({"command": "ping"})
        assert await comm.receive_json_from() == {"type": "pong"}
        await comm.send_to(text_data="not json")
        assert (await comm.receive_json_from())["code"] == "bad_message"


async def test_an_unknown_tournament_closes_the_socket(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    async with Sockets() as sockets:
        comm = sockets.keep(WebsocketCommunicator(application, "/ws/tournaments/987654/", HEADERS))
        connected, _ = await comm.connect(timeout=5)
        assert connected  # accepted, then closed with its code
        closed = await comm.receive_output(timeout=5)
        assert closed == {"type": "websocket.close", "code": 4404}


async def test_a_bad_message_is_explained_in_the_language_of_the_handshake(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    get_channel_layer()
    org = await db(organizer)
    tournament = await db(new_tournament, org, format="swiss", table_size=2, rounds=1)
    path = f"/ws/tournaments/{tournament.pk}/"
    async with Sockets() as sockets:
        answers = {}
        for language in ("ja", "en"):
            headers = [*HEADERS, (b"accept-language", language.encode())]
            comm = sockets.keep(WebsocketCommunicator(application, path, headers))
            connected, _ = await comm.connect(timeout=5)
            assert connected
            assert (await comm.receive_json_from(timeout=5))["type"] == "tournament"
            await comm.send_json_to({"command": "dance"})
            answers[language] = await comm.receive_json_from(timeout=5)
    assert answers["ja"] == {
        "type": "error",
        "status": 400,
        "code": "bad_message",
        "detail": '既知の "command" を含む JSON オブジェクトが必要です。',
    }
    assert answers["en"]["detail"] == 'Expected a JSON object with a known "command".'


async def test_watchers_who_open_the_page_together_share_builds_and_miss_no_change(
    frozen_clock, settings, monkeypatch
):
    """A round's start opens every player's page at once: 30 watchers connecting together get
    the detail from a few builds, not 30; and a registration made while a build is under way
    reaches the watchers who joined after that build began (they share the next one)."""
    from tournaments import consumers

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    get_channel_layer()
    org = await db(organizer)
    tournament = await db(new_tournament, org, format="swiss", table_size=2, rounds=1)
    await db(register, tournament, await db(bots, 3))
    builds = []
    slow = consumers.update_text

    def counted(tournament_id):
        builds.append(tournament_id)
        import time

        time.sleep(0.2)  # a big tournament's detail takes a while
        return slow(tournament_id)

    monkeypatch.setattr(consumers, "update_text", counted)
    url = f"/ws/tournaments/{tournament.pk}/"
    async with Sockets() as sockets:
        first = [sockets.keep(WebsocketCommunicator(application, url, HEADERS)) for _ in range(15)]
        connecting = [asyncio.ensure_future(c.connect(timeout=10)) for c in first]
        await asyncio.sleep(0.05)  # the first build is under way
        await db(register, tournament, [await db(person, "late")])
        later = [sockets.keep(WebsocketCommunicator(application, url, HEADERS)) for _ in range(15)]
        connecting += [asyncio.ensure_future(c.connect(timeout=10)) for c in later]
        assert all(ok for ok, _ in await asyncio.gather(*connecting))
        seen = [await c.receive_json_from(timeout=10) for c in first + later]
    assert len(builds) < 10, len(builds)
    # Whoever joined after the registration sees it, from the build or from the update.
    for comm, message in zip(first + later, seen, strict=True):
        if comm in later:
            assert message["tournament"]["entrants"] == 4, message["tournament"]["entrants"]
