"""Opening a tournament's tables and starting them when their ready windows close: shared by
the round formats (tournaments.scheduling) and the arena (tournaments.arena).

A table opens as a lobby table of the platform's (``games.services.game_create_seated`` with
``start=False``) with its server seed's commitment published; its ready window collects the
seated players' contributions to the seed (record version 2) until it closes
(``tournaments.selectors.ready_window_closed``), and the table starts then: the contributions
fixed, the seed derived, round 1 dealt. A duplicate deal group's tables open with the group's
one server seed and start together.
"""

from __future__ import annotations

from datetime import datetime
from datetime import timedelta
from typing import Any

from django.db import transaction

from core import tasks as runner
from games.models import Game
from games.models import GameStatus
from games.models import Seat
from games.services import game_create_seated
from games.services import game_resign
from games.services import game_start_ready
from ratings import skill
from ratings.models import Rating
from tournaments.models import CORRESPONDENCE_READY_SECONDS
from tournaments.models import AbsencePolicy
from tournaments.models import EntryStatus
from tournaments.models import Tournament
from tournaments.models import TournamentDealGroup
from tournaments.models import TournamentRound
from tournaments.models import TournamentTable
from tournaments.selectors import ready_units
from tournaments.selectors import ready_window_closed


def rating_kind(tournament: Tournament) -> str:
    """Return the ratings' kind of the tournament's time control: live or correspondence."""
    return (tournament.time_control or {}).get("kind", "live")


def user_ratings(tournament: Tournament, user_ids) -> dict[int, Rating]:
    """Return the users' ratings of the tournament's kind (absent: never rated)."""
    rows = Rating.objects.filter(kind=rating_kind(tournament), user_id__in=list(user_ids))
    return {r.user_id: r for r in rows}


def strength(user, rating: Rating | None) -> tuple[float, int]:
    """Return a player's (ordinal, display rating): a bot's from its strategy's fixed belief,
    a person's from their rating (a newcomer's from the starting one)."""
    if user.is_bot:
        mu, sigma = skill.bot_belief(user.bot_strategy)
    elif rating is not None:
        mu, sigma = rating.mu, rating.sigma
    else:
        mu, sigma = skill.MU, skill.SIGMA
    return skill.ordinal(mu, sigma), skill.display(mu, sigma)


def ready_deadline(tournament: Tournament, now: datetime) -> datetime:
    """Return when a table seated ``now`` starts at the latest (its ready window's end)."""
    if (tournament.time_control or {}).get("kind") == "correspondence":
        return now + timedelta(seconds=CORRESPONDENCE_READY_SECONDS)
    return now + timedelta(seconds=tournament.ready_seconds)


def open_table(
    tournament: Tournament,
    tround: TournamentRound,
    number: int,
    users: list,
    *,
    now: datetime,
    deadline: datetime,
    label: str,
    deal_group: int | None = None,
    deal_seed: bytes | None = None,
) -> TournamentTable:
    """Open table ``number`` of ``tround`` for ``users`` in seat order (its game rated as the
    tournament is), in its ready window until ``deadline``; its seats are the caller's."""
    game = game_create_seated(
        created_by=tournament.created_by,
        users=users,
        hand_table=tournament.hand_table,
        variants=tournament.variants,
        time_control=tournament.time_control,
        rated=tournament.rated,
        name=tournament.name[: 80 - len(label)] + label,
        server_seed=deal_seed,
        committed_at=now if deal_seed is not None else None,
        start=False,
        chat=tournament.chat,
    )
    # Before the commit that lets anyone see the game: other tables play this seed.
    Game.objects.filter(pk=game.pk).update(
        ready_deadline=deadline, seed_hidden=deal_seed is not None
    )
    return TournamentTable.objects.create(
        round=tround, number=number, game=game, deal_group=deal_group
    )


def start_or_queue(tournament: Tournament, tround: TournamentRound, now: datetime) -> None:
    """Start the round's tables whose ready window has nobody to wait for; queue the start of
    every other live table at its window's end."""
    live = rating_kind(tournament) != "correspondence"
    for unit in ready_units(tround):
        if ready_window_closed(tournament, unit, now):
            start_ready_unit(tournament, unit, now)
        elif live:
            start_at(unit[0].game_id, unit[0].game.ready_deadline)


def start_at(game_id, deadline: datetime) -> None:
    """Queue the start of a live table (with its deal group) at its ready window's end; the
    tick starts it if this task is lost."""

    def dispatch() -> None:
        from tournaments import tasks

        runner.submit(tasks.start_table, game_id, 0, eta=deadline)

    transaction.on_commit(dispatch)


def group_contributions(tables: list[TournamentTable]) -> list[dict[str, Any]]:
    """Return a duplicate deal group's contributions in their derivation order: the group's
    tables by table number, then each table's seats by seat index — a seat the platform plays
    contributes "" (spec version 2, step 4). Each item: ``table`` (number), ``seat``,
    ``value`` and, if the player set it, ``at``. Read under the games' row locks."""
    seats: dict[Any, list[Seat]] = {}
    for seat in Seat.objects.filter(game_id__in=[t.game_id for t in tables]).select_related("user"):
        seats.setdefault(seat.game_id, []).append(seat)
    out: list[dict[str, Any]] = []
    for table in sorted(tables, key=lambda t: t.number):
        for seat in sorted(seats.get(table.game_id, []), key=lambda s: s.index):
            item: dict[str, Any] = {"table": table.number, "seat": seat.index, "value": ""}
            if not seat.user.is_platform_bot:  # an owned bot contributes as a person does
                item["value"] = seat.contribution
                if seat.contributed_at is not None:
                    item["at"] = seat.contributed_at.isoformat()
            out.append(item)
    return out


def start_ready_unit(tournament: Tournament, tables: list[TournamentTable], now) -> bool:
    """Start the tables of one closed ready window (a duplicate group's together); return
    whether they started (False: they had already).

    Runs under the tournament's row lock; the games' rows are locked (in id order) before the
    contributions are read, and ``game_contribute`` takes the same lock, so a contribution
    either lands before they are fixed or is refused. A duplicate group's contributions, in
    ``group_contributions`` order, are stored on the group and dealt at each of its tables,
    so every table derives the one seed from the one commitment. A player who withdrew during
    the window leaves the started game as a withdrawal during play does.
    """
    ids = [t.game_id for t in tables]
    games = list(Game.objects.select_for_update().filter(pk__in=ids).order_by("pk"))
    if len(games) != len(ids) or any(g.status != GameStatus.OPEN or g.version for g in games):
        return False
    group = tables[0].deal_group
    if group is None:
        game_start_ready(game_id=tables[0].game_id)
    else:
        fixed = group_contributions(tables)
        TournamentDealGroup.objects.filter(round_id=tables[0].round_id, number=group).update(
            contributions=fixed, started_at=now
        )
        dealt = [{k: v for k, v in c.items() if k != "table"} for c in fixed]
        for table in tables:
            game_start_ready(game_id=table.game_id, contributions=dealt)
    leave_withdrawn(tournament, tables)
    return True


def leave_withdrawn(tournament: Tournament, tables: list[TournamentTable]) -> None:
    """Take the players who withdrew during the ready window out of their started games."""
    for table in tables:
        for tseat in table.seats.all():
            entry = tseat.entry
            if entry.status == EntryStatus.WITHDRAWN:
                game_resign(
                    game_id=table.game_id,
                    user=entry.user,
                    forfeit=tournament.withdrawal_policy == AbsencePolicy.FORFEIT,
                    reason="withdrawn",
                )


def start_ready_tables(tournament: Tournament, tround: TournamentRound, now) -> bool:
    """Start every table of the round whose ready window has closed."""
    started = False
    for unit in ready_units(tround):
        if ready_window_closed(tournament, unit, now):
            started |= start_ready_unit(tournament, unit, now)
    return started
