"""Arena tournaments: the scheduler's step for an arena (tournaments.scheduling calls it) and
its standings (tournaments.results calls ``arena_standings_doc``).

An arena plays from its start for ``duration_minutes``. Every player in it is *waiting*
(``TournamentEntry.waiting_since``: in the pairing pool since then), *seated* at a table in
play, or *paused* (``paused``: keeps their score, given no table; the pause takes effect once
their table in play ends). At every step — a table ended, someone joined, came back from a
pause, or the tick at the next time something is due (``next_round_at``: a waiting player's
wait running out, the end) — the pool is paired (``formats.arena.pair_arena``: who sits with
whom, when a table that cannot fill forms, when bots fill it) and the tables formed open
together as one *wave* (a ``TournamentRound``), each in its ready window as at every
tournament table. No table is formed once the arena's time is up; the tables playing then
finish and count, and the arena finishes when the last of them has.

A bot that fills a table is a *house bot* entry (``house_bot``): it sits at tables, its seats
have results, but it is not ranked. Points, streaks, berserk and the tie-breaks are the
formats' (``formats.arena``); the standings are rebuilt from the games' events like every
format's (``tournaments.results``).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime
from datetime import timedelta
from fractions import Fraction

from accounts.services import bot_account_get_or_create
from games.models import GameStatus
from games.models import Seat
from notifications.services import notify
from tournaments import absence
from tournaments.formats import arena as rules
from tournaments.models import ACTIVE_ENTRY
from tournaments.models import Tournament
from tournaments.models import TournamentEntry
from tournaments.models import TournamentRound
from tournaments.models import TournamentSeat
from tournaments.models import TournamentStatus
from tournaments.models import TournamentTable
from tournaments.results import ENDED
from tournaments.results import arena_table_doc
from tournaments.results import entries_in_seed_order
from tournaments.results import finished_docs
from tournaments.results import standings_doc
from tournaments.results import stood_in_entries
from tournaments.seating import open_table
from tournaments.seating import ready_deadline
from tournaments.seating import start_or_queue
from tournaments.seating import start_ready_tables
from tournaments.seating import strength
from tournaments.seating import user_ratings
from tournaments.service_common import STAND_IN_STRATEGY


def begin(tournament: Tournament, present: Sequence[TournamentEntry], now: datetime) -> None:
    """Start the arena: everyone present waits from now; the first wave is paired."""
    tournament.status = TournamentStatus.RUNNING
    tournament.started_at = now
    TournamentEntry.objects.filter(pk__in=[e.pk for e in present]).update(
        waiting_since=now, paused=False
    )
    _pair(tournament, now)
    tournament.next_round_at = _next_check(tournament, now)


def progress(tournament: Tournament, now: datetime) -> tuple[bool, bool]:
    """Do what is due for a running arena; return (whether anything changed, whether it is
    over: its time is up and its last table has ended — the caller closes it)."""
    changed = False
    for tround in _open_waves(tournament):
        changed |= start_ready_tables(tournament, tround, now)
    if _take_ended(tournament, now):
        changed = True
    ends_at = tournament.ends_at
    if now < ends_at:
        changed |= _pair(tournament, now)
    elif not _playing(tournament).exists():
        tournament.next_round_at = None
        return True, True
    due = _next_check(tournament, now)
    if due != tournament.next_round_at:
        tournament.next_round_at = due
        changed = True
    return changed, False


def _playing(tournament: Tournament):
    return TournamentTable.objects.filter(round__tournament=tournament, finished_at__isnull=True)


def _open_waves(tournament: Tournament) -> list[TournamentRound]:
    return list(tournament.round_set.filter(tables__game__status=GameStatus.OPEN).distinct())


def _take_ended(tournament: Tournament, now: datetime) -> bool:
    """Record every table whose game has ended; its players go back to the pool."""
    tables = list(
        _playing(tournament)
        .filter(game__status__in=ENDED)
        .select_related("game", "round")
        .prefetch_related("seats")
        .order_by("round__number", "number")
    )
    if not tables:
        return False
    entries = entries_in_seed_order(tournament)
    by_id = {e.pk: e for e in entries}
    back: list[int] = []
    for table in tables:
        seats = sorted(table.seats.all(), key=lambda s: s.index)
        table.result = arena_table_doc(
            table, seats, stood_in_entries(tournament, table.round.number, entries)
        )
        table.finished_at = now
        table.save(update_fields=["result", "finished_at"])
        absence.table_ended(tournament, table.round.number, table, by_id, now)
        back += [s.entry_id for s in seats]
    # Back to the pool: whoever still plays (not paused, not out); house bots wait for a call.
    TournamentEntry.objects.filter(
        pk__in=back, status__in=ACTIVE_ENTRY, paused=False, house_bot=False
    ).update(waiting_since=now)
    tournament.standings = standings_doc(tournament, entries, finished_docs(tournament))
    return True


def _scores(tournament: Tournament) -> dict[int, Fraction]:
    lines = (tournament.standings or {}).get("lines", [])
    return {line["entry"]: Fraction(line["points_exact"]) for line in lines}


def _last_tablemates(entry_ids: list[int]) -> dict[int, frozenset[int]]:
    """Return, for each entry, the entries of the last table it sat at (itself excluded)."""
    last: dict[int, int] = {}
    seats = TournamentSeat.objects.filter(entry_id__in=entry_ids).order_by("round__number")
    for entry_id, table_id in seats.values_list("entry_id", "table_id"):
        last[entry_id] = table_id
    mates: dict[int, set[int]] = {}
    rows = TournamentSeat.objects.filter(table_id__in=set(last.values())).values_list(
        "table_id", "entry_id"
    )
    for table_id, entry_id in rows:
        mates.setdefault(table_id, set()).add(entry_id)
    return {e: frozenset(mates.get(t, set()) - {e}) for e, t in last.items()}


def _pair(tournament: Tournament, now: datetime) -> bool:
    """Pair the pool and open the tables formed as the next wave; return whether any formed."""
    pool = list(
        tournament.entries.filter(
            status__in=ACTIVE_ENTRY, paused=False, house_bot=False, waiting_since__isnull=False
        ).select_related("user")
    )
    busy = _playing_elsewhere(tournament, [e.user_id for e in pool])
    pool = [e for e in pool if e.user_id not in busy]
    if not pool:
        return False
    ratings = user_ratings(tournament, [e.user_id for e in pool])
    shown = {e.pk: strength(e.user, ratings.get(e.user_id))[1] for e in pool}
    scores = _scores(tournament)
    last = _last_tablemates([e.pk for e in pool])
    waiting = [
        rules.Waiting(
            e.pk,
            scores.get(e.pk, Fraction(0)),
            shown[e.pk],
            e.waiting_since.timestamp(),
            last.get(e.pk, frozenset()),
        )
        for e in sorted(pool, key=lambda e: (e.waiting_since, e.pk))
    ]
    tables = rules.pair_arena(
        waiting,
        now=now.timestamp(),
        table_size=tournament.table_size,
        wait_seconds=tournament.arena_wait_seconds,
        bots=tournament.arena_bots,
    )
    if not tables:
        return False
    _open_wave(tournament, tables, {e.pk: e for e in pool}, shown, now)
    return True


def _playing_elsewhere(tournament: Tournament, user_ids: list[int]) -> set[int]:
    """Return the users seated at a live table of another event (a quick pairing, a lobby
    table) that has not ended: they wait in the pool, and are paired once it has (a person
    plays one live table at a time)."""
    seats = Seat.objects.filter(
        user_id__in=user_ids,
        game__status__in=(GameStatus.OPEN, GameStatus.ACTIVE),
        game__time_control__kind="live",
        resigned_at__isnull=True,
        forfeited_at__isnull=True,
    ).exclude(game__tournament_table__round__tournament=tournament)
    return set(seats.values_list("user_id", flat=True))


def _house_bots(tournament: Tournament, count: int, now: datetime) -> list[TournamentEntry]:
    """Return ``count`` house bot entries free to sit (reused, or new bots entered now)."""
    busy = _playing(tournament).values("seats__entry_id")
    free = list(
        tournament.entries.filter(house_bot=True)
        .exclude(pk__in=busy)
        .select_related("user")
        .order_by("pk")[:count]
    )
    taken = set(tournament.entries.values_list("user_id", flat=True))
    while len(free) < count:
        bot = bot_account_get_or_create(strategy=STAND_IN_STRATEGY, exclude_ids=taken)
        taken.add(bot.pk)
        free.append(
            TournamentEntry.objects.create(
                tournament=tournament,
                user=bot,
                registered_at=now,
                house_bot=True,
                status="checked_in",
            )
        )
    return free


def _open_wave(
    tournament: Tournament,
    tables: Sequence[rules.ArenaTable],
    by_id: dict[int, TournamentEntry],
    shown: dict[int, int],
    now: datetime,
) -> None:
    number = tournament.current_round + 1
    tround = TournamentRound.objects.create(
        tournament=tournament, number=number, started_at=now, seed=secrets.token_bytes(32).hex()
    )
    deadline = ready_deadline(tournament, now)
    live = (tournament.time_control or {}).get("kind") != "correspondence"
    seats = []
    for index, table in enumerate(tables):
        entries = [by_id[p] for p in table.players] + _house_bots(tournament, table.bots, now)
        bots = {e.pk: strength(e.user, None)[1] for e in entries if e.house_bot}
        ttable = open_table(
            tournament,
            tround,
            index + 1,
            [e.user for e in entries],
            now=now,
            deadline=deadline,
            label=f" · A{number} T{index + 1}",
        )
        for s, entry in enumerate(entries):
            seats.append(
                TournamentSeat(
                    table=ttable,
                    round=tround,
                    index=s,
                    entry=entry,
                    rating=shown.get(entry.pk, bots.get(entry.pk)),
                )
            )
            if entry.house_bot:
                continue
            notify(
                user=entry.user,
                kind="tournament_seated",
                params={
                    "tournament": tournament.name,
                    "arena": True,
                    "round": number,
                    "table": index + 1,
                    "live": live,
                    "seconds": tournament.ready_seconds,
                },
                url=f"/games/{ttable.game_id}",
                key=f"tournament:{tournament.pk}:arena:{entry.pk}",
            )
    TournamentSeat.objects.bulk_create(seats)
    TournamentEntry.objects.filter(pk__in=[s.entry_id for s in seats]).update(waiting_since=None)
    tournament.current_round = number
    start_or_queue(tournament, tround, now)


def _next_check(tournament: Tournament, now: datetime) -> datetime | None:
    """Return when the step is next due without a table ending: a waiting player's wait
    running out, or the end."""
    ends_at = tournament.ends_at
    if ends_at is None or now >= ends_at:
        return None
    wait = timedelta(seconds=tournament.arena_wait_seconds)
    times = [
        since + wait
        for since in tournament.entries.filter(
            status__in=ACTIVE_ENTRY, paused=False, house_bot=False, waiting_since__isnull=False
        ).values_list("waiting_since", flat=True)
        if since + wait > now
    ]
    return min([ends_at, *times])
