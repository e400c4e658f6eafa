"""API tokens as the attacker meets them: a database reader, a stolen token, a shared admin.

Before: DRF's authtoken kept each key in clear (the database, its backups and the admin's token
list could act as any player), a key never expired, an account held one key for every client,
and revoking it meant the one logout. Now (accounts.tokens, django-rest-knox): digests only, an
expiry, a name per client, revocable alone or all at once.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from rest_framework.test import APIClient

from accounts.models import ApiToken
from accounts.services import api_token_create
from accounts.services import user_register
from tests.support.factories import make_user
from tests.support.factories import second_factor_login
from tests.support.factories import token_client

pytestmark = pytest.mark.django_db

PASSWORD = "pw-correct-horse-1"


def obtain(username: str, name: str | None = None) -> dict:
    body = {"username": username, "password": PASSWORD}
    if name is not None:
        body["name"] = name
    r = APIClient().post("/api/v1/auth/token", body, format="json")
    assert r.status_code == 200, r.json()
    return r.json()


@pytest.fixture
def ana():
    return user_register(username="ana", password=PASSWORD)


def all_stored_text() -> str:
    """Every value of every row the platform keeps about API tokens, as text: what someone
    with the database (the app's own role, a backup) would read."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM accounts_apitoken")
        rows = cursor.fetchall()
    return repr(rows)


def test_the_database_holds_no_key_and_its_digest_is_no_key(ana):
    key = obtain("ana", "my-bot")["token"]

    stored = all_stored_text()
    assert key not in stored
    assert key[16:] not in stored  # not even the part after the lookup prefix
    token = ApiToken.objects.get(user=ana)
    assert token.digest != key
    assert len(token.digest) == 128
    # What a database reader has is no credential.
    r = token_client(token.digest).get("/api/v1/me")
    assert (r.status_code, r.json()["code"]) == (401, "not_authenticated")
    assert token_client(key).get("/api/v1/me").status_code == 200


def test_each_client_gets_its_own_named_token_and_asking_again_replaces_only_that_one(ana):
    bot = obtain("ana", "my-bot")
    phone = obtain("ana", "phone")
    assert bot["name"] == "my-bot"
    assert bot["expiry"]

    again = obtain("ana", "my-bot")  # the bot signs in again

    assert token_client(again["token"]).get("/api/v1/me").status_code == 200
    assert token_client(phone["token"]).get("/api/v1/me").status_code == 200
    assert token_client(bot["token"]).get("/api/v1/me").status_code == 401
    listed = token_client(phone["token"]).get("/api/v1/auth/tokens").json()["results"]
    assert sorted(t["name"] for t in listed) == ["my-bot", "phone"]
    assert all("token" not in t and "digest" not in t for t in listed)
    assert [t["current"] for t in listed if t["name"] == "phone"] == [True]


def test_a_stolen_token_is_revoked_alone_and_the_others_keep_working(ana):
    stolen = obtain("ana", "laptop")
    mine = obtain("ana", "phone")

    r = token_client(mine["token"]).delete(f"/api/v1/auth/tokens/{stolen['id']}")

    assert r.status_code == 204
    assert token_client(stolen["token"]).get("/api/v1/me").status_code == 401
    assert token_client(mine["token"]).get("/api/v1/me").status_code == 200


def test_revoke_all_ends_every_token(ana):
    keys = [obtain("ana", name)["token"] for name in ("a", "b", "c")]

    assert token_client(keys[0]).delete("/api/v1/auth/tokens").status_code == 204

    assert all(token_client(k).get("/api/v1/me").status_code == 401 for k in keys)
    assert not ApiToken.objects.filter(user=ana).exists()


def test_nobody_revokes_or_lists_another_players_tokens(ana):
    mallory = make_user("mallory")
    _, mallorys_key = api_token_create(user=mallory)
    anas = obtain("ana", "phone")

    r = token_client(mallorys_key).delete(f"/api/v1/auth/tokens/{anas['id']}")

    assert (r.status_code, r.json()["code"]) == (404, "not_found")
    assert token_client(anas["token"]).get("/api/v1/me").status_code == 200
    listed = token_client(mallorys_key).get("/api/v1/auth/tokens").json()["results"]
    assert [t["name"] for t in listed] == ["api"]


def test_a_token_expires(ana, frozen_clock, settings):
    key = obtain("ana")["token"]
    assert token_client(key).get("/api/v1/me").status_code == 200

    frozen_clock.advance(timedelta(days=settings.API_TOKEN_TTL_DAYS, seconds=1))

    r = token_client(key).get("/api/v1/me")
    assert (r.status_code, r.json()["code"]) == (401, "token_expired")
    assert not ApiToken.objects.filter(user=ana).exists()  # and it is gone


def test_an_account_holds_a_bounded_number_of_tokens(ana, settings):
    from knox.settings import knox_settings

    for i in range(knox_settings.TOKEN_LIMIT_PER_USER):
        obtain("ana", f"client-{i}")

    r = APIClient().post(
        "/api/v1/auth/token",
        {"username": "ana", "password": PASSWORD, "name": "one-too-many"},
        format="json",
    )

    assert (r.status_code, r.json()["code"]) == (409, "too_many_tokens")
    assert ApiToken.objects.filter(user=ana).count() == knox_settings.TOKEN_LIMIT_PER_USER


def test_a_bad_token_name_is_a_clear_400(ana):
    r = APIClient().post(
        "/api/v1/auth/token",
        {"username": "ana", "password": PASSWORD, "name": "x" * 65},
        format="json",
    )
    assert (r.status_code, r.json()["code"]) == (400, "invalid")
    assert "name" in r.json()["fields"]
    assert not ApiToken.objects.exists()


def test_a_signed_in_browser_makes_a_token_for_a_script(ana):
    client = APIClient()
    client.force_login(ana)

    r = client.post("/api/v1/auth/tokens", {"name": "my-script"}, format="json")

    assert r.status_code == 201
    assert token_client(r.json()["token"]).get("/api/v1/me").json()["username"] == "ana"


def test_the_admin_shows_no_key_and_cannot_mint_one_for_a_player(ana, client):
    key = obtain("ana", "my-bot")["token"]
    token = ApiToken.objects.get(user=ana)
    staff = make_user("root", staff=True)
    staff.is_superuser = True
    staff.save()
    second_factor_login(client, staff)

    listing = client.get("/admin/accounts/apitoken/")
    detail = client.get(f"/admin/accounts/apitoken/{token.pk}/change/")

    assert listing.status_code == 200
    assert detail.status_code == 200
    for page in (listing, detail):
        html = page.content.decode()
        assert key not in html
        assert key[:15] not in html
        # (the digest names the row in the admin's URLs: no credential, see the first test)
    assert "my-bot" in listing.content.decode()
    assert client.get("/admin/accounts/apitoken/add/").status_code == 403
    assert client.get("/admin/authtoken/").status_code == 404  # DRF's token admin is gone


@pytest.mark.postgres  # the migration under test writes PostgreSQL's now()
def test_old_clear_text_keys_are_carried_over_as_digests_and_their_table_dropped(ana):
    """The migration from DRF's authtoken: the same key keeps working, no clear key stays."""
    import importlib

    from django.apps import apps

    migration = importlib.import_module("accounts.migrations.0006_api_tokens_from_drf")
    old_key = "0123456789abcdef0123456789abcdef01234567"
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, "
            "created timestamptz NOT NULL, user_id bigint NOT NULL)"
        )
        cursor.execute("INSERT INTO authtoken_token VALUES (%s, now(), %s)", [old_key, ana.pk])

    with connection.schema_editor() as editor:
        migration.carry_over(apps, editor)

    assert "authtoken_token" not in connection.introspection.table_names()
    assert old_key not in all_stored_text()
    assert token_client(old_key).get("/api/v1/me").json()["username"] == "ana"
