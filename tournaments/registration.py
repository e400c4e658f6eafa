"""Registration, check-in and withdrawal (tournaments.services): each under the tournament's
row lock, so a capacity check is never done twice."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from core import clock
from core.errors import ApplicationError
from games.eligibility import rated_eligibility_check
from games.models import GameStatus
from games.services import game_resign
from tournaments import absence
from tournaments import arena_selectors
from tournaments import bans
from tournaments import eligibility
from tournaments.models import ACTIVE_ENTRY
from tournaments.models import AbsencePolicy
from tournaments.models import EntryStatus
from tournaments.models import Tournament
from tournaments.models import TournamentEntry
from tournaments.models import TournamentFormat
from tournaments.models import TournamentSeat
from tournaments.models import TournamentStatus
from tournaments.service_common import OVER
from tournaments.service_common import E
from tournaments.service_common import _changed
from tournaments.service_common import _locked

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
    open and there is room; a player who withdrew may register again. While a Swiss runs, a
    late joiner or a player rejoining is taken until the next round is seated
    (``tournaments.absence``). A player under a play ban is refused (``play_ban``).

    Seating takes the same row lock: a registration lands before a round's seating (and is
    seated in it) or after it (and waits for the next, or is refused)."""
    tournament = _locked(tournament_id)
    now = clock.now()
    entry = tournament.entries.filter(user=user).first()
    running = tournament.status == TournamentStatus.RUNNING
    arena_running = running and tournament.format == TournamentFormat.ARENA
    if arena_running:
        _check_arena_open(tournament, entry, now)
    elif running:
        _check_late_join(tournament, entry)
    else:
        _check_registration_open(tournament, now)
    if entry is not None and entry.status in ACTIVE_ENTRY:
        raise ApplicationError(E.ALREADY_REGISTERED, "you are registered already")
    bans.play_ban_check(user, now)
    eligibility.entry_check(tournament, user, now)  # its entry conditions, on every entry
    if tournament.rated:
        rated_eligibility_check(user)  # its games are rated: the same door as a rated table
    # An arena's house bots (tournaments.arena) fill tables; they take no player's place.
    taken = tournament.entries.filter(status__in=ACTIVE_ENTRY, house_bot=False).count()
    if tournament.max_players is not None and taken >= tournament.max_players:
        raise ApplicationError(E.TOURNAMENT_FULL, "every place is taken")
    if arena_running:
        entry = _arena_enter(tournament, entry, user, now)
    elif running and (entry is None or not entry.seats.exists()):
        # A late joiner: seated from the next round, the rounds before it byes.
        late = {
            "joined_round": absence.join_round(tournament),
            "seed": absence.next_seed(tournament),
        }
        if entry is None:
            entry = TournamentEntry.objects.create(
                tournament=tournament, user=user, registered_at=now, **late
            )
        else:
            entry.status = EntryStatus.REGISTERED
            entry.registered_at = now
            entry.joined_round, entry.seed = late["joined_round"], late["seed"]
            entry.save(update_fields=["status", "registered_at", "joined_round", "seed"])
    elif running:
        # A rejoin: the withdrawal stays on record (withdrawn_round decides whether the bot
        # that played their seat on stood in for them, tournaments.results).
        entry.status = EntryStatus.REGISTERED
        entry.save(update_fields=["status"])
    elif entry is None:
        entry = TournamentEntry.objects.create(tournament=tournament, user=user, registered_at=now)
    else:
        entry.status = EntryStatus.REGISTERED
        entry.registered_at = now
        entry.withdrawn_at = entry.withdrawn_round = None
        entry.save(update_fields=["status", "registered_at", "withdrawn_at", "withdrawn_round"])
    _play_for_team(tournament, entry, user)
    _changed(tournament)
    if arena_running:
        arena_step_soon(tournament)
    return entry


def _play_for_team(tournament: Tournament, entry: TournamentEntry, user) -> None:
    """Fix the team a player plays for in a team battle as they enter (the entry conditions
    let in only members of its teams; a bot plays for none)."""
    if tournament.team_best is None or user.is_bot:
        return
    team = eligibility.battle_team_of(tournament, user)
    if entry.team_id != team:
        entry.team_id = team
        entry.save(update_fields=["team"])


def _check_arena_open(tournament: Tournament, entry: TournamentEntry | None, now) -> None:
    """Refuse joining a running arena once its time is up, or a player withdrawn as a
    no-show; anyone else may join (or come back after leaving) until the end."""
    if entry is not None and entry.status == EntryStatus.NO_SHOW:
        raise ApplicationError(
            E.NO_SHOW_WITHDRAWN, "you were withdrawn as a no-show and cannot rejoin"
        )
    if now >= tournament.ends_at:
        raise ApplicationError(E.REGISTRATION_CLOSED, "the arena's time is up")


def _arena_enter(
    tournament: Tournament, entry: TournamentEntry | None, user, now: datetime
) -> TournamentEntry:
    """Put a player who joins a running arena (or comes back to it) into the pairing pool now,
    whatever they scored before kept; one still seated at a table waits for its end."""
    if entry is None:
        entry = TournamentEntry(tournament=tournament, user=user, registered_at=now)
    entry.status = EntryStatus.REGISTERED
    entry.paused = False
    playing = arena_selectors.current_seat(entry) if entry.pk else None
    entry.waiting_since = None if playing is not None else now
    entry.seed = entry.seed or absence.next_seed(tournament)
    entry.save()
    return entry


def arena_step_soon(tournament: Tournament) -> None:
    """Run the arena's step once this transaction commits (a player came into the pool)."""
    from core import tasks as runner
    from tournaments import tasks

    transaction.on_commit(lambda: runner.submit(tasks.advance, tournament.pk))


def _check_late_join(tournament: Tournament, entry: TournamentEntry | None) -> None:
    """Refuse a registration to the running tournament unless late join is open and, for a
    player who played and withdrew, no round has been seated since."""
    if entry is not None and entry.status in ACTIVE_ENTRY:
        raise ApplicationError(E.ALREADY_REGISTERED, "you are registered already")
    if entry is not None and entry.status == EntryStatus.NO_SHOW:
        raise ApplicationError(
            E.NO_SHOW_WITHDRAWN, "you were withdrawn as a no-show and cannot rejoin"
        )
    if not absence.late_join_open(tournament):
        if tournament.format != TournamentFormat.SWISS:
            raise ApplicationError(E.REGISTRATION_CLOSED, "registration has closed")
        raise ApplicationError(
            E.LATE_JOIN_CLOSED, "half of the rounds have started: late join has closed"
        )
    if (
        entry is not None
        and entry.withdrawn_round != tournament.current_round
        and entry.seats.exists()
    ):
        raise ApplicationError(
            E.REJOIN_CLOSED, "a round has been seated since you withdrew: you cannot rejoin"
        )


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
    also ranks last; a table in its ready window: once it starts) and are seated in no later
    round."""
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
    if (
        tournament.status == TournamentStatus.RUNNING
        and tournament.format == TournamentFormat.ARENA
    ):
        seat = arena_selectors.current_seat(entry)
        entry.waiting_since = None
        entry.withdrawn_round = seat.round.number if seat is not None else None
        entry.save(update_fields=["waiting_since", "withdrawn_round"])
    elif tournament.status == TournamentStatus.RUNNING:
        seat = (
            TournamentSeat.objects.filter(
                entry=entry, round__tournament=tournament, round__number=tournament.current_round
            )
            .select_related("table__game")
            .first()
        )
    if tournament.status == TournamentStatus.RUNNING:
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
