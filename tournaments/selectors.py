"""Read-only tournament queries: the lists, a tournament's detail (rounds, tables, standings),
a player's entry, and what the scheduler has to do.

The detail is one JSON-ready dict, public (the same for everyone): the API answers it, with the
caller's own entry added, and the sockets push it on every change. A duplicate table whose deal
another table still plays (``Game.seed_hidden``) shows in it only as in play — no status beyond
that, no totals, places or departures — and the standings leave its result out until its whole
deal group has finished (``games.siblings``): players still holding those tiles elsewhere would
learn from them. Its own players follow it on the game's page.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Case
from django.db.models import Count
from django.db.models import Exists
from django.db.models import F
from django.db.models import IntegerField
from django.db.models import OuterRef
from django.db.models import Q
from django.db.models import Value
from django.db.models import When

from accounts.names import Names
from accounts.names import is_deleted
from core import clock
from core.errors import NotFound
from games.models import GameStatus
from tournaments import absence
from tournaments import arena_selectors
from tournaments import formats
from tournaments.errors import TournamentError
from tournaments.models import ACTIVE_ENTRY
from tournaments.models import Tournament
from tournaments.models import TournamentEntry
from tournaments.models import TournamentFormat
from tournaments.models import TournamentRound
from tournaments.models import TournamentStatus
from tournaments.models import TournamentTable
from tournaments.results import ENDED
from tournaments.results import entries_in_seed_order
from tournaments.results import standings_doc

LIST_GROUPS = {
    "upcoming": (TournamentStatus.SCHEDULED, TournamentStatus.REGISTRATION),
    "running": (TournamentStatus.RUNNING,),
    "finished": (TournamentStatus.FINISHED, TournamentStatus.CANCELLED),
}


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def seconds_until_start(tournament: Tournament, now: datetime | None = None) -> float | None:
    """Return the seconds left before the start; None once it has started or is over."""
    if tournament.status not in LIST_GROUPS["upcoming"]:
        return None
    now = now or clock.now()
    return round(max((tournament.starts_at - now).total_seconds(), 0.0), 1)


def tournament_get(tournament_id) -> Tournament:
    try:
        return Tournament.objects.select_related("created_by").get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, TypeError):
        raise NotFound(TournamentError.NOT_FOUND, "no such tournament") from None


def tournament_list(*, group: str | None = None, team=None):
    """Return tournaments of a group ("upcoming", "running", "finished"; None: all of them):
    running first, then upcoming by start, then the most recently ended. The order is one SQL
    ORDER BY, so the list can be paged (``?page=``) whatever its length. ``team``: only that
    team's events (its own tournaments and the battles it plays in)."""
    wanted = LIST_GROUPS[group] if group else [s for g in LIST_GROUPS.values() for s in g]
    found = Tournament.objects.filter(status__in=wanted)
    if team is not None:
        theirs = Tournament.objects.filter(Q(team=team) | Q(battle_teams=team)).values("pk")
        found = found.filter(pk__in=theirs)
    rows = found.select_related("created_by", "team").annotate(
        entrants=Count(
            "entries", filter=Q(entries__status__in=ACTIVE_ENTRY, entries__house_bot=False)
        ),
        list_group=Case(
            When(status__in=LIST_GROUPS["running"], then=Value(0)),
            When(status__in=LIST_GROUPS["upcoming"], then=Value(1)),
            default=Value(2),
            output_field=IntegerField(),
        ),
    )
    started = Q(list_group__lt=2)
    return rows.order_by(
        "list_group",
        Case(When(started, then=F("starts_at"))).asc(),
        Case(When(started, then=F("id"))).asc(),
        Case(When(~started, then=F("finished_at"))).desc(),
        "-id",
    )


class TournamentNames:
    """The names in one tournament (accounts.names): deleted accounts numbered in the order
    of their entries, then its creator; by entry id for the stored standings, which keep the
    usernames of the time they were computed."""

    def __init__(self, tournament: Tournament) -> None:
        deleted = Q(user__deleted_at__isnull=False) | Q(
            stand_in_for__user__deleted_at__isnull=False
        )
        entries = list(
            tournament.entries.filter(deleted)
            .select_related("user", "stand_in_for__user")
            .order_by("pk")
        )
        self.names = Names(e.user for e in entries)
        self.names.extend([tournament.created_by])
        self._entries = {e.pk: e for e in entries}

    def of(self, user) -> str:
        return self.names.of(user)

    def line(self, line: dict[str, Any]) -> dict[str, Any]:
        """Return a stored standings line (or a table's player) with its names as now."""
        entry = self._entries.get(line.get("entry"))
        if entry is None:
            return line
        out = {**line, "username": self.names.of(entry.user)}
        if out.get("stand_in_for") and entry.stand_in_for_id:
            out["stand_in_for"] = self.names.of(entry.stand_in_for.user)
        return out

    def standings(self, doc: dict[str, Any] | None) -> dict[str, Any] | None:
        if not doc or not self._entries:
            return doc
        return {**doc, "lines": [self.line(line) for line in doc.get("lines") or []]}


def tournament_summary(
    tournament: Tournament, now: datetime | None = None, names: TournamentNames | None = None
) -> dict[str, Any]:
    """Return a tournament's line in the lists."""
    ended = tournament.status == TournamentStatus.FINISHED and tournament.standings
    if names is None and (ended or is_deleted(tournament.created_by)):  # else no query
        names = TournamentNames(tournament)
    winner = None
    if ended:
        lines = names.standings(tournament.standings).get("lines") or []
        winner = lines[0]["username"] if lines else None
    entrants = getattr(tournament, "entrants", None)
    if entrants is None:
        entrants = tournament.entries.filter(status__in=ACTIVE_ENTRY, house_bot=False).count()
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "format": tournament.format,
        "status": tournament.status,
        "created_by": names.of(tournament.created_by) if names else tournament.created_by.username,
        "starts_at": _iso(tournament.starts_at),
        "seconds_until_start": seconds_until_start(tournament, now),
        "registration_opens_at": _iso(tournament.registration_opens_at),
        "registration_closes_at": _iso(tournament.registration_closes_at),
        "check_in_opens_at": _iso(tournament.check_in_opens_at),
        "entrants": entrants,
        "min_players": tournament.min_players,
        "max_players": tournament.max_players,
        "table_size": tournament.table_size,
        "hand_table": tournament.hand_table,
        "variants": tournament.variants,
        "time_control": tournament.time_control,
        "rounds": None if tournament.format == TournamentFormat.ELIMINATION else tournament.rounds,
        "current_round": tournament.current_round,
        "rated": tournament.rated,
        "bots_only": tournament.bots_only,
        "chat": tournament.chat,
        "ready_seconds": tournament.ready_seconds,
        "round_pause_seconds": int(absence.round_pause(tournament).total_seconds()),
        "next_round_at": _iso(tournament.next_round_at),
        "seconds_until_next_round": absence.seconds_until_next_round(
            tournament, now or clock.now()
        ),
        "late_join_open": absence.late_join_open(tournament),
        "bye_points": _bye_points(tournament),
        "winner": winner,
        "started_at": _iso(tournament.started_at),
        "finished_at": _iso(tournament.finished_at),
        "arena": arena_selectors.arena_summary(tournament, now or clock.now()),
        **arena_selectors.team_events(tournament),
    }


def _bye_points(tournament: Tournament) -> float | None:
    """Return what a bye scores in a Swiss (a middle place; ``formats.bye_points``)."""
    if tournament.format != TournamentFormat.SWISS:
        return None
    return round(float(formats.bye_points(tournament.table_size)), 4)


def _entry_doc(entry: TournamentEntry, names: TournamentNames) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "username": names.of(entry.user),
        "is_bot": entry.user.is_bot,
        "status": entry.status,
        "seed": entry.seed,
        "stand_in_for": names.of(entry.stand_in_for.user) if entry.stand_in_for_id else None,
        "final_place": entry.final_place,
        "joined_round": entry.joined_round,
        "paused": entry.paused,
        "house_bot": entry.house_bot,
    }


def _rounds(tournament: Tournament, names: TournamentNames) -> list[dict[str, Any]]:
    rounds = list(arena_selectors.shown_waves(tournament))
    tables = (
        TournamentTable.objects.filter(round__in=rounds)
        .select_related("game")
        .prefetch_related("seats__entry__user", "game__seats")
        .order_by("round__number", "number")
    )
    by_round: dict[int, list[dict[str, Any]]] = {r.pk: [] for r in rounds}
    for table in tables:
        game = table.game
        hidden = game.seed_hidden  # a sibling of a deal still played: only "in play" shows
        left = {s.index for s in game.seats.all() if s.resigned_at or s.forfeited_at}
        result = table.result or {}
        if hidden:
            left, result = set(), {}
        scores = {s["entry"]: s for s in result.get("seats", [])}
        players = []
        for seat in sorted(table.seats.all(), key=lambda s: s.index):
            scored = scores.get(seat.entry_id)
            players.append(
                {
                    "seat": seat.index,
                    "entry": seat.entry_id,
                    "username": names.of(seat.entry.user),
                    "is_bot": seat.entry.user.is_bot,
                    "left": seat.index in left,
                    "total": sum(scored["round_scores"]) if scored else None,
                    "forfeited": scored["forfeited"] if scored else None,
                    "place": None,
                }
            )
        places = (game.result or {}).get("places") if game.status == GameStatus.FINISHED else None
        places = None if hidden else places
        if places and len(places) == len(players):
            for p in players:
                p["place"] = places[p["seat"]]
        by_round[table.round_id].append(
            {
                "number": table.number,
                "game": str(game.pk),
                "status": GameStatus.ACTIVE
                if hidden and game.status != GameStatus.OPEN
                else game.status,
                "finished": table.finished_at is not None and not hidden,
                "deal_group": table.deal_group,
                "seed_hidden": game.seed_hidden,
                "players": players,
            }
        )
    return [
        {
            "number": r.number,
            "started_at": _iso(r.started_at),
            "finished_at": _iso(r.finished_at),
            "seed": r.seed if r.finished_at is not None else None,
            "advancing": r.advancing,
            "tables": by_round[r.pk],
        }
        for r in rounds
    ]


def tournament_detail(tournament: Tournament) -> dict[str, Any]:
    """Return everything the tournament page shows: settings, entries, rounds with their tables
    (game ids, players, status), the standings."""
    entries = entries_in_seed_order(tournament)
    names = TournamentNames(tournament)
    return {
        **tournament_summary(tournament, names=names),
        "description": tournament.description,
        "advance": tournament.advance,
        "no_show_policy": tournament.no_show_policy,
        "withdrawal_policy": tournament.withdrawal_policy,
        "cancelled_reason": tournament.cancelled_reason,
        "entrants": sum(1 for e in entries if e.status in ACTIVE_ENTRY and not e.house_bot),
        "entries": [_entry_doc(e, names) for e in entries],
        "rounds_detail": _rounds(tournament, names),
        "standings": names.standings(public_standings(tournament)),
        "version": tournament.version,
    }


def tournament_detail_or_none(tournament_id) -> dict[str, Any] | None:
    tournament = Tournament.objects.select_related("created_by").filter(pk=tournament_id).first()
    return tournament_detail(tournament) if tournament is not None else None


def tournament_entry_for(tournament: Tournament, user) -> dict[str, Any] | None:
    """Return ``user``'s entry and the table they play at now, or None."""
    if user is None or not user.is_authenticated:
        return None
    entry = (
        tournament.entries.select_related("user", "stand_in_for__user").filter(user=user).first()
    )
    if entry is None:
        return None
    if arena_selectors.is_arena(tournament):
        seat = arena_selectors.current_seat(entry)
    else:
        seat = (
            entry.seats.filter(round__number=tournament.current_round)
            .select_related("table__game")
            .first()
        )
    return {
        **_entry_doc(entry, TournamentNames(tournament)),
        "current_game": str(seat.table.game_id) if seat is not None else None,
        "arena": arena_selectors.my_arena(tournament, entry, seat),
    }


def tournament_entry_statuses(user, tournament_ids) -> dict[int, str]:
    """Return ``user``'s entry status per tournament id, for the lists."""
    if user is None or not user.is_authenticated:
        return {}
    return dict(
        TournamentEntry.objects.filter(
            user=user, tournament_id__in=list(tournament_ids)
        ).values_list("tournament_id", "status")
    )


def duplicate_deal_in_play(tournament: Tournament) -> bool:
    """Whether a table of the tournament plays a deal another table has already played or is
    playing (``Game.seed_hidden``): while one does, nothing a finished table's players could say
    may reach the others (chat.services keeps the tournament chat to quick messages)."""
    return TournamentTable.objects.filter(
        round__tournament=tournament, game__seed_hidden=True
    ).exists()


def public_standings(tournament: Tournament) -> dict[str, Any] | None:
    """Return the standings as anyone may see them now: those stored, or, while a finished
    duplicate table's deal is still played at another table, the standings without it (its
    players' points would tell the others about their hands); None before any result shows."""
    hidden = TournamentTable.objects.filter(
        round__tournament=tournament, finished_at__isnull=False, game__seed_hidden=True
    )
    if tournament.standings is None or not hidden.exists():
        return tournament.standings
    shown = list(
        TournamentTable.objects.filter(
            round__tournament=tournament, finished_at__isnull=False, game__seed_hidden=False
        )
        .order_by("round__number", "number")
        .values_list("round__number", "result")
    )
    if not shown:
        return None
    return standings_doc(tournament, entries_in_seed_order(tournament), shown)


def tournament_standings(tournament: Tournament, round_number: int | None = None):
    """Return the standings now (as anyone may see them), or after round ``round_number``;
    None before any result."""
    names = TournamentNames(tournament)
    if round_number is None:
        return names.standings(public_standings(tournament))
    found = TournamentRound.objects.filter(tournament=tournament, number=round_number).first()
    if found is None:
        raise NotFound(TournamentError.NOT_FOUND, "no such round")
    return names.standings(found.standings)


def tournaments_due(now: datetime | None = None) -> list[int]:
    """Return the ids of tournaments the scheduler has something to do for: registration to
    open, a start that is due, a table whose game has ended and is not taken yet, or the
    next round to seat after the pause."""
    now = now or clock.now()
    ended_table = TournamentTable.objects.filter(
        round__tournament=OuterRef("pk"), finished_at__isnull=True, game__status__in=ENDED
    )
    due = Tournament.objects.filter(
        Q(status=TournamentStatus.SCHEDULED, registration_opens_at__lte=now)
        | Q(status=TournamentStatus.REGISTRATION, starts_at__lte=now)
        | Q(Exists(ended_table), status=TournamentStatus.RUNNING)
        | Q(status=TournamentStatus.RUNNING, next_round_at__lte=now)
    )
    ids = set(due.values_list("pk", flat=True)) | set(tournaments_ready_due(now, exclude=due))
    ordered = Tournament.objects.filter(pk__in=ids).order_by("starts_at", "id")
    return list(ordered.values_list("pk", flat=True))


def tournament_for_game(game_id) -> int | None:
    """Return the id of the tournament a game is a table of, or None."""
    return (
        TournamentTable.objects.filter(game_id=game_id)
        .values_list("round__tournament_id", flat=True)
        .first()
    )


# -- ready windows (record version 2) ----------------------------------------------------------


def ready_units(tround: TournamentRound) -> list[list[TournamentTable]]:
    """Return the round's tables still in their ready window (their games open), grouped as
    they start: a duplicate deal group's tables together, any other table alone; by number."""
    tables = (
        tround.tables.filter(game__status=GameStatus.OPEN)
        .select_related("game")
        .prefetch_related("seats__entry", "game__seats__user")
        .order_by("number")
    )
    units: dict[Any, list[TournamentTable]] = {}
    for table in tables:
        key = ("group", table.deal_group) if table.deal_group is not None else table.pk
        units.setdefault(key, []).append(table)
    return list(units.values())


def ready_waiting_for(tables: list[TournamentTable]) -> list:
    """Return the game seats a ready window waits for: people whose entry still plays (a bot
    contributes "", and a player who withdrew meanwhile is not waited for)."""
    out = []
    for table in tables:
        entries = {s.index: s.entry for s in table.seats.all()}
        for seat in table.game.seats.all():
            entry = entries.get(seat.index)
            if not seat.user.is_platform_bot and (entry is None or entry.status in ACTIVE_ENTRY):
                out.append(seat)
    return out


def ready_window_closed(tournament: Tournament, tables: list[TournamentTable], now) -> bool:
    """Whether the ready window of ``tables`` (one unit of ``ready_units``) has closed.

    It closes at its deadline (``Game.ready_deadline``: live, ``ready_seconds`` after the
    seating; correspondence, CORRESPONDENCE_READY_SECONDS); a correspondence window also as
    soon as every seated player has opened the table; a window with nobody to wait for (bots
    only) is closed from the start — except at an arena, where it paces the bots' tables (they
    would play table after table in no time at all otherwise).
    """
    waiting = ready_waiting_for(tables)
    if not waiting and tournament.format != TournamentFormat.ARENA:
        return True
    deadlines = [t.game.ready_deadline for t in tables if t.game.ready_deadline is not None]
    if not deadlines or now >= min(deadlines):
        return True
    if (tournament.time_control or {}).get("kind") == "correspondence":
        return all(seat.opened_at is not None for seat in waiting)
    return False


def tournaments_ready_due(now: datetime | None = None, exclude=None) -> list[int]:
    """Return the ids of running tournaments with a table whose ready window has closed and
    that has not started yet (``exclude``: a queryset of tournaments not to look at)."""
    now = now or clock.now()
    open_table = TournamentTable.objects.filter(
        round__tournament=OuterRef("pk"), game__status=GameStatus.OPEN
    )
    waiting = Tournament.objects.filter(Exists(open_table), status=TournamentStatus.RUNNING)
    if exclude is not None:
        waiting = waiting.exclude(pk__in=exclude.values("pk"))
    out = []
    for tournament in waiting:
        if tournament.format == TournamentFormat.ARENA:  # every wave with a table to start
            rounds = list(
                tournament.round_set.filter(tables__game__status=GameStatus.OPEN).distinct()
            )
        else:
            rounds = list(tournament.round_set.filter(number=tournament.current_round))
        if any(
            ready_window_closed(tournament, unit, now)
            for tround in rounds
            for unit in ready_units(tround)
        ):
            out.append(tournament.pk)
    return out
