"""The platform's VAPID key pair (RFC 8292): the P-256 key that signs every Web Push it sends,
so a push service delivers to a browser only what this platform's key signed (a browser
subscribes with the public key, the "application server key").

The private key is given as WEB_PUSH_VAPID_PRIVATE_KEY (or a file, WEB_PUSH_VAPID_PRIVATE_KEY_FILE)
in any of the forms the usual tools print: the 32-byte private number in base64url (web-push's
``generate-vapid-keys``, ``manage.py generate_vapid_key``), DER in base64url, or a PEM file
(py-vapid's ``vapid --gen``). Settings keep it as base64url of the 32 bytes. Plain functions of
``cryptography``: config.settings calls them before the apps are loaded.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


class VapidKeyError(ValueError):
    """A VAPID key setting that cannot be used (the message names the setting)."""


def b64url(data: bytes) -> str:
    """``data`` in base64url without padding (what the Push API and VAPID use)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """Decode base64url with or without its padding; ``binascii.Error`` if it is not."""
    text = "".join(text.split())
    if not text or any(c in text for c in "+/"):
        raise binascii.Error("not base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def generate_private_key() -> str:
    """A new VAPID private key, as base64url of its 32 bytes."""
    return _raw(ec.generate_private_key(ec.SECP256R1()))


def _raw(key: ec.EllipticCurvePrivateKey) -> str:
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


def private_key_of(text: str) -> ec.EllipticCurvePrivateKey:
    """The private key that ``text`` holds (raw or DER in base64url, or PEM); ValueError if
    it holds none, or one not on P-256."""
    text = text.strip()
    if text.startswith("-----BEGIN"):
        key = serialization.load_pem_private_key(text.encode(), password=None)
    else:
        try:
            data = b64url_decode(text)
        except (binascii.Error, ValueError):
            raise ValueError("not base64url") from None
        if len(data) == 32:
            number = int.from_bytes(data, "big")
            key = ec.derive_private_key(number, ec.SECP256R1())
        else:
            key = serialization.load_der_private_key(data, password=None)
    if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
        raise ValueError("not a P-256 (prime256v1) key")
    return key


def public_key_of(private: str) -> str:
    """The application server key of a private key (settings' form): the uncompressed P-256
    point in base64url, as ``pushManager.subscribe({applicationServerKey})`` takes it."""
    point = (
        private_key_of(private)
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return b64url(point)


def private_key_from_env(env: Mapping[str, str]) -> str:
    """WEB_PUSH_VAPID_PRIVATE_KEY, or the key in the file WEB_PUSH_VAPID_PRIVATE_KEY_FILE names,
    as base64url of its 32 bytes; "" when neither is set. VapidKeyError for both, or for a
    value that holds no P-256 private key."""
    value = env.get("WEB_PUSH_VAPID_PRIVATE_KEY", "").strip()
    path = env.get("WEB_PUSH_VAPID_PRIVATE_KEY_FILE", "").strip()
    name = "WEB_PUSH_VAPID_PRIVATE_KEY"
    if value and path:
        raise VapidKeyError(f"set {name} or {name}_FILE, not both")
    if path:
        name = f"{name}_FILE"
        try:
            value = Path(path).read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise VapidKeyError(f"{name}: cannot read {path}: {exc.strerror}") from None
    if not value:
        return ""
    try:
        return _raw(private_key_of(value))
    except (ValueError, TypeError) as exc:
        raise VapidKeyError(
            f"{name} holds no P-256 private key ({exc}): `manage.py generate_vapid_key` makes one"
        ) from None


# What the push services take as a contact, as py-vapid checks it before it signs: a mailto: of
# an address at localhost or a dotted domain, or https:// and such a host (no port, no path).
_SUBJECT = re.compile(
    r"^(mailto:[^@\s]+@(localhost|[\w-]+(\.[\w-]+)+)|https://(localhost|[\w-]+(\.[\w-]+)+))$",
    re.IGNORECASE,
)


def subject_is_valid(subject: str) -> bool:
    """Whether ``subject`` is a contact the push services (and py-vapid) take."""
    return bool(_SUBJECT.match(subject))
