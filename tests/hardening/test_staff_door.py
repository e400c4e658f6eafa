"""The staff door, attacked as an outsider would: guessing a staff password at /admin/login/
(from many addresses, and locking the owner out: tests/hardening/test_lockout.py); using a
leaked staff API token on the audit, adjudication and dispute queue; and a login link whose
``next`` leads off-site."""

from __future__ import annotations

import html
import re
from urllib.parse import urlencode
from urllib.parse import urljoin
from urllib.parse import urlsplit

import pytest
from django.test import Client
from rest_framework.test import APIClient

from core import throttling
from disputes.models import StaffAction
from games.models import Game
from tests.support.factories import PASSWORD
from tests.support.factories import enrol_totp
from tests.support.factories import make_user
from tests.support.factories import open_table
from tests.support.factories import play
from tests.support.throttling import PINNED_NOW
from tests.support.throttling import assert_throttled

ADMIN_LOGIN = "/admin/login/"
TOKEN = "/api/v1/auth/token"
LOGIN = "/api/v1/auth/login"
WRONG = "not-the-password-1"


def admin_post(client: Client, username: str, password: str):
    return client.post(ADMIN_LOGIN, {"username": username, "password": password, "next": "/admin/"})


def signed_in_to_admin(client: Client) -> bool:
    return client.get("/admin/").status_code == 200


def at(monkeypatch, seconds_later: float) -> None:
    """Move the limits' clock ``seconds_later`` past the pinned moment."""
    monkeypatch.setattr(throttling, "_now", lambda: PINNED_NOW + seconds_later)


@pytest.fixture
def boss():
    return make_user("boss", staff=True)


# -- guessing the password -----------------------------------------------------------------------


@pytest.mark.django_db
def test_the_right_admin_password_signs_in_when_nobody_guessed(rate_limits, boss):
    client = Client(REMOTE_ADDR="203.0.113.60")
    response = admin_post(client, "boss", PASSWORD)
    assert response.status_code == 302
    # No second factor yet: enrol first (accounts.second_factor), then the admin opens.
    assert response["Location"] == "/accounts/2fa/totp/activate/"
    assert not signed_in_to_admin(client)
    enrol_totp(client)
    assert signed_in_to_admin(client)


@pytest.mark.django_db
def test_forty_wrong_admin_passwords_then_the_right_one_is_refused_until_the_window_passes(
    rate_limits, boss, monkeypatch
):
    guesser = Client(REMOTE_ADDR="203.0.113.61")
    statuses = [admin_post(guesser, "boss", f"{WRONG}{i}").status_code for i in range(40)]
    # Five wrong-password pages; then the username is barred (5 failures per 15 minutes),
    # and past ten the address too (10 password checks a minute).
    assert statuses[:5] == [200] * 5
    assert set(statuses[5:]) == {429}
    refused = admin_post(guesser, "boss", PASSWORD)
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 900
    assert b"Too many requests" in refused.content
    assert b"Traceback" not in refused.content
    assert not signed_in_to_admin(guesser)

    # A minute on, the address may try again, but this username's failures still bar it.
    at(monkeypatch, 61)
    assert admin_post(guesser, "boss", PASSWORD).status_code == 429
    assert not signed_in_to_admin(guesser)
    # Once the username's window (15 minutes) has passed, the owner gets in.
    at(monkeypatch, 900)
    assert admin_post(guesser, "boss", PASSWORD).status_code == 302
    enrol_totp(guesser)  # the owner, who also holds the second factor
    assert signed_in_to_admin(guesser)


@pytest.mark.django_db
def test_the_admin_and_the_api_share_one_count_of_password_checks_per_address(rate_limits):
    address = "203.0.113.62"
    api, browser = APIClient(REMOTE_ADDR=address), Client(REMOTE_ADDR=address)
    for i in range(10):  # ten different usernames: only the address limit applies
        if i % 3 == 0:
            assert admin_post(browser, f"user{i}", WRONG).status_code == 200
        else:
            body = {"username": f"user{i}", "password": WRONG}
            assert api.post(TOKEN if i % 3 == 1 else LOGIN, body, format="json").status_code == 400
    assert_throttled(api.post(TOKEN, {"username": "x", "password": WRONG}, format="json"), 60)
    assert admin_post(browser, "someone", WRONG).status_code == 429


# -- a leaked staff token ------------------------------------------------------------------------

STAFF_READS = ["", "/steps", "/positions/2", "/record", "/actions"]


@pytest.fixture
def audited(boss):
    ana, bo = make_user("ana"), make_user("bo")
    return play(open_table(ana, [bo]), [ana, bo])


def staff_token_client(username: str) -> APIClient:
    r = APIClient().post(TOKEN, {"username": username, "password": PASSWORD}, format="json")
    assert r.status_code == 200, r.json()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {r.json()['token']}")
    return client


def staff_session_client(username: str) -> APIClient:
    """Log in as the browser does (auth/login), with CSRF checks on."""
    client = APIClient(enforce_csrf_checks=True)
    r = client.post(LOGIN, {"username": username, "password": PASSWORD}, format="json")
    assert r.status_code == 200, r.json()
    enrol_totp(client)  # and passes the second factor every staff power needs
    return client


def csrf(client: APIClient) -> dict[str, str]:
    return {"HTTP_X_CSRFTOKEN": client.cookies["csrftoken"].value}


def audit(game, path=""):
    return f"/api/v1/audit/games/{game.pk}{path}"


def assert_session_required(r, *about) -> None:
    """``r`` is refused for want of a session (staff powers never come with a token alone)."""
    assert r.status_code == 403, (*about, r.json())
    assert r.json()["code"] == "session_required"


@pytest.mark.django_db
def test_a_staff_token_opens_no_audit_adjudication_or_dispute_queue(boss, audited):
    leaked = staff_token_client("boss")
    for path in STAFF_READS:
        assert_session_required(leaked.get(audit(audited, path)), path)
    version = Game.objects.get(pk=audited.pk).version
    assert_session_required(
        leaked.post(audit(audited, "/void"), {"reason": "leaked"}, format="json")
    )
    assert Game.objects.get(pk=audited.pk).version == version  # nothing appended
    assert_session_required(leaked.get("/api/v1/disputes"))
    assert_session_required(leaked.post("/api/v1/disputes/1/claim"))
    assert not StaffAction.objects.filter(staff=boss).exists()  # not even a trail read


@pytest.mark.django_db
def test_the_same_staff_with_a_session_audits_and_adjudicates(boss, audited):
    browser = staff_session_client("boss")
    for path in STAFF_READS:
        r = browser.get(audit(audited, path))
        assert r.status_code == 200, (path, r.json())
    assert browser.get("/api/v1/disputes").status_code == 200
    # An unsafe request by session needs the CSRF token: another site cannot send it.
    r = browser.post(audit(audited, "/void"), {"reason": "no csrf"}, format="json")
    assert r.status_code == 403
    assert r.json()["code"] != "session_required"
    r = browser.post(audit(audited, "/void"), {"reason": "checked"}, format="json", **csrf(browser))
    assert r.status_code == 201, r.json()
    assert Game.objects.get(pk=audited.pk).status == "void"


@pytest.mark.django_db
def test_a_staff_token_reads_a_game_in_play_as_any_player_would(boss):
    """The game endpoints outside the audit (record, state, events) gave staff every hand of a
    game in play whatever the authentication: on a token they now see what a spectator sees."""
    ana, bo = make_user("ana"), make_user("bo")
    game = open_table(ana, [bo])
    leaked = staff_token_client("boss")

    anonymous = APIClient()
    for path in ("/record", "", "/events"):
        url = f"/api/v1/games/{game.pk}{path}"
        as_staff, as_anyone = leaked.get(url), anonymous.get(url)
        assert as_staff.status_code == 200, (path, as_staff.json())
        assert as_staff.json() == as_anyone.json(), path  # a spectator's view, no more
    assert not StaffAction.objects.filter(staff=boss).exists()
    # The same staff member in the browser session reads every hand, in the trail.
    browser = staff_session_client("boss")
    full = browser.get(f"/api/v1/games/{game.pk}/record").json()
    assert full != anonymous.get(f"/api/v1/games/{game.pk}/record").json()
    assert StaffAction.objects.filter(staff=boss).exists()


@pytest.mark.django_db
def test_players_still_use_their_tokens_on_disputes():
    make_user("ana")
    assert staff_token_client("ana").get("/api/v1/disputes").status_code == 200


# -- the post-login redirect ---------------------------------------------------------------------

OFF_SITE = [
    "/\\evil.example",
    "/\\\\evil.example",
    "//evil.example",
    "///evil.example",
    "https://evil.example",
    "http:evil.example",
    "https:/evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    " //evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "http://testserver.evil.example/",
]


def login_page_next(client: Client, target: str) -> str:
    page = client.get("/login", {"next": target})
    assert page.status_code == 200
    return html.unescape(re.search(r'data-next="([^"]*)"', page.content.decode()).group(1))


@pytest.mark.parametrize("target", OFF_SITE)
@pytest.mark.django_db
def test_the_login_page_sends_an_off_site_next_to_the_lobby(client, target):
    assert login_page_next(client, target) == "/lobby"


@pytest.mark.parametrize("target", ["/games/3f0c0d64-4d2c-4a53-9b7e-2b8b3e2f1a10", "/lobby?x=1"])
@pytest.mark.django_db
def test_the_login_page_keeps_a_same_site_next(client, target):
    assert login_page_next(client, target) == target


@pytest.mark.parametrize("target", OFF_SITE)
@pytest.mark.django_db
def test_the_admin_login_redirects_an_off_site_next_on_site(boss, target):
    client = Client(REMOTE_ADDR="203.0.113.70")
    r = client.post(
        f"{ADMIN_LOGIN}?{urlencode({'next': target})}",
        {"username": "boss", "password": PASSWORD, "next": target},
    )
    assert r.status_code == 302
    assert lands_on(r["Location"], f"http://testserver{ADMIN_LOGIN}") == "testserver"


def lands_on(location: str, base: str) -> str:
    """Return the host a browser goes to for ``location`` seen on ``base``: it reads a backslash
    as a slash and drops tabs and newlines first."""
    for dropped in "\t\n\r":
        location = location.replace(dropped, "")
    return urlsplit(urljoin(base, location.strip().replace("\\", "/"))).netloc
