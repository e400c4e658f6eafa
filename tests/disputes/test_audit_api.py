"""The staff audit API: who may reach it, and what it shows — every hand at every step, exactly
one seat's view when asked, who acted and when, and the integrity verdict."""

import pytest

from disputes.models import StaffAction
from eventstore import store
from games.domain import fold
from games.engine import view
from games.engine.record import verify_record
from games.models import Game
from tests.support.factories import client_for
from tests.support.factories import make_user
from tests.support.factories import open_dispute
from tests.support.factories import open_table
from tests.support.factories import play
from tests.support.factories import second_factor_login

pytestmark = pytest.mark.django_db

READS = [
    "",
    "/steps",
    "/steps?seat=0",
    "/positions/3",
    "/positions/3?seat=1",
    "/record",
    "/actions",
]
WRITES = [
    ("/void", {"reason": "r"}),
    ("/award", {"reason": "r", "places": [1, 2, 3]}),
    ("/restart-round", {"reason": "r", "at_seq": 3}),
    ("/reverse-ratings", {"reason": "r"}),
]


def audit(game, path=""):
    return f"/api/v1/audit/games/{game.pk}{path}"


def positions(body):
    """Fold a timeline's steps (each with only what changed) into whole positions."""
    out, last = [], None
    for step in body["steps"]:
        last = {**(last or body["constant"]), **step["changes"]}
        for k in step["removed"]:
            del last[k]
        out.append(last)
    return out


@pytest.mark.parametrize("path", READS)
def test_every_audit_read_is_for_staff_only(active_game, ana, bo, cy, mod, path):
    assert client_for().get(audit(active_game, path)).status_code == 401
    for user in (ana, bo, cy):  # players of the game, and a player of other games
        r = client_for(user).get(audit(active_game, path))
        assert r.status_code == 403, (user, r.json())
        assert r.json()["code"] == "staff_only"
        assert set(r.json()) == {"code", "detail"}
    r = client_for(mod).get(audit(active_game, path))
    assert r.status_code == 200, r.json()


@pytest.mark.parametrize(("path", "body"), WRITES)
def test_every_adjudication_is_for_staff_only(active_game, ana, bo, cy, path, body):
    seq = Game.objects.get(pk=active_game.pk).version
    assert client_for().post(audit(active_game, path), body, format="json").status_code == 401
    for user in (ana, bo, cy):
        r = client_for(user).post(audit(active_game, path), body, format="json")
        assert r.status_code == 403
        assert r.json()["code"] == "staff_only"
    assert Game.objects.get(pk=active_game.pk).version == seq  # nothing appended


def test_an_unknown_game_is_404_for_staff(mod):
    r = client_for(mod).get("/api/v1/audit/games/00000000-0000-0000-0000-000000000000")
    assert r.status_code == 404
    assert r.json()["code"] == "not_found"


def test_staff_playing_a_running_game_cannot_audit_it(bo):
    boss = make_user("boss", staff=True)
    game = open_table(boss, [bo], rounds=2)
    for path in ["", "/steps", "/positions/2", "/record"]:
        r = client_for(boss).get(audit(game, path))
        assert r.status_code == 403, path
        assert r.json()["code"] == "own_game"
    r = client_for(boss).post(audit(game, "/void"), {"reason": "mine"}, format="json")
    assert r.json()["code"] == "own_game"


def test_the_timeline_shows_every_hand_and_the_boneyard_at_every_step(active_game, mod):
    body = client_for(mod).get(audit(active_game, "/steps")).json()
    stored = store.read(active_game.stream)
    assert [s["seq"] for s in body["steps"]] == [e.seq for e in stored]
    assert body["constant"]["viewer"] == "all"
    state = None
    for e, step, pos in zip(stored, body["steps"], positions(body), strict=True):
        state = fold([e], state)
        assert pos["hands"] == [[list(t) for t in sorted(h)] for h in state.hands]
        assert pos["boneyard"] == [list(t) for t in state.boneyard[state.bpos :]]
        assert step["actor"]["kind"] == e.actor["kind"]
        assert step["at"] == e.created_at.isoformat()
        assert step["data"] == e.data  # in full: drawn tiles, deals
    assert set(body["steps"][0]["changes"]) >= {"hands", "boneyard", "trains"}
    assert any("trains" not in s["changes"] for s in body["steps"][1:])  # only what changed
    kinds = {s["actor"]["kind"] for s in body["steps"]}
    assert {"system", "player", "bot"} <= kinds


@pytest.mark.parametrize("seat", ["0", "1", "2", "spectator"])
def test_as_seat_shows_exactly_that_seats_view_at_each_step(active_game, mod, seat):
    body = client_for(mod).get(audit(active_game, "/steps"), {"seat": seat}).json()
    viewer = None if seat == "spectator" else int(seat)
    state = None
    for e, pos in zip(store.read(active_game.stream), positions(body), strict=True):
        state = fold([e], state)
        assert pos == view(state, viewer)
    one = client_for(mod).get(audit(active_game, "/positions/4"), {"seat": seat}).json()
    assert one["view"] == view(fold(store.read(active_game.stream, upto=4)), viewer)


def test_the_timeline_pages(active_game, mod):
    staff = client_for(mod)
    whole = staff.get(audit(active_game, "/steps")).json()
    first = staff.get(audit(active_game, "/steps"), {"limit": 3}).json()
    assert [s["seq"] for s in first["steps"]] == [1, 2, 3]
    assert first["next_after"] == 3
    rest = staff.get(audit(active_game, "/steps"), {"after": 3}).json()
    assert rest["next_after"] is None
    assert positions(first) + positions(rest) == positions(whole)
    assert [s["seq"] for s in first["steps"] + rest["steps"]] == [s["seq"] for s in whole["steps"]]


@pytest.mark.parametrize("query", [{"seat": "7"}, {"seat": "x"}, {"after": "-1"}])
def test_a_bad_timeline_query_is_400(active_game, mod, query):
    r = client_for(mod).get(audit(active_game, "/steps"), query)
    assert r.status_code == 400
    assert r.json()["code"] == "invalid_query"
    assert set(r.json()["fields"]) == set(query)


def test_the_summary_has_the_verdict_seats_and_is_in_the_staff_trail(finished_game, mod):
    body = client_for(mod).get(audit(finished_game)).json()
    assert body["verdict"]["ok"] is True
    assert body["verdict"]["events"] == finished_game.version
    assert {c["outcome"] for c in body["verdict"]["checks"]} == {"ok"}
    assert [s["username"] for s in body["seats"]][:2] == ["ana", "bo"]
    assert body["game"]["seed"] == finished_game.seed  # revealed: the match has ended
    assert StaffAction.objects.filter(game=finished_game, action="audit_viewed").count() == 1


def test_the_summary_keeps_a_running_games_seed_secret(active_game, mod):
    assert client_for(mod).get(audit(active_game)).json()["game"]["seed"] is None


def test_staff_download_the_full_record_of_a_running_game_and_it_verifies(active_game, ana, mod):
    r = client_for(mod).get(audit(active_game, "/record"))
    assert r.status_code == 200
    assert "attachment" in r["Content-Disposition"]
    record = r.json()
    assert all(h is not None for h in record["rounds"][0]["deal"]["hands"])
    assert "boneyard" in record["rounds"][0]["deal"]
    assert verify_record(record).ok
    assert StaffAction.objects.filter(game=active_game, action="record_downloaded").count() == 1
    # The game's own record endpoint gives staff the same; a player still sees only their hand.
    assert client_for(mod).get(f"/api/v1/games/{active_game.pk}/record").json() == record
    mine = client_for(ana).get(f"/api/v1/games/{active_game.pk}/record").json()
    assert mine["rounds"][0]["deal"]["hands"][1] is None
    assert "boneyard" not in mine["rounds"][0]["deal"]


def test_players_download_the_full_record_once_the_match_has_ended(finished_game, cy):
    record = client_for(cy).get(f"/api/v1/games/{finished_game.pk}/record").json()
    assert record["seed"] == finished_game.seed
    assert verify_record(record).ok
    assert verify_record(record).seed_checked


def test_an_abandoned_games_full_record_is_anyones(ana, bo, cy):
    game = open_table(ana, [bo])
    from games import services

    services.game_resign(game_id=game.pk, user=ana)
    services.game_resign(game_id=game.pk, user=bo)
    assert Game.objects.get(pk=game.pk).status == "abandoned"
    record = client_for(cy).get(f"/api/v1/games/{game.pk}/record").json()
    assert all(h is not None for h in record["rounds"][0]["deal"]["hands"])
    assert verify_record(record).ok


def test_a_position_outside_the_log_is_400(active_game, mod):
    r = client_for(mod).get(audit(active_game, f"/positions/{active_game.version + 1}"))
    assert r.status_code == 400
    assert r.json()["code"] == "invalid_seq"


def test_the_audit_page_is_for_staff(client, active_game, ana, mod):
    url = f"/audit/games/{active_game.pk}"
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(ana)
    assert client.get(url).status_code == 403
    second_factor_login(client, mod)
    r = client.get(url)
    assert r.status_code == 200
    body = r.content.decode()
    for hook in ("audit-slider", "as-seat", "verdict", "audit-log", "adj-void"):
        assert f'data-testid="{hook}"' in body


def test_a_played_game_keeps_verifying_with_many_rounds(ana, bo, mod):
    game = play(open_table(ana, [bo], rounds=3), [ana, bo])
    assert game.status == "finished"
    body = client_for(mod).get(audit(game)).json()
    assert body["verdict"]["ok"], body["verdict"]


def test_the_admin_links_games_and_disputes_to_their_audit(client, finished_game, ana):
    from django.contrib.auth import get_user_model

    open_dispute(ana, finished_game, category="other", reason="why")
    admin = get_user_model().objects.create_superuser("root", password="pw-long-enough-1")
    second_factor_login(client, admin, password="pw-long-enough-1")
    link = f'href="/audit/games/{finished_game.pk}"'
    for url in ("/admin/disputes/auditedgame/", "/admin/disputes/dispute/"):
        r = client.get(url)
        assert r.status_code == 200, url
        assert link in r.content.decode(), url
    assert client.get("/admin/disputes/staffaction/").status_code == 200
