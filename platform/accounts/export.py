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

Other players are named as readers see them (accounts.names). This module reads across apps,
so it imports them where used (accounts loads before them).
"""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from django.conf import settings
from django.db.models import Q

from accounts.models import User
from core import clock

FORMAT = "mexican-train-account-export"
VERSION = 1


def _iso(value) -> str | None:
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
        "date_joined": _iso(user.date_joined),
        "last_login": _iso(user.last_login),
        "is_staff": user.is_staff,
        "vacation_from": _iso(user.vacation_from),
        "vacation_until": _iso(user.vacation_until),
    }


def _settings(user: User) -> dict[str, Any]:
    from notifications.services import email_preferences

    return {"language": user.language, "sounds": user.sounds, "emails": email_preferences(user)}


def _ratings(user: User) -> dict[str, Any]:
    from ratings.models import Rating, RatingChange

    return {
        "current": [
            {
                "kind": r.kind,
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
                "updated_at": _iso(r.updated_at),
            }
            for r in Rating.objects.filter(user=user).order_by("kind")
        ],
        "history": [
            {
                "game": str(c.game_id),
                "kind": c.kind,
                "seat": c.seat,
                "place": c.place,
                "players": c.players,
                "left": c.left,
                "before": c.display_before,
                "after": c.display_after,
                "mu_before": c.mu_before,
                "sigma_before": c.sigma_before,
                "mu_after": c.mu_after,
                "sigma_after": c.sigma_after,
                "at": _iso(c.created_at),
                "reversed_at": _iso(c.reversed_at),
            }
            for c in RatingChange.objects.filter(user=user).order_by("pk")
        ],
    }


def game_export_doc(seat) -> dict[str, Any]:
    """Return one of the player's tables (``seat``: theirs) with its record as they may see it."""
    from core.errors import ApplicationError
    from games.engine import SPECTATOR
    from games.engine.attestation import attest
    from games.engine.record import FULL
    from games.models import GameStatus
    from games.selectors import game_record_as
    from trust.keys import signing_key

    game = seat.game
    ended = game.status in (GameStatus.FINISHED, GameStatus.ABANDONED, GameStatus.VOID)
    doc: dict[str, Any] = {
        "id": str(game.pk),
        "name": game.name,
        "status": game.status,
        "seat": seat.index,
        "resigned_at": _iso(seat.resigned_at),
        "forfeited_at": _iso(seat.forfeited_at),
        "created_at": _iso(game.created_at),
        "started_at": _iso(game.started_at),
        "finished_at": _iso(game.finished_at),
        "result": game.result if ended and not game.seed_hidden else None,
        "record": None,
    }
    if game.status == GameStatus.OPEN:
        return doc
    if game.seed_hidden:  # other tables still play this deal: not even its own seat's view
        doc["withheld"] = "seed_hidden"
        return doc
    holds = seat.resigned_at is None and seat.forfeited_at is None
    viewer = FULL if ended else seat.index if holds else SPECTATOR
    try:
        record = game_record_as(game, viewer=viewer)
    except ApplicationError as error:  # not started after all
        doc["withheld"] = error.code
        return doc
    except ValueError:  # a log the engine cannot make a record of: never fail the export
        doc["withheld"] = "no_record"
        return doc
    doc["record"] = attest(record, signing_key()) if ended else record
    return doc


def _games(user: User) -> list[dict[str, Any]]:
    from games.models import Seat

    seats = Seat.objects.filter(user=user).select_related("game", "game__created_by")
    return [game_export_doc(s) for s in seats.order_by("game__created_at", "game_id")]


def _disputes(user: User) -> list[dict[str, Any]]:
    from disputes.apis import dispute_names
    from disputes.models import Dispute

    rows = (
        Dispute.objects.filter(Q(opened_by=user) | Q(involved=user))
        .distinct()
        .select_related("game", "opened_by", "claimed_by")
        .prefetch_related("involved", "messages__author")
        .order_by("created_at", "pk")
    )
    out = []
    for d in rows:
        names = dispute_names(d)
        out.append(
            {
                "id": d.pk,
                "game": str(d.game_id),
                "category": d.category,
                "reason": d.reason,
                "seq": d.seq,
                "status": d.status,
                "opened_by": names.of(d.opened_by),
                "involved": sorted(names.of(u) for u in d.involved.all()),
                "resolution": d.resolution,
                "created_at": _iso(d.created_at),
                "closed_at": _iso(d.closed_at),
                "messages": [
                    {
                        "author": names.of(m.author),
                        "from_staff": m.from_staff,
                        "kind": m.kind,
                        "body": m.body,
                        "created_at": _iso(m.created_at),
                    }
                    for m in d.messages.all()
                ],
            }
        )
    return out


def _notifications(user: User) -> list[dict[str, Any]]:
    from django.utils import translation

    from notifications.kinds import render
    from notifications.models import Notification

    with translation.override(user.language or settings.LANGUAGE_CODE):
        return [
            {
                "kind": n.kind,
                "params": n.params,
                "text": render(n.kind, n.params, n.text),
                "url": n.url,
                "created_at": _iso(n.created_at),
                "read_at": _iso(n.read_at),
            }
            for n in Notification.objects.filter(user=user).order_by("created_at", "pk")
        ]


def _chat(user: User) -> dict[str, Any]:
    from chat.models import ChatMessage
    from chat.selectors import message_text, mutes_of

    return {
        "messages": [
            {
                "id": m.pk,
                "game": str(m.game_id) if m.game_id else None,
                "tournament": m.tournament_id,
                "channel": m.channel,
                "quick": m.quick or None,
                "text": message_text(m),
                "seq": m.seq,
                "created_at": _iso(m.created_at),
            }
            for m in ChatMessage.objects.filter(author=user).order_by("created_at", "pk")
        ],
        "muted": mutes_of(user),
    }


def account_export(*, user: User) -> dict[str, Any]:
    """Return ``user``'s data export (this module's docstring)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": clock.now().isoformat(),
        "profile": _profile(user),
        "settings": _settings(user),
        "ratings": _ratings(user),
        "games": _games(user),
        "disputes": _disputes(user),
        "notifications": _notifications(user),
        "chat": _chat(user),
    }
