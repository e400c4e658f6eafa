"""Every list of the API answers one envelope, ``{"results", "next", "previous"}``, and a
client that follows ``next`` until it is null gets every row once, in the list's order; the
query parameters of every list are checked alike (400 ``invalid_query`` naming each one).

The rows are written straight to the database where the list only reads them (cheap), with
distinct times, so the documented order is the only one that can pass.
"""

from __future__ import annotations

import base64
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from urllib.parse import parse_qs
from urllib.parse import urlsplit

import pytest
from rest_framework.test import APIClient

from accounts.services import api_token_create
from core import clock
from core.pagination import MAX_PAGE_SIZE
from disputes.models import Dispute
from disputes.models import DisputeMessage
from disputes.selectors import awaiting_staff_since
from games.models import Game
from games.models import GameStatus
from games.models import Seat
from notifications.models import Notification
from ratings.models import Rating
from tests.support.factories import client_for
from tests.support.factories import finished_game
from tests.support.factories import make_user
from tests.support.factories import organizer
from tournaments.models import Tournament
from tournaments.models import TournamentStatus

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
FAR = datetime.max.replace(tzinfo=UTC)


def follow(client: APIClient, path: str, params: dict | None = None, between=None) -> list:
    """Return every row of a list, following ``next`` from ``path``; ``between(n)`` runs
    after page ``n`` (from 1) is read, before the next is asked for."""
    r = client.get(path, params or {})
    rows, pages = [], 0
    while True:
        assert r.status_code == 200, r.json()
        body = r.json()
        assert {"results", "next", "previous"} <= set(body), body
        rows += body["results"]
        pages += 1
        if body["next"] is None:
            return rows
        assert body["next"].startswith("http://testserver/api/v1/"), body["next"]
        if between:
            between(pages)
        r = client.get(body["next"])
        assert r.json()["previous"], "a page after the first links back"


def refused(response, field: str) -> None:
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid_query", body
    assert set(body["fields"]) == {field}, body
    assert all(isinstance(m, str) for m in body["fields"][field])


def game(creator, users, *, status, created_at, to_move=None, deadline=None, finished_at=None):
    """Write a game row with ``users`` seated, as the lists read it."""
    g = Game.objects.create(
        created_by=creator,
        created_at=created_at,
        players=len(users),
        ruleset={},
        time_control={},
        status=status,
        to_move=to_move,
        deadline=deadline,
        finished_at=finished_at,
    )
    Seat.objects.bulk_create(
        Seat(game=g, index=i, user=u, joined_at=created_at) for i, u in enumerate(users)
    )
    return g


# -- games -------------------------------------------------------------------------------------


def test_the_games_list_pages_newest_first_and_a_new_table_moves_nothing():
    ana, bo = make_user("ana"), make_user("bo")
    made = [
        game(ana, [ana, bo], status=GameStatus.OPEN, created_at=T0 + timedelta(minutes=i))
        for i in range(7)
    ]
    newest_first = [str(g.pk) for g in reversed(made)]

    def a_table_opens(page):
        game(bo, [bo], status=GameStatus.OPEN, created_at=T0 + timedelta(hours=page))

    rows = follow(
        APIClient(), "/api/v1/games", {"status": "open", "page_size": 3}, between=a_table_opens
    )
    assert [g["id"] for g in rows] == newest_first
    assert len(follow(APIClient(), "/api/v1/games", {"page_size": 100})) == 9


def urgency_oracle(user, games):
    """The order "my games" promises, as the list computed it in Python before it was paged."""
    seat_of = {g.pk: g.seats.get(user=user).index for g in games}

    def key(g):
        if g.status == GameStatus.ACTIVE:
            return (0 if g.to_move == seat_of[g.pk] else 1, g.deadline or FAR, 0)
        if g.status == GameStatus.OPEN:
            return (2, FAR, -g.created_at.timestamp())
        return (3, FAR, -(g.finished_at or g.created_at).timestamp())

    return [
        str(g.pk) for g in sorted(sorted(games, key=lambda g: g.created_at, reverse=True), key=key)
    ]


def test_my_games_page_through_in_urgency_order():
    ana, bo, cy = make_user("ana"), make_user("bo"), make_user("cy")
    t = iter(range(100))

    def at():
        return T0 + timedelta(minutes=next(t))

    def active(to_move, deadline):
        return dict(status=GameStatus.ACTIVE, created_at=at(), to_move=to_move, deadline=deadline)

    mine = [
        game(ana, [ana, bo], **active(0, T0 + timedelta(days=3))),  # my turn, due later
        game(ana, [bo, ana], **active(1, T0 + timedelta(days=1))),  # my turn, due first
        game(ana, [ana, bo], **active(0, None)),  # my turn, no clock
        game(bo, [bo, ana], **active(0, T0 + timedelta(hours=1))),  # waiting for bo
        game(bo, [ana, bo], **active(1, T0 + timedelta(days=2))),
        game(ana, [ana], status=GameStatus.OPEN, created_at=at()),
        game(ana, [ana], status=GameStatus.OPEN, created_at=at()),
        game(ana, [ana, bo], status=GameStatus.FINISHED, created_at=at(), finished_at=at()),
        game(ana, [ana, bo], status=GameStatus.FINISHED, created_at=at(), finished_at=T0),
        game(ana, [ana, bo], status=GameStatus.ABANDONED, created_at=at()),
    ]
    game(bo, [bo, cy], **active(0, T0))  # not ana's: never listed
    rows = follow(client_for(ana), "/api/v1/games", {"mine": "1", "page_size": 3})
    assert [g["id"] for g in rows] == urgency_oracle(ana, mine)
    assert [g["id"] for g in rows][:3] == [str(mine[1].pk), str(mine[0].pk), str(mine[2].pk)]
    finished = follow(client_for(ana), "/api/v1/games", {"mine": "true", "status": "finished"})
    assert [g["id"] for g in finished] == [str(mine[7].pk), str(mine[8].pk)]


def test_games_refuse_a_bogus_status_a_maybe_mine_and_a_forged_cursor():
    ana = make_user("ana")
    refused(APIClient().get("/api/v1/games", {"status": "bogus"}), "status")
    refused(client_for(ana).get("/api/v1/games", {"mine": "maybe"}), "mine")
    refused(client_for(ana).get("/api/v1/games", {"mine": "yes"}), "mine")
    refused(APIClient().get("/api/v1/games", {"page_size": "0"}), "page_size")
    refused(APIClient().get("/api/v1/games", {"page_size": "1e2"}), "page_size")
    refused(APIClient().get("/api/v1/games", {"page_size": str(MAX_PAGE_SIZE + 1)}), "page_size")
    for forged in ("garbage!", base64.b64encode(b"p=not-a-time").decode()):
        refused(APIClient().get("/api/v1/games", {"cursor": forged}), "cursor")
    refused(client_for(ana).get("/api/v1/games", {"mine": "1", "page": "2"}), "page")
    assert APIClient().get("/api/v1/games", {"status": ""}).status_code == 200  # empty: absent
    assert APIClient().get("/api/v1/games", {"page_size": MAX_PAGE_SIZE}).status_code == 200


def test_the_paged_games_list_tells_no_more_than_each_row_did():
    """A duplicate table whose deal another table still plays shows as in play to others
    (games.siblings): its page, and the cursor that leads past it, say nothing more."""
    ana, bo, cy = make_user("ana"), make_user("bo"), make_user("cy")
    hidden = game(
        ana,
        [ana, bo],
        status=GameStatus.FINISHED,
        created_at=T0,
        finished_at=T0 + timedelta(hours=2),
    )
    Game.objects.filter(pk=hidden.pk).update(seed_hidden=True, result={"places": [1, 2]})
    for i in range(3):
        game(cy, [cy], status=GameStatus.OPEN, created_at=T0 - timedelta(minutes=i + 1))
    client = client_for(cy)
    page = client.get("/api/v1/games", {"page_size": 1}).json()
    (row,) = page["results"]
    assert row["id"] == str(hidden.pk)
    assert (row["status"], row["result"], row["finished_at"]) == ("active", None, None)
    cursor = parse_qs(urlsplit(page["next"]).query)["cursor"][0]
    position = parse_qs(base64.b64decode(cursor).decode())["p"][0]
    assert datetime.fromisoformat(position) == T0  # its creation time, which the row shows
    rows = follow(client, "/api/v1/games", {"page_size": 1})
    assert [g["status"] for g in rows] == ["active", "open", "open", "open"]
    assert [g["result"] for g in rows] == [None] * 4
    finished = follow(client, "/api/v1/games", {"status": "finished", "page_size": 1})
    assert finished == []
    mine = follow(client_for(ana), "/api/v1/games", {"mine": "1"})
    assert [(g["status"], g["result"]) for g in mine] == [("finished", {"places": [1, 2]})]


# -- notifications -----------------------------------------------------------------------------


def test_notifications_page_newest_first_with_the_unread_count_and_new_ones_move_nothing():
    ana, bo = make_user("ana"), make_user("bo")
    made = [
        Notification.objects.create(
            user=ana,
            kind="your_turn",
            text=f"n{i}",
            created_at=T0 + timedelta(minutes=i),
            read_at=T0 if i % 2 else None,
        )
        for i in range(8)
    ]
    Notification.objects.create(user=bo, kind="x", text="bo's", created_at=T0)
    client = client_for(ana)
    first = client.get("/api/v1/notifications", {"page_size": 3}).json()
    assert first["unread"] == 4

    def one_arrives(page):
        Notification.objects.create(
            user=ana, kind="x", text="new", created_at=T0 + timedelta(days=page)
        )

    rows = follow(client, "/api/v1/notifications", {"page_size": 3}, between=one_arrives)
    assert [n["id"] for n in rows] == [n.pk for n in reversed(made)]
    assert client.get("/api/v1/notifications").json()["unread"] == 4 + 2  # 3 pages: 2 new
    refused(client.get("/api/v1/notifications", {"page_size": "-1"}), "page_size")


# -- tournaments -------------------------------------------------------------------------------


def test_tournaments_page_running_then_upcoming_by_start_then_ended(frozen_clock):
    org = organizer()

    def tournament(status, starts_in, finished_ago=None):
        return Tournament.objects.create(
            name=f"{status} {starts_in}",
            format="swiss",
            status=status,
            created_by=org,
            created_at=clock.now(),
            registration_opens_at=clock.now() - timedelta(days=9),
            registration_closes_at=clock.now() + timedelta(hours=starts_in),
            starts_at=clock.now() + timedelta(hours=starts_in),
            finished_at=None
            if finished_ago is None
            else clock.now() - timedelta(hours=finished_ago),
            table_size=4,
        )

    running = [tournament(TournamentStatus.RUNNING, -h) for h in (1, 3)]
    upcoming = [
        tournament(TournamentStatus.REGISTRATION, 5),
        tournament(TournamentStatus.SCHEDULED, 2),
        tournament(TournamentStatus.REGISTRATION, 9),
    ]
    ended = [
        tournament(TournamentStatus.FINISHED, -50, finished_ago=30),
        tournament(TournamentStatus.CANCELLED, -40, finished_ago=2),
        tournament(TournamentStatus.FINISHED, -20, finished_ago=10),
    ]
    expected = (
        [running[1], running[0]]
        + [upcoming[1], upcoming[0], upcoming[2]]
        + [ended[1], ended[2], ended[0]]
    )
    rows = follow(APIClient(), "/api/v1/tournaments", {"page_size": 2})
    assert [t["id"] for t in rows] == [t.pk for t in expected]
    assert "my_status" in rows[0]
    upcoming_rows = follow(
        APIClient(), "/api/v1/tournaments", {"status": "upcoming", "page_size": 1}
    )
    assert [t["id"] for t in upcoming_rows] == [upcoming[1].pk, upcoming[0].pk, upcoming[2].pk]
    refused(APIClient().get("/api/v1/tournaments", {"status": "bogus"}), "status")
    refused(APIClient().get("/api/v1/tournaments", {"page": "0"}), "page")
    refused(APIClient().get("/api/v1/tournaments", {"page": "9"}), "page")


# -- disputes ----------------------------------------------------------------------------------


def test_the_disputes_queue_pages_longest_waiting_first_then_the_rest_newest_first():
    ana, bo, mod = make_user("ana"), make_user("bo"), make_user("mod", staff=True)
    about = finished_game([ana, bo], [1, 2])
    t = iter(range(1, 200))

    def at():
        return T0 + timedelta(minutes=next(t))

    def dispute(status="open", thread=()):
        when = at()
        d = Dispute.objects.create(
            game=about,
            opened_by=ana,
            category="stalling",
            reason="r",
            status=status,
            created_at=when,
            updated_at=when,
        )
        d.involved.add(ana)
        for who, kind in thread:
            DisputeMessage.objects.create(
                dispute=d,
                author=mod if who == "staff" else ana,
                from_staff=who == "staff",
                kind=kind,
                body="b",
                created_at=at(),
            )
        return d

    made = [
        dispute(),  # waiting since it was opened
        dispute(thread=[("staff", "message")]),  # staff answered last: waits for nobody
        dispute(thread=[("staff", "message"), ("player", "message"), ("player", "message")]),
        dispute(thread=[("staff", "status")]),  # a status change is no answer
        dispute("resolved"),
        dispute(thread=[("player", "message"), ("staff", "adjudication")]),
        dispute("under_review", thread=[("staff", "message"), ("player", "message")]),
        dispute("rejected", thread=[("player", "message")]),
    ]
    dispute().involved.set([bo])  # bo's alone: ana never sees it

    def oracle(disputes):
        waiting = sorted((d for d in disputes if awaiting_staff_since(d)), key=awaiting_staff_since)
        rest = sorted(
            (d for d in disputes if not awaiting_staff_since(d)),
            key=lambda d: d.created_at,
            reverse=True,
        )
        return [d.pk for d in waiting + rest]

    rows = follow(client_for(ana), "/api/v1/disputes", {"page_size": 3})
    assert [d["id"] for d in rows] == oracle(made)
    assert [d["id"] for d in rows][:4] == [made[0].pk, made[2].pk, made[3].pk, made[6].pk]
    staff_rows = follow(client_for(mod), "/api/v1/disputes", {"page_size": 4})
    assert len(staff_rows) == 9
    open_rows = follow(client_for(ana), "/api/v1/disputes", {"status": "open", "page_size": 2})
    assert {d["id"] for d in open_rows} == {d.pk for d in made if d.status == "open"}
    refused(client_for(ana).get("/api/v1/disputes", {"status": "bogus"}), "status")
    refused(client_for(ana).get("/api/v1/disputes", {"game": "not-a-uuid"}), "game")


# -- leaderboard and tokens --------------------------------------------------------------------


def test_the_leaderboard_pages_by_rank_with_its_count(frozen_clock):
    people = [make_user(f"p{i}") for i in range(7)]
    for i, u in enumerate(people):
        Rating.objects.create(user=u, kind="live", mu=25, sigma=8, ordinal=float(i), games=1)
    client = APIClient()
    first = client.get("/api/v1/ratings/leaderboard", {"page_size": 3}).json()
    assert (first["count"], first["pages"], first["page_size"], first["kind"]) == (7, 3, 3, "live")
    rows = follow(client, "/api/v1/ratings/leaderboard", {"page_size": 3})
    assert [r["username"] for r in rows] == [f"p{i}" for i in reversed(range(7))]
    assert [r["rank"] for r in rows] == list(range(1, 8))
    refused(client.get("/api/v1/ratings/leaderboard", {"kind": "blitz"}), "kind")
    refused(client.get("/api/v1/ratings/leaderboard", {"page_size": "101"}), "page_size")


def test_tokens_page_newest_first():
    ana = make_user("ana")
    for i in range(4):
        api_token_create(user=ana, name=f"t{i}")
    client = client_for(ana)
    rows = follow(client, "/api/v1/auth/tokens", {"page_size": 3})
    names = [t["name"] for t in rows]
    assert sorted(names[-4:]) == ["t0", "t1", "t2", "t3"]
    assert len(set(names)) == len(names)
    refused(client.get("/api/v1/auth/tokens", {"page": "x"}), "page")


# -- the other query parameters ----------------------------------------------------------------


def test_the_events_after_parameter_is_refused_like_every_query_parameter():
    ana = make_user("ana")
    g = game(ana, [ana], status=GameStatus.OPEN, created_at=T0)
    refused(APIClient().get(f"/api/v1/games/{g.pk}/events", {"after": "-1"}), "after")
    refused(APIClient().get(f"/api/v1/games/{g.pk}/events", {"after": "x"}), "after")
    assert APIClient().get(f"/api/v1/games/{g.pk}/events", {"after": "0"}).status_code == 200
