"""A player's tables in their data export, and the tables that stop their account's deletion
(accounts.registry, accounts.export, accounts.deletion)."""

from __future__ import annotations

from typing import Any

from accounts.export import iso
from accounts.registry import register_deletion_blocker
from accounts.registry import register_export_section
from core.errors import ApplicationError
from games.engine import SPECTATOR
from games.engine.attestation import attest
from games.engine.record import FULL
from games.models import GameStatus
from games.models import Seat
from games.selectors import game_record_as
from signing.keys import signing_key


def game_export_doc(seat) -> dict[str, Any]:
    """Return one of the player's tables (``seat``: theirs) with its record as they may see it."""
    game = seat.game
    ended = game.status in (GameStatus.FINISHED, GameStatus.ABANDONED, GameStatus.VOID)
    doc: dict[str, Any] = {
        "id": str(game.pk),
        "name": game.name,
        "status": game.status,
        "seat": seat.index,
        "resigned_at": iso(seat.resigned_at),
        "forfeited_at": iso(seat.forfeited_at),
        "berserk": seat.berserk,  # their choice of half the reserve (games.services.game_berserk)
        "created_at": iso(game.created_at),
        "started_at": iso(game.started_at),
        "finished_at": iso(game.finished_at),
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


def games_export(user) -> list[dict[str, Any]]:
    seats = Seat.objects.filter(user=user).select_related("game", "game__created_by")
    return [game_export_doc(s) for s in seats.order_by("game__created_at", "game_id")]


def open_tables_of(user) -> list[dict[str, Any]]:
    """The open or active tables where ``user`` holds a seat still theirs: leave them, resign
    or finish the games before the account can be deleted."""
    seats = Seat.objects.filter(
        user=user,
        game__status__in=(GameStatus.OPEN, GameStatus.ACTIVE),
        resigned_at__isnull=True,
        forfeited_at__isnull=True,
    ).select_related("game")
    return [{"id": str(s.game_id), "name": s.game.name, "status": s.game.status} for s in seats]


def register() -> None:
    register_export_section("games", games_export)
    register_deletion_blocker("games", open_tables_of)
