"""A player's data export (GET /api/v1/account/export): one JSON document of what the platform
holds about them, as they may see it.

- ``profile`` and ``settings``: the account row and its email addresses;
- ``ratings``: each rating and every rating change, reversed ones included (marked);
- ``games``: every table they sat at, with its record (spec/game-record.md) as they may see it:
  a match that has ended in full (signed, like GET /games/<id>/record); a match still played
  only from their own seat, and, if they no longer hold it (resigned), as a spectator, because
  a seat given up is no longer theirs to see (games.selectors.game_viewer_seat). A duplicate
  deal other tables still play is left out (``record`` null, ``withheld``: ``seed_hidden``).
  Staff get no more than any player here: the staff view is the audit's, not the export's.
- ``disputes``: those they opened or are involved in, with their messages (what the dispute
  page shows them), never the staff actions about them;
- ``notifications``: their own;
- ``chat``: every chat message they wrote, at tables and in tournaments (other players'
  messages are theirs, not the reader's), and the players they muted.

Other players are named as readers see them (accounts.names). Each section but the first two is
the holding app's (its ``account_data`` module, registered in accounts.registry): accounts sits
below them and names none.
"""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress

from accounts import registry
from accounts.models import User
from core import clock

FORMAT = "mexican-train-account-export"
VERSION = 1
# The sections after ``profile`` and ``settings``, in the document's order; each is built by the
# app that holds it (accounts.registry: ratings, games, disputes, notifications, chat).
SECTIONS = ("ratings", "games", "disputes", "notifications", "chat")


def iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def _profile(user: User) -> dict[str, Any]:
    return {
        "id": user.pk,
        "username": user.username,
        "email": user.email,
        "email_addresses": [
            {"email": a.email, "verified": a.verified, "primary": a.primary}
            for a in EmailAddress.objects.filter(user=user).order_by("pk")
        ],
        "first_name": user.first_name,
        "last_name": user.last_name,
        "date_joined": iso(user.date_joined),
        "last_login": iso(user.last_login),
        "is_staff": user.is_staff,
        "vacation_from": iso(user.vacation_from),
        "vacation_until": iso(user.vacation_until),
    }


def _settings(user: User) -> dict[str, Any]:
    return {
        "language": user.language,
        "sounds": user.sounds,
        "time_zone": user.time_zone,
        **{name: build(user) for name, build in registry.EXPORT_SETTINGS.items()},
    }


def account_export(*, user: User) -> dict[str, Any]:
    """Return ``user``'s data export (this module's docstring)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": clock.now().isoformat(),
        "profile": _profile(user),
        "settings": _settings(user),
        **{name: registry.EXPORT_SECTIONS[name](user) for name in SECTIONS},
    }
