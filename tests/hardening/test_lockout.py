"""Locking somebody else out, attacked the way the review did it: five wrong passwords for a
username, from one address of the attacker's, used to refuse the right password from every
other address (the login API, /admin/login/ and auth/token; staff included), and five more
every 15 minutes kept the account out for good. Failures now bar the address they came from;
past a ceiling per account (a guessing attack spread over many addresses) an address that has
failed is refused and each new one gets a single try, while the owner's address signs in."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from core import throttling
from tests.support.factories import PASSWORD
from tests.support.factories import make_user
from tests.support.throttling import PINNED_NOW
from tests.support.throttling import assert_throttled

TOKEN = "/api/v1/auth/token"
LOGIN = "/api/v1/auth/login"
ADMIN_LOGIN = "/admin/login/"
WRONG = "not-the-password-1"
ATTACKER = "203.0.113.70"
OWNER = "192.0.2.10"
WINDOW = 15 * 60


def at(monkeypatch, seconds_later: float) -> None:
    monkeypatch.setattr(throttling, "_now", lambda: PINNED_NOW + seconds_later)


def token(address: str, username: str, password: str):
    body = {"username": username, "password": password}
    return APIClient(REMOTE_ADDR=address).post(TOKEN, body, format="json")


def session_login(address: str, username: str, password: str):
    body = {"username": username, "password": password}
    return APIClient(REMOTE_ADDR=address).post(LOGIN, body, format="json")


def admin_login(address: str, username: str, password: str):
    body = {"username": username, "password": password, "next": "/admin/"}
    return Client(REMOTE_ADDR=address).post(ADMIN_LOGIN, body)


def five_wrong_through_every_door(address: str, username: str) -> None:
    for door in (token, session_login, admin_login, token, session_login):
        assert door(address, username, WRONG).status_code in (200, 400)  # the admin: 200 form


@pytest.fixture
def boss(db):
    return make_user("boss", staff=True)


@pytest.mark.django_db
def test_five_wrong_passwords_from_the_attacker_leave_the_owner_signing_in(rate_limits, boss):
    five_wrong_through_every_door(ATTACKER, "boss")
    # The attacker's own address is barred from the account, right password or not ...
    assert_throttled(token(ATTACKER, "boss", PASSWORD), WINDOW)
    assert admin_login(ATTACKER, "boss", PASSWORD).status_code == 429
    # ... and the owner, from their own address, signs in through every door.
    assert token(OWNER, "boss", PASSWORD).status_code == 200
    assert session_login(OWNER, "boss", PASSWORD).status_code == 200
    staff_page = admin_login(OWNER, "boss", PASSWORD)
    assert staff_page.status_code == 302  # on to the second factor, as ever
    assert staff_page["Location"].startswith("/accounts/2fa/")


@pytest.mark.django_db
def test_five_wrong_passwords_every_window_never_keep_the_owner_out(rate_limits, boss, monkeypatch):
    for window in range(4):
        at(monkeypatch, window * WINDOW)
        five_wrong_through_every_door(ATTACKER, "boss")
        assert token(OWNER, "boss", PASSWORD).status_code == 200, window


@pytest.mark.django_db
def test_guessing_from_many_addresses_slows_to_one_try_each_and_the_owner_gets_in(
    rate_limits, boss
):
    make_user("ana")
    # 30 addresses, a wrong password each: the account's ceiling (30 per 15 minutes).
    for i in range(30):
        assert token(f"198.51.100.{i + 1}", "boss", WRONG).status_code == 400
    # An address that failed once is now refused before its password is checked ...
    assert_throttled(token("198.51.100.1", "boss", PASSWORD), WINDOW)
    # ... a new one gets a single check, then it is refused too.
    assert token("198.51.100.200", "boss", WRONG).status_code == 400
    assert_throttled(token("198.51.100.200", "boss", WRONG), WINDOW)
    # The owner's address has not failed: the right password signs in.
    assert token(OWNER, "boss", PASSWORD).status_code == 200
    assert admin_login(OWNER, "boss", PASSWORD).status_code == 302
    # Another account from the attacker's addresses is not affected.
    assert token("198.51.100.1", "ana", PASSWORD).status_code == 200


@pytest.mark.django_db
def test_the_same_username_spelt_otherwise_is_the_same_account(rate_limits, boss):
    """Case and NFKC folding do not give the guesser more tries from one address."""
    for name in ["boss", "BOSS", "Boss", "ｂｏｓｓ", "boss"]:
        assert token(ATTACKER, name, WRONG).status_code == 400
    assert_throttled(token(ATTACKER, "bOsS", PASSWORD), WINDOW)


@pytest.mark.django_db
def test_a_success_does_not_reset_an_address_failures(rate_limits, boss):
    """Behind one address may stand many people: one signing in does not give the others
    their tries back."""
    shared = "198.51.100.77"
    for _ in range(4):
        assert token(shared, "boss", WRONG).status_code == 400
    assert token(shared, "boss", PASSWORD).status_code == 200
    assert token(shared, "boss", WRONG).status_code == 400
    assert_throttled(token(shared, "boss", PASSWORD), WINDOW)
    assert token(OWNER, "boss", PASSWORD).status_code == 200
