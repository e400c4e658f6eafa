"""More time for an opponent over the socket (issue 34): answered exactly as the REST call is,
and the MoreTimeGiven event reaches every viewer — the seat given it, a spectator — live."""

from rest_framework.test import APIClient

from tests.realtime.helpers import SOCKET_TEST
from tests.realtime.helpers import Sockets
from tests.realtime.helpers import db
from tests.realtime.helpers import mover
from tests.realtime.helpers import player
from tests.realtime.helpers import receive
from tests.realtime.helpers import receive_until_seq
from tests.realtime.helpers import table

pytestmark = SOCKET_TEST


def rest_more_time(user, gid: str, body: dict):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {user.token}")
    return client.post(f"/api/v1/games/{gid}/more-time", body, format="json")


async def test_more_time_over_the_socket_answers_like_rest_and_every_viewer_hears_it():
    ana, bo, cy = await db(player, "ana"), await db(player, "bo"), await db(player, "cy")
    gid = await db(table, ana, [bo], bots=0)
    to_move_user = await db(mover, gid, [ana, bo])
    giver = ana if to_move_user is bo else bo
    async with Sockets() as sockets:
        comm, hello = await sockets.synced(gid, token=giver.token)
        receiver, _ = await sockets.synced(gid, token=to_move_user.token)
        spectator, _ = await sockets.synced(gid, token=cy.token)
        seat = 1 - hello["seat"]

        body = {"seat": hello["seat"], "seconds": 30}
        await comm.send_json_to({"command": "more_time", "id": "g-1", **body})
        message = await receive(comm)
        response = await db(rest_more_time, giver, gid, body)
        assert message["type"] == "error"
        assert message["id"] == "g-1"
        assert (message["status"], message["code"]) == (400, "more_time_to_self")
        assert (response.status_code, response.json()["code"]) == (400, "more_time_to_self")

        await comm.send_json_to({"command": "more_time", "id": "g-2", "seat": seat, "seconds": 9})
        message = await receive(comm)
        assert (message["status"], message["code"]) == (400, "invalid_more_time")

        await spectator.send_json_to(
            {"command": "more_time", "id": "s", "seat": seat, "seconds": 30}
        )
        message = await receive(spectator)
        assert (message["status"], message["code"]) == (403, "not_a_player")

        await comm.send_json_to({"command": "more_time", "id": "g-3", "seat": seat, "seconds": 30})
        accepted = await receive(comm)
        assert accepted["type"] == "more_time.accepted"
        assert accepted["id"] == "g-3"
        for viewer in (comm, receiver, spectator):
            pushed = await receive_until_seq(viewer, accepted["seq"])
            (event,) = pushed[-1]["events"]
            assert event["type"] == "MoreTimeGiven"
            assert event["data"] == {"seat": seat, "seconds": 30, "given_by": 1 - seat}
            assert event["actor"]["name"] == giver.username
