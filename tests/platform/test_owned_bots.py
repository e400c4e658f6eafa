"""Bots people own ("bring your own bot"): a person registers a bot account, which plays with
its own API token; nobody else manages it, it never signs in with a password, never is staff,
never makes bots, and enters only bots-only tournaments — checked as an attacker would try."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError
from django.db import transaction

from accounts.deletion import account_delete
from accounts.models import ApiToken
from accounts.models import User
from accounts.services import api_token_create
from accounts.services import owned_bot_create
from core.errors import ApplicationError
from tests.support import people
from tests.support.factories import PASSWORD
from tests.support.factories import bot
from tests.support.factories import client_for
from tests.support.factories import make_user
from tests.support.factories import new_tournament
from tests.support.factories import organizer
from tests.support.factories import token_client
from tests.support.throttling import assert_throttled
from tests.support.throttling import limits_on
from tournaments.models import TournamentEntry

pytestmark = pytest.mark.django_db

BOTS = "/api/v1/me/bots"


ana = people.ana  # a fixture


@pytest.fixture
def mallory():
    return make_user("mallory")


def _register(owner, username="ana-engine"):
    response = client_for(owner).post(BOTS, {"username": username}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_person_registers_a_bot_and_sees_its_token_once(ana):
    body = _register(ana)
    assert body["username"] == "ana-engine"
    assert body["is_bot"] is True
    assert body["active"]
    assert body["token"]
    made = User.objects.get(username="ana-engine")
    assert made.is_bot
    assert made.bot_strategy == ""
    assert made.bot_owner_id == ana.pk
    assert made.is_owned_bot
    assert not made.is_platform_bot
    assert not made.has_usable_password()
    assert not made.is_staff
    assert not made.is_superuser
    listed = client_for(ana).get(BOTS).json()
    assert [b["username"] for b in listed["results"]] == ["ana-engine"]
    assert "token" not in listed["results"][0]  # shown once, at creation only
    assert listed["next"] is None
    assert listed["count"] == 1


def test_the_bots_token_plays_as_the_bot_labelled_a_bot_with_its_owner(ana):
    body = _register(ana)
    me = token_client(body["token"]).get("/api/v1/me").json()
    assert me["username"] == "ana-engine"
    assert me["is_bot"] is True
    assert me["bot_owner"] == "ana"
    assert me["is_staff"] is False
    assert client_for(ana).get("/api/v1/me").json()["bot_owner"] is None
    profile = client_for().get("/api/v1/players/ana-engine").json()
    assert profile["is_bot"] is True
    assert profile["bot_owner"] == "ana"
    assert profile["ratings"] == []
    page = client_for().get("/players/ana-engine")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'class="badge bot"' in html
    assert "ana" in html


def test_a_bot_never_signs_in_with_a_password(ana):
    _register(ana)
    for password in ("", PASSWORD, "!"):
        answer = client_for().post(
            "/api/v1/auth/token",
            {"username": "ana-engine", "password": password or "x"},
            format="json",
        )
        assert answer.status_code == 400
        assert answer.json()["code"] == "invalid_credentials"
        login = client_for().post(
            "/api/v1/auth/login",
            {"username": "ana-engine", "password": password or "x"},
            format="json",
        )
        assert login.json()["code"] == "invalid_credentials"


def test_a_bot_is_never_staff_the_database_refuses_it(ana):
    _register(ana)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.filter(username="ana-engine").update(is_staff=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.filter(username="ana-engine").update(bot_strategy="greedy")


def test_bot_names_follow_peoples_rules(ana):
    make_user("staffer")
    for name, code in (
        ("stаffer", "username_taken"),  # a Cyrillic а: the skeleton of "staffer"
        ("STAFFER", "username_taken"),
        ("ana", "username_taken"),
        ("greedy-bot-9", "invalid_username"),  # the platform's bots' names
        ("deleted-0123", "invalid_username"),
        ("no spaces", "invalid_username"),
        ("", "invalid"),
    ):
        answer = client_for(ana).post(BOTS, {"username": name}, format="json")
        assert answer.status_code == 400, name
        assert answer.json()["code"] == code, name
    assert not User.objects.filter(bot_owner=ana).exists()


def test_an_owner_has_at_most_bots_per_user_active_bots(ana, settings):
    settings.BOTS_PER_USER = 2
    _register(ana, "ana-one")
    _register(ana, "ana-two")
    answer = client_for(ana).post(BOTS, {"username": "ana-three"}, format="json")
    assert answer.status_code == 409
    assert answer.json()["code"] == "too_many_bots"
    assert answer.json()["limit"] == 2
    assert client_for(ana).delete(f"{BOTS}/ana-one").status_code == 204
    _register(ana, "ana-three")  # a deactivated bot does not count


def test_a_new_token_revokes_the_old_ones(ana):
    first = _register(ana)["token"]
    answer = client_for(ana).post(f"{BOTS}/ana-engine/token")
    assert answer.status_code == 201
    second = answer.json()["token"]
    assert second != first
    assert token_client(first).get("/api/v1/me").status_code == 401
    assert token_client(second).get("/api/v1/me").status_code == 200
    assert ApiToken.objects.filter(user__username="ana-engine").count() == 1


def test_deactivating_a_bot_revokes_its_tokens(ana):
    key = _register(ana)["token"]
    assert client_for(ana).delete(f"{BOTS}/ana-engine").status_code == 204
    assert token_client(key).get("/api/v1/me").status_code == 401
    assert not ApiToken.objects.filter(user__username="ana-engine").exists()
    listed = client_for(ana).get(BOTS).json()["results"]
    assert [(b["username"], b["active"]) for b in listed] == [("ana-engine", False)]
    # gone for good: no new token, no second deactivation, and its name stays taken
    assert client_for(ana).post(f"{BOTS}/ana-engine/token").json()["code"] == "bot_not_found"
    assert client_for(ana).delete(f"{BOTS}/ana-engine").status_code == 404
    assert (
        client_for(ana).post(BOTS, {"username": "ana-engine"}, format="json").json()["code"]
        == "username_taken"
    )


def test_another_account_cannot_manage_someone_elses_bot(ana, mallory):
    key = _register(ana)["token"]
    them = client_for(mallory)
    assert them.get(BOTS).json()["results"] == []
    for answer in (them.post(f"{BOTS}/ana-engine/token"), them.delete(f"{BOTS}/ana-engine")):
        assert answer.status_code == 404
        assert answer.json()["code"] == "bot_not_found"
    # nor a person's account, nor a platform bot, through the same door
    for name in ("ana", bot("greedy").username, "nobody"):
        assert them.post(f"{BOTS}/{name}/token").json()["code"] == "bot_not_found"
        assert them.delete(f"{BOTS}/{name}").status_code == 404
    assert User.objects.get(username="ana-engine").is_active
    assert token_client(key).get("/api/v1/me").status_code == 200
    assert client_for().get(BOTS).status_code in (401, 403)  # anonymous


def test_a_bots_token_cannot_create_or_manage_bots(ana):
    key = _register(ana)["token"]
    as_bot = token_client(key)
    for answer in (
        as_bot.post(BOTS, {"username": "bot-of-bot"}, format="json"),
        as_bot.get(BOTS),
        as_bot.post(f"{BOTS}/ana-engine/token"),
        as_bot.delete(f"{BOTS}/ana-engine"),
    ):
        assert answer.status_code == 403
        assert answer.json()["code"] == "bots_cannot_own_bots"
    assert not User.objects.filter(username="bot-of-bot").exists()
    with pytest.raises(ApplicationError) as refused:
        owned_bot_create(owner=bot("greedy"), username="platform-pet")
    assert refused.value.code == "bots_cannot_own_bots"


def test_the_platforms_bots_still_hold_no_token(ana):
    platform = bot("greedy")
    with pytest.raises(ApplicationError) as refused:
        api_token_create(user=platform)
    assert refused.value.code == "invalid_credentials"


def test_deleting_the_owners_account_deactivates_their_bots(ana):
    key = _register(ana)["token"]
    account_delete(user=ana, password=PASSWORD, confirm=True)
    assert not User.objects.get(username="ana-engine").is_active
    assert token_client(key).get("/api/v1/me").status_code == 401
    profile = client_for().get("/api/v1/players/ana-engine")
    assert profile.status_code == 404


# -- tournaments ---------------------------------------------------------------------------------


def test_an_owned_bot_enters_only_a_bots_only_tournament(ana):
    key = _register(ana)["token"]
    as_bot = token_client(key)
    org = organizer()
    open_cup = new_tournament(org)
    rated_cup = new_tournament(org, rated=True)
    bots_cup = new_tournament(org, bots_only=True)
    for cup in (open_cup, rated_cup):
        answer = as_bot.post(f"/api/v1/tournaments/{cup.pk}/register")
        assert answer.status_code == 403
        assert answer.json()["code"] == "entry_not_for_bots"
    answer = as_bot.post(f"/api/v1/tournaments/{bots_cup.pk}/register")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["bots_only"] is True
    bot_user = User.objects.get(username="ana-engine")
    assert TournamentEntry.objects.filter(tournament=bots_cup, user=bot_user).exists()
    assert not TournamentEntry.objects.filter(user=bot_user).exclude(tournament=bots_cup).exists()


def test_a_person_cannot_enter_a_bots_only_tournament(ana):
    cup = new_tournament(organizer(), bots_only=True)
    answer = client_for(ana).post(f"/api/v1/tournaments/{cup.pk}/register")
    assert answer.status_code == 403
    assert answer.json()["code"] == "entry_bots_only"
    detail = client_for(ana).get(f"/api/v1/tournaments/{cup.pk}").json()
    assert detail["entry"]["can_enter"] is False
    assert [r["code"] for r in detail["entry"]["reasons"]] == ["entry_bots_only"]


def test_a_bots_only_tournament_is_never_rated():
    with pytest.raises(ApplicationError) as refused:
        new_tournament(organizer(), bots_only=True, rated=True)
    assert refused.value.code == "bots_not_rated"
    answer = client_for(organizer("org2")).post(
        "/api/v1/tournaments",
        {
            "name": "bots cup",
            "format": "swiss",
            "starts_at": "2099-01-01T00:00:00Z",
            "table_size": 4,
            "rated": True,
            "bots_only": True,
        },
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["code"] == "bots_not_rated"


def test_an_owned_bot_does_not_challenge_nor_is_challenged(ana, mallory):
    key = _register(ana)["token"]
    sent = token_client(key).post(
        "/api/v1/challenges", {"username": "mallory", "rated": True}, format="json"
    )
    assert sent.status_code == 403
    got = client_for(mallory).post("/api/v1/challenges", {"username": "ana-engine"}, format="json")
    assert got.status_code == 400
    assert got.json()["code"] == "challenge_bot"


def test_an_owned_bots_account_age_is_no_way_into_rated_play(ana, settings):
    # Even with every rated requirement off, owned bots stay out (bots_not_rated).
    settings.RATED_MIN_GAMES = 0
    settings.RATED_MIN_ACCOUNT_DAYS = 0
    key = _register(ana)["token"]
    User.objects.filter(username="ana-engine").update(
        date_joined=User.objects.get(pk=ana.pk).date_joined - timedelta(days=400)
    )
    answer = token_client(key).post("/api/v1/games", {"players": 2, "rated": True}, format="json")
    assert answer.status_code == 403
    assert answer.json()["code"] == "bots_not_rated"


def test_registering_bots_counts_against_the_sign_up_limit(ana, settings, monkeypatch):
    # Deactivating and registering again must not mint accounts without end.
    limits_on(settings, monkeypatch, register="2/min")
    owner = client_for(ana)
    _register(ana, "ana-one")
    owner.delete(f"{BOTS}/ana-one")
    _register(ana, "ana-two")
    assert_throttled(owner.post(BOTS, {"username": "ana-three"}, format="json"), 60)
    assert owner.get(BOTS).status_code == 200  # listing is not limited
