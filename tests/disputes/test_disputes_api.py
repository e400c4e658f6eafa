"""A dispute over the API from opening to closing: its thread, its states, who sees it, and the
notifications its players get."""

import pytest

from disputes.models import StaffAction
from notifications.models import Notification
from tests.support.factories import client_for
from tests.support.factories import open_dispute

pytestmark = pytest.mark.django_db

DISPUTES = "/api/v1/disputes"


def notes(user, kind="dispute_update"):
    return list(Notification.objects.filter(user=user, kind=kind).order_by("id"))


def test_a_dispute_goes_from_open_through_review_to_resolved_with_its_thread(
    finished_game, ana, bo, mod
):
    r = open_dispute(ana, finished_game, seq=5, against=[1], category="stalling")
    assert r.status_code == 201, r.json()
    d = r.json()
    assert d["status"] == "open"
    assert d["seq"] == 5
    assert d["involved"] == ["ana", "bo"]
    assert d["awaiting_staff_since"] is not None
    assert [n.url for n in notes(bo)] == [f"/disputes/{d['id']}"]  # named: told at once
    url = f"{DISPUTES}/{d['id']}"

    # Staff see it in the queue, claim it, and talk with both players.
    queue = client_for(mod).get(DISPUTES, {"status": "open"}).json()["results"]
    assert [q["id"] for q in queue] == [d["id"]]
    r = client_for(mod).post(f"{url}/claim")
    assert r.status_code == 200, r.json()
    assert r.json()["status"] == "under_review"
    assert r.json()["claimed_by"] == "mod"
    r = client_for(mod).post(f"{url}/messages", {"body": "Looking at move 5."}, format="json")
    assert r.status_code == 201
    r = client_for(bo).post(f"{url}/messages", {"body": "I was thinking."}, format="json")
    assert r.status_code == 201
    thread = r.json()["messages"]
    assert [(m["author"], m["kind"], m["from_staff"]) for m in thread] == [
        ("mod", "status", True),
        ("mod", "message", True),
        ("bo", "message", False),
    ]
    assert r.json()["awaiting_staff_since"] == thread[-1]["created_at"].replace("Z", "+00:00")

    r = client_for(mod).post(f"{url}/resolve", {"resolution": "Legal draw."}, format="json")
    assert r.status_code == 200, r.json()
    done = r.json()
    assert done["status"] == "resolved"
    assert done["resolution"] == "Legal draw."
    assert done["closed_at"] is not None
    assert done["awaiting_staff_since"] is None

    # Closed: nobody writes any more.
    r = client_for(ana).post(f"{url}/messages", {"body": "But"}, format="json")
    assert r.status_code == 409
    assert r.json()["code"] == "dispute_closed"

    # Both players were told of each change; the trail has each staff action.
    assert [n.text for n in notes(ana)] == [
        f"Your dispute about game {finished_game.pk} is now under review",
        f"Staff wrote in the dispute about game {finished_game.pk}",
        f"bo wrote in the dispute about game {finished_game.pk}",
        f"Your dispute about game {finished_game.pk} is now resolved",
    ]
    assert len(notes(bo)) == 4  # opened, under review, staff message, resolved
    assert list(
        StaffAction.objects.filter(dispute_id=d["id"])
        .order_by("pk")
        .values_list("action", flat=True)
    ) == ["dispute_claimed", "dispute_message", "dispute_resolved"]


def test_a_dispute_under_review_can_be_rejected_with_a_reason(finished_game, ana, mod):
    d = open_dispute(ana, finished_game).json()
    client_for(mod).post(f"{DISPUTES}/{d['id']}/claim")
    r = client_for(mod).post(f"{DISPUTES}/{d['id']}/reject", {"resolution": "No."}, format="json")
    assert r.status_code == 200
    assert r.json()["status"] == "rejected"


@pytest.mark.parametrize(
    ("steps", "then", "status"),
    [
        ([], "resolve", "open"),  # open → resolved skips the review
        ([], "reject", "open"),
        (["claim"], "claim", "under_review"),
        (["claim", "resolve"], "reject", "resolved"),
        (["claim", "reject"], "claim", "rejected"),
    ],
)
def test_an_invalid_transition_is_refused_with_a_stable_code(
    finished_game, ana, mod, steps, then, status
):
    d = open_dispute(ana, finished_game).json()
    staff = client_for(mod)
    for step in steps:
        r = staff.post(f"{DISPUTES}/{d['id']}/{step}", {"resolution": "x"}, format="json")
        assert r.status_code == 200, r.json()
    r = staff.post(f"{DISPUTES}/{d['id']}/{then}", {"resolution": "x"}, format="json")
    assert r.status_code == 409
    assert r.json()["code"] == "invalid_transition"
    assert r.json()["status"] == status


def test_players_see_only_their_own_disputes(finished_game, ana, bo, cy, mod):
    mine = open_dispute(ana, finished_game).json()
    theirs = open_dispute(bo, finished_game).json()  # bo's own, not naming ana

    assert [d["id"] for d in client_for(ana).get(DISPUTES).json()["results"]] == [mine["id"]]
    assert client_for(ana).get(f"{DISPUTES}/{theirs['id']}").status_code == 404
    r = client_for(ana).post(f"{DISPUTES}/{theirs['id']}/messages", {"body": "hi"}, format="json")
    assert r.status_code == 404
    assert r.json()["code"] == "not_found"
    assert client_for(cy).get(DISPUTES).json()["results"] == []
    assert client_for(cy).get(f"{DISPUTES}/{mine['id']}").status_code == 404
    assert {d["id"] for d in client_for(mod).get(DISPUTES).json()["results"]} == {
        mine["id"],
        theirs["id"],
    }
    assert client_for().get(DISPUTES).status_code == 401


def test_only_staff_change_a_disputes_status(finished_game, ana):
    d = open_dispute(ana, finished_game).json()
    for action in ("claim", "resolve", "reject"):
        r = client_for(ana).post(
            f"{DISPUTES}/{d['id']}/{action}", {"resolution": "x"}, format="json"
        )
        assert r.status_code == 403
        assert r.json()["code"] == "staff_only"


def test_a_dispute_is_opened_by_a_player_of_the_game_during_it(active_game, ana, cy):
    assert open_dispute(ana, active_game).status_code == 201
    r = open_dispute(cy, active_game)
    assert r.status_code == 403
    assert r.json()["code"] == "not_a_player"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"seq": 10_000}, 400, "invalid_seq"),
        ({"against": [7]}, 400, "invalid_seat"),
        ({"reason": "   "}, 400, "invalid"),
        ({"category": "cheating"}, 400, "invalid"),
        ({"game": "00000000-0000-0000-0000-000000000000"}, 404, "not_found"),
    ],
)
def test_a_bad_dispute_is_refused_with_a_stable_code(finished_game, ana, body, status, code):
    r = open_dispute(ana, finished_game, **body)
    assert r.status_code == status, r.json()
    assert r.json()["code"] == code


def test_one_open_dispute_per_player_and_game(finished_game, ana):
    assert open_dispute(ana, finished_game).status_code == 201
    r = open_dispute(ana, finished_game)
    assert r.status_code == 409
    assert r.json()["code"] == "dispute_already_open"


def test_the_queue_puts_the_longest_unanswered_dispute_first(finished_game, ana, bo, mod):
    first = open_dispute(ana, finished_game).json()
    second = open_dispute(bo, finished_game).json()
    staff = client_for(mod)
    assert [d["id"] for d in staff.get(DISPUTES).json()["results"]] == [first["id"], second["id"]]
    staff.post(f"{DISPUTES}/{first['id']}/messages", {"body": "On it."}, format="json")
    assert [d["id"] for d in staff.get(DISPUTES).json()["results"]] == [second["id"], first["id"]]
