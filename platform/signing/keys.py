"""The platform's Ed25519 signing key and the public keys it publishes.

The key is held outside the database (settings.SIGNING_KEY, from the environment or a secret
file; see signing.keyring), so whoever can write the database still cannot sign. Without one, the
embedded default and development use a key generated once into var/signing.key; the production
profile refuses to start without one (config.settings). Retired keys stay published, with their
validity, so what they signed keeps verifying.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC
from datetime import datetime
from functools import cache
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.conf import settings

from core.secret_files import read_or_create
from games.engine.attestation import ALG
from games.engine.attestation import private_key
from games.engine.attestation import public_key_hex as _public_hex
from games.engine.attestation import sign_message
from games.engine.attestation import verify_message
from signing.keyring import format_time
from signing.keyring import parse_seed


def key_id_of(public_hex: str) -> str:
    """Return a public key's id: the first 16 hex digits of SHA-256 of its 32 raw bytes."""
    return hashlib.sha256(bytes.fromhex(public_hex)).hexdigest()[:16]


def _dev_seed(path: Path) -> tuple[str, datetime]:
    """Return the development key's seed from ``path``, generating it the first time."""
    text = read_or_create(path, lambda: secrets.token_bytes(32).hex())
    seed = parse_seed(text, f"the development key {path}")
    return seed, datetime.fromtimestamp(int(path.stat().st_mtime), UTC)


@cache
def _state() -> tuple[Ed25519PrivateKey, tuple[dict, ...]]:
    """Return the signing key and every published key (the current one first)."""
    seed, valid_from = settings.SIGNING_KEY, settings.SIGNING_KEY_VALID_FROM
    if not seed:
        seed, created = _dev_seed(Path(settings.SIGNING_DEV_KEY_FILE))
        valid_from = valid_from or created
    key = private_key(bytes.fromhex(seed))
    public = _public_hex(key)
    published = [{"public_key": public, "valid_from": valid_from, "valid_until": None}]
    seen = {public}
    for retired in settings.SIGNING_KEYS_RETIRED:
        if retired["public_key"] not in seen:
            seen.add(retired["public_key"])
            published.append(dict(retired))
    for entry in published:
        entry["id"] = key_id_of(entry["public_key"])
    return key, tuple(published)


def on_setting_changed(*, setting: str, **kwargs) -> None:
    """Forget the cached key when a test overrides a SIGNING_* setting."""
    if setting.startswith("SIGNING_"):
        _state.cache_clear()


def signing_key() -> Ed25519PrivateKey:
    """Return the key the platform signs with now."""
    return _state()[0]


def public_key_hex() -> str:
    """Return the current signing key's public key (64 hex)."""
    return _state()[1][0]["public_key"]


def key_id() -> str:
    """Return the current signing key's id."""
    return _state()[1][0]["id"]


def sign(message: bytes) -> dict[str, str]:
    """Return ``{"key_id", "signature"}``: the current key's signature of ``message``, hex."""
    return {"key_id": key_id(), "signature": sign_message(signing_key(), message)}


def _valid_at(entry: dict, at: datetime) -> bool:
    # Only the end of a key's validity is enforced: it is what stops a retired (maybe leaked)
    # key from vouching for anything dated after it. The start is informative: a holder of a
    # key could date anything after it anyway, and enforcing it would refuse a repeated
    # request's receipt of a move made just before a rotation (a receipt is dated by its move).
    return entry["valid_until"] is None or at < entry["valid_until"]


def published_key(key_id: str) -> dict | None:
    """Return the published key (internal form: datetimes) with that id, None if there is none."""
    return next((e for e in _state()[1] if e["id"] == key_id), None)


def verify(key_id: str, message: bytes, signature_hex: str, at: datetime | None = None) -> bool:
    """Return True if ``signature_hex`` is the signature of ``message`` by the published key
    ``key_id`` (current or retired) — and, with ``at``, if that key had not expired by then."""
    entry = published_key(key_id) if isinstance(key_id, str) else None
    if entry is None or not isinstance(signature_hex, str):
        return False
    if at is not None and not _valid_at(entry, at):
        return False
    return verify_message(entry["public_key"], message, signature_hex)


def published_keys() -> list[dict]:
    """Return the keys the platform publishes: current first, then retired ones (JSON-ready)."""
    return [
        {
            "id": e["id"],
            "alg": ALG,
            "public_key": e["public_key"],
            "valid_from": format_time(e["valid_from"]),
            "valid_until": format_time(e["valid_until"]),
        }
        for e in _state()[1]
    ]
