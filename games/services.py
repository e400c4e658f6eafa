"""Game services: the only code that writes games. Each runs in one transaction: load, decide,
append (with the expected version), update the projections — the clocks included.

Seats the platform plays — bots, and players who left or forfeited (R25) — move in a task
(``games.tasks.play_automatic``) scheduled once the move that handed them the turn has
committed; the task decides from that seat's knowledge only (``games.bots.knowledge``) and
appends through ``game_play_automatic``, which does nothing if the game has moved on. Expired
deadlines are applied by ``game_apply_timeout`` (RULES R24), called by the sweeper and by a
short ETA task for live precision; it too carries the seq it was made for.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from eventstore import store
from eventstore.store import ConcurrencyConflict, StoredEvent
from notifications.services import notify

from accounts.services import bot_account_get_or_create
from core import clock, metrics, throttling
from core.errors import ApplicationError, Conflict, Forbidden, NotFound
from games import clocks, scheduling
from games.adjudication import adjudication_projection
from games.bots.knowledge import seat_knowledge
from games.bots.simple import POLICIES
from games.bots.strategies import STRATEGIES, make_strategy
from games.broadcast import holders_of, publish_game_events, publish_seats_changed
from games.domain import (
    GAME_ABANDONED,
    SEAT_FORFEITED,
    SEAT_RESIGNED,
    SEED_CONTRIBUTIONS_FIXED,
    Loaded,
    fold,
    load,
    maybe_snapshot,
    platform_event,
    remember_on_commit,
)
from games.engine import (
    Command,
    DrawTile,
    MatchStarted,
    Pass,
    PlaceEngine,
    Ruleset,
    RulesetError,
    StartRound,
    Stop,
    command_from_dict,
    commitment,
    deal_round,
    event_to_dict,
    legal_moves,
    step,
)
from games.engine.deal import MAX_CONTRIBUTION_BYTES, derive_seed_v2
from games.engine.state import DEALING, ENGINE, FINISHED, PLAYING, initial_state
from games.models import Game, GameStatus, Seat
from ratings.selectors import rated_eligibility_check

BOT_STRATEGIES = tuple(STRATEGIES)
RESIGNED_STRATEGY = "greedy"  # plays the seat of a player who left (R25)
TIMEOUT_STRATEGY = "timeout"  # plays a forfeited seat: the timeout action, turn after turn
VARIANT_KEYS = (
    "set_max",
    "hand_size",
    "rounds",
    "max_doubles_per_turn",
    "double_blank_points",
    "scoring",
    "first_turn",
)
TIME_CONTROL_KINDS = ("live", "correspondence")


@dataclass(frozen=True)
class MoveResult:
    seq: int  # the game's version after the move (and any moves it caused)
    events: tuple[StoredEvent, ...]
    duplicate: bool = False
    seat: int | None = None  # the seat of the user who asked, to redact the answer for


def _actor(user, kind: str | None = None) -> dict[str, Any]:
    return {
        "kind": kind or ("bot" if user.is_bot else "player"),
        "user": user.id,
        "name": user.username,
    }


SYSTEM = {"kind": "system"}


# -- lobby -------------------------------------------------------------------------------------


def validate_time_control(tc: dict[str, Any] | None) -> dict[str, Any]:
    """Return a validated time control with every key filled in (RULES R24, games.clocks)."""
    tc = tc or {"kind": "live"}
    kind = tc.get("kind")
    if kind == "live":
        limits = {"seconds_per_move": (5, 3600), "reserve_seconds": (0, 36000)}
    elif kind == "correspondence":
        limits = {"days_per_move": (1, 14), "vacation_days": (0, 60)}
    else:
        raise ApplicationError("invalid_time_control", "kind must be live or correspondence")
    limits["timeouts_allowed"] = (1, 10)
    known = {k: v for k, v in tc.items() if k in limits or k in ("kind", "on_timeouts")}
    out = clocks.with_defaults(known)
    unknown = sorted(set(tc) - set(out))
    if unknown:
        raise ApplicationError("invalid_time_control", f"unknown keys: {', '.join(unknown)}")
    if out["on_timeouts"] not in clocks.ON_TIMEOUTS:
        raise ApplicationError("invalid_time_control", "on_timeouts must be bot or forfeit")
    for key, (lo, hi) in limits.items():
        value = out[key]
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise ApplicationError("invalid_time_control", f"{key} must be {lo} to {hi}")
    return out


@transaction.atomic
def game_create(
    *,
    user,
    players: int,
    hand_table: str = "classic",
    variants: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None,
    rated: bool = False,
    name: str = "",
    seat_creator: bool = True,
    contribution: str | None = None,
    server_seed: bytes | None = None,
    committed_at=None,
) -> Game:
    """Open a table for ``players`` seats; its creator takes seat 0 (unless ``seat_creator``
    is False: the platform's own tables, see ``game_create_seated``), with ``contribution``.

    The server seed is drawn (or ``server_seed`` given: a duplicate group's) and its
    commitment published now, before any contribution is accepted (record version 2).
    """
    if contribution is not None:
        validate_contribution(contribution)
    if rated and seat_creator:
        rated_eligibility_check(user)  # no rated table for a throw-away account to farm from
    variants = dict(variants or {})
    unknown = sorted(set(variants) - set(VARIANT_KEYS))
    if unknown:
        raise ApplicationError(
            "invalid_ruleset", f"unknown variants: {', '.join(unknown)}", extra={"rule": "R3"}
        )
    try:
        ruleset = Ruleset.for_players(players, hand_table=hand_table, **variants)
    except (RulesetError, TypeError) as exc:
        raise ApplicationError(
            "invalid_ruleset", str(exc), extra={"rule": getattr(exc, "rule", "R3")}
        ) from None
    if seat_creator:
        _check_open_tables(user)
    now = clock.now()
    server_seed = server_seed if server_seed is not None else secrets.token_bytes(32)
    game = Game.objects.create(
        name=name,
        created_by=user,
        created_at=now,
        players=players,
        ruleset=ruleset.to_dict(),
        time_control=validate_time_control(time_control),
        rated=rated,
        fairness_version=2,
        server_seed=server_seed.hex(),
        server_seed_commitment=commitment(server_seed),
        seed_commitment=commitment(server_seed),
        committed_at=committed_at or now,
    )
    if seat_creator:
        Seat.objects.create(
            game=game, index=0, user=user, joined_at=now, **_contributed(contribution, now)
        )
    return game


def _check_open_tables(user) -> None:
    """Refuse a player's new table while they have ``OPEN_TABLES_PER_USER`` open ones in the
    lobby (``too_many_open_tables``): the lobby is not theirs to fill. The user's row is locked
    first, so two concurrent creations count one after the other."""
    cap = throttling.open_tables_cap()
    if cap is None:
        return
    list(get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).values("pk"))
    lobby = Game.objects.filter(created_by=user, status=GameStatus.OPEN, ready_deadline=None)
    if lobby.count() >= cap:  # a tournament's tables (a ready window) are the platform's
        raise Conflict(
            "too_many_open_tables",
            f"you have {cap} open tables; start or leave one first",
            extra={"limit": cap},
        )


def validate_contribution(value: Any) -> str:
    """Return ``value`` if it can be a seat's contribution to the seed; else
    ``invalid_contribution`` (a string of at most 256 UTF-8 bytes, spec version 2)."""
    problem = None
    if not isinstance(value, str):
        problem = "a contribution is a string"
    else:
        try:
            size = len(value.encode("utf-8"))
        except UnicodeEncodeError:  # a lone surrogate has no UTF-8 bytes
            problem = "a contribution must be valid Unicode text"
        else:
            if size > MAX_CONTRIBUTION_BYTES:
                problem = f"a contribution holds at most {MAX_CONTRIBUTION_BYTES} UTF-8 bytes"
            elif "\x00" in value:  # PostgreSQL text cannot hold it
                problem = "a contribution cannot contain the NUL character"
    if problem is not None:
        raise ApplicationError("invalid_contribution", problem)
    return value


def _contributed(contribution: str | None, now) -> dict[str, Any]:
    """Return a seat's contribution fields for ``contribution`` given at ``now`` (or none)."""
    if contribution is None:
        return {}
    return {"contribution": contribution, "contributed_at": now}


def _get_game(game_id, *, for_update: bool = False) -> Game:
    # Its creator comes along (a table's default name, in turn notices); only the game row is
    # locked.
    games = Game.objects.select_related("created_by")
    games = games.select_for_update(of=("self",)) if for_update else games
    try:
        return games.get(pk=game_id)
    except (Game.DoesNotExist, ValueError):
        raise NotFound("not_found", "no such game") from None


def _lobby_game(game_id) -> Game:
    game = _get_game(game_id, for_update=True)
    if game.status != GameStatus.OPEN:
        raise ApplicationError("game_not_open", "the table is no longer open")
    if game.ready_deadline is not None:
        # A tournament table in its ready window: its seats are set and it starts by itself
        # (game_start_ready), or a duplicate group's tables would deal different seeds.
        raise ApplicationError("ready_window", "this table's seats are set; it starts by itself")
    return game


def _take_seat(game: Game, user, contribution: str | None = None) -> Seat:
    taken = set(game.seats.values_list("index", flat=True))
    free = [i for i in range(game.players) if i not in taken]
    if not free:
        raise ApplicationError("table_full", "every seat is taken")
    now = clock.now()
    try:
        with transaction.atomic():
            return Seat.objects.create(
                game=game,
                index=free[0],
                user=user,
                joined_at=now,
                **_contributed(contribution, now),
            )
    except IntegrityError:
        raise ApplicationError("already_seated", "you already have a seat here") from None


@transaction.atomic
def game_join(*, game_id, user, contribution: str | None = None) -> Seat:
    """Take the first free seat of an open table, with ``contribution`` to its seed."""
    if contribution is not None:
        validate_contribution(contribution)
    game = _lobby_game(game_id)
    if user.is_bot:
        raise Forbidden("forbidden", "bots are seated by the table's creator")
    if game.seats.filter(user=user).exists():
        raise ApplicationError("already_seated", "you already have a seat here")
    if game.rated:
        rated_eligibility_check(user)  # throw-away accounts join no rated table
    seat = _take_seat(game, user, contribution)
    publish_seats_changed(game)  # a socket of this user that watched now hears the seat
    return seat


@transaction.atomic
def game_contribute(*, game_id, user, value: str) -> Seat:
    """Set ``user``'s contribution to the seed of a table that has not started (record
    version 2); after the start the contributions are fixed (409 ``contributions_fixed``)."""
    validate_contribution(value)
    game = _get_game(game_id, for_update=True)  # the start locks it too: no change slips past
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise Forbidden("not_a_player", "you have no seat at this table")
    if game.started_at is not None or game.version:
        raise Conflict("contributions_fixed", "the contributions were fixed when the game started")
    if game.ready_deadline is not None and clock.now() >= game.ready_deadline:
        # A tournament table's ready window has closed: its start (a task, or the tick) is
        # due and fixes what it finds, so nothing may land in between.
        raise Conflict("contributions_fixed", "the ready window has closed")
    if game.status != GameStatus.OPEN:
        raise ApplicationError("game_not_open", "the table is no longer open")
    if game.fairness_version != 2 or not game.server_seed:
        raise ApplicationError(
            "no_contributions", "this table was opened before contributions (record version 1)"
        )
    seat.contribution, seat.contributed_at = value, clock.now()
    seat.save(update_fields=["contribution", "contributed_at"])
    return seat


@transaction.atomic
def game_leave(*, game_id, user) -> None:
    """Give up a seat at an open table (a started game is left by resigning)."""
    game = _lobby_game(game_id)
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise Forbidden("not_a_player", "you have no seat at this table")
    seat.delete()
    publish_seats_changed(game)  # its sockets stop hearing the seat, whoever takes it next
    if not game.seats.filter(user__is_bot=False).exists():
        game.status = GameStatus.ABANDONED
        game.save(update_fields=["status"])


@transaction.atomic
def game_add_bot(*, game_id, user, strategy: str = "greedy") -> Seat:
    """Seat a bot playing ``strategy`` (the table's creator only)."""
    game = _lobby_game(game_id)
    if game.created_by_id != user.id:
        raise Forbidden("not_creator", "only the table's creator seats bots")
    if strategy not in BOT_STRATEGIES:
        raise ApplicationError(
            "unknown_strategy", f"strategy must be one of {', '.join(BOT_STRATEGIES)}"
        )
    seated = list(game.seats.values_list("user_id", flat=True))
    bot = bot_account_get_or_create(strategy=strategy, exclude_ids=seated)
    return _take_seat(game, bot)


@transaction.atomic
def game_start(*, game_id, user) -> MoveResult:
    """Start a full table: fix the contributions, derive the seed, deal round 1 (RULES R4,
    spec/game-record.md version 2)."""
    game = _lobby_game(game_id)
    if game.created_by_id != user.id:
        raise Forbidden("not_creator", "only the table's creator starts it")
    return _start(game)


@transaction.atomic
def game_create_seated(
    *,
    created_by,
    users: list,
    hand_table: str = "classic",
    variants: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None,
    rated: bool = False,
    name: str = "",
    seed: bytes | None = None,
    start: bool = True,
    server_seed: bytes | None = None,
    committed_at=None,
    contributions: Sequence[str | dict[str, Any]] | None = None,
) -> Game:
    """Open a table with ``users`` in seat order (players or bots) and start it.

    For the platform's own tables (tournaments, tests): ``created_by`` need not sit at it.
    Record version 2 by default: the server seed is drawn and committed now, and the seats'
    contributions (empty unless set before a later ``start``) fixed at the start. A duplicate
    group gives its own ``server_seed`` (and when it was committed) and, at the start, the
    whole group's ``contributions`` (see ``_start``). ``seed`` deals a chosen seed instead:
    record version 1, for tests that need a known deal.
    """
    if seed is not None and (server_seed is not None or contributions is not None):
        raise ValueError("a chosen seed (version 1) takes no server seed or contributions")
    if len({u.id for u in users}) != len(users):
        raise ApplicationError("already_seated", "a user can take only one seat")
    game = game_create(
        user=created_by,
        players=len(users),
        hand_table=hand_table,
        variants=variants,
        time_control=time_control,
        rated=rated,
        name=name,
        seat_creator=False,
        server_seed=server_seed,
        committed_at=committed_at,
    )
    now = clock.now()
    Seat.objects.bulk_create(
        Seat(game=game, index=i, user=u, joined_at=now) for i, u in enumerate(users)
    )
    if start:
        _start(game, seed=seed, contributions=contributions)
    return game


@transaction.atomic
def game_start_ready(
    *, game_id, contributions: Sequence[str | dict[str, Any]] | None = None
) -> MoveResult | None:
    """Start a platform table whose ready window has closed (a tournament's: the caller
    decides when): fix its seats' contributions, or a duplicate group's ``contributions``,
    derive the seed and deal round 1. None if it has started already."""
    game = _get_game(game_id, for_update=True)
    if game.status != GameStatus.OPEN or game.version:
        return None
    return _start(game, contributions=contributions)


@transaction.atomic
def game_seat_opened(*, game_id, user) -> bool:
    """Note that ``user`` has opened their seat's table during its ready window (the first
    time only); return whether this was the first time. A correspondence tournament table
    starts once every seated player has."""
    if user is None or not user.is_authenticated:
        return False
    return bool(
        Seat.objects.filter(
            game_id=game_id,
            user=user,
            opened_at__isnull=True,
            game__status=GameStatus.OPEN,
            game__ready_deadline__isnull=False,
        ).update(opened_at=clock.now())
    )


def _fixed_contributions(
    seats: list[Seat], given: Sequence[str | dict[str, Any]] | None
) -> list[dict[str, Any]]:
    """Return the contributions fixed at the start, in derivation order: ``given`` (a duplicate
    group's: {"seat", "value", "at"?}, or bare strings, then numbered by position), else each
    seat's in seat order — "" for a seat the platform plays (spec version 2, step 4)."""
    if given is not None:
        out = []
        for i, c in enumerate(given):
            item = {"seat": i, "value": c} if isinstance(c, str) else dict(c)
            validate_contribution(item.get("value"))
            out.append(item)
        return out
    fixed = []
    for s in seats:
        if s.user.is_bot:
            fixed.append({"seat": s.index, "value": ""})
            continue
        item: dict[str, Any] = {"seat": s.index, "value": s.contribution}
        if s.contributed_at is not None:
            item["at"] = _utc_iso(s.contributed_at)
        fixed.append(item)
    return fixed


def _utc_iso(at) -> str:
    return at.astimezone(UTC).isoformat()


def _start(
    game: Game,
    seed: bytes | None = None,
    contributions: Sequence[str | dict[str, Any]] | None = None,
) -> MoveResult:
    """Start a full table: fix the contributions, derive the seed, deal round 1.

    Version 2 (a table opened with a committed server seed): the seed is derived from the
    server seed and the contributions — the seats' own, or ``contributions`` given (a
    duplicate group's) — which are logged right after MatchStarted. A chosen ``seed``, or a
    table opened before version 2, deals under version 1: the seed is committed only now.
    """
    seats = list(game.seats.select_related("user"))
    if len(seats) != game.players:
        raise ApplicationError("table_not_full", f"{len(seats)} of {game.players} seats taken")
    ruleset = Ruleset.from_dict(game.ruleset)
    fields = ["seed", "seed_commitment", "status", "started_at"]
    if seed is None and game.fairness_version == 2 and game.server_seed:
        fixed = _fixed_contributions(seats, contributions)
        derived = derive_seed_v2(bytes.fromhex(game.server_seed), [c["value"] for c in fixed])
        game.seed = derived.hex()
        game.seed_commitment = game.server_seed_commitment
        game.contributions = fixed
        fields.append("contributions")
        start = MatchStarted(ruleset, game.players, game.server_seed_commitment)
        committed_at = _utc_iso(game.committed_at) if game.committed_at else None
        logged = platform_event(
            SEED_CONTRIBUTIONS_FIXED,
            server_seed_commitment=game.server_seed_commitment,
            **({"committed_at": committed_at} if committed_at else {}),
            contributions=fixed,
        )
        events: list = [start, logged]
    else:
        if contributions is not None:
            raise ValueError("contributions need a version 2 table and no chosen seed")
        seed = seed if seed is not None else secrets.token_bytes(32)
        game.seed = seed.hex()
        game.seed_commitment = commitment(seed)
        # A chosen seed replaces the server seed drawn when the table opened: version 1.
        game.fairness_version = 1
        game.server_seed = game.server_seed_commitment = ""
        game.committed_at = None
        fields += ["fairness_version", "server_seed", "server_seed_commitment", "committed_at"]
        start = MatchStarted(ruleset, game.players, game.seed_commitment)
        events = [start]
    loaded = Loaded(initial_state(start), 0, store.GENESIS)
    appended = _append(game, loaded, events, SYSTEM)
    game.status = GameStatus.ACTIVE
    game.started_at = appended[0].created_at
    game.save(update_fields=fields)
    reserve = clocks.initial_reserve_ms(game.time_control)
    if reserve is not None:
        game.seats.update(reserve_ms=reserve)
        for seat in seats:
            seat.reserve_ms = reserve
    appended += _deal_if_due(game, loaded)
    publish_seats_changed(game)  # every socket checks its seat before the deal reaches it
    _project(game, loaded, appended, before=0, seats=seats)
    return MoveResult(loaded.version, tuple(appended))


# -- play --------------------------------------------------------------------------------------


def _append(game: Game, loaded: Loaded, events, actor) -> list[StoredEvent]:
    payloads = [e if isinstance(e, dict) else event_to_dict(e) for e in events]
    result = store.append(
        game.stream,
        expected_version=loaded.version,
        events=payloads,
        actor=actor,
        prev_hash=loaded.head_hash,
    )
    loaded.version = result.last_seq
    loaded.head_hash = result.events[-1].hash
    return list(result.events)


def _deal_if_due(game: Game, loaded: Loaded) -> list[StoredEvent]:
    """Deal the next round from the seed once the last one has ended."""
    state = loaded.state
    if state is None or state.phase != DEALING:
        return []
    rs = state.ruleset
    hands, boneyard = deal_round(
        bytes.fromhex(game.seed), state.round + 1, rs.set_max, state.seats, rs.hand_size
    )
    return _append(game, loaded, step(state, StartRound(hands, boneyard)), SYSTEM)


def _turn_events(state, seat: int, choose) -> list:
    """Play ``seat``'s whole turn on ``state`` (in place), one ``choose(state)`` per command."""
    events: list = []
    while state.phase in (ENGINE, PLAYING) and state.to_move == seat:
        events += step(state, choose(state))
    return events


def timeout_command(state, seat: int) -> Command:
    """The timeout action's next command for ``seat`` (RULES R24 with R15): draw or pass.

    It stops or passes where the rules allow it (R10, R11), draws where it may, places the
    engine when it must; it plays only when playing is compulsory (R15: a legal play exists,
    or the drawn tile plays), and then the heaviest such tile, as the greedy bot would.
    """
    moves = legal_moves(state, seat)
    for kind in (Stop, Pass, DrawTile, PlaceEngine):
        for m in moves:
            if type(m) is kind:
                return m._replace(by="timeout")
    return POLICIES["greedy"](moves, None)._replace(by="timeout")


def _seat_actor(seat: Seat, kind: str) -> dict[str, Any]:
    return {"kind": kind, "user": seat.user_id, "name": seat.user.username}


def _deadline_for(game: Game, seat: Seat, started) -> Any:
    """When the turn ``seat`` begins at ``started`` is due; for a seat the platform plays,
    when its task is overdue (the sweeper then plays it)."""
    if seat.automatic:
        return started + timedelta(seconds=settings.AUTOMATIC_GRACE_SECONDS)
    user = seat.user
    return clocks.deadline(
        game.time_control,
        started,
        reserve_ms=seat.reserve_ms,
        vacation_used_s=seat.vacation_used_s,
        vac_from=user.vacation_from,
        vac_until=user.vacation_until,
    )


def _project(
    game: Game, loaded: Loaded, appended: list[StoredEvent], *, before: int, seats: list[Seat]
) -> None:
    """Update the Game and Seat projections from what was just appended (same transaction):
    status, turn, result, and the clocks — the seat whose turn ended is charged its time, the
    seat to move gets its deadline. Then schedule what comes next, once committed."""
    state = loaded.state
    # The time of the last event appended: what a rebuild from the log sees (eventstore stamps
    # every event from core.clock).
    now = appended[-1].created_at if appended else clock.now()
    fields: dict[str, Any] = {"version": loaded.version, "head_hash": loaded.head_hash}
    to_move = None
    if state is not None:
        fields["round"] = state.round
        to_move = state.to_move if state.phase in (ENGINE, PLAYING) else None
        fields["to_move"] = to_move
        if state.phase == FINISHED and game.status == GameStatus.ACTIVE:
            ended = next(e for e in appended if e.type == "MatchEnded")
            fields["status"] = GameStatus.FINISHED
            fields["finished_at"] = ended.created_at
            fields["result"] = ended.data
    status = fields.get("status", game.status)
    prev_to_move, prev_started = game.to_move, game.turn_started_at
    new_turn = to_move != prev_to_move or any(e.type == "RoundStarted" for e in appended)
    changed: dict[int, Seat] = {}
    played = {e.actor.get("user") for e in appended if e.actor.get("kind") == "player"}
    for seat in seats:
        if seat.user_id in played and seat.timeouts_in_row:
            seat.timeouts_in_row = 0
            changed[seat.pk] = seat
    if new_turn and prev_to_move is not None and prev_started is not None:
        seat = seats[prev_to_move]
        if not seat.user.is_bot:
            reserve, vacation = clocks.charge(
                game.time_control,
                prev_started,
                now,
                reserve_ms=seat.reserve_ms,
                vacation_used_s=seat.vacation_used_s,
                vac_from=seat.user.vacation_from,
                vac_until=seat.user.vacation_until,
            )
            if (reserve, vacation) != (seat.reserve_ms, seat.vacation_used_s):
                seat.reserve_ms, seat.vacation_used_s = reserve, vacation
                changed[seat.pk] = seat
    if status != GameStatus.ACTIVE or to_move is None:
        fields["deadline"] = fields["turn_started_at"] = None
    elif new_turn:
        fields["turn_started_at"] = now
        fields["deadline"] = _deadline_for(game, seats[to_move], now)
    for seat in changed.values():
        Seat.objects.filter(pk=seat.pk).update(
            reserve_ms=seat.reserve_ms,
            vacation_used_s=seat.vacation_used_s,
            timeouts_in_row=seat.timeouts_in_row,
        )
    Game.objects.filter(pk=game.pk).update(**fields)
    for key, value in fields.items():
        setattr(game, key, value)
    maybe_snapshot(game.stream, before, loaded)
    remember_on_commit(game.stream, loaded)
    publish_game_events(game, appended, state, holders_of(seats, game.players))
    if status == GameStatus.ACTIVE and to_move is not None:
        seat = seats[to_move]
        if new_turn and not seat.automatic and game.time_control.get("kind") == "correspondence":
            notify(
                user=seat.user,
                kind="your_turn",
                text=f"Your turn at {game.name or f'{game.created_by.username}’s table'}",
                url=f"/games/{game.id}",
                key=f"turn:{game.id}:{loaded.version}",
                email=seat.user.email_turns,
            )
    scheduling.after_commit(game, seats)


def parse_move(move: dict[str, Any], seat: int, ruleset: dict[str, Any]) -> Command:
    """Return the engine command a move body asks for; ApplicationError if it is malformed."""
    try:
        return command_from_dict(move, seat, ruleset["set_max"])
    except ValueError as exc:
        raise ApplicationError("invalid_move", str(exc)) from None


def _check_active(game: Game) -> None:
    if game.status == GameStatus.OPEN:
        raise ApplicationError("game_not_started", "the game has not started")
    if game.status != GameStatus.ACTIVE:
        raise ApplicationError("game_over", f"the game is {game.status}")


def _seat_of(seats: list[Seat], user) -> Seat:
    seat = next((s for s in seats if s.user_id == user.id), None)
    if seat is None:
        raise Forbidden("not_a_player", "you have no seat in this game")
    return seat


def _stale(seq: int) -> Conflict:
    return Conflict("stale", "the game has moved on", extra={"seq": seq})


def _repeated(game: Game, command_id: str | None) -> MoveResult | None:
    """Return the first answer to a command id already appended, or None."""
    if command_id is None:
        return None
    done = store.find_command(game.stream, command_id)
    if done is None:
        return None
    events = store.read(game.stream, after=done.first_seq - 1, upto=done.last_seq)
    return MoveResult(done.last_seq, tuple(events), duplicate=True)


@transaction.atomic
def game_move(
    *,
    game_id,
    user,
    move: dict[str, Any],
    expected_seq: int | None = None,
    idempotency_key: str | None = None,
) -> MoveResult:
    """Make ``user``'s move. Refusals: IllegalMove (400, with its rule), stale (409), 403/404.

    A repeated ``idempotency_key`` gets the first answer and appends nothing, also when the
    first request commits while the repeat is under way (the repeat then finds the key when
    its own append or stale check fails).
    """
    # Every writer of a game locks its row first, in the same order (row, then events): a
    # move racing a timeout or a bot's turn then waits for it and answers "stale", where
    # inserting first and locking later could deadlock with a writer holding the row.
    game = _get_game(game_id, for_update=True)
    command_id = f"move:{user.id}:{idempotency_key}" if idempotency_key else None
    repeated = _repeated(game, command_id)
    if repeated is not None:
        return repeated
    _check_active(game)
    seats = list(game.seats.select_related("user"))
    seat = _seat_of(seats, user)
    claimed = move.get("seat", seat.index)
    if claimed != seat.index:
        raise Forbidden("not_your_seat", f"you play seat {seat.index}")
    if seat.resigned_at is not None or seat.forfeited_at is not None:
        raise Forbidden("resigned", "you left this game")
    command = parse_move(move, seat.index, game.ruleset)
    if game.deadline is not None and game.to_move == seat.index and clock.now() > game.deadline:
        raise Conflict(
            "deadline_passed",
            "your time for this move has run out; the timeout action is being applied",
            extra={"seq": game.version},
        )
    loaded = load(game.stream, known_version=game.version)
    before = loaded.version
    if expected_seq is not None and expected_seq != before:
        repeated = _repeated(game, command_id)
        if repeated is not None:
            return repeated
        raise _stale(before)
    events = step(loaded.state, command)  # raises IllegalMove: nothing appended
    try:
        result = store.append(
            game.stream,
            expected_version=before,
            events=[event_to_dict(e) for e in events],
            actor=_actor(user),
            command_id=command_id,
            prev_hash=loaded.head_hash,
            # The game row is locked: no other writer appends meanwhile (see above).
            savepoint=command_id is not None,
        )
    except ConcurrencyConflict as exc:
        if command_id is None:
            raise _stale(exc.actual) from None
        repeated = _repeated(game, command_id)
        if repeated is not None:
            return repeated
        raise _stale(exc.actual) from None
    if result.duplicate:  # the same key committed by a concurrent request: its answer
        return MoveResult(result.last_seq, result.events, duplicate=True)
    loaded.version, loaded.head_hash = result.last_seq, result.events[-1].hash
    metrics.move_made("player")
    appended = list(result.events)
    appended += _deal_if_due(game, loaded)
    if command_id is not None and loaded.version > result.last_seq:
        store.extend_command(game.stream, command_id, loaded.version)
    _project(game, loaded, appended, before=before, seats=seats)
    return MoveResult(loaded.version, tuple(appended), seat=seat.index)


@transaction.atomic
def game_resign(*, game_id, user, forfeit: bool = False, reason: str = "") -> MoveResult:
    """Leave a started game: the seat keeps its history (R25) and a bot plays it on — or, with
    ``forfeit`` (a tournament's withdrawal policy), the timeout action plays it to the end and
    it is placed last."""
    game = _get_game(game_id, for_update=True)
    _check_active(game)
    seats = list(game.seats.select_related("user"))
    seat = _seat_of(seats, user)
    if seat.resigned_at is not None or seat.forfeited_at is not None:
        raise ApplicationError("already_resigned", "you already left this game")
    loaded = load(game.stream, known_version=game.version)
    before = loaded.version
    data = {"seat": seat.index, **({"reason": reason} if reason else {})}
    event = platform_event(SEAT_FORFEITED if forfeit else SEAT_RESIGNED, **data)
    try:
        appended = _append(game, loaded, [event], _actor(user))
    except ConcurrencyConflict as exc:
        raise _stale(exc.actual) from None
    if forfeit:
        seat.forfeited_at = appended[-1].created_at
        seat.save(update_fields=["forfeited_at"])
    else:
        seat.resigned_at = appended[-1].created_at
        seat.save(update_fields=["resigned_at"])
    if not any(not s.automatic for s in seats):
        appended += _abandon(game, loaded)
    publish_seats_changed(game)  # its player's sockets watch as a spectator's from now on
    _project(game, loaded, appended, before=before, seats=seats)
    return MoveResult(loaded.version, tuple(appended), seat=seat.index)


# -- seats the platform plays, and timeouts ---------------------------------------------------


def _strategy_for(seat: Seat):
    """What plays an automatic seat: its bot's strategy, the timeout action for a forfeited
    seat, the greedy bot for a player who left (R25)."""
    if seat.forfeited_at is not None:
        return None
    name = seat.user.bot_strategy if seat.user.is_bot else RESIGNED_STRATEGY
    options = {"budget_ms": settings.BOT_BUDGET_MS} if name in ("mc", "strong") else {}
    return make_strategy(name if name in STRATEGIES else RESIGNED_STRATEGY, **options)


def game_play_automatic(*, game_id, seq: int) -> MoveResult | None:
    """Play the turn of the seat the platform plays, if it is to move at ``seq``; else None.

    The move is chosen outside the transaction (a strong bot thinks for a while) from the
    seat's knowledge only — its hand and the public table, never the full state — then
    appended with ``seq`` as the expected version: if anything else was appended meanwhile,
    nothing is, and None is returned. Running it twice for one seq therefore plays once.
    """
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != GameStatus.ACTIVE or game.version != seq:
        return None
    seats = list(game.seats.select_related("user"))
    if game.to_move is None or not seats[game.to_move].automatic:
        return None
    seat = seats[game.to_move]
    loaded = load(game.stream, known_version=seq)
    if loaded.version != seq or loaded.state is None:
        return None
    state = loaded.state.copy()
    strategy = _strategy_for(seat)
    if strategy is None:
        kind = "timeout"
        events = _turn_events(state, seat.index, lambda st: timeout_command(st, seat.index))
    else:
        kind = "bot"
        rng = random.Random(f"{game.seed}:{seq}")
        events = _turn_events(
            state,
            seat.index,
            lambda st: strategy.choose(seat_knowledge(st, seat.index), rng)._replace(by="bot"),
        )
    with transaction.atomic():
        game = _get_game(game_id, for_update=True)
        if game.version != seq or game.status != GameStatus.ACTIVE:
            return None
        try:
            appended = _append(game, loaded, events, _seat_actor(seat, kind))
        except ConcurrencyConflict:
            return None
        metrics.move_made(kind)
        loaded.state = state
        appended += _deal_if_due(game, loaded)
        _project(game, loaded, appended, before=seq, seats=seats)
    return MoveResult(loaded.version, tuple(appended), seat=seat.index)


@transaction.atomic
def game_apply_timeout(*, game_id, seq: int) -> MoveResult | None:
    """Apply the timeout action to the seat to move at ``seq`` if its deadline has passed.

    None (nothing appended) if the game has moved on, the deadline is not due (a vacation may
    have pushed it back: the new deadline is stored) or the seat is played by the platform (a
    lost bot task: its turn is played instead). The action is the seat's whole turn, each
    command marked ``"by": "timeout"``; after ``timeouts_allowed`` in a row the seat is
    handed to a bot (``SeatResigned``, reason "timeouts") or forfeited (``SeatForfeited``).
    """
    game = _get_game(game_id, for_update=True)
    now = clock.now()
    if (
        game.status != GameStatus.ACTIVE
        or game.version != seq
        or game.to_move is None
        or game.deadline is None
        or game.deadline > now
    ):
        return None
    seats = list(game.seats.select_related("user"))
    seat = seats[game.to_move]
    if seat.automatic:  # its task was lost: play it now, and look again after a grace
        grace = timedelta(seconds=settings.AUTOMATIC_GRACE_SECONDS)
        Game.objects.filter(pk=game.pk).update(deadline=now + grace)
        transaction.on_commit(lambda: scheduling.play_automatic_now(game.id, seq))
        return None
    due = _deadline_for(game, seat, game.turn_started_at or now)
    if due > now:  # a vacation began since the deadline was set
        Game.objects.filter(pk=game.pk).update(deadline=due)
        return None
    loaded = load(game.stream, known_version=seq)
    events = _turn_events(loaded.state, seat.index, lambda st: timeout_command(st, seat.index))
    try:
        appended = _append(game, loaded, events, _seat_actor(seat, "timeout"))
    except ConcurrencyConflict:  # the player's move got in first (it does not lock the row)
        return None
    metrics.timeout_applied()
    seat.timeouts_in_row += 1
    Seat.objects.filter(pk=seat.pk).update(timeouts_in_row=seat.timeouts_in_row)
    tc = clocks.with_defaults(game.time_control)
    if seat.timeouts_in_row >= tc["timeouts_allowed"]:
        if tc["on_timeouts"] == "forfeit":
            event = platform_event(SEAT_FORFEITED, seat=seat.index, reason="timeouts")
        else:
            event = platform_event(SEAT_RESIGNED, seat=seat.index, reason="timeouts")
        appended += _append(game, loaded, [event], SYSTEM)
        at = appended[-1].created_at
        if tc["on_timeouts"] == "forfeit":
            seat.forfeited_at = at
            Seat.objects.filter(pk=seat.pk).update(forfeited_at=at)
        else:
            seat.resigned_at = at
            Seat.objects.filter(pk=seat.pk).update(resigned_at=at)
        publish_seats_changed(game)  # the platform plays it now: its player only watches
        if not any(not s.automatic for s in seats):
            appended += _abandon(game, loaded)
    appended += _deal_if_due(game, loaded)
    _project(game, loaded, appended, before=seq, seats=seats)
    return MoveResult(loaded.version, tuple(appended), seat=seat.index)


def _abandon(game: Game, loaded: Loaded) -> list[StoredEvent]:
    """Every person has left: the game ends without a result."""
    appended = _append(game, loaded, [platform_event(GAME_ABANDONED)], SYSTEM)
    game.status = GameStatus.ABANDONED
    game.finished_at = appended[-1].created_at
    game.save(update_fields=["status", "finished_at"])
    return appended


def due_games(now=None, limit: int = 500) -> list[tuple[Any, int]]:
    """Return (game id, seq) of active games whose deadline has passed, oldest first."""
    now = now or clock.now()
    return list(
        Game.objects.filter(status=GameStatus.ACTIVE, deadline__lte=now)
        .order_by("deadline")
        .values_list("id", "version")[:limit]
    )


# -- vacation (correspondence) -----------------------------------------------------------------


def _refresh_deadlines(user) -> None:
    """Recompute the deadlines of ``user``'s correspondence games where they are to move."""
    seats = Seat.objects.select_related("game", "user").filter(
        user=user, game__status=GameStatus.ACTIVE, game__time_control__kind="correspondence"
    )
    for seat in seats:
        game = seat.game
        if game.to_move != seat.index or seat.automatic or game.turn_started_at is None:
            continue
        seat.user = user
        due = _deadline_for(game, seat, game.turn_started_at)
        Game.objects.filter(pk=game.pk, version=game.version).update(deadline=due)


@transaction.atomic
def player_vacation_start(*, user, days: int):
    """Pause ``user``'s correspondence clocks from now for ``days`` days (RULES R24).

    Each game counts the vacation against its own ``vacation_days``; a game whose allowance is
    spent keeps its clock running.
    """
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 60:
        raise ApplicationError("invalid_vacation", "days must be 1 to 60")
    now = clock.now()
    get_user_model().objects.filter(pk=user.pk).update(
        vacation_from=now, vacation_until=now + timedelta(days=days)
    )
    user.vacation_from, user.vacation_until = now, now + timedelta(days=days)
    _refresh_deadlines(user)
    return user


@transaction.atomic
def player_vacation_end(*, user):
    """End ``user``'s vacation now; their clocks run again."""
    if user.vacation_until is None or user.vacation_until <= clock.now():
        raise ApplicationError("not_on_vacation", "you are not on vacation")
    now = clock.now()
    get_user_model().objects.filter(pk=user.pk).update(vacation_until=now)
    user.vacation_until = now
    _refresh_deadlines(user)
    return user


# -- projections -------------------------------------------------------------------------------


def game_projection_from_log(game: Game) -> dict[str, Any]:
    """Return the Game and Seat projections recomputed from the event log alone (and the
    players' current vacations, which are account data, not game events)."""
    stored = store.read(game.stream)
    state = None
    seats = list(game.seats.select_related("user"))
    tc = game.time_control
    reserve = clocks.initial_reserve_ms(tc)
    clock_of = {s.index: {"reserve_ms": reserve, "vacation_used_s": 0} for s in seats}
    timeouts = {s.index: 0 for s in seats}
    out: dict[str, Any] = {
        "status": game.status if not stored else GameStatus.ACTIVE,
        "version": 0,
        "head_hash": "",
        "round": 0,
        "to_move": None,
        "result": None,
        "started_at": game.started_at if not stored else stored[0].created_at,
        "finished_at": None,
        "turn_started_at": None,
        "deadline": None,
        "resigned": {},
        "forfeited": {},
        "contributions": None,
    }
    to_move = started = last_at = pending = None

    def charge(index: int, turn_started, ended) -> None:
        c, user = clock_of[index], seats[index].user
        c["reserve_ms"], c["vacation_used_s"] = clocks.charge(
            tc,
            turn_started,
            ended,
            reserve_ms=c["reserve_ms"],
            vacation_used_s=c["vacation_used_s"],
            vac_from=user.vacation_from,
            vac_until=user.vacation_until,
        )

    # As in _project: a turn starts, and the turn before it is charged, at the last event of
    # the transaction that handed it over (system events — deals, seat changes — follow the
    # move that ended a turn in the same transaction).
    timed_out_turn: dict[int, int] = {}
    turn_no = 0
    for e in stored:
        state = fold([e], state)
        kind = e.actor.get("kind")
        if pending is not None and kind != "system":
            charge(*pending, last_at)
            pending = None
        seat_no = e.data.get("seat") if isinstance(e.data, dict) else None
        if seat_no is not None and kind in ("player", "timeout"):
            if kind == "player":
                timeouts[seat_no] = 0
            elif timed_out_turn.get(seat_no) != turn_no and seat_no not in out["forfeited"]:
                timeouts[seat_no] += 1  # once per turn, as game_apply_timeout counts
                timed_out_turn[seat_no] = turn_no
        if e.type == SEAT_RESIGNED:
            out["resigned"][e.data["seat"]] = e.created_at
        elif e.type == SEAT_FORFEITED:
            out["forfeited"][e.data["seat"]] = e.created_at
        elif e.type == GAME_ABANDONED:
            out["status"] = GameStatus.ABANDONED
            out["finished_at"] = e.created_at
        elif e.type == SEED_CONTRIBUTIONS_FIXED:
            out["contributions"] = e.data.get("contributions")
        elif e.type == "MatchEnded":
            out["status"] = GameStatus.FINISHED
            out["finished_at"] = e.created_at
            out["result"] = e.data
        now_to_move = state.to_move if state and state.phase in (ENGINE, PLAYING) else None
        if now_to_move != to_move or e.type == "RoundStarted":
            turn_no += 1
            if to_move is not None and started is not None and not seats[to_move].user.is_bot:
                pending = (to_move, started)
            to_move, started = now_to_move, (e.created_at if now_to_move is not None else None)
        elif to_move is not None and kind == "system":
            started = e.created_at
        last_at = e.created_at
    if pending is not None:
        charge(*pending, last_at)
    if stored:
        out["version"] = stored[-1].seq
        out["head_hash"] = stored[-1].hash
    if state is not None:
        out["round"] = state.round
        out["to_move"] = state.to_move if state.phase in (ENGINE, PLAYING) else None
    adjudicated = adjudication_projection(stored)  # staff decisions appended to the log
    if out["finished_at"] is not None:  # a game ends once: a later void keeps that time
        adjudicated.pop("finished_at", None)
    out.update(adjudicated)
    out["seats"] = {i: {**clock_of[i], "timeouts_in_row": timeouts[i]} for i in clock_of}
    if out["status"] == GameStatus.ACTIVE and to_move is not None and started is not None:
        seat = seats[to_move]
        seat.resigned_at = out["resigned"].get(to_move)
        seat.forfeited_at = out["forfeited"].get(to_move)
        seat.reserve_ms = clock_of[to_move]["reserve_ms"]
        seat.vacation_used_s = clock_of[to_move]["vacation_used_s"]
        out["turn_started_at"] = started
        out["deadline"] = _deadline_for(game, seat, started)
    return out


@transaction.atomic
def game_rebuild_projections(*, game_id) -> dict[str, Any]:
    """Recompute a game's projections from its log and store them; return what was stored."""
    game = Game.objects.select_for_update().get(pk=game_id)
    p = game_projection_from_log(game)
    resigned, forfeited, clocks_of = p.pop("resigned"), p.pop("forfeited"), p.pop("seats")
    for key, value in p.items():
        setattr(game, key, value)
    game.save()
    for seat in game.seats.all():
        wanted = {
            "resigned_at": resigned.get(seat.index),
            "forfeited_at": forfeited.get(seat.index),
            **clocks_of.get(seat.index, {}),
        }
        if any(getattr(seat, k) != v for k, v in wanted.items()):
            Seat.objects.filter(pk=seat.pk).update(**wanted)
    return p


__all__ = [
    "MoveResult",
    "game_apply_timeout",
    "game_contribute",
    "game_create_seated",
    "game_play_automatic",
    "game_seat_opened",
    "game_start_ready",
    "player_vacation_end",
    "player_vacation_start",
    "game_add_bot",
    "game_create",
    "game_join",
    "game_leave",
    "game_move",
    "game_rebuild_projections",
    "game_resign",
    "game_start",
    "validate_contribution",
    "validate_time_control",
]
