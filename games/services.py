"""Game services: the only code that writes games. Each runs in one transaction: load, decide,
append (with the expected version), update the projections.

Seats the platform plays — bots, and players who resigned (R25) — move inside the same
transaction as the move that handed them the turn, each decision made from that seat's legal
moves only (what its own hand and the public table allow).
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from eventstore import store
from eventstore.store import ConcurrencyConflict, StoredEvent

from accounts.services import bot_account_get_or_create
from core import clock
from core.errors import ApplicationError, Conflict, Forbidden, NotFound
from games.bots.simple import POLICIES
from games.broadcast import publish_game_events
from games.domain import (
    GAME_ABANDONED,
    SEAT_RESIGNED,
    Loaded,
    fold,
    load,
    maybe_snapshot,
    platform_event,
    remember_on_commit,
)
from games.engine import (
    MEXICAN,
    Command,
    DrawTile,
    MatchStarted,
    Pass,
    PlaceEngine,
    PlayTile,
    Ruleset,
    RulesetError,
    StartRound,
    Stop,
    commitment,
    deal_round,
    event_to_dict,
    legal_moves,
    step,
)
from games.engine.state import DEALING, ENGINE, FINISHED, PLAYING, initial_state
from games.engine.tiles import parse_tile
from games.models import Game, GameStatus, Seat

BOT_STRATEGIES = tuple(POLICIES)
RESIGNED_STRATEGY = "greedy"
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


def _time_control(tc: dict[str, Any] | None) -> dict[str, Any]:
    """Return a validated time control (RULES R24); enforced by the clocks issue's sweeper."""
    if not tc:
        return {"kind": "live", "seconds_per_move": 60, "reserve_seconds": 300}
    kind = tc.get("kind")
    if kind == "live":
        out = {
            "kind": "live",
            "seconds_per_move": tc.get("seconds_per_move", 60),
            "reserve_seconds": tc.get("reserve_seconds", 300),
        }
        limits = {"seconds_per_move": (5, 3600), "reserve_seconds": (0, 36000)}
    elif kind == "correspondence":
        out = {
            "kind": "correspondence",
            "days_per_move": tc.get("days_per_move", 3),
            "vacation_days": tc.get("vacation_days", 14),
        }
        limits = {"days_per_move": (1, 14), "vacation_days": (0, 60)}
    else:
        raise ApplicationError("invalid_time_control", "kind must be live or correspondence")
    unknown = sorted(set(tc) - set(out))
    if unknown:
        raise ApplicationError("invalid_time_control", f"unknown keys: {', '.join(unknown)}")
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
) -> Game:
    """Open a table for ``players`` seats; its creator takes seat 0."""
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
    now = clock.now()
    game = Game.objects.create(
        name=name,
        created_by=user,
        created_at=now,
        players=players,
        ruleset=ruleset.to_dict(),
        time_control=_time_control(time_control),
        rated=rated,
    )
    Seat.objects.create(game=game, index=0, user=user, joined_at=now)
    return game


def _get_game(game_id, *, for_update: bool = False) -> Game:
    games = Game.objects.select_for_update() if for_update else Game.objects
    try:
        return games.get(pk=game_id)
    except (Game.DoesNotExist, ValueError):
        raise NotFound("not_found", "no such game") from None


def _lobby_game(game_id) -> Game:
    game = _get_game(game_id, for_update=True)
    if game.status != GameStatus.OPEN:
        raise ApplicationError("game_not_open", "the table is no longer open")
    return game


def _take_seat(game: Game, user) -> Seat:
    taken = set(game.seats.values_list("index", flat=True))
    free = [i for i in range(game.players) if i not in taken]
    if not free:
        raise ApplicationError("table_full", "every seat is taken")
    try:
        with transaction.atomic():
            return Seat.objects.create(game=game, index=free[0], user=user, joined_at=clock.now())
    except IntegrityError:
        raise ApplicationError("already_seated", "you already have a seat here") from None


@transaction.atomic
def game_join(*, game_id, user) -> Seat:
    """Take the first free seat of an open table."""
    game = _lobby_game(game_id)
    if user.is_bot:
        raise Forbidden("forbidden", "bots are seated by the table's creator")
    if game.seats.filter(user=user).exists():
        raise ApplicationError("already_seated", "you already have a seat here")
    return _take_seat(game, user)


@transaction.atomic
def game_leave(*, game_id, user) -> None:
    """Give up a seat at an open table (a started game is left by resigning)."""
    game = _lobby_game(game_id)
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise Forbidden("not_a_player", "you have no seat at this table")
    seat.delete()
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
    """Start a full table: draw the seed, commit to it, deal round 1 (RULES R4, spec §deal)."""
    game = _lobby_game(game_id)
    if game.created_by_id != user.id:
        raise Forbidden("not_creator", "only the table's creator starts it")
    seats = list(game.seats.select_related("user"))
    if len(seats) != game.players:
        raise ApplicationError("table_not_full", f"{len(seats)} of {game.players} seats taken")
    seed = secrets.token_bytes(32)
    ruleset = Ruleset.from_dict(game.ruleset)
    game.seed = seed.hex()
    game.seed_commitment = commitment(seed)
    start = MatchStarted(ruleset, game.players, game.seed_commitment)
    loaded = Loaded(initial_state(start), 0, store.GENESIS)
    appended = _append(game, loaded, [start], SYSTEM)
    game.status = GameStatus.ACTIVE
    game.started_at = appended[0].created_at
    game.save(update_fields=["seed", "seed_commitment", "status", "started_at"])
    appended += _deal_if_due(game, loaded)
    appended += _play_automatic(game, seats, loaded)
    _project(game, loaded, appended, before=0)
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


def _play_automatic(game: Game, seats: list[Seat], loaded: Loaded) -> list[StoredEvent]:
    """Play every turn that falls to a bot or a resigned seat, until a person is to move."""
    out: list[StoredEvent] = []
    state = loaded.state
    rng = random.Random(f"{game.seed}:{loaded.version}")
    while state is not None and state.phase in (ENGINE, PLAYING):
        seat = seats[state.to_move]
        if not seat.automatic:
            break
        strategy = seat.user.bot_strategy if seat.user.is_bot else RESIGNED_STRATEGY
        choose = POLICIES.get(strategy, POLICIES[RESIGNED_STRATEGY])
        command = choose(legal_moves(state, seat.index), rng)._replace(by="bot")
        out += _append(game, loaded, step(state, command), _actor(seat.user, "bot"))
        out += _deal_if_due(game, loaded)
    return out


def _project(game: Game, loaded: Loaded, appended: list[StoredEvent], *, before: int) -> None:
    """Update the Game row's projections from what was just appended (same transaction)."""
    state = loaded.state
    fields: dict[str, Any] = {"version": loaded.version, "head_hash": loaded.head_hash}
    if state is not None:
        fields["round"] = state.round
        fields["to_move"] = state.to_move if state.phase in (ENGINE, PLAYING) else None
        if state.phase == FINISHED and game.status == GameStatus.ACTIVE:
            ended = next(e for e in appended if e.type == "MatchEnded")
            fields["status"] = GameStatus.FINISHED
            fields["finished_at"] = ended.created_at
            fields["result"] = ended.data
    Game.objects.filter(pk=game.pk).update(**fields)
    for key, value in fields.items():
        setattr(game, key, value)
    maybe_snapshot(game.stream, before, loaded)
    remember_on_commit(game.stream, loaded)
    publish_game_events(game, appended, state)


def parse_move(move: dict[str, Any], seat: int, ruleset: dict[str, Any]) -> Command:
    """Return the engine command a move body asks for; ApplicationError if it is malformed."""
    action = move.get("action")
    by = None
    if action == "engine":
        return PlaceEngine(seat, by)
    if action == "draw":
        return DrawTile(seat, by)
    if action == "pass":
        return Pass(seat, by)
    if action == "stop":
        return Stop(seat, by)
    if action != "play":
        raise ApplicationError(
            "invalid_move", "action must be one of engine, play, draw, pass, stop"
        )
    try:
        t = parse_tile(move.get("tile"), ruleset["set_max"])
    except ValueError as exc:
        raise ApplicationError("invalid_move", str(exc)) from None
    train = move.get("train")
    if not (train == MEXICAN or (isinstance(train, int) and not isinstance(train, bool))):
        raise ApplicationError("invalid_move", 'train must be a seat number or "mexican"')
    return PlayTile(seat, t, train, by)


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
    game = _get_game(game_id)
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
    if seat.resigned_at is not None:
        raise Forbidden("resigned", "you resigned from this game")
    command = parse_move(move, seat.index, game.ruleset)
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
        )
    except ConcurrencyConflict as exc:
        repeated = _repeated(game, command_id)
        if repeated is not None:
            return repeated
        raise _stale(exc.actual) from None
    if result.duplicate:  # the same key committed by a concurrent request: its answer
        return MoveResult(result.last_seq, result.events, duplicate=True)
    loaded.version, loaded.head_hash = result.last_seq, result.events[-1].hash
    appended = list(result.events)
    appended += _deal_if_due(game, loaded)
    appended += _play_automatic(game, seats, loaded)
    if command_id is not None and loaded.version > result.last_seq:
        store.extend_command(game.stream, command_id, loaded.version)
    _project(game, loaded, appended, before=before)
    return MoveResult(loaded.version, tuple(appended), seat=seat.index)


@transaction.atomic
def game_resign(*, game_id, user) -> MoveResult:
    """Leave a started game: the seat keeps its history and a bot plays it on (R25)."""
    game = _get_game(game_id)
    _check_active(game)
    seats = list(game.seats.select_related("user"))
    seat = _seat_of(seats, user)
    if seat.resigned_at is not None:
        raise ApplicationError("already_resigned", "you already resigned")
    loaded = load(game.stream, known_version=game.version)
    before = loaded.version
    try:
        appended = _append(
            game, loaded, [platform_event(SEAT_RESIGNED, seat=seat.index)], _actor(user)
        )
    except ConcurrencyConflict as exc:
        raise _stale(exc.actual) from None
    seat.resigned_at = appended[-1].created_at
    seat.save(update_fields=["resigned_at"])
    if not any(not s.automatic for s in seats):
        appended += _append(game, loaded, [platform_event(GAME_ABANDONED)], SYSTEM)
        game.status = GameStatus.ABANDONED
        game.finished_at = appended[-1].created_at
        game.save(update_fields=["status", "finished_at"])
    else:
        appended += _play_automatic(game, seats, loaded)
    _project(game, loaded, appended, before=before)
    return MoveResult(loaded.version, tuple(appended), seat=seat.index)


# -- projections -------------------------------------------------------------------------------


def game_projection_from_log(game: Game) -> dict[str, Any]:
    """Return the Game and Seat projections recomputed from the event log alone."""
    stored = store.read(game.stream)
    state = None
    out: dict[str, Any] = {
        "status": game.status if not stored else GameStatus.ACTIVE,
        "version": 0,
        "head_hash": "",
        "round": 0,
        "to_move": None,
        "result": None,
        "started_at": game.started_at if not stored else stored[0].created_at,
        "finished_at": None,
        "resigned": {},
    }
    for e in stored:
        state = fold([e], state)
        if e.type == SEAT_RESIGNED:
            out["resigned"][e.data["seat"]] = e.created_at
        elif e.type == GAME_ABANDONED:
            out["status"] = GameStatus.ABANDONED
            out["finished_at"] = e.created_at
        elif e.type == "MatchEnded":
            out["status"] = GameStatus.FINISHED
            out["finished_at"] = e.created_at
            out["result"] = e.data
    if stored:
        out["version"] = stored[-1].seq
        out["head_hash"] = stored[-1].hash
    if state is not None:
        out["round"] = state.round
        out["to_move"] = state.to_move if state.phase in (ENGINE, PLAYING) else None
    return out


@transaction.atomic
def game_rebuild_projections(*, game_id) -> dict[str, Any]:
    """Recompute a game's projections from its log and store them; return what was stored."""
    game = Game.objects.select_for_update().get(pk=game_id)
    p = game_projection_from_log(game)
    resigned = p.pop("resigned")
    for key, value in p.items():
        setattr(game, key, value)
    game.save()
    for seat in game.seats.all():
        at = resigned.get(seat.index)
        if seat.resigned_at != at:
            seat.resigned_at = at
            seat.save(update_fields=["resigned_at"])
    return p


__all__ = [
    "MoveResult",
    "game_add_bot",
    "game_create",
    "game_join",
    "game_leave",
    "game_move",
    "game_rebuild_projections",
    "game_resign",
    "game_start",
]
