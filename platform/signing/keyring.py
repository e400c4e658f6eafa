"""The signing key and the retired public keys as the environment gives them (pure: the
settings module imports this to refuse a bad configuration at start, before Django is set up).

- ``SIGNING_KEY``: the 32-byte Ed25519 seed, 64 hex digits; or ``SIGNING_KEY_FILE``: a file
  holding it (a mounted secret). ``SIGNING_KEY_VALID_FROM``: when it started signing (ISO-8601).
- ``SIGNING_KEYS_RETIRED``: public keys that signed before, comma-separated, each ``HEX`` or
  ``HEX/VALID_FROM/VALID_UNTIL`` (an ISO-8601 interval; either end may be empty: open); or
  ``SIGNING_KEYS_RETIRED_FILE``: the same entries one a line, ``#`` starts a comment.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC
from datetime import datetime
from pathlib import Path

_HEX64 = re.compile(r"^[0-9a-fA-F]{64}$")


class KeyConfigError(ValueError):
    """The signing key configuration is unusable; the message says why, in one sentence."""


def parse_seed(text: str, where: str) -> str:
    """Return the lowercase 64-hex seed in ``text`` (surrounding blanks ignored)."""
    value = text.strip()
    if not _HEX64.match(value):
        raise KeyConfigError(f"{where} must hold 64 hex digits (a 32-byte Ed25519 seed)")
    return value.lower()


def parse_time(text: str, where: str) -> datetime | None:
    """Return the aware UTC datetime of an ISO-8601 time, None if ``text`` is empty."""
    value = text.strip()
    if not value:
        return None
    try:
        at = datetime.fromisoformat(value)
    except ValueError:
        raise KeyConfigError(f"{where}: {value!r} is not an ISO-8601 time") from None
    if at.tzinfo is None:
        raise KeyConfigError(f"{where}: {value!r} must say its time zone (e.g. Z)")
    return at.astimezone(UTC)


def format_time(at: datetime | None) -> str | None:
    """Return an aware datetime as ISO-8601 UTC with a Z, None as None."""
    if at is None:
        return None
    return at.astimezone(UTC).isoformat().replace("+00:00", "Z")


def parse_retired(entries: list[str], where: str) -> list[dict]:
    """Return the retired keys ``{"public_key", "valid_from", "valid_until"}`` (times or None)."""
    keys = []
    for entry in entries:
        parts = entry.strip().split("/")
        if len(parts) not in (1, 3):
            raise KeyConfigError(f"{where}: {entry!r} must be HEX or HEX/VALID_FROM/VALID_UNTIL")
        public = parse_seed(parts[0], f"{where}: the public key of {entry!r}")
        valid_from = parse_time(parts[1], where) if len(parts) == 3 else None
        valid_until = parse_time(parts[2], where) if len(parts) == 3 else None
        if valid_from and valid_until and valid_until <= valid_from:
            raise KeyConfigError(f"{where}: {entry!r} ends before it starts")
        keys.append({"public_key": public, "valid_from": valid_from, "valid_until": valid_until})
    return keys


def _read(path: str, name: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyConfigError(f"{name}={path} cannot be read: {exc}") from None


def seed_from_env(env: Mapping[str, str]) -> str:
    """Return the configured seed (hex), "" if neither SIGNING_KEY nor SIGNING_KEY_FILE is set."""
    value, path = env.get("SIGNING_KEY", "").strip(), env.get("SIGNING_KEY_FILE", "").strip()
    if value and path:
        raise KeyConfigError("set SIGNING_KEY or SIGNING_KEY_FILE, not both")
    if value:
        return parse_seed(value, "SIGNING_KEY")
    if path:
        return parse_seed(_read(path, "SIGNING_KEY_FILE"), f"SIGNING_KEY_FILE ({path})")
    return ""


def retired_from_env(env: Mapping[str, str]) -> list[dict]:
    """Return the retired public keys of SIGNING_KEYS_RETIRED and SIGNING_KEYS_RETIRED_FILE."""
    keys = parse_retired(
        [e for e in env.get("SIGNING_KEYS_RETIRED", "").split(",") if e.strip()],
        "SIGNING_KEYS_RETIRED",
    )
    path = env.get("SIGNING_KEYS_RETIRED_FILE", "").strip()
    if path:
        text = _read(path, "SIGNING_KEYS_RETIRED_FILE")
        lines = [line.split("#", 1)[0] for line in text.splitlines()]
        where = f"SIGNING_KEYS_RETIRED_FILE ({path})"
        keys += parse_retired([line for line in lines if line.strip()], where)
    return keys
