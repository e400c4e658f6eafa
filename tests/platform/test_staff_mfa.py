"""Every staff power needs a second factor passed in this browser session (issue 16, item 1),
attacked the way an intruder who knows a staff password would: a session logged in with the
password only, a session from before the account enrolled, the admin's own login form, a
spent recovery code, a replayed TOTP code, guessing codes, and an API token.

The staff log in as the /login page does (the login API) and enrol on allauth's own page
(tests.support.factories.second_factor_login); codes come from allauth's TOTP functions.
"""

from __future__ import annotations

import time

import pytest
from django.test import Client
from rest_framework.test import APIClient

from disputes.models import StaffAction
from games.models import Game
from tests.support.factories import LOGIN_API
from tests.support.factories import PASSWORD
from tests.support.factories import enrol_totp
from tests.support.factories import form_post
from tests.support.factories import make_user
from tests.support.factories import open_table
from tests.support.factories import play
from tests.support.factories import second_factor_login
from tests.support.factories import totp_now
from tests.support.factories import unused_recovery_code

pytestmark = pytest.mark.django_db

AUTHENTICATE = "/accounts/2fa/authenticate/"
REAUTHENTICATE = "/accounts/2fa/reauthenticate/"
ACTIVATE = "/accounts/2fa/totp/activate/"
QUEUE = "/api/v1/disputes"


@pytest.fixture
def boss():
    return make_user("boss", staff=True)


@pytest.fixture
def game():
    ana, bo = make_user("ana"), make_user("bo")
    return play(open_table(ana, [bo], rounds=2), [ana, bo], moves=6)


def audit(game, path=""):
    return f"/api/v1/audit/games/{game.pk}{path}"


def password_session(user) -> APIClient:
    """Logged in by the password alone, as the /login page posts it."""
    client = APIClient()
    r = client.post(LOGIN_API, {"username": user.username, "password": PASSWORD}, format="json")
    assert r.status_code == 200, r.json()
    return client


def enrolled(user) -> tuple[APIClient, str]:
    """A session that logged in and enrolled TOTP (so passed it); and the secret."""
    client = password_session(user)
    return client, enrol_totp(client)


def assert_no_staff_powers(client: APIClient, game) -> None:
    """The audit, the dispute queue and adjudication refuse; pages send to the second factor."""
    for path in ["", "/steps", "/record"]:
        r = client.get(audit(game, path))
        assert r.status_code == 403, path
        assert r.json()["code"] == "second_factor_required"
    r = client.get(QUEUE)
    assert r.status_code == 403
    assert r.json()["code"] == "second_factor_required"
    r = client.post(audit(game, "/void"), {"reason": "I say so"}, format="json")
    assert r.status_code == 403
    assert r.json()["code"] == "second_factor_required"
    assert Game.objects.get(pk=game.pk).status != "void"
    assert not StaffAction.objects.filter(game=game).exists()
    page = client.get(f"/audit/games/{game.pk}")
    assert page.status_code == 302
    assert page["Location"].startswith("/accounts/2fa/")
    admin = client.get("/admin/", follow=True)
    assert admin.redirect_chain, "the admin opened"
    assert admin.redirect_chain[-1][0].startswith("/accounts/2fa/")


def assert_staff_powers(client: APIClient, game) -> None:
    assert client.get(audit(game)).status_code == 200
    assert client.get(QUEUE).status_code == 200
    assert client.get(f"/audit/games/{game.pk}").status_code == 200
    assert client.get("/admin/").status_code == 200


def test_a_staff_password_alone_opens_no_staff_power(boss, game):
    client = password_session(boss)
    assert_no_staff_powers(client, game)
    # The staff page says where to go: enrolment, since the account has no authenticator.
    page = client.get(f"/audit/games/{game.pk}")
    assert page["Location"] == ACTIVATE


def test_without_the_factor_the_game_reads_as_a_players(boss, game):
    client = password_session(boss)
    spectator = APIClient().get(f"/api/v1/games/{game.pk}/record").json()
    assert client.get(f"/api/v1/games/{game.pk}/record").json() == spectator


def test_enrolling_in_the_session_opens_the_staff_powers(boss, game):
    client, _ = enrolled(boss)
    assert_staff_powers(client, game)


def test_a_session_from_before_the_enrolment_has_no_powers_until_it_verifies(boss, game):
    old = APIClient()
    old.force_login(boss)  # a session the account had before it enrolled elsewhere
    enrolled(boss)
    assert_no_staff_powers(old, game)
    assert old.get(f"/audit/games/{game.pk}")["Location"].startswith(REAUTHENTICATE)
    r = form_post(old, REAUTHENTICATE, {"code": unused_recovery_code(boss)})
    assert r.status_code == 302
    assert_staff_powers(old, game)


def test_managing_the_factor_needs_it_in_this_session(boss):
    """A stolen password must not swap the authenticator for the thief's."""
    old = APIClient()
    old.force_login(boss)
    enrolled(boss)
    for page in ["/accounts/2fa/totp/deactivate/", "/accounts/2fa/recovery-codes/"]:
        r = old.get(page)
        assert r.status_code == 302, page
        assert r["Location"].startswith(REAUTHENTICATE), page
    r = form_post(old, "/accounts/2fa/totp/deactivate/", {})
    assert r.status_code == 302
    assert r["Location"].startswith(REAUTHENTICATE)
    assert old.get(ACTIVATE).status_code == 302  # confirm the password, then the above


def test_a_password_login_of_an_enrolled_account_asks_for_the_code(boss, game):
    _, secret = enrolled(boss)
    client = APIClient()
    r = client.post(
        LOGIN_API,
        {"username": "boss", "password": PASSWORD, "next": f"/audit/games/{game.pk}"},
        format="json",
    )
    assert r.status_code == 401
    assert r.json()["code"] == "second_factor_pending"
    assert r.json()["next"] == AUTHENTICATE
    assert client.get("/api/v1/me").status_code in (401, 403)  # not logged in yet
    r = form_post(client, AUTHENTICATE, {"code": "000000" if totp_now(secret) != "000000" else "1"})
    assert r.status_code == 200  # the form again, with its error
    assert client.get("/api/v1/me").status_code in (401, 403)
    r = form_post(client, AUTHENTICATE, {"code": totp_now(secret)})
    assert r.status_code == 302
    assert r["Location"] == f"/audit/games/{game.pk}"
    assert_staff_powers(client, game)


def test_the_login_api_keeps_next_on_this_site(boss):
    enrolled(boss)
    client = APIClient()
    body = {"username": "boss", "password": PASSWORD, "next": "//evil.example/x"}
    assert client.post(LOGIN_API, body, format="json").status_code == 401
    r = form_post(client, AUTHENTICATE, {"code": unused_recovery_code(boss)})
    assert r.status_code == 302
    assert "evil" not in r["Location"]


def test_the_admin_login_form_asks_for_the_code_too(boss, game):
    enrolled(boss)
    client = Client()
    r = client.post("/admin/login/", {"username": "boss", "password": PASSWORD, "next": "/admin/"})
    assert r.status_code == 302
    assert r["Location"] == AUTHENTICATE
    assert client.get("/api/v1/me").status_code in (401, 403)  # logged out until the code
    assert client.get("/admin/").status_code == 302
    r = form_post(client, AUTHENTICATE, {"code": unused_recovery_code(boss)})
    assert r.status_code == 302
    assert r["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200


def test_a_recovery_code_works_once(boss, game):
    enrolled(boss)
    code = unused_recovery_code(boss)
    first = APIClient()
    first.post(LOGIN_API, {"username": "boss", "password": PASSWORD}, format="json")
    assert form_post(first, AUTHENTICATE, {"code": code}).status_code == 302
    assert_staff_powers(first, game)
    again = APIClient()
    again.post(LOGIN_API, {"username": "boss", "password": PASSWORD}, format="json")
    r = form_post(again, AUTHENTICATE, {"code": code})
    assert r.status_code == 200  # refused: the form again
    assert again.get(audit(game)).status_code in (401, 403)


def _clear_of_the_window_edge():
    if time.time() % 30 > 24:  # one code for the whole test: not across a 30 s step
        time.sleep(31 - time.time() % 30)


def test_a_replayed_totp_code_is_refused(boss, game):
    _, secret = enrolled(boss)
    _clear_of_the_window_edge()
    code = totp_now(secret)
    first = APIClient()
    first.post(LOGIN_API, {"username": "boss", "password": PASSWORD}, format="json")
    assert form_post(first, AUTHENTICATE, {"code": code}).status_code == 302
    thief = APIClient()
    thief.post(LOGIN_API, {"username": "boss", "password": PASSWORD}, format="json")
    r = form_post(thief, AUTHENTICATE, {"code": code})
    assert r.status_code == 200
    assert code == totp_now(secret)  # still the current code: refused for being used
    assert thief.get(audit(game)).status_code in (401, 403)


def test_guessing_codes_is_rate_limited(boss, game, settings):
    settings.ACCOUNT_RATE_LIMITS = {"login_failed": "10/m/ip,5/5m/key"}
    _, secret = enrolled(boss)
    client = APIClient()
    client.post(LOGIN_API, {"username": "boss", "password": PASSWORD}, format="json")
    right = totp_now(secret)
    wrong = [f"{(int(right) + n) % 1000000:06d}" for n in range(1, 6)]
    for code in wrong:
        assert form_post(client, AUTHENTICATE, {"code": code}).status_code == 200
    r = form_post(client, AUTHENTICATE, {"code": right})
    assert r.status_code == 200  # over the limit: even the right code is not checked
    assert client.get(audit(game)).status_code in (401, 403)


def test_a_staff_api_token_still_reads_as_a_player(boss, game):
    enrolled(boss)
    body = {"username": "boss", "password": PASSWORD}
    r = APIClient().post("/api/v1/auth/token", body, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == "second_factor_code_required"
    r = APIClient().post("/api/v1/auth/token", {**body, "code": "12"}, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == "invalid_second_factor_code"
    code = unused_recovery_code(boss)
    r = APIClient().post("/api/v1/auth/token", {**body, "code": code}, format="json")
    assert r.status_code == 200
    token = APIClient()
    token.credentials(HTTP_AUTHORIZATION=f"Token {r.json()['token']}")
    r = token.get(audit(game))
    assert r.status_code == 403
    assert r.json()["code"] == "session_required"
    spectator = APIClient().get(f"/api/v1/games/{game.pk}/record").json()
    assert token.get(f"/api/v1/games/{game.pk}/record").json() == spectator
    # The recovery code is spent.
    r = APIClient().post("/api/v1/auth/token", {**body, "code": code}, format="json")
    assert r.json()["code"] == "invalid_second_factor_code"


def test_players_log_in_as_before_and_may_enrol(game):
    ana = make_user("cy")
    client = password_session(ana)
    assert client.get("/settings").status_code == 200
    secret = enrol_totp(client)
    assert secret
    r = APIClient().post(LOGIN_API, {"username": "cy", "password": PASSWORD}, format="json")
    assert r.json()["code"] == "second_factor_pending"
    staff_style = APIClient()
    second_factor_login(staff_style, ana)  # a recovery code at the login stage
    assert staff_style.get("/api/v1/me").json()["username"] == "cy"


def test_a_socket_holds_staff_powers_only_on_a_verified_session(boss):
    """Sockets (accounts.sockets) ask the same gate: by ticket or by the session cookie."""
    from accounts.sockets import session_credential
    from accounts.sockets import staff_powers_checked
    from accounts.sockets import token_credential

    old = APIClient()
    old.force_login(boss)  # a session from before the enrolment
    verified, _ = enrolled(boss)
    as_old = staff_powers_checked(boss, session_credential(old.session.session_key))
    assert not as_old.is_staff
    as_verified = staff_powers_checked(boss, session_credential(verified.session.session_key))
    assert as_verified.is_staff
    assert not staff_powers_checked(boss, token_credential("a-digest")).is_staff
