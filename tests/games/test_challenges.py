"""Challenges (games.challenges, /api/v1/challenges...): a player asks another to a private
table with its settings; accepting opens it with both seated and the bots, and starts it.

Attacks: a third account accepts, declines or cancels someone else's challenge; the challenger
accepts their own; the challenged cancels; challenges to oneself, a bot, a closed account, an
unknown name; a challenge accepted twice at the same moment; one accepted after it expired; a
rated challenge from an account not yet eligible; the pending cap and the rate limit.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from core import clock
from games.models import Challenge
from games.models import ChallengeStatus
from games.models import Game
from games.models import GameStatus
from notifications.models import Notification
from tests.support.factories import bot
from tests.support.factories import client_for
from tests.support.factories import make_user
from tests.support.threads import run_together
from tests.support.throttling import caps_only

CHALLENGES = "/api/v1/challenges"


@pytest.fixture
def people(db):
    return make_user("ana"), make_user("bo"), make_user("mallory")


def challenge(client, username, **body):
    return client.post(CHALLENGES, {"username": username, **body}, format="json")


def answer(client, cid, action):
    return client.post(f"{CHALLENGES}/{cid}/{action}")


@pytest.mark.django_db
def test_accepting_opens_a_started_private_table_with_both_and_the_bots(people):
    ana, bo, mallory = people
    r = challenge(
        client_for(ana),
        "bo",
        players=4,
        bot_strategy="random",
        variants={"rounds": 2},
        time_control={"kind": "live", "seconds_per_move": 30},
    )
    assert r.status_code == 201, r.json()
    made = r.json()
    assert (made["status"], made["challenger"], made["challenged"]) == ("pending", "ana", "bo")
    note = Notification.objects.get(user=bo, kind="challenge")
    assert "ana" in note.text
    assert note.url == "/challenges"
    assert client_for(bo).get(CHALLENGES).json()["incoming"][0]["id"] == made["id"]
    assert client_for(ana).get(CHALLENGES).json()["outgoing"][0]["id"] == made["id"]

    r = answer(client_for(bo), made["id"], "accept")

    assert r.status_code == 200, r.json()
    assert r.json()["status"] == "accepted"
    game = Game.objects.get(pk=r.json()["game"])
    assert game.status == GameStatus.ACTIVE
    assert game.private
    seats = list(game.seats.select_related("user").order_by("index"))
    assert [s.user.username for s in seats[:2]] == ["ana", "bo"]
    assert all(s.user.is_bot and s.user.bot_strategy == "random" for s in seats[2:])
    assert len(seats) == 4
    assert game.ruleset["rounds"] == 2
    assert game.time_control["seconds_per_move"] == 30
    assert Notification.objects.filter(user=ana, kind="challenge", url=f"/games/{game.pk}").exists()
    # Private: nobody else finds it, and only its players get the code.
    listed = client_for(mallory).get("/api/v1/games", {"status": "active"}).json()["results"]
    assert str(game.pk) not in {g["id"] for g in listed}
    assert client_for(mallory).get(f"/api/v1/games/{game.pk}").json()["invite_code"] is None
    assert client_for(bo).get(f"/api/v1/games/{game.pk}").json()["invite_code"] == game.invite_code


@pytest.mark.django_db
def test_a_third_account_can_neither_answer_nor_cancel_nor_see_it(people):
    ana, bo, mallory = people
    cid = challenge(client_for(ana), "bo").json()["id"]
    attacker = client_for(mallory)

    for action in ("accept", "decline", "cancel"):
        r = answer(attacker, cid, action)
        assert (r.status_code, r.json()["code"]) == (404, "not_found"), action
    assert answer(client_for(), cid, "accept").status_code in (401, 403)
    assert attacker.get(CHALLENGES).json() == {"incoming": [], "outgoing": []}
    assert Challenge.objects.get(pk=cid).status == ChallengeStatus.PENDING
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_each_side_does_only_its_own_part(people):
    ana, bo, _ = people
    cid = challenge(client_for(ana), "bo").json()["id"]

    r = answer(client_for(ana), cid, "accept")
    assert (r.status_code, r.json()["code"]) == (403, "not_challenged")
    r = answer(client_for(ana), cid, "decline")
    assert (r.status_code, r.json()["code"]) == (403, "not_challenged")
    r = answer(client_for(bo), cid, "cancel")
    assert (r.status_code, r.json()["code"]) == (403, "not_challenger")

    r = answer(client_for(bo), cid, "decline")
    assert (r.status_code, r.json()["status"]) == (200, "declined")
    assert Notification.objects.filter(user=ana, kind="challenge").exists()
    r = answer(client_for(bo), cid, "accept")
    assert (r.status_code, r.json()["code"]) == (409, "challenge_not_pending")
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_the_challenger_cancels_and_it_can_no_longer_be_accepted(people):
    ana, bo, _ = people
    cid = challenge(client_for(ana), "bo").json()["id"]
    assert answer(client_for(ana), cid, "cancel").json()["status"] == "cancelled"
    r = answer(client_for(bo), cid, "accept")
    assert (r.status_code, r.json()["code"]) == (409, "challenge_not_pending")


@pytest.mark.django_db
def test_an_expired_challenge_reads_as_expired_and_cannot_be_accepted(people, settings):
    ana, bo, _ = people
    settings.CHALLENGE_EXPIRY_MINUTES = 30
    cid = challenge(client_for(ana), "bo").json()["id"]
    Challenge.objects.filter(pk=cid).update(expires_at=clock.now() - timedelta(seconds=1))

    assert client_for(bo).get(CHALLENGES).json()["incoming"][0]["status"] == "expired"
    r = answer(client_for(bo), cid, "accept")
    assert (r.status_code, r.json()["code"]) == (409, "challenge_expired")
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_nonsense_challenges_are_refused_with_their_codes(people):
    ana, _, gone = people
    gone.deleted_at = clock.now()
    gone.save(update_fields=["deleted_at"])
    client = client_for(ana)
    smart = bot("smart")

    cases = [
        ({"username": "ana"}, 400, "challenge_self"),
        ({"username": smart.username}, 400, "challenge_bot"),
        ({"username": "mallory"}, 400, "player_gone"),
        ({"username": "nobody-here"}, 404, "not_found"),
        ({"username": "bo", "players": 15}, 400, "invalid"),
        ({"username": "bo", "variants": {"cheat": 1}}, 400, "invalid_ruleset"),
        ({"username": "bo", "time_control": {"kind": "blitz"}}, 400, "invalid_time_control"),
    ]
    for body, status, code in cases:
        r = client.post(CHALLENGES, body, format="json")
        assert (r.status_code, r.json()["code"]) == (status, code), body
    assert not Challenge.objects.exists()


@pytest.mark.django_db
def test_a_rated_challenge_needs_rated_eligibility(people, settings):
    ana, bo, _ = people
    settings.RATED_MIN_GAMES = 3
    settings.RATED_MIN_ACCOUNT_DAYS = 7

    r = challenge(client_for(ana), "bo", rated=True)
    assert (r.status_code, r.json()["code"]) == (403, "not_eligible_for_rated")

    settings.RATED_MIN_GAMES = settings.RATED_MIN_ACCOUNT_DAYS = 0
    cid = challenge(client_for(ana), "bo", rated=True).json()["id"]
    settings.RATED_MIN_GAMES, settings.RATED_MIN_ACCOUNT_DAYS = 3, 7
    r = answer(client_for(bo), cid, "accept")  # bo is not eligible: refused, still pending
    assert (r.status_code, r.json()["code"]) == (403, "not_eligible_for_rated")
    assert Challenge.objects.get(pk=cid).status == ChallengeStatus.PENDING


@pytest.mark.django_db
def test_pending_challenges_are_capped_and_sending_is_rate_limited(people, settings):
    ana, bo, mallory = people
    caps_only(settings, CHALLENGES_PENDING_PER_USER=2)
    client = client_for(ana)
    first = challenge(client, "bo").json()["id"]
    assert challenge(client, "mallory").status_code == 201
    r = challenge(client, "bo")
    assert (r.status_code, r.json()["code"]) == (409, "too_many_challenges")
    answer(client, first, "cancel")
    assert challenge(client, "bo").status_code == 201

    settings.CHALLENGES_PENDING_PER_USER = 100
    settings.RATE_LIMITS = {"challenge": "1/hour"}
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "ch"}
    }
    assert challenge(client_for(mallory), "bo").status_code == 201
    r = challenge(client_for(mallory), "ana")
    assert (r.status_code, r.json()["code"]) == (429, "throttled")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_accepting_twice_at_once_makes_one_game():
    for attempt in range(3):
        ana, bo = make_user(f"ana{attempt}"), make_user(f"bo{attempt}")
        cid = challenge(client_for(ana), bo.username, players=3).json()["id"]

        def accept(cid=cid, bo=bo):
            r = answer(client_for(bo), cid, "accept")
            return r.status_code, r.json()

        answers = run_together([accept, accept], timeout=60)
        assert sorted(a[0] for a in answers) == [200, 409], answers
        assert Game.objects.filter(seats__user=bo).count() == 1
        assert Challenge.objects.get(pk=cid).game_id is not None
