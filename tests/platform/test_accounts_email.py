"""Accounts people can keep: an email at sign-up and in /settings, verified by a link; password
reset by email without telling who has an account; password change; the interface language."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail

from accounts.models import User
from accounts.services import user_register
from tests.platform.conftest import PASSWORD

pytestmark = pytest.mark.django_db

REGISTER = "/api/v1/auth/register"
LOGIN = "/api/v1/auth/login"
RESET = "/accounts/password/reset/"


def link_in(message) -> str:
    return re.search(r"https?://[^/\s]+(/\S+)", message.body).group(1)


def sign_up(client, username="zoe", email="zoe@example.org"):
    body = {"username": username, "password": PASSWORD, "email": email}
    response = client.post(REGISTER, body, content_type="application/json")
    assert response.status_code == 201, response.content
    return User.objects.get(username=username)


def test_register_with_an_email_keeps_it_unverified_and_mails_a_link(client):
    user = sign_up(client)

    address = EmailAddress.objects.get(user=user)
    assert (address.email, address.primary, address.verified) == ("zoe@example.org", True, False)
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["zoe@example.org"]

    page = client.get(link_in(mail.outbox[0]))
    assert page.status_code == 200
    client.post(link_in(mail.outbox[0]))
    address.refresh_from_db()
    assert address.verified


def test_register_without_an_email_still_works_and_sends_nothing(client):
    user = sign_up(client, email="")
    assert not EmailAddress.objects.filter(user=user).exists()
    assert mail.outbox == []


def test_register_with_an_invalid_email_is_400_invalid_email(client):
    body = {"username": "zoe", "password": PASSWORD, "email": "not-an-address"}
    response = client.post(REGISTER, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert "email" in response.json()["fields"]


def test_register_with_someone_elses_email_does_not_say_so_nor_attach_it(client, alice):
    user = sign_up(client, email="ALICE@example.org")
    assert not EmailAddress.objects.filter(user=user).exists()
    assert EmailAddress.objects.get(email="alice@example.org").user == alice
    assert mail.outbox == []


def _reset_page(client, email):
    mail.outbox.clear()
    response = client.post(RESET, {"email": email}, follow=True)
    assert response.status_code == 200
    return response


def test_password_reset_answers_the_same_for_a_known_and_an_unknown_email(client, alice):
    known = _reset_page(client, "alice@example.org")
    known_mail = list(mail.outbox)
    unknown = _reset_page(client, "nobody@example.org")

    assert known.redirect_chain == unknown.redirect_chain
    strip = lambda r: re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", r.content.decode())  # noqa: E731
    assert strip(known) == strip(unknown)
    assert len(known_mail) == 1
    assert known_mail[0].to == ["alice@example.org"]
    assert "/accounts/password/reset/key/" in known_mail[0].body


def test_password_reset_link_sets_a_new_password(client, alice):
    _reset_page(client, "alice@example.org")
    link = link_in(mail.outbox[0])
    form = client.get(link, follow=True)
    assert form.status_code == 200
    action = form.redirect_chain[-1][0] if form.redirect_chain else link
    new = "a-brand-new-horse-42"
    done = client.post(action, {"password1": new, "password2": new}, follow=True)
    assert done.status_code == 200
    alice.refresh_from_db()
    assert alice.check_password(new)

    login = client.post(
        LOGIN, {"username": "alice", "password": new}, content_type="application/json"
    )
    assert login.status_code == 200


def test_password_reset_is_rate_limited(client, alice, settings):
    settings.ACCOUNT_RATE_LIMITS = {"reset_password": "2/m/ip"}
    for _ in range(2):
        assert client.post(RESET, {"email": "alice@example.org"}).status_code == 302
    assert client.post(RESET, {"email": "alice@example.org"}).status_code == 429


def test_settings_needs_a_signed_in_player(client):
    response = client.get("/settings")
    assert response.status_code == 302
    assert response["Location"].startswith("/login")


def test_settings_shows_verified_and_changing_the_email_sends_a_new_link(client, alice):
    EmailAddress.objects.filter(user=alice).update(verified=True)
    client.force_login(alice)
    page = client.get("/settings")
    assert 'data-testid="email-verified"' in page.content.decode()

    client.post("/settings", {"form": "email", "email": "alice@new.example"})
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@new.example"]
    page = client.get("/settings").content.decode()
    assert "alice@example.org" in page
    assert 'data-testid="email-pending"' in page

    client.post(link_in(mail.outbox[0]))
    assert list(EmailAddress.objects.filter(user=alice).values_list("email", "verified")) == [
        ("alice@new.example", True)
    ]


def test_settings_adds_an_email_to_an_account_without_one(client):
    user = user_register(username="bea", password=PASSWORD)
    client.force_login(user)
    client.post("/settings", {"form": "email", "email": "bea@example.org"})
    address = EmailAddress.objects.get(user=user)
    assert (address.email, address.primary, address.verified) == ("bea@example.org", True, False)
    assert mail.outbox[0].to == ["bea@example.org"]


def test_settings_changes_the_password_and_keeps_the_session(client, alice):
    client.force_login(alice)
    new = "another-long-horse-77"
    wrong = client.post(
        "/settings",
        {"form": "password", "old_password": "wrong", "new_password1": new, "new_password2": new},
    )
    assert wrong.status_code == 400
    response = client.post(
        "/settings",
        {"form": "password", "old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(new)
    assert client.get("/settings").status_code == 200


def test_settings_stores_the_language_and_sounds_and_login_activates_it(client, alice):
    client.force_login(alice)
    client.post("/settings", {"form": "preferences", "language": "hu"})
    alice.refresh_from_db()
    assert (alice.language, alice.sounds) == ("hu", False)

    client.logout()
    client.cookies.clear()
    client.post(LOGIN, {"username": "alice", "password": PASSWORD}, content_type="application/json")
    page = client.get("/lobby")
    assert page["Content-Language"] == "hu"
    assert client.cookies["django_language"].value == "hu"
    assert 'data-sounds-default="off"' in page.content.decode()


def test_settings_refuses_an_unknown_language(client, alice):
    client.force_login(alice)
    client.post("/settings", {"form": "preferences", "language": "xx", "sounds": "on"})
    alice.refresh_from_db()
    assert alice.language == ""


def test_the_header_switch_remembers_the_language_for_a_signed_in_player(client, alice):
    client.force_login(alice)
    client.post("/i18n/setlang/", {"language": "ja", "next": "/lobby"})
    alice.refresh_from_db()
    assert alice.language == "ja"


def test_the_header_switch_still_works_anonymously(client):
    response = client.post("/i18n/setlang/", {"language": "it", "next": "/"})
    assert response.status_code == 302
    assert client.cookies["django_language"].value == "it"


def test_a_confirmed_change_also_moves_the_address_turn_mails_go_to(client, alice):
    client.force_login(alice)
    client.post("/settings", {"form": "email", "email": "alice@new.example"})
    client.post(link_in(mail.outbox[0]))
    alice.refresh_from_db()
    assert alice.email == "alice@new.example"


def test_settings_does_not_attach_nor_mail_someone_elses_address(client, alice):
    bea = user_register(username="bea", password=PASSWORD)
    client.force_login(bea)
    response = client.post(
        "/settings", {"form": "email", "email": "Alice@Example.org"}, follow=True
    )
    assert "We sent a link" in response.content.decode()
    assert mail.outbox == []
    assert not EmailAddress.objects.filter(user=bea).exists()


def test_settings_refuses_a_post_from_another_site(alice):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    response = client.post("/settings", {"form": "preferences", "language": "hu"})
    assert response.status_code == 403
    alice.refresh_from_db()
    assert alice.language == ""


def test_settings_answers_an_unknown_form_with_400(client, alice):
    client.force_login(alice)
    assert client.post("/settings", {"form": "nope"}).status_code == 400
