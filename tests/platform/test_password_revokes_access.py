"""A new password shuts out whoever held the old one: the thief of a password (or of a token
made with it) keeps no API token and no other browser session once the owner resets or changes
the password. Written the way the thief works: a token and a second browser, kept."""

import pytest
from django.core import mail
from django.test import Client

from tests.platform.conftest import PASSWORD
from tests.platform.test_accounts_email import _reset_page
from tests.platform.test_accounts_email import link_in

pytestmark = pytest.mark.django_db

TOKEN = "/api/v1/auth/token"
ME = "/api/v1/me"


def _token(client, password=PASSWORD) -> str:
    response = client.post(
        TOKEN,
        {"username": "alice", "password": password, "name": "thief"},
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    return response.json()["token"]


def _thief_token_works(token: str) -> bool:
    return Client().get(ME, HTTP_AUTHORIZATION=f"Token {token}").status_code == 200


def test_a_password_reset_revokes_every_api_token_and_other_session(client, alice):
    token = _token(Client())
    thief_browser = Client()
    thief_browser.force_login(alice)
    assert _thief_token_works(token)
    assert thief_browser.get("/settings").status_code == 200

    _reset_page(client, "alice@example.org")
    form = client.get(link_in(mail.outbox[0]), follow=True)
    action = form.redirect_chain[-1][0] if form.redirect_chain else link_in(mail.outbox[0])
    new = "a-brand-new-horse-42"
    assert client.post(action, {"password1": new, "password2": new}, follow=True).status_code == 200
    alice.refresh_from_db()
    assert alice.check_password(new)

    assert not _thief_token_works(token)
    assert thief_browser.get("/settings").status_code == 302  # sent to log in again
    assert _thief_token_works(_token(Client(), new))  # the owner can make a new one


def test_a_password_change_in_settings_revokes_tokens_and_keeps_this_session(client, alice):
    token = _token(Client())
    client.force_login(alice)
    new = "another-long-horse-77"
    response = client.post(
        "/settings",
        {"form": "password", "old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert response.status_code == 302
    assert not _thief_token_works(token)
    assert client.get("/settings").status_code == 200


def test_saving_the_user_for_anything_else_keeps_the_tokens(alice):
    token = _token(Client())
    alice.language = "hu"
    alice.save()
    alice.email = "alice2@example.org"
    alice.save()
    assert _thief_token_works(token)
