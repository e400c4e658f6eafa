"""Play again with the same seats: one new open table per ended game (issue 15).

The first player of an ended game to ask opens the rematch: a table with the same settings
(seats, ruleset, time control, rated or not, name), themselves in seat 0 and the same bots
re-seated; the other people are notified (kind ``rematch``) and join it like any open table.
Anyone else of that game who asks later gets the same table, and a seat at it while one is
free. The ended game's row is locked first and ``Game.rematch_of`` is unique, so two players
asking at once make one table.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from core.errors import ApplicationError
from core.errors import Forbidden
from games import domain
from games import services
from games.broadcast import publish_seats_changed
from games.eligibility import rated_eligibility_check
from games.errors import GameError
from games.invites import invite_url
from games.models import Game
from games.models import GameStatus
from notifications.services import notify

ENDED = (GameStatus.FINISHED, GameStatus.ABANDONED)


@dataclass(frozen=True)
class Rematch:
    game: Game
    created: bool  # this call opened the table (else it was there already)


def tournament_id_of(game: Game) -> int | None:
    """Return the tournament whose table ``game`` is, or None."""
    table = getattr(game, "tournament_table", None)  # the reverse one-to-one, if any
    return table.round.tournament_id if table is not None else None


@transaction.atomic
def game_rematch(*, game_id, user) -> Rematch:
    """Open the rematch of the ended game ``game_id`` for ``user`` (a player of it), or return
    the one opened already, seating ``user`` at it while it is open and has a free seat.

    Refusals: ``not_finished`` (in play, open or void), ``tournament_game`` (a tournament's
    table: the tournament seats its rounds), ``not_a_player`` (never seated at it); and, for a
    new table, what opening one is refused for (``too_many_open_tables``, a rated table's
    ``not_eligible_for_rated``).
    """
    old = domain.get_game(game_id, for_update=True)
    if old.status not in ENDED:
        raise ApplicationError(GameError.NOT_FINISHED, "the game has not ended")
    if old.ready_deadline is not None or tournament_id_of(old) is not None:
        raise ApplicationError(
            GameError.TOURNAMENT_GAME, "a tournament's table has no rematch: the tournament seats"
        )
    seats = list(old.seats.select_related("user").order_by("index"))
    if not any(s.user_id == user.id for s in seats):
        raise Forbidden(GameError.NOT_A_PLAYER, "you had no seat at this table")
    existing = Game.objects.filter(rematch_of=old).first()
    if existing is not None:
        _join(existing, user)
        return Rematch(existing, created=False)
    new = services.game_create(
        user=user,
        players=old.players,
        hand_table=old.ruleset.get("hand_table", "classic"),
        variants=_variants(old),
        time_control=old.time_control,
        rated=old.rated,
        name=old.name,
        private=old.private,  # a private table's rematch is private too
    )
    # The ruleset as the old table had it, exactly (game_create derived it from the same).
    new.ruleset = old.ruleset
    new.rematch_of = old
    new.save(update_fields=["ruleset", "rematch_of"])
    for seat in seats:
        if seat.user.is_platform_bot:  # an owned bot takes its seat itself, as a person does
            services._take_seat(new, seat.user)
    url = invite_url(new) if new.private else f"/games/{new.pk}"
    for seat in seats:
        if seat.user_id != user.id and not seat.user.is_bot:
            notify(
                user=seat.user,
                kind="rematch",
                params={
                    "player": user.username,
                    "table": old.name,
                    "host": old.created_by.username,
                },
                url=url,
                key=f"rematch:{new.pk}:{seat.user_id}",
            )
    return Rematch(new, created=True)


def _variants(old: Game) -> dict:
    """The variant keys of the old table's ruleset that ``game_create`` takes."""
    return {k: old.ruleset[k] for k in services.VARIANT_KEYS if k in old.ruleset}


def _join(game: Game, user) -> None:
    """Seat ``user`` at the open rematch ``game`` if they have no seat and one is free."""
    locked = domain.get_game(game.pk, for_update=True)
    if locked.status != GameStatus.OPEN or locked.seats.filter(user=user).exists():
        return
    if locked.seats.count() >= locked.players:
        return
    if locked.rated:
        rated_eligibility_check(user)
    services._take_seat(locked, user)
    publish_seats_changed(locked)
