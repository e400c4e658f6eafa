"""Creating a tournament (tournaments.services): its format, ruleset, rounds, time control,
ready window, chat and entry conditions checked, one transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction

from core import clock
from core.errors import ApplicationError
from core.errors import Forbidden
from games.chat_modes import chat_mode_check
from games.engine import Ruleset
from games.engine import RulesetError
from games.services import VARIANT_KEYS
from games.services import validate_time_control as game_time_control
from teams import selectors as team_selectors
from tournaments import absence
from tournaments import broadcast
from tournaments import eligibility
from tournaments.models import ARENA_WAIT_SECONDS
from tournaments.models import READY_SECONDS
from tournaments.models import AbsencePolicy
from tournaments.models import Tournament
from tournaments.models import TournamentFormat
from tournaments.models import TournamentStatus
from tournaments.service_common import ARENA_MINUTES_RANGE
from tournaments.service_common import ARENA_WAIT_RANGE
from tournaments.service_common import MAX_BATTLE_TEAMS
from tournaments.service_common import MAX_ROUNDS
from tournaments.service_common import MAX_TEAM_BEST
from tournaments.service_common import READY_SECONDS_RANGE
from tournaments.service_common import E
from tournaments.service_common import _invalid
from tournaments.service_common import can_organize

# -- create ------------------------------------------------------------------------------------


def _table_sizes_possible(fmt: str, table_size: int) -> range:
    """Every table size a round of ``fmt`` can seat (balanced tables differ by one; an odd
    field at tables of 2 gets one table of 3)."""
    if fmt in (TournamentFormat.SINGLE, TournamentFormat.ARENA):
        return range(2, table_size + 1)  # an arena table that cannot fill may be smaller
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


def _check_teams(fmt: str, team: Any, battle_teams: Any, best: Any) -> tuple[Any, list]:
    """Return the team of a team-only tournament and the teams of a battle, refusing what does
    not fit: an unknown or closed team, both at once, a battle that is not an arena or has
    fewer than two teams, a count of best players out of range."""

    def open_team(ref: Any, field: str):
        found = team_selectors.team_or_none(ref)
        if found is None or found.is_closed:
            raise _invalid(f"no open team {ref!r}", field)
        return found

    own = open_team(team, "team") if team not in (None, "") else None
    battle: list = []
    if battle_teams:
        if own is not None:
            raise _invalid("a tournament is either for one team or a battle of teams", "team")
        if fmt != TournamentFormat.ARENA:
            raise _invalid("a team battle is an arena", "battle_teams")
        if not isinstance(battle_teams, list) or not 2 <= len(battle_teams) <= MAX_BATTLE_TEAMS:
            raise _invalid(f"a battle has 2 to {MAX_BATTLE_TEAMS} teams", "battle_teams")
        battle = [open_team(ref, "battle_teams") for ref in battle_teams]
        if len({t.pk for t in battle}) != len(battle):
            raise _invalid("a team is named twice", "battle_teams")
        if not _is_int(best, 1, MAX_TEAM_BEST):
            raise _invalid(f"team_best must be 1 to {MAX_TEAM_BEST}", "team_best")
    elif best is not None:
        raise _invalid("team_best is for a team battle", "team_best")
    return own, battle


def _is_int(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _check_arena(
    fmt: str,
    time_control: dict[str, Any],
    duration_minutes: Any,
    wait_seconds: Any,
    bots: Any,
    berserk: Any,
) -> None:
    """Refuse arena settings that do not fit: an arena is live, lasts a bounded time, and
    berserk halves a reserve, so it needs one."""
    arena = fmt == TournamentFormat.ARENA
    if not arena:
        if duration_minutes is not None or bots or berserk:
            raise _invalid("duration_minutes, arena_bots and berserk are for an arena", "format")
        return
    lo, hi = ARENA_MINUTES_RANGE
    if not _is_int(duration_minutes, lo, hi):
        raise _invalid(f"duration_minutes must be {lo} to {hi}", "duration_minutes")
    lo, hi = ARENA_WAIT_RANGE
    if not _is_int(wait_seconds, lo, hi):
        raise _invalid(f"arena_wait_seconds must be {lo} to {hi}", "arena_wait_seconds")
    if (time_control or {}).get("kind") == "correspondence":
        raise _invalid("an arena is played live", "time_control")
    if berserk and not (time_control or {}).get("reserve_seconds"):
        raise _invalid("berserk halves the reserve: give the time control one", "berserk")


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
    bots_only: bool = False,
    no_show_policy: str = AbsencePolicy.FORFEIT,
    withdrawal_policy: str = AbsencePolicy.BOT,
    description: str = "",
    ready_seconds: int = READY_SECONDS,
    chat: str | None = None,
    round_pause_seconds: int | None = None,
    series=None,
    occurrence: datetime | None = None,
    duration_minutes: int | None = None,
    arena_wait_seconds: int = ARENA_WAIT_SECONDS,
    arena_bots: bool = False,
    berserk: bool = False,
    team=None,
    battle_teams: list | None = None,
    team_best: int | None = None,
    **conditions,
) -> Tournament:
    """Schedule a tournament (staff and organizers). Registration opens now unless given and
    closes at the start unless given; with ``check_in_opens_at`` players must check in from
    then until the start. ``ready_seconds``: a live table's ready window (see ``_seat_round``);
    ``round_pause_seconds``: the pause between rounds (None: the default of the time control's
    kind, ``absence.round_pause``). ``bots_only``: entered by bots alone (never rated:
    ``bots_not_rated``). ``conditions``: the entry conditions
    (``eligibility.CONDITION_DEFAULTS``); ``series`` and ``occurrence``: the series occurrence
    this is (``tournaments.series``). An arena (live only) plays for ``duration_minutes``; its
    tables that cannot fill form after ``arena_wait_seconds``, with bots if ``arena_bots``;
    ``berserk`` lets a player halve their reserve for a bonus point (tournaments.arena).
    ``team`` (a slug or id): only its members enter — its leaders may create such a
    tournament; ``battle_teams`` and ``team_best``: a team battle (an arena) of those teams,
    each scoring its ``team_best`` best players' points — a leader of one of them may create it.
    """
    own_team, battle = _check_teams(format, team, battle_teams, team_best)
    leads = [t for t in ([own_team] if own_team else battle) if team_selectors.is_leader(t, user)]
    if not can_organize(user) and not leads:
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
    lo, hi = READY_SECONDS_RANGE
    if not isinstance(ready_seconds, int) or isinstance(ready_seconds, bool):
        raise _invalid(f"ready_seconds must be {lo} to {hi}", "ready_seconds")
    if not lo <= ready_seconds <= hi:
        raise _invalid(f"ready_seconds must be {lo} to {hi}", "ready_seconds")
    conditions = eligibility.conditions_clean(**conditions)
    if bots_only and rated:
        raise ApplicationError(
            E.BOTS_NOT_RATED,
            "a bots-only tournament is never rated",
            extra={"fields": {"rated": ["a bots-only tournament is never rated"]}},
        )
    if round_pause_seconds is not None:
        lo, hi = absence.ROUND_PAUSE_RANGE
        if (
            not isinstance(round_pause_seconds, int)
            or isinstance(round_pause_seconds, bool)
            or not lo <= round_pause_seconds <= hi
        ):
            raise _invalid(f"round_pause_seconds must be {lo} to {hi}", "round_pause_seconds")
    variants = dict(variants or {})
    _check_ruleset(format, table_size, hand_table, variants)
    chat = chat_mode_check(chat, rated=rated)  # its tables' too
    try:
        time_control = game_time_control(time_control)
    except ApplicationError as exc:
        raise ApplicationError(E.INVALID_TIME_CONTROL, exc.detail) from None
    _check_arena(format, time_control, duration_minutes, arena_wait_seconds, arena_bots, berserk)
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
        bots_only=bool(bots_only),
        no_show_policy=no_show_policy,
        withdrawal_policy=withdrawal_policy,
        ready_seconds=ready_seconds,
        chat=chat,
        round_pause_seconds=round_pause_seconds,
        series=series,
        occurrence=occurrence,
        duration_minutes=duration_minutes if format == TournamentFormat.ARENA else None,
        arena_wait_seconds=arena_wait_seconds,
        arena_bots=bool(arena_bots),
        berserk=bool(berserk),
        team=own_team,
        team_best=team_best if battle else None,
        **conditions,
    )
    if battle:
        tournament.battle_teams.set(battle)
    broadcast.publish_tournament(tournament.pk)
    return tournament
