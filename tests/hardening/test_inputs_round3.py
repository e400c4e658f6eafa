"""Inputs the third attack review got through, each sent the way it was found: a boolean for a
number that made a table which could never start, staff-like names anyone could register, a
number larger than the database holds (a 500 on the embedded SQLite, found by schemathesis),
and a token made under the name of the token making the call, which revoked the caller's own
token without a word. Each now gets a 4xx with a stable code and changes nothing."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import User
from games.models import Game
from tests.support.factories import PASSWORD
from tests.support.factories import client_for
from tests.support.factories import make_user
from tests.support.factories import token_client

pytestmark = pytest.mark.django_db

INTEGER_VARIANTS = ["set_max", "hand_size", "rounds", "max_doubles_per_turn", "double_blank_points"]
TOO_BIG = 2**63  # one more than a bigint holds


@pytest.mark.parametrize("value", [True, False])
@pytest.mark.parametrize("key", INTEGER_VARIANTS)
def test_a_boolean_for_a_number_of_the_rules_is_refused(key, value):
    ana = make_user("ana")
    body = {"players": 2, "variants": {"set_max": 6, "rounds": 1, key: value}}
    r = client_for(ana).post("/api/v1/games", body, format="json")
    assert r.status_code == 400, r.json()
    assert r.json()["code"] == "invalid_ruleset"
    assert not Game.objects.exists()


def test_the_numbers_a_boolean_stood_for_are_still_taken():
    """The control: the same options as numbers make a table that starts."""
    ana = make_user("ana")
    body = {"players": 2, "variants": {"set_max": 6, "rounds": 1, "double_blank_points": 0}}
    r = client_for(ana).post("/api/v1/games", body, format="json")
    assert r.status_code == 201, r.json()


@pytest.mark.parametrize(
    "name",
    [
        "admin",
        "Administrator",
        "ADMIN2",
        "adm1n",
        "аdmin",  # a Cyrillic а
        "moderator",
        "Mod_erator",
        "support",
        "Supp0rt",
        "ѕupport",  # a Cyrillic ѕ
        "staff",
        "st4ff",
        "s.t.a.f.f",
        "mexican-train",
        "MexicanTrain_Official",
        "the-mexican-train",
    ],
)
def test_a_staff_like_or_platform_name_cannot_be_registered(name):
    body = {"username": name, "password": PASSWORD}
    r = APIClient().post("/api/v1/auth/register", body, format="json")
    assert r.status_code == 400, (name, r.json())
    assert r.json()["code"] == "invalid_username"
    assert not User.objects.filter(username=name).exists()


@pytest.mark.parametrize("name", ["staffer", "admiral", "supporter", "Stafford", "modest"])
def test_names_that_only_begin_like_a_staff_word_stay_free(name):
    body = {"username": name, "password": PASSWORD}
    r = APIClient().post("/api/v1/auth/register", body, format="json")
    assert r.status_code == 201, (name, r.json())


def test_an_owned_bot_cannot_take_a_staff_like_name_either():
    ana = make_user("ana")
    r = client_for(ana).post("/api/v1/me/bots", {"username": "Support-1"}, format="json")
    assert r.status_code == 400, r.json()
    assert r.json()["code"] == "invalid_username"


def test_a_number_larger_than_the_database_holds_is_a_400():
    ana = make_user("ana")
    client = client_for(ana)
    r = client.post("/api/v1/notifications/read", {"ids": [TOO_BIG]}, format="json")
    assert r.status_code == 400, r.content
    assert r.json()["code"] == "invalid"
    r = client.get("/api/v1/auth/tokens", {"page": str(TOO_BIG)})
    assert r.status_code == 400, r.content
    r = client.post("/api/v1/notifications/read", {"ids": [TOO_BIG - 1]}, format="json")
    assert r.status_code == 200, r.content  # the largest the database holds: nothing to mark


def test_a_token_made_under_the_callers_own_name_does_not_revoke_the_caller():
    make_user("ana")
    r = APIClient().post(
        "/api/v1/auth/token",
        {"username": "ana", "password": PASSWORD, "name": "my-script"},
        format="json",
    )
    assert r.status_code == 200, r.json()
    script = token_client(r.json()["token"])
    again = script.post("/api/v1/auth/tokens", {"name": "my-script"}, format="json")
    assert again.status_code == 400, again.json()
    assert again.json()["code"] == "invalid"
    assert "name" in again.json()["fields"]
    listed = script.get("/api/v1/auth/tokens")
    assert listed.status_code == 200  # the caller's token still works
    assert [t["name"] for t in listed.json()["results"]] == ["my-script"]
    other = script.post("/api/v1/auth/tokens", {"name": "my-other-script"}, format="json")
    assert other.status_code == 201, other.json()
