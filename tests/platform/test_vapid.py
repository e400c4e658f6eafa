"""The VAPID key (notifications.vapid): each form the usual tools print is read, the public key
is the private one's, a bad setting stops the platform naming the setting, and
`manage.py generate_vapid_key` makes a pair that the platform reads back. The production
profile's handling (no key: no pushes): tests/deploy/test_production_profile.py."""

from __future__ import annotations

import base64
import io

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management import call_command
from py_vapid import Vapid

from notifications.vapid import VapidKeyError
from notifications.vapid import generate_private_key
from notifications.vapid import private_key_from_env
from notifications.vapid import public_key_of
from notifications.vapid import subject_is_valid


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def test_the_forms_of_one_key_read_as_the_same_key(tmp_path):
    key = ec.generate_private_key(ec.SECP256R1())
    raw = b64url(key.private_numbers().private_value.to_bytes(32, "big"))
    der = b64url(
        key.private_bytes(
            serialization.Encoding.DER,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    (tmp_path / "vapid.pem").write_bytes(pem)
    assert private_key_from_env({"WEB_PUSH_VAPID_PRIVATE_KEY": raw}) == raw
    assert private_key_from_env({"WEB_PUSH_VAPID_PRIVATE_KEY": raw + "=\n"}) == raw
    assert private_key_from_env({"WEB_PUSH_VAPID_PRIVATE_KEY": der}) == raw
    path = str(tmp_path / "vapid.pem")
    assert private_key_from_env({"WEB_PUSH_VAPID_PRIVATE_KEY_FILE": path}) == raw
    assert private_key_from_env({}) == ""


def test_the_public_key_is_the_one_py_vapid_signs_with():
    private = generate_private_key()
    point = base64.urlsafe_b64decode(public_key_of(private) + "=")
    assert len(point) == 65
    assert point[0] == 4  # uncompressed, as applicationServerKey wants it
    signed = Vapid.from_string(private).sign(
        {"aud": "https://push.example", "sub": "mailto:ops@example.org"}
    )
    assert signed["Authorization"].endswith("k=" + public_key_of(private))


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"WEB_PUSH_VAPID_PRIVATE_KEY": "not-a-key"}, "WEB_PUSH_VAPID_PRIVATE_KEY holds no"),
        ({"WEB_PUSH_VAPID_PRIVATE_KEY": b64url(b"\0" * 32)}, "holds no P-256 private key"),
        (
            {"WEB_PUSH_VAPID_PRIVATE_KEY": "x", "WEB_PUSH_VAPID_PRIVATE_KEY_FILE": "/k"},
            "not both",
        ),
        ({"WEB_PUSH_VAPID_PRIVATE_KEY_FILE": "/nonexistent/vapid"}, "cannot read"),
    ],
)
def test_a_bad_key_setting_is_refused_naming_it(env, says):
    with pytest.raises(VapidKeyError, match=says):
        private_key_from_env(env)


def test_generate_vapid_key_prints_a_pair_or_writes_a_private_file(tmp_path):
    out = io.StringIO()
    call_command("generate_vapid_key", stdout=out)
    lines = dict(
        line.split("=", 1) if "=" in line else line.split(": ", 1)
        for line in out.getvalue().splitlines()
    )
    private = lines["WEB_PUSH_VAPID_PRIVATE_KEY"]
    assert lines["public key"] == public_key_of(private)

    path = tmp_path / "vapid.key"
    call_command("generate_vapid_key", "--out", str(path), stdout=io.StringIO())
    assert path.stat().st_mode & 0o777 == 0o600
    assert private_key_from_env({"WEB_PUSH_VAPID_PRIVATE_KEY_FILE": str(path)})
    with pytest.raises(Exception, match="exists"):
        call_command("generate_vapid_key", "--out", str(path), stdout=io.StringIO())


@pytest.mark.parametrize(
    ("subject", "valid"),
    [
        ("mailto:noreply@localhost", True),
        ("mailto:ops@mexican-train.example.org", True),
        ("https://mexican-train.example.org", True),
        ("https://mexican-train.example.org/contact", False),  # py-vapid takes a host alone
        ("mailto:noreply@example", False),
        ("ops@example.org", False),
        ("http://mexican-train.example.org", False),
        ("", False),
    ],
)
def test_the_subject_is_one_the_push_services_and_py_vapid_take(subject, valid):
    assert subject_is_valid(subject) is valid
    claims = {"aud": "https://push.example", "exp": 2_000_000_000, "sub": subject}
    signer = Vapid.from_string(generate_private_key())
    if valid:
        assert signer.sign(claims)["Authorization"].startswith("vapid t=")
    else:
        with pytest.raises(Exception, match="sub"):
            signer.sign(claims)
