"""Tournament services: the only code that writes tournaments.

Each runs in one transaction that starts by locking the tournament's row
(``select_for_update``): registrations, withdrawals, check-ins and the scheduler's steps of one
tournament run one after the other, so a capacity check, a seating or a round's close is never
done twice. Unique constraints back this up where the lock cannot (SQLite has no row locks):
one round per (tournament, number), one table per (round, number), one seat per (round, entry).

``tournament_advance`` is the scheduler's one step, run by the beat tick and whenever a
tournament game ends: it does whatever is due and nothing else, so running it twice, late or
concurrently changes nothing the second time. Lock order: the tournament row, then (withdrawal
only) the game row; game services never take a tournament lock while holding a game lock.
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime
from enum import StrEnum
from typing import Any

from django.db import transaction
from notifications.services import notify

from accounts.services import bot_account_get_or_create
from core import clock
from core.errors import ApplicationError, Forbidden, NotFound
from games.engine import Ruleset, RulesetError
from games.models import Game, GameStatus
from games.services import VARIANT_KEYS, game_create_seated, game_resign
from games.services import validate_time_control as game_time_control
from ratings import skill
from ratings.models import Rating
from tournaments import broadcast, formats
from tournaments.models import (
    ACTIVE_ENTRY,
    AbsencePolicy,
    EntryStatus,
    Tournament,
    TournamentEntry,
    TournamentFormat,
    TournamentRound,
    TournamentSeat,
    TournamentStatus,
    TournamentTable,
)
from tournaments.results import (
    ENDED,
    deal_group_key,
    entries_in_seed_order,
    scoring_of,
    standings_doc,
    standings_from_games,
    stood_in_entries,
    table_doc_from_game,
    table_result,
)

log = logging.getLogger(__name__)

ORGANIZERS_GROUP = "organizers"  # members may create tournaments, as staff may
STAND_IN_STRATEGY = "greedy"  # the bot that stands in for a no-show
MAX_ROUNDS = 30
OVER = (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)


class TournamentError(StrEnum):
    """Stable error codes of the tournament services (the API's ``code``)."""

    NOT_FOUND = "not_found"
    NOT_ORGANIZER = "not_organizer"
    INVALID_TOURNAMENT = "invalid_tournament"
    INVALID_RULESET = "invalid_ruleset"
    INVALID_TIME_CONTROL = "invalid_time_control"
    REGISTRATION_NOT_OPEN = "registration_not_open"
    REGISTRATION_CLOSED = "registration_closed"
    TOURNAMENT_FULL = "tournament_full"
    ALREADY_REGISTERED = "already_registered"
    NOT_REGISTERED = "not_registered"
    ALREADY_WITHDRAWN = "already_withdrawn"
    NO_CHECK_IN = "no_check_in"
    CHECK_IN_NOT_OPEN = "check_in_not_open"
    CHECK_IN_CLOSED = "check_in_closed"
    ALREADY_CHECKED_IN = "already_checked_in"
    TOURNAMENT_OVER = "tournament_over"


E = TournamentError


def _invalid(detail: str, field: str | None = None) -> ApplicationError:
    extra = {"fields": {field: [detail]}} if field else None
    return ApplicationError(E.INVALID_TOURNAMENT, detail, extra=extra)


def _locked(tournament_id) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, TypeError):
        raise NotFound(E.NOT_FOUND, "no such tournament") from None


def _changed(tournament: Tournament, *fields: str) -> None:
    """Save ``fields`` with a new version; the tournament's sockets hear of it on commit."""
    tournament.version += 1
    tournament.save(update_fields=["version", *fields])
    broadcast.publish_tournament(tournament.pk)


def can_organize(user) -> bool:
    """Staff, and members of the "organizers" group, create tournaments."""
    if user is None or not user.is_authenticated or getattr(user, "is_bot", False):
        return False
    return user.is_staff or user.groups.filter(name=ORGANIZERS_GROUP).exists()


# -- create ------------------------------------------------------------------------------------


def _table_sizes_possible(fmt: str, table_size: int) -> range:
    """Every table size a round of ``fmt`` can seat (balanced tables differ by one; an odd
    field at tables of 2 gets one table of 3)."""
    if fmt == TournamentFormat.SINGLE:
        return range(2, table_size + 1)
    return range(2, max(table_size, 3) + 1)


def _check_ruleset(fmt: str, table_size: int, hand_table: str, variants: dict) -> None:
    unknown = sorted(set(variants) - set(VARIANT_KEYS))
    if unknown:
        raise ApplicationError(
            E.INVALID_RULESET, f"unknown variants: {', '.join(unknown)}", extra={"rule": "R3"}
        )
    for players in _table_sizes_possible(fmt, table_size):
        try:
            Ruleset.for_players(players, hand_table=hand_table, **variants)
        except (RulesetError, TypeError) as exc:
            raise ApplicationError(
                E.INVALID_RULESET,
                f"a table of {players}: {exc}",
                extra={"rule": getattr(exc, "rule", "R3")},
            ) from None


@transaction.atomic
def tournament_create(
    *,
    user,
    name: str,
    format: str,
    starts_at: datetime,
    table_size: int,
    registration_opens_at: datetime | None = None,
    registration_closes_at: datetime | None = None,
    check_in_opens_at: datetime | None = None,
    min_players: int = 2,
    max_players: int | None = None,
    hand_table: str = "classic",
    variants: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None,
    rounds: int = 3,
    advance: int | None = None,
    rated: bool = False,
    no_show_policy: str = AbsencePolicy.FORFEIT,
    withdrawal_policy: str = AbsencePolicy.BOT,
    description: str = "",
) -> Tournament:
    """Schedule a tournament (staff and organizers). Registration opens now unless given and
    closes at the start unless given; with ``check_in_opens_at`` players must check in from
    then until the start."""
    if not can_organize(user):
        raise Forbidden(E.NOT_ORGANIZER, "only staff and organizers create tournaments")
    now = clock.now()
    name = (name or "").strip()
    if not name or len(name) > 80:
        raise _invalid("a name of 1 to 80 characters", "name")
    if format not in TournamentFormat.values:
        raise _invalid(f"format must be one of {', '.join(TournamentFormat.values)}", "format")
    if not isinstance(table_size, int) or not 2 <= table_size <= 8:
        raise _invalid("table_size must be 2 to 8", "table_size")
    opens = registration_opens_at or now
    closes = registration_closes_at or starts_at
    if starts_at <= now:
        raise _invalid("the start must be in the future", "starts_at")
    if not opens <= closes <= starts_at:
        raise _invalid("registration must open, then close, no later than the start")
    if check_in_opens_at is not None and not check_in_opens_at < starts_at:
        raise _invalid("check-in must open before the start", "check_in_opens_at")
    if not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise _invalid(f"rounds must be 1 to {MAX_ROUNDS}", "rounds")
    if min_players < 2:
        raise _invalid("min_players must be at least 2", "min_players")
    if format == TournamentFormat.SINGLE:
        max_players = min(max_players or table_size, table_size)
    if max_players is not None and max_players < min_players:
        raise _invalid("max_players must be at least min_players", "max_players")
    if advance is not None and (format != TournamentFormat.ELIMINATION or advance < 1):
        raise _invalid("advance is for elimination only, at least 1", "advance")
    if advance is not None and advance >= table_size:
        raise _invalid("advance must be below the table size", "advance")
    for field, policy in (
        ("no_show_policy", no_show_policy),
        ("withdrawal_policy", withdrawal_policy),
    ):
        if policy not in AbsencePolicy.values:
            raise _invalid(f"{field} must be bot or forfeit", field)
    variants = dict(variants or {})
    _check_ruleset(format, table_size, hand_table, variants)
    try:
        time_control = game_time_control(time_control)
    except ApplicationError as exc:
        raise ApplicationError(E.INVALID_TIME_CONTROL, exc.detail) from None
    tournament = Tournament.objects.create(
        name=name,
        description=description,
        created_by=user,
        created_at=now,
        format=format,
        status=TournamentStatus.REGISTRATION if opens <= now else TournamentStatus.SCHEDULED,
        registration_opens_at=opens,
        registration_closes_at=closes,
        check_in_opens_at=check_in_opens_at,
        starts_at=starts_at,
        min_players=min_players,
        max_players=max_players,
        table_size=table_size,
        hand_table=hand_table,
        variants=variants,
        time_control=time_control,
        rounds=rounds,
        advance=advance,
        rated=rated,
        no_show_policy=no_show_policy,
        withdrawal_policy=withdrawal_policy,
    )
    broadcast.publish_tournament(tournament.pk)
    return tournament


# -- registration ------------------------------------------------------------------------------


def _check_registration_open(tournament: Tournament, now: datetime) -> None:
    if tournament.status in OVER:
        raise ApplicationError(E.TOURNAMENT_OVER, "the tournament is over")
    if tournament.status == TournamentStatus.RUNNING or now >= tournament.registration_closes_at:
        raise ApplicationError(E.REGISTRATION_CLOSED, "registration has closed")
    if now < tournament.registration_opens_at:
        raise ApplicationError(E.REGISTRATION_NOT_OPEN, "registration has not opened yet")


@transaction.atomic
def tournament_register(*, tournament_id, user) -> TournamentEntry:
    """Register ``user`` (a player, or a bot account entered by staff) while registration is
    open and there is room; a player who withdrew may register again."""
    tournament = _locked(tournament_id)
    now = clock.now()
    _check_registration_open(tournament, now)
    entry = tournament.entries.filter(user=user).first()
    if entry is not None and entry.status in ACTIVE_ENTRY:
        raise ApplicationError(E.ALREADY_REGISTERED, "you are registered already")
    taken = tournament.entries.filter(status__in=ACTIVE_ENTRY).count()
    if tournament.max_players is not None and taken >= tournament.max_players:
        raise ApplicationError(E.TOURNAMENT_FULL, "every place is taken")
    if entry is None:
        entry = TournamentEntry.objects.create(tournament=tournament, user=user, registered_at=now)
    else:
        entry.status = EntryStatus.REGISTERED
        entry.registered_at = now
        entry.withdrawn_at = entry.withdrawn_round = None
        entry.save(update_fields=["status", "registered_at", "withdrawn_at", "withdrawn_round"])
    _changed(tournament)
    return entry


def _entry_of(tournament: Tournament, user) -> TournamentEntry:
    entry = tournament.entries.filter(user=user).first() if user.is_authenticated else None
    if entry is None:
        raise ApplicationError(E.NOT_REGISTERED, "you are not registered")
    return entry


@transaction.atomic
def tournament_check_in(*, tournament_id, user) -> TournamentEntry:
    """Confirm a registered player will play: required, from check-in's opening until the
    start, of tournaments with a check-in (the others count as no-shows)."""
    tournament = _locked(tournament_id)
    now = clock.now()
    if tournament.status in OVER:
        raise ApplicationError(E.TOURNAMENT_OVER, "the tournament is over")
    if tournament.check_in_opens_at is None:
        raise ApplicationError(E.NO_CHECK_IN, "this tournament has no check-in")
    if tournament.status == TournamentStatus.RUNNING or now >= tournament.starts_at:
        raise ApplicationError(E.CHECK_IN_CLOSED, "check-in has closed")
    if now < tournament.check_in_opens_at:
        raise ApplicationError(E.CHECK_IN_NOT_OPEN, "check-in has not opened yet")
    entry = _entry_of(tournament, user)
    if entry.status == EntryStatus.CHECKED_IN:
        raise ApplicationError(E.ALREADY_CHECKED_IN, "you are checked in already")
    if entry.status != EntryStatus.REGISTERED:
        raise ApplicationError(E.NOT_REGISTERED, "you are not registered")
    entry.status = EntryStatus.CHECKED_IN
    entry.checked_in_at = now
    entry.save(update_fields=["status", "checked_in_at"])
    _changed(tournament)
    return entry


@transaction.atomic
def tournament_withdraw(*, tournament_id, user) -> TournamentEntry:
    """Withdraw ``user``: before the start their place is freed; during the tournament they
    leave their current game (R25: a bot plays the seat on; under the "forfeit" policy the seat
    also ranks last) and are seated in no later round."""
    tournament = _locked(tournament_id)
    if tournament.status in OVER:
        raise ApplicationError(E.TOURNAMENT_OVER, "the tournament is over")
    entry = _entry_of(tournament, user)
    if entry.status not in ACTIVE_ENTRY:
        raise ApplicationError(E.ALREADY_WITHDRAWN, "you have withdrawn already")
    now = clock.now()
    entry.status = EntryStatus.WITHDRAWN
    entry.withdrawn_at = now
    entry.withdrawn_round = tournament.current_round
    entry.save(update_fields=["status", "withdrawn_at", "withdrawn_round"])
    if tournament.status == TournamentStatus.RUNNING:
        seat = (
            TournamentSeat.objects.filter(
                entry=entry, round__tournament=tournament, round__number=tournament.current_round
            )
            .select_related("table__game")
            .first()
        )
        game = seat.table.game if seat is not None else None
        if game is not None and game.status == GameStatus.ACTIVE:
            left = game.seats.filter(user=entry.user).values_list("resigned_at", "forfeited_at")[:1]
            if left and left[0] == (None, None):
                game_resign(
                    game_id=game.pk,
                    user=entry.user,
                    forfeit=tournament.withdrawal_policy == AbsencePolicy.FORFEIT,
                    reason="withdrawn",
                )
    _changed(tournament)
    return entry


# -- the scheduler's step ----------------------------------------------------------------------


def tournament_advance(*, tournament_id) -> bool:
    """Do what is due for the tournament now; return whether anything changed.

    Open registration at its time; at the start, handle no-shows and seat round 1 (or cancel
    with too few players); while running, take every table whose game has ended (its result,
    the standings, a duplicate group's seed revealed once all its tables are done) and, when
    the round's last table has ended, seat the next round or close the tournament with its
    final places. Idempotent: whatever is done is recorded under the tournament's row lock,
    and a second run finds nothing due.
    """
    with transaction.atomic():
        try:
            tournament = _locked(tournament_id)
        except NotFound:
            return False
        now = clock.now()
        changed = False
        if (
            tournament.status == TournamentStatus.SCHEDULED
            and now >= tournament.registration_opens_at
        ):
            tournament.status = TournamentStatus.REGISTRATION
            changed = True
        if tournament.status == TournamentStatus.REGISTRATION and now >= tournament.starts_at:
            _start(tournament, now)
            changed = True
        elif tournament.status == TournamentStatus.RUNNING:
            changed = _progress(tournament, now)
        if changed:
            _changed(
                tournament,
                "status",
                "current_round",
                "started_at",
                "finished_at",
                "cancelled_reason",
                "standings",
            )
        return changed


def _entries(tournament: Tournament) -> list[TournamentEntry]:
    return entries_in_seed_order(tournament)


def _strength(entry: TournamentEntry, ratings: dict[int, float]) -> float:
    """Return the rating ordinal the seed order sorts by (a bot: its strategy's fixed belief)."""
    user = entry.user
    if user.is_bot:
        mu = skill.BOT_MU.get(user.bot_strategy, skill.BOT_MU_DEFAULT)
        return skill.ordinal(mu, skill.BOT_SIGMA)
    return ratings.get(user.pk, skill.ordinal(skill.MU, skill.SIGMA))


def _seed(tournament: Tournament, entries: list[TournamentEntry]) -> None:
    """Number the entries' seeds: strongest rating (of the tournament's time-control kind)
    first, then earliest registration."""
    kind = (tournament.time_control or {}).get("kind", "live")
    ratings = dict(
        Rating.objects.filter(kind=kind, user_id__in=[e.user_id for e in entries]).values_list(
            "user_id", "ordinal"
        )
    )
    ordered = sorted(entries, key=lambda e: (-_strength(e, ratings), e.registered_at, e.pk))
    for number, entry in enumerate(ordered, start=1):
        entry.seed = number
    TournamentEntry.objects.bulk_update(ordered, ["seed"])


def _start(tournament: Tournament, now: datetime) -> None:
    """Close registration: no-shows out (or a bot stands in), seeds, then round 1 — or cancel
    when fewer than ``min_players`` remain."""
    entries = [e for e in _entries(tournament) if e.status in ACTIVE_ENTRY]
    checking_in = tournament.check_in_opens_at is not None
    no_shows = [
        e
        for e in entries
        if checking_in and e.status == EntryStatus.REGISTERED and not e.user.is_bot
    ]
    present = [e for e in entries if e not in no_shows]
    for entry in no_shows:
        entry.status = EntryStatus.NO_SHOW
        entry.save(update_fields=["status"])
        notify(
            user=entry.user,
            kind="tournament",
            text=f"{tournament.name}: you did not check in, so you are not playing",
            url=f"/tournaments/{tournament.pk}",
            key=f"tournament:{tournament.pk}:no-show",
        )
    _seed(tournament, entries)
    if tournament.no_show_policy == AbsencePolicy.BOT:
        taken = set(tournament.entries.values_list("user_id", flat=True))
        for entry in no_shows:
            bot = bot_account_get_or_create(strategy=STAND_IN_STRATEGY, exclude_ids=taken)
            taken.add(bot.pk)
            present.append(
                TournamentEntry.objects.create(
                    tournament=tournament,
                    user=bot,
                    status=EntryStatus.CHECKED_IN,
                    registered_at=now,
                    seed=entry.seed,
                    stand_in_for=entry,
                )
            )
    present.sort(key=lambda e: e.seed)
    if len(present) < max(tournament.min_players, 2):
        tournament.status = TournamentStatus.CANCELLED
        tournament.finished_at = now
        tournament.cancelled_reason = (
            f"{len(present)} players at the start, {tournament.min_players} needed"
        )
        for entry in present:
            notify(
                user=entry.user,
                kind="tournament",
                text=f"{tournament.name} is cancelled: too few players",
                url=f"/tournaments/{tournament.pk}",
                key=f"tournament:{tournament.pk}:cancelled",
            )
        return
    tournament.status = TournamentStatus.RUNNING
    tournament.started_at = now
    _seat_round(tournament, 1, present, now)


def _history(tournament: Tournament) -> list[tuple[int, ...]]:
    """Return every earlier table as its entry ids in seat order (for repeat avoidance)."""
    tables: dict[int, list[int]] = {}
    seats = TournamentSeat.objects.filter(round__tournament=tournament).order_by("table", "index")
    for table_id, entry_id in seats.values_list("table_id", "entry_id"):
        tables.setdefault(table_id, []).append(entry_id)
    return [tuple(t) for t in tables.values()]


def _seating(
    tournament: Tournament, number: int, ids: list[int], round_seed: bytes
) -> tuple[formats.Seating, dict[int, tuple[int, bytes]]]:
    """Return the round's tables (entry ids in seat order) and, for duplicate, each table's
    (deal group, deal seed) by table index."""
    fmt, size = tournament.format, tournament.table_size
    if fmt == TournamentFormat.SINGLE:
        return formats.seat_single_table(ids, min(size, len(ids)), number), {}
    history = _history(tournament) if number > 1 else []
    if fmt == TournamentFormat.ELIMINATION:
        return formats.seat_elimination(ids, size, history, seed=round_seed), {}
    if fmt == TournamentFormat.DUPLICATE:
        seated = formats.seat_duplicate(ids, size, round_seed, history, seed=round_seed)
        groups = {}
        for g, group in enumerate(seated.groups):
            for t in group.tables:
                groups[t] = (g, group.deal_seed)
        return seated.tables, groups
    return formats.seat_swiss(ids, size, history, seed=round_seed), {}


def _seat_round(
    tournament: Tournament, number: int, ranking: list[TournamentEntry], now: datetime
) -> None:
    """Seat round ``number`` of ``ranking`` (best first), create and start its games (rated as
    the tournament is), and tell each player where they sit."""
    round_seed = secrets.token_bytes(32)
    tround = TournamentRound.objects.create(
        tournament=tournament, number=number, started_at=now, seed=round_seed.hex()
    )
    by_id = {e.pk: e for e in ranking}
    seating, groups = _seating(tournament, number, [e.pk for e in ranking], round_seed)
    seats = []
    for index, table in enumerate(seating):
        group, deal_seed = groups.get(index, (None, None))
        label = f" · R{number} T{index + 1}"
        game = game_create_seated(
            created_by=tournament.created_by,
            users=[by_id[i].user for i in table],
            hand_table=tournament.hand_table,
            variants=tournament.variants,
            time_control=tournament.time_control,
            rated=tournament.rated,
            name=tournament.name[: 80 - len(label)] + label,
            seed=deal_seed,
        )
        if deal_seed is not None:
            # Before the commit that lets anyone see the game: other tables play this seed.
            Game.objects.filter(pk=game.pk).update(seed_hidden=True)
        ttable = TournamentTable.objects.create(
            round=tround, number=index + 1, game=game, deal_group=group
        )
        for s, entry_id in enumerate(table):
            seats.append(TournamentSeat(table=ttable, round=tround, index=s, entry_id=entry_id))
            notify(
                user=by_id[entry_id].user,
                kind="tournament",
                text=f"{tournament.name}: round {number}, you are seated at table {index + 1}",
                url=f"/games/{game.pk}",
                key=f"tournament:{tournament.pk}:round:{number}",
            )
    TournamentSeat.objects.bulk_create(seats)
    tournament.current_round = number


def _finished_docs(tournament: Tournament) -> list[tuple[int, dict[str, Any]]]:
    return list(
        TournamentTable.objects.filter(round__tournament=tournament, finished_at__isnull=False)
        .order_by("round__number", "number")
        .values_list("round__number", "result")
    )


def _progress(tournament: Tournament, now: datetime) -> bool:
    """Take the current round's ended tables; close the round when all have ended."""
    tround = tournament.round_set.get(number=tournament.current_round)
    tables = list(tround.tables.select_related("game").prefetch_related("seats"))
    entries = _entries(tournament)
    stood_in = stood_in_entries(tournament, tround.number, entries)
    fresh = []
    for table in tables:
        if table.finished_at is None and table.game.status in ENDED:
            table.result = table_doc_from_game(
                table.game,
                [s.entry_id for s in sorted(table.seats.all(), key=lambda s: s.index)],
                deal_group=deal_group_key(tround.number, table.deal_group),
                stood_in=stood_in,
            )
            table.finished_at = now
            table.save(update_fields=["result", "finished_at"])
            fresh.append(table)
    if not fresh:
        return False
    _reveal_finished_groups(tables)
    tournament.standings = standings_doc(tournament, entries, _finished_docs(tournament))
    if any(t.finished_at is None for t in tables):
        return True
    tround.finished_at = now
    tround.standings = tournament.standings
    advancement = None
    if tournament.format == TournamentFormat.ELIMINATION:
        advancement = formats.advance_elimination(
            [table_result(t.result) for t in tables],
            seed_order=[e.pk for e in entries],
            table_size=tournament.table_size,
            advance=tournament.advance,
            scoring=scoring_of(tournament),
        )
        tround.advancing = list(advancement.advancing)
    tround.save(update_fields=["finished_at", "standings", "advancing"])
    ranking = _next_ranking(tournament, tround, entries, advancement)
    if len(ranking) >= 2:
        _seat_round(tournament, tround.number + 1, ranking, now)
    else:
        _finish(tournament, entries, now)
    return True


def _reveal_finished_groups(tables: list[TournamentTable]) -> None:
    """Show a duplicate deal group's seed once every table dealt it has finished."""
    groups: dict[int, list[TournamentTable]] = {}
    for table in tables:
        if table.deal_group is not None:
            groups.setdefault(table.deal_group, []).append(table)
    done = [
        t.game_id
        for members in groups.values()
        if all(t.finished_at is not None for t in members)
        for t in members
    ]
    if done:
        Game.objects.filter(pk__in=done, seed_hidden=True).update(seed_hidden=False)


def _next_ranking(
    tournament: Tournament,
    tround: TournamentRound,
    entries: list[TournamentEntry],
    advancement: formats.Advancement | None,
) -> list[TournamentEntry]:
    """Return who plays the next round, best first (empty: the tournament is over)."""
    active = {e.pk: e for e in entries if e.status in ACTIVE_ENTRY}
    if advancement is not None:
        if advancement.finished:
            return []
        return [active[i] for i in advancement.advancing if i in active]
    if tround.number >= tournament.rounds:
        return []
    if tournament.format == TournamentFormat.SINGLE:
        return [e for e in entries if e.pk in active]  # seed order: the seats rotate
    ranked = [line["entry"] for line in tournament.standings["lines"]]
    order = [active[i] for i in ranked if i in active]
    seen = set(ranked)
    return order + [e for e in entries if e.pk in active and e.pk not in seen]


def _finish(tournament: Tournament, entries: list[TournamentEntry], now: datetime) -> None:
    """Close the tournament: final standings and places, every seed shown, players told."""
    tournament.status = TournamentStatus.FINISHED
    tournament.finished_at = now
    tournament.standings = standings_doc(
        tournament, entries, _finished_docs(tournament), final=True
    )
    places = {line["entry"]: line["rank"] for line in tournament.standings["lines"]}
    for entry in entries:
        entry.final_place = places.get(entry.pk)
    TournamentEntry.objects.bulk_update(entries, ["final_place"])
    Game.objects.filter(tournament_table__round__tournament=tournament, seed_hidden=True).update(
        seed_hidden=False
    )
    for entry in entries:
        if entry.final_place is not None:
            notify(
                user=entry.user,
                kind="tournament",
                text=f"{tournament.name} has finished: you placed {entry.final_place}",
                url=f"/tournaments/{tournament.pk}",
                key=f"tournament:{tournament.pk}:finished",
            )


# -- recompute ---------------------------------------------------------------------------------


@transaction.atomic
def tournament_recompute_standings(*, tournament_id, write: bool = True) -> bool:
    """Rebuild every finished table's result and the standings from the games' events; return
    whether they differ from what is stored (and, with ``write``, store the rebuilt ones)."""
    tournament = _locked(tournament_id)
    standings, docs = standings_from_games(tournament)
    tables = {
        t.pk: t
        for t in TournamentTable.objects.filter(
            round__tournament=tournament, finished_at__isnull=False
        ).select_related("round")
    }
    entries = _entries(tournament)
    by_round = {}
    for r in tournament.round_set.filter(finished_at__isnull=False):
        upto = [(t.round.number, docs[t.pk]) for t in tables.values() if t.round.number <= r.number]
        by_round[r.pk] = (r, standings_doc(tournament, entries, upto))
    differs = standings != tournament.standings
    differs |= any(tables[pk].result != doc for pk, doc in docs.items())
    differs |= any(r.standings != doc for r, doc in by_round.values())
    if differs and write:
        for pk, doc in docs.items():
            TournamentTable.objects.filter(pk=pk).update(result=doc)
        for r, doc in by_round.values():
            TournamentRound.objects.filter(pk=r.pk).update(standings=doc)
        tournament.standings = standings
        if standings is not None and standings["final"]:
            places = {line["entry"]: line["rank"] for line in standings["lines"]}
            for entry in entries:
                entry.final_place = places.get(entry.pk)
            TournamentEntry.objects.bulk_update(entries, ["final_place"])
        _changed(tournament, "standings")
    return differs
