"""The embedded default's secret key, attacked: it used to be one fixed string, published in
the repository, so anyone could sign what the platform signs with it. The attack: sign up as
mallory with an address mallory does not own, forge the email-confirmation link for it (its
key is the email address's sequential primary key, signed with SECRET_KEY) and open it. Now
each install generates its key once into var/secret.key, and the production profile refuses
every example secret the repository publishes."""

from __future__ import annotations

import os
import re
import secrets
import stat
import threading

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.core import signing
from django.core.exceptions import ImproperlyConfigured

from config.env import published_secret
from config.env import refuse_published
from core.secret_files import read_or_create
from tests.support.factories import PASSWORD

REPO = settings.BASE_DIR
# The built-in key of the embedded default until this round: in the repository for anyone.
OLD_DEFAULT = "dev-insecure-embedded-default-change-me"
REGISTER = "/api/v1/auth/register"


def forged_confirmation(pk: int, key: str) -> str:
    """The link allauth mails to confirm email address ``pk``, signed with ``key``."""
    return f"/accounts/confirm-email/{signing.dumps(obj=pk, salt='account', key=key)}/"


def sign_up_with_someone_elses_address(client) -> EmailAddress:
    body = {"username": "mallory", "password": PASSWORD, "email": "victim@example.org"}
    r = client.post(REGISTER, body, content_type="application/json")
    assert r.status_code == 201, r.content
    return EmailAddress.objects.get(user__username="mallory")


@pytest.mark.django_db
def test_a_confirmation_link_forged_with_the_published_key_verifies_nothing(client):
    address = sign_up_with_someone_elses_address(client)
    page = client.post(forged_confirmation(address.pk, OLD_DEFAULT))
    assert page.status_code == 404  # allauth: no such confirmation
    address.refresh_from_db()
    assert not address.verified


@pytest.mark.django_db
def test_the_same_forgery_verifies_an_address_where_the_key_is_known(client, settings):
    """The control: the forgery above is the real link whenever the attacker knows the key, as
    everyone knew the old built-in one."""
    settings.SECRET_KEY = OLD_DEFAULT
    address = sign_up_with_someone_elses_address(client)
    page = client.post(forged_confirmation(address.pk, OLD_DEFAULT))
    assert page.status_code == 302
    address.refresh_from_db()
    assert address.verified


def test_the_embedded_key_is_the_one_generated_into_var_unless_one_is_set(monkeypatch):
    if settings.PRODUCTION:
        pytest.skip("the production profile takes its key from the environment")
    assert settings.SECRET_KEY != OLD_DEFAULT
    assert not published_secret(settings.SECRET_KEY)
    kept = REPO / "var" / "secret.key"
    if not os.environ.get("DJANGO_SECRET_KEY"):
        assert kept.read_text(encoding="utf-8").strip() == settings.SECRET_KEY
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600


def test_a_secret_file_is_written_once_and_read_by_every_process_starting_at_once(tmp_path):
    path = tmp_path / "var" / "secret.key"
    seen: list[str] = []
    start = threading.Barrier(8)

    def starting_process():
        start.wait()
        seen.append(read_or_create(path, lambda: secrets.token_urlsafe(50)))

    threads = [threading.Thread(target=starting_process) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(seen)) == 1
    assert len(seen[0]) >= 50
    assert read_or_create(path, lambda: "another") == seen[0]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["secret.key"]  # no temporary left


def published_examples() -> list[tuple[str, str]]:
    """(variable, value) of every secret the repository's examples publish."""
    found = []
    for name in ["deploy/k8s/secret.yaml", "deploy/.env.example", ".env.example"]:
        text = (REPO / name).read_text(encoding="utf-8")
        for variable, value in re.findall(
            r"^\s*(DJANGO_SECRET_KEY|METRICS_TOKEN|SIGNING_KEY)\s*[:=]\s*(\S+)", text, re.M
        ):
            found.append((variable, value))
    return found


def test_the_repository_publishes_example_secrets_and_each_is_refused():
    examples = published_examples()
    assert (
        "DJANGO_SECRET_KEY",
        "example-only-replace-with-50-or-more-random-characters-0123456789",
    ) in examples
    assert {variable for variable, _ in examples} == {
        "DJANGO_SECRET_KEY",
        "METRICS_TOKEN",
        "SIGNING_KEY",
    }
    for variable, value in examples + [("DJANGO_SECRET_KEY", OLD_DEFAULT)]:
        assert published_secret(value), (variable, value)
        with pytest.raises(ImproperlyConfigured, match=variable):
            refuse_published(variable, value)


@pytest.mark.parametrize(
    "plain", ["x" * 60, "0" * 64, "ab" * 32, "change-me-to-50-or-more-random-characters"]
)
def test_plain_secrets_are_refused(plain):
    assert published_secret(plain)


def test_generated_secrets_pass():
    for _ in range(200):
        assert not published_secret(secrets.token_urlsafe(50))
        assert not published_secret(secrets.token_hex(32))
        assert not published_secret(secrets.token_urlsafe(32))
