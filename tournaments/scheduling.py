"""The scheduler's step (tournaments.services): ``tournament_advance`` does whatever is due for
one tournament and nothing else — open registration, start, seat rounds as lobby tables with
their ready windows, start the tables whose windows closed, close rounds, finish — so running it
twice, late or concurrently changes nothing the second time; and the standings recomputed
after an adjudication."""

from __future__ import annotations

import secrets
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.services import bot_account_get_or_create
from core import clock
from core import tasks as runner
from core.errors import NotFound
from games.engine import commitment
from games.models import Game
from games.models import GameStatus
from notifications.services import notify
from ratings.tasks import apply_game_ratings
from tournaments import absence
from tournaments import arena
from tournaments import formats
from tournaments.models import ACTIVE_ENTRY
from tournaments.models import AbsencePolicy
from tournaments.models import EntryStatus
from tournaments.models import Tournament
from tournaments.models import TournamentDealGroup
from tournaments.models import TournamentEntry
from tournaments.models import TournamentFormat
from tournaments.models import TournamentRound
from tournaments.models import TournamentSeat
from tournaments.models import TournamentStatus
from tournaments.models import TournamentTable
from tournaments.notices import result_notify
from tournaments.results import ENDED
from tournaments.results import deal_group_key
from tournaments.results import entries_in_seed_order
from tournaments.results import finished_docs
from tournaments.results import scoring_of
from tournaments.results import standings_doc
from tournaments.results import standings_from_games
from tournaments.results import stood_in_entries
from tournaments.results import table_doc_from_game
from tournaments.results import table_result
from tournaments.seating import open_table
from tournaments.seating import rating_kind
from tournaments.seating import ready_deadline
from tournaments.seating import start_or_queue
from tournaments.seating import start_ready_tables
from tournaments.seating import start_ready_unit
from tournaments.seating import strength
from tournaments.seating import user_ratings
from tournaments.selectors import ready_units
from tournaments.selectors import ready_window_closed
from tournaments.selectors import tournament_for_game
from tournaments.service_common import STAND_IN_STRATEGY
from tournaments.service_common import _changed
from tournaments.service_common import _locked

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
                "next_round_at",
            )
        return changed


def _entries(tournament: Tournament) -> list[TournamentEntry]:
    return entries_in_seed_order(tournament)


def _seed(tournament: Tournament, entries: list[TournamentEntry]) -> None:
    """Number the entries' seeds: strongest rating (of the tournament's time-control kind)
    first, then earliest registration."""
    ratings = user_ratings(tournament, [e.user_id for e in entries])

    def key(e: TournamentEntry):
        return (-strength(e.user, ratings.get(e.user_id))[0], e.registered_at, e.pk)

    ordered = sorted(entries, key=key)
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
        if checking_in and e.status == EntryStatus.REGISTERED and not e.user.is_platform_bot
    ]
    present = [e for e in entries if e not in no_shows]
    for entry in no_shows:
        entry.status = EntryStatus.NO_SHOW
        entry.save(update_fields=["status"])
        absence.check_in_missed(tournament, entry, now)
        result_notify(entry.user, tournament, "no_show")
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
            result_notify(entry.user, tournament, "cancelled")
        return
    if tournament.format == TournamentFormat.ARENA:
        arena.begin(tournament, present, now)
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
    """Seat round ``number`` of ``ranking`` (best first): open its tables (tournaments.seating:
    rated as the tournament is, each in its ready window; a duplicate deal group's tables with
    the group's one server seed, committed now) and tell each player where they sit; start the
    tables whose ready window has nobody to wait for."""
    round_seed = secrets.token_bytes(32)
    tround = TournamentRound.objects.create(
        tournament=tournament, number=number, started_at=now, seed=round_seed.hex()
    )
    by_id = {e.pk: e for e in ranking}
    seating, groups = _seating(tournament, number, [e.pk for e in ranking], round_seed)
    deadline = ready_deadline(tournament, now)
    for group, deal_seed in sorted(set(groups.values())):
        # One server seed per deal group, the formats' deal seed drawn from the round's secret
        # (shown once the round has finished, so anyone can check it then).
        TournamentDealGroup.objects.create(
            round=tround,
            number=group,
            server_seed=deal_seed.hex(),
            server_seed_commitment=commitment(deal_seed),
            committed_at=now,
        )
    live = rating_kind(tournament) != "correspondence"
    seats = []
    for index, table in enumerate(seating):
        group, deal_seed = groups.get(index, (None, None))
        ttable = open_table(
            tournament,
            tround,
            index + 1,
            [by_id[i].user for i in table],
            now=now,
            deadline=deadline,
            label=f" · R{number} T{index + 1}",
            deal_group=group,
            deal_seed=deal_seed,
        )
        for s, entry_id in enumerate(table):
            seats.append(TournamentSeat(table=ttable, round=tround, index=s, entry_id=entry_id))
            notify(
                user=by_id[entry_id].user,
                kind="tournament_seated",
                params={
                    "tournament": tournament.name,
                    "round": number,
                    "table": index + 1,
                    "live": live,
                    "seconds": tournament.ready_seconds,
                },
                url=f"/games/{ttable.game_id}",
                key=f"tournament:{tournament.pk}:round:{number}",
            )
    TournamentSeat.objects.bulk_create(seats)
    tournament.current_round = number
    start_or_queue(tournament, tround, now)


def tournament_table_start(*, game_id, version: int = 0) -> bool:
    """Start the tournament table of ``game_id`` (with the rest of its deal group) if its
    ready window has closed and the game is still at ``version``; return whether it started.

    The task queued for a live window's end runs this; the tick starts every other closed
    window too, so an early, late, lost or repeated task changes nothing more.
    """
    try:
        tournament_id = tournament_for_game(game_id)
    except (ValueError, TypeError, ValidationError):
        return False
    if tournament_id is None:
        return False
    with transaction.atomic():
        tournament = _locked(tournament_id)
        table = TournamentTable.objects.select_related("round", "game").get(game_id=game_id)
        game = table.game
        if (
            tournament.status != TournamentStatus.RUNNING
            or game.status != GameStatus.OPEN
            or game.version != version
        ):
            return False
        unit = next((u for u in ready_units(table.round) if table.pk in {t.pk for t in u}), None)
        now = clock.now()
        if unit is None or not ready_window_closed(tournament, unit, now):
            return False
        if not start_ready_unit(tournament, unit, now):
            return False
        _changed(tournament)
        return True


def _progress(tournament: Tournament, now: datetime) -> bool:
    """Start the current round's tables whose ready window has closed; take its ended
    tables; close the round when all have ended; after the pause, seat the next round. An
    arena pairs its pool instead (tournaments.arena)."""
    if tournament.format == TournamentFormat.ARENA:
        changed, over = arena.progress(tournament, now)
        if over:
            _finish(tournament, _entries(tournament), now)
        return changed
    tround = tournament.round_set.get(number=tournament.current_round)
    if tournament.next_round_at is not None:
        if now < tournament.next_round_at:
            return False
        tournament.next_round_at = None
        _seat_next(tournament, tround, _entries(tournament), now)
        return True
    started = start_ready_tables(tournament, tround, now)
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
            absence.table_ended(tournament, tround.number, table, {e.pk: e for e in entries}, now)
    if not fresh:
        return started
    _reveal_finished_groups(tables)
    tournament.standings = standings_doc(tournament, entries, finished_docs(tournament))
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
    over = advancement.finished if advancement is not None else tround.number >= tournament.rounds
    pause = absence.round_pause(tournament)
    if over or not pause:
        _seat_next(tournament, tround, entries, now)
    else:
        tournament.next_round_at = now + pause  # the page counts down to it
    return True


def _seat_next(
    tournament: Tournament, tround: TournamentRound, entries: list[TournamentEntry], now
) -> None:
    """Seat the round after ``tround`` of who is active now (late joiners and rejoiners
    included), or close the tournament when it is over or too few remain."""
    ranking = _next_ranking(tournament, tround, entries)
    if len(ranking) >= 2:
        _seat_round(tournament, tround.number + 1, ranking, now)
    else:
        _finish(tournament, entries, now)


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
    if not done:
        return
    revealed = list(
        Game.objects.filter(pk__in=done, seed_hidden=True).values_list("pk", "rated", "status")
    )
    Game.objects.filter(pk__in=[pk for pk, _, _ in revealed]).update(seed_hidden=False)
    # Ratings wait for the reveal (ratings.services): apply the group's rated games now.
    for pk, rated, status in revealed:
        if rated and status == GameStatus.FINISHED:
            transaction.on_commit(lambda pk=pk: runner.submit(apply_game_ratings, pk))


def _next_ranking(
    tournament: Tournament, tround: TournamentRound, entries: list[TournamentEntry]
) -> list[TournamentEntry]:
    """Return who plays the next round, best first (empty: the tournament is over)."""
    active = {e.pk: e for e in entries if e.status in ACTIVE_ENTRY}
    if tournament.format == TournamentFormat.ELIMINATION:
        if tround.advancing is None or len(tround.advancing) < 2:
            return []
        return [active[i] for i in tround.advancing if i in active]
    if tround.number >= tournament.rounds:
        return []
    if tournament.format == TournamentFormat.SINGLE:
        return [e for e in entries if e.pk in active]  # seed order: the seats rotate
    # Late joiners for this round are ranked by their byes' points (tournaments.results).
    upto = tround.number + 1
    lines = standings_doc(tournament, entries, finished_docs(tournament), upto_round=upto)
    ranked = [line["entry"] for line in lines["lines"]]
    order = [active[i] for i in ranked if i in active]
    seen = set(ranked)
    return order + [e for e in entries if e.pk in active and e.pk not in seen]


def _finish(tournament: Tournament, entries: list[TournamentEntry], now: datetime) -> None:
    """Close the tournament: final standings and places, every seed shown, players told."""
    tournament.status = TournamentStatus.FINISHED
    tournament.finished_at = now
    tournament.standings = standings_doc(tournament, entries, finished_docs(tournament), final=True)
    places = {line["entry"]: line["rank"] for line in tournament.standings["lines"]}
    for entry in entries:
        entry.final_place = places.get(entry.pk)
    TournamentEntry.objects.bulk_update(entries, ["final_place"])
    Game.objects.filter(tournament_table__round__tournament=tournament, seed_hidden=True).update(
        seed_hidden=False
    )
    for entry in entries:
        if entry.final_place is not None:
            result_notify(entry.user, tournament, "finished", place=entry.final_place)


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
