"""A record's attestation against the platform's published keys (spec/game-record.md,
"Attestation"): which key signed it, unchanged, and whether that key was still valid for the
latest time the record holds."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from typing import Any

from .attestation import check_attestation
from .record_format import _UTC_TIME
from .record_format import Problem
from .record_format import _is_hex64
from .record_format import is_utc_time


def verify_attested(
    doc: object,
    trusted_keys: Iterable[str],
    valid_until: Mapping[str, str | None] | None = None,
) -> Problem | None:
    """Return the attestation problem of ``doc`` against the ``trusted_keys`` (hex Ed25519 public
    keys, e.g. from the platform's published keys), or None if one of them signed it unchanged.

    With ``valid_until`` (public key -> ISO-8601 UTC time or None), a record holding a time at
    or after its key's end of validity is refused: a retired key vouches for nothing later.
    """
    if not isinstance(doc, dict):
        return Problem("attestation", "a record is a JSON object")
    problem = check_attestation(doc, [k.lower() for k in trusted_keys])
    if problem is not None:
        return Problem("attestation", problem)
    until = (valid_until or {}).get(doc["attestation"]["public_key"])
    latest = latest_time(doc)
    if until is not None and latest is not None and _instant(latest) >= _instant(until):
        return Problem(
            "attestation", f"the record holds the time {latest}, after its key expired ({until})"
        )
    return None


def latest_time(doc: dict[str, Any]) -> str | None:
    """Return the latest well-formed time a record holds (moves' and contributions' ``at``,
    ``committed_at``), or None."""
    times = []
    fair = doc.get("fairness")
    if isinstance(fair, dict):
        times.append(fair.get("committed_at"))
        for c in fair.get("contributions") or ():
            times.append(c.get("at") if isinstance(c, dict) else None)
    for rnd in doc.get("rounds") or ():
        for m in (rnd.get("moves") or ()) if isinstance(rnd, dict) else ():
            times.append(m.get("at") if isinstance(m, dict) else None)
    good = [t for t in times if is_utc_time(t)]
    return max(good, key=_instant) if good else None


def _instant(x: str) -> tuple[int, ...]:
    """Return a well-formed UTC time as comparable numbers (Z and +00:00 alike)."""
    m = _UTC_TIME.match(x)
    assert m is not None
    fraction = (m.group(7) or ".")[1:].ljust(6, "0")
    return (*(int(g) for g in m.groups()[:6]), int(fraction))


def parse_published_keys(doc: object) -> dict[str, dict[str, Any]]:
    """Return {public key hex: {"id", "valid_from", "valid_until"}} of the platform's published
    keys document (``/.well-known/mexican-train-keys.json``); raise ``ValueError`` if malformed."""
    if not isinstance(doc, dict) or not isinstance(doc.get("keys"), list):
        raise ValueError('a keys document is an object with a "keys" list')
    out: dict[str, dict[str, Any]] = {}
    for i, k in enumerate(doc["keys"]):
        where = f"keys[{i}]"
        if not isinstance(k, dict):
            raise ValueError(f"{where} must be an object")
        if not isinstance(k.get("id"), str) or not k["id"]:
            raise ValueError(f"{where}.id must be a non-empty string")
        if k.get("alg") != "ed25519":
            raise ValueError(f'{where}.alg must be "ed25519"')
        if not _is_hex64(k.get("public_key")):
            raise ValueError(f"{where}.public_key must be 64 lowercase hex digits")
        if not is_utc_time(k.get("valid_from")):
            raise ValueError(f"{where}.valid_from must be an ISO-8601 UTC time")
        if k.get("valid_until") is not None and not is_utc_time(k["valid_until"]):
            raise ValueError(f"{where}.valid_until must be an ISO-8601 UTC time or null")
        out[k["public_key"]] = {
            "id": k["id"],
            "valid_from": k["valid_from"],
            "valid_until": k.get("valid_until"),
        }
    if not out:
        raise ValueError("the keys document lists no key")
    return out
