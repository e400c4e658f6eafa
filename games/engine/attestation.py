"""Record attestations (spec/game-record.md, "Attestation"): the canonical form of a record, its
digest, and an Ed25519 signature over it. Pure: keys come in as bytes, nothing is read or stored.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding
from cryptography.hazmat.primitives.serialization import PublicFormat

ALG = "ed25519"
LABEL = b"mexican-train-record/attestation"
_HEX = re.compile(r"^[0-9a-f]+$")


def canonical(x: Any) -> bytes:
    """Return the canonical bytes of a JSON value: sorted keys, no spaces, UTF-8 as is."""
    return json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def digest(record: dict[str, Any]) -> bytes:
    """Return the 32-byte digest an attestation signs: the record without its attestation."""
    body = {k: v for k, v in record.items() if k != "attestation"}
    return hashlib.sha256(LABEL + b"\x00" + canonical(body)).digest()


def private_key(seed: bytes) -> Ed25519PrivateKey:
    """Return the Ed25519 private key of 32 seed bytes (RFC 8032)."""
    return Ed25519PrivateKey.from_private_bytes(seed)


def public_key_hex(key: Ed25519PrivateKey) -> str:
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def sign_message(key: Ed25519PrivateKey, message: bytes) -> str:
    """Return the hex Ed25519 signature of ``message``."""
    return key.sign(message).hex()


def verify_message(public_hex: str, message: bytes, signature_hex: str) -> bool:
    """Return True if ``signature_hex`` is ``public_hex``'s signature of ``message``."""
    try:
        public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_hex))
        public.verify(bytes.fromhex(signature_hex), message)
    except (ValueError, InvalidSignature):
        return False
    return True


def attest(record: dict[str, Any], key: Ed25519PrivateKey) -> dict[str, Any]:
    """Return ``record`` with its attestation by ``key`` (any earlier one is replaced)."""
    body = {k: v for k, v in record.items() if k != "attestation"}
    return {
        **body,
        "attestation": {
            "alg": ALG,
            "public_key": public_key_hex(key),
            "signature": sign_message(key, digest(body)),
        },
    }


def check_attestation(record: dict[str, Any], trusted: Iterable[str] | None = None) -> str | None:
    """Return None if ``record``'s attestation holds (by one of the ``trusted`` public keys, hex,
    when given), else the problem in one sentence."""
    att = record.get("attestation")
    if not isinstance(att, dict):
        return "the record has no attestation"
    if att.get("alg") != ALG:
        return f'the attestation\'s "alg" must be "{ALG}"'
    public, signature = att.get("public_key"), att.get("signature")
    if not (isinstance(public, str) and len(public) == 64 and _HEX.match(public)):
        return 'the attestation\'s "public_key" must be 64 lowercase hex digits'
    if not (isinstance(signature, str) and len(signature) == 128 and _HEX.match(signature)):
        return 'the attestation\'s "signature" must be 128 lowercase hex digits'
    if trusted is not None and public not in set(trusted):
        return "the attestation's key is not one of the platform's published keys"
    if not verify_message(public, digest(record), signature):
        return "the attestation's signature does not match the record: it was changed"
    return None
