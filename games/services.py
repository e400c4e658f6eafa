"""Game services: the commands people give a game — open a table, take a seat, start it,
move, resign, take a vacation. Each runs in one transaction through the game's aggregate
(``games.domain``: lock the row, load, decide, append with the expected version) and ends
with ``games.effects.written`` (projections, snapshot, then the sockets and the next task once
committed). The seats the platform plays and the timeouts are ``games.automatic``'s; staff
decisions are ``disputes.adjudication``'s.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import UTC
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError
from django.db import transaction

from accounts.services import bot_account_get_or_create
from accounts.services import user_preferences_set
from core import clock
from core import metrics
from core import throttling
from core import tracing
from core.errors import ApplicationError
from core.errors import Conflict
from core.errors import Forbidden
from core.errors import NotFound
from eventstore import store
from games import clocks
from games import domain
from games import effects
from games import invites
from games.bots.strategies import STRATEGIES
from games.broadcast import publish_seats_changed
from games.chat_modes import chat_mode_check
from games.domain import SEAT_FORFEITED
from games.domain import SEAT_RESIGNED
from games.domain import SEATS_BERSERK
from games.domain import SEED_CONTRIBUTIONS_FIXED
from games.domain import SYSTEM
from games.domain import Duplicate
from games.domain import Loaded
from games.domain import MoveResult
from games.domain import Stale
from games.domain import load
from games.domain import platform_event
from games.eligibility import raise_bots_not_rated
from games.eligibility import rated_eligibility_check
from games.engine import Command
from games.engine import MatchStarted
from games.engine import Ruleset
from games.engine import RulesetError
from games.engine import command_from_dict
from games.engine import commitment
from games.engine import step
from games.engine.deal import MAX_CONTRIBUTION_BYTES
from games.engine.deal import derive_seed_v2
from games.engine.state import initial_state
from games.errors import GameError
from games.models import Game
from games.models import GameStatus
from games.models import Seat
from games.projections import deadline_for

BOT_STRATEGIES = tuple(STRATEGIES)
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


def validate_time_control(tc: dict[str, Any] | None) -> dict[str, Any]:
    """Return a validated time control with every key filled in (RULES R24, games.clocks)."""
    tc = tc or {"kind": "live"}
    kind = tc.get("kind")
    if kind == "live":
        limits = {"seconds_per_move": (5, 3600), "reserve_seconds": (0, 36000)}
    elif kind == "correspondence":
        limits = {"days_per_move": (1, 14), "vacation_days": (0, 60)}
    else:
        raise ApplicationError(
            GameError.INVALID_TIME_CONTROL, "kind must be live or correspondence"
        )
    limits["timeouts_allowed"] = (1, 10)
    flags = ("weekend_pause",) if kind == "correspondence" else ()
    known = {k: v for k, v in tc.items() if k in limits or k in ("kind", "on_timeouts", *flags)}
    out = clocks.with_defaults(known)
    unknown = sorted(set(tc) - set(out))
    if unknown:
        raise ApplicationError(
            GameError.INVALID_TIME_CONTROL, f"unknown keys: {', '.join(unknown)}"
        )
    if out["on_timeouts"] not in clocks.ON_TIMEOUTS:
        raise ApplicationError(GameError.INVALID_TIME_CONTROL, "on_timeouts must be bot or forfeit")
    for key in flags:
        if not isinstance(out[key], bool):
            raise ApplicationError(GameError.INVALID_TIME_CONTROL, f"{key} must be true or false")
    for key, (lo, hi) in limits.items():
        value = out[key]
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise ApplicationError(GameError.INVALID_TIME_CONTROL, f"{key} must be {lo} to {hi}")
    return out


def ruleset_check(players: int, hand_table: str, variants: dict[str, Any] | None) -> Ruleset:
    """Return the ruleset a table of ``players`` would play, or refuse it (400
    ``invalid_ruleset``, naming the rule): unknown variants, impossible combinations (V1-V6)."""
    variants = dict(variants or {})
    unknown = sorted(set(variants) - set(VARIANT_KEYS))
    if unknown:
        raise ApplicationError(
            GameError.INVALID_RULESET,
            f"unknown variants: {', '.join(unknown)}",
            extra={"rule": "R3"},
        )
    try:
        return Ruleset.for_players(players, hand_table=hand_table, **variants)
    except (RulesetError, TypeError) as exc:
        raise ApplicationError(
            GameError.INVALID_RULESET, str(exc), extra={"rule": getattr(exc, "rule", "R3")}
        ) from None


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
    chat: str | None = None,
    private: bool = False,
) -> Game:
    """Open a table for ``players`` seats; its creator takes seat 0 (unless ``seat_creator``
    is False: the platform's own tables, see ``game_create_seated``), with ``contribution``.
    ``chat``: free, quick or off (games.chat_modes; None: quick if rated, else free).
    A ``private`` table is listed nowhere and joined with its invite link (games.invites).

    The server seed is drawn (or ``server_seed`` given: a duplicate group's) and its
    commitment published now, before any contribution is accepted (record version 2).
    """
    if contribution is not None:
        validate_contribution(contribution)
    if rated and seat_creator:
        rated_eligibility_check(user)  # no rated table for a throw-away account to farm from
    ruleset = ruleset_check(players, hand_table, variants)
    chat = chat_mode_check(chat, rated=rated)
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
        chat=chat,
        fairness_version=2,
        server_seed=server_seed.hex(),
        server_seed_commitment=commitment(server_seed),
        seed_commitment=commitment(server_seed),
        committed_at=committed_at or now,
        invite_code=invites.new_invite_code() if private else "",
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
            GameError.TOO_MANY_OPEN_TABLES,
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
        raise ApplicationError(GameError.INVALID_CONTRIBUTION, problem)
    return value


def _contributed(contribution: str | None, now) -> dict[str, Any]:
    """Return a seat's contribution fields for ``contribution`` given at ``now`` (or none)."""
    if contribution is None:
        return {}
    return {"contribution": contribution, "contributed_at": now}


def _lobby_game(game_id) -> Game:
    game = domain.get_game(game_id, for_update=True)
    if game.status != GameStatus.OPEN:
        raise ApplicationError(GameError.GAME_NOT_OPEN, "the table is no longer open")
    if game.ready_deadline is not None:
        # A tournament table in its ready window: its seats are set and it starts by itself
        # (game_start_ready), or a duplicate group's tables would deal different seeds.
        raise ApplicationError(
            GameError.READY_WINDOW, "this table's seats are set; it starts by itself"
        )
    return game


def _take_seat(game: Game, user, contribution: str | None = None) -> Seat:
    taken = set(game.seats.values_list("index", flat=True))
    free = [i for i in range(game.players) if i not in taken]
    if not free:
        raise ApplicationError(GameError.TABLE_FULL, "every seat is taken")
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
        raise ApplicationError(GameError.ALREADY_SEATED, "you already have a seat here") from None


@transaction.atomic
def game_join(*, game_id, user, contribution: str | None = None, invite: str | None = None) -> Seat:
    """Take the first free seat of an open table, with ``contribution`` to its seed; a
    private table's needs its ``invite`` code (games.invites)."""
    if contribution is not None:
        validate_contribution(contribution)
    game = _lobby_game(game_id)
    if user.is_platform_bot:  # a bot a person owns joins by itself, as a person does
        raise Forbidden(GameError.FORBIDDEN, "bots are seated by the table's creator")
    if game.seats.filter(user=user).exists():
        raise ApplicationError(GameError.ALREADY_SEATED, "you already have a seat here")
    invites.check_invite(game, user, invite)
    if game.rated:
        rated_eligibility_check(user)  # throw-away accounts and owned bots join no rated table
        if game.seats.filter(user__bot_owner__isnull=False).exists():
            raise_bots_not_rated()  # nor does a person sit down with one seated another way
    seat = _take_seat(game, user, contribution)
    publish_seats_changed(game)  # a socket of this user that watched now hears the seat
    return seat


@transaction.atomic
def game_contribute(*, game_id, user, value: str) -> Seat:
    """Set ``user``'s contribution to the seed of a table that has not started (record
    version 2); after the start the contributions are fixed (409 ``contributions_fixed``)."""
    validate_contribution(value)
    game = domain.get_game(game_id, for_update=True)  # the start locks it too: no change slips past
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise Forbidden(GameError.NOT_A_PLAYER, "you have no seat at this table")
    if game.started_at is not None or game.version:
        raise Conflict(
            GameError.CONTRIBUTIONS_FIXED, "the contributions were fixed when the game started"
        )
    if game.ready_deadline is not None and clock.now() >= game.ready_deadline:
        # A tournament table's ready window has closed: its start (a task, or the tick) is
        # due and fixes what it finds, so nothing may land in between.
        raise Conflict(GameError.CONTRIBUTIONS_FIXED, "the ready window has closed")
    if game.status != GameStatus.OPEN:
        raise ApplicationError(GameError.GAME_NOT_OPEN, "the table is no longer open")
    if game.fairness_version != 2 or not game.server_seed:
        raise ApplicationError(
            GameError.NO_CONTRIBUTIONS,
            "this table was opened before contributions (record version 1)",
        )
    seat.contribution, seat.contributed_at = value, clock.now()
    seat.save(update_fields=["contribution", "contributed_at"])
    return seat


@transaction.atomic
def game_berserk(*, game_id, user) -> Seat:
    """Halve ``user``'s reserve at a table the platform seated, during its ready window (a
    tournament's that allows it; the bonus a win earns is the tournament's). The choice is
    the seat's until the start logs it (SeatsBerserk), which halves the reserve.

    Refusals: ``not_a_player`` (403: no seat here); ``already_started`` (409: the game has
    started or its ready window has closed); ``already_berserk`` (409); ``no_ready_window``
    (400: a lobby table, which its creator starts); ``no_reserve`` (400: correspondence, a
    live reserve of 0, or a seat the platform plays, which has no clock)."""
    game = domain.get_game(game_id, for_update=True)  # the start locks it too: no change slips past
    seat = game.seats.select_related("user").filter(user=user).first()
    if seat is None:
        raise Forbidden(GameError.NOT_A_PLAYER, "you have no seat at this table")
    if game.status != GameStatus.OPEN or game.version or game.started_at is not None:
        raise Conflict(GameError.ALREADY_STARTED, "the game has started")
    if game.ready_deadline is None:
        raise ApplicationError(
            GameError.NO_READY_WINDOW, "only a table the platform seated has a ready window"
        )
    if clock.now() >= game.ready_deadline:
        # Its start (a task, or the tick) is due and fixes what it finds: as game_contribute.
        raise Conflict(GameError.ALREADY_STARTED, "the ready window has closed")
    if seat.berserk:
        raise Conflict(GameError.ALREADY_BERSERK, "you have already gone berserk")
    if not clocks.initial_reserve_ms(game.time_control) or seat.user.is_platform_bot:
        raise ApplicationError(GameError.NO_RESERVE, "this seat has no reserve to halve")
    seat.berserk = True
    seat.save(update_fields=["berserk"])
    return seat


@transaction.atomic
def game_leave(*, game_id, user) -> None:
    """Give up a seat at an open table (a started game is left by resigning)."""
    game = _lobby_game(game_id)
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise Forbidden(GameError.NOT_A_PLAYER, "you have no seat at this table")
    seat.delete()
    publish_seats_changed(game)  # its sockets stop hearing the seat, whoever takes it next
    if not game.seats.exclude(user__is_bot=True, user__bot_owner=None).exists():
        # Nobody but the platform's bots is left (an owned bot keeps the table, as a person).
        game.status = GameStatus.ABANDONED
        game.save(update_fields=["status"])


@transaction.atomic
def game_add_bot(*, game_id, user, strategy: str = "greedy") -> Seat:
    """Seat a bot playing ``strategy`` (the table's creator only)."""
    game = _lobby_game(game_id)
    if game.created_by_id != user.id:
        raise Forbidden(GameError.NOT_CREATOR, "only the table's creator seats bots")
    if strategy not in BOT_STRATEGIES:
        raise ApplicationError(
            GameError.UNKNOWN_STRATEGY, f"strategy must be one of {', '.join(BOT_STRATEGIES)}"
        )
    seated = list(game.seats.values_list("user_id", flat=True))
    bot = bot_account_get_or_create(strategy=strategy, exclude_ids=seated)
    return _take_seat(game, bot)


@transaction.atomic
def game_remove_bot(*, game_id, user, seat: int) -> None:
    """Free the bot's seat ``seat`` of a table that has not started (the table's creator
    only): a person may take it, or another bot."""
    game = _lobby_game(game_id)
    if game.created_by_id != user.id:
        raise Forbidden(GameError.NOT_CREATOR, "only the table's creator removes bots")
    found = game.seats.select_related("user").filter(index=seat).first()
    if found is None:
        raise NotFound(GameError.NO_SUCH_SEAT, f"seat {seat + 1} is free")
    if not found.user.is_platform_bot:  # an owned bot leaves by itself, as a person does
        raise ApplicationError(GameError.NOT_A_BOT, "only a bot's seat is freed here")
    found.delete()
    publish_seats_changed(game)


@transaction.atomic
def game_start(*, game_id, user) -> MoveResult:
    """Start a full table: fix the contributions, derive the seed, deal round 1 (RULES R4,
    spec/game-record.md version 2)."""
    game = _lobby_game(game_id)
    if game.created_by_id != user.id:
        raise Forbidden(GameError.NOT_CREATOR, "only the table's creator starts it")
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
    chat: str | None = None,
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
        raise ApplicationError(GameError.ALREADY_SEATED, "a user can take only one seat")
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
        chat=chat,
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
    game = domain.get_game(game_id, for_update=True)
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
        if s.user.is_platform_bot:  # an owned bot contributes as a person does
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
    The seats that went berserk (``game_berserk``) are logged next (SeatsBerserk), before the
    deal, so the projection starts them on half the reserve.
    """
    seats = list(game.seats.select_related("user"))
    if len(seats) != game.players:
        raise ApplicationError(
            GameError.TABLE_NOT_FULL, f"{len(seats)} of {game.players} seats taken"
        )
    if game.rated and any(s.user.is_owned_bot for s in seats):
        # Every door to a rated seat refuses owned bots; this is the last one, whatever path
        # (a platform table, a tournament's, a later change) seated one.
        raise_bots_not_rated()
    ruleset = Ruleset.from_dict(game.ruleset)
    fields = ["seed", "seed_commitment"]  # status, started_at: the projection of MatchStarted
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
    berserk = sorted(s.index for s in seats if s.berserk)
    if berserk:  # logged with the start: the log alone tells whose reserve is halved
        events.append(platform_event(SEATS_BERSERK, berserk=berserk))
    game.save(update_fields=fields)
    loaded = Loaded(initial_state(start), 0, store.GENESIS)
    appended = domain.append(game, loaded, events, SYSTEM)
    appended += domain.deal_if_due(game, loaded)
    # Every socket checks its seat before the deal reaches it.
    effects.written(game, seats, loaded, appended, before=0, seats_changed=True)
    return MoveResult(loaded.version, tuple(appended))


# -- play --------------------------------------------------------------------------------------


def parse_move(move: dict[str, Any], seat: int, ruleset: dict[str, Any]) -> Command:
    """Return the engine command a move body asks for; ApplicationError if it is malformed."""
    try:
        return command_from_dict(move, seat, ruleset["set_max"])
    except ValueError as exc:
        raise ApplicationError(GameError.INVALID_MOVE, str(exc)) from None


def check_active(game: Game) -> None:
    if game.status == GameStatus.OPEN:
        raise ApplicationError(GameError.GAME_NOT_STARTED, "the game has not started")
    if game.status != GameStatus.ACTIVE:
        raise ApplicationError(GameError.GAME_OVER, f"the game is {game.status}")


def seat_of(seats: list[Seat], user) -> Seat:
    seat = next((s for s in seats if s.user_id == user.id), None)
    if seat is None:
        raise Forbidden(GameError.NOT_A_PLAYER, "you have no seat in this game")
    return seat


@tracing.traced("game.move")
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
    game, seats = domain.get_game_and_seats(game_id)
    command_id = f"move:{user.id}:{idempotency_key}" if idempotency_key else None
    try:
        domain.check_repeated(game, command_id)
        check_active(game)
        seat = seat_of(seats, user)
        claimed = move.get("seat", seat.index)
        if claimed != seat.index:
            raise Forbidden(GameError.NOT_YOUR_SEAT, f"you play seat {seat.index}")
        if seat.resigned_at is not None or seat.forfeited_at is not None:
            raise Forbidden(GameError.RESIGNED, "you left this game")
        command = parse_move(move, seat.index, game.ruleset)
        if game.deadline is not None and game.to_move == seat.index and clock.now() > game.deadline:
            raise Conflict(
                GameError.DEADLINE_PASSED,
                "your time for this move has run out; the timeout action is being applied",
                extra={"seq": game.version},
            )
        loaded = load(game.stream, known_version=game.version)
        before = loaded.version
        if expected_seq is not None and expected_seq != before:
            domain.check_repeated(game, command_id)
            raise Stale(before)
        events = step(loaded.state, command)  # raises IllegalMove: nothing appended
        appended = domain.append(game, loaded, events, domain.actor(user), command_id=command_id)
    except Duplicate as done:  # the one way out for a repeated key: the first answer
        return done.result
    metrics.move_made("player")
    first_last = loaded.version
    appended += domain.deal_if_due(game, loaded)
    if command_id is not None and loaded.version > first_last:
        store.extend_command(game.stream, command_id, loaded.version)
    effects.written(game, seats, loaded, appended, before=before)
    return MoveResult(loaded.version, tuple(appended), seat=seat.index)


@transaction.atomic
def game_resign(*, game_id, user, forfeit: bool = False, reason: str = "") -> MoveResult:
    """Leave a started game: the seat keeps its history (R25) and a bot plays it on — or, with
    ``forfeit`` (a tournament's withdrawal policy), the timeout action plays it to the end and
    it is placed last. Its player's sockets watch as a spectator's from now on."""
    game, seats = domain.get_game_and_seats(game_id)
    check_active(game)
    seat = seat_of(seats, user)
    if seat.resigned_at is not None or seat.forfeited_at is not None:
        raise ApplicationError(GameError.ALREADY_RESIGNED, "you already left this game")
    loaded = load(game.stream, known_version=game.version)
    before = loaded.version
    data = {"seat": seat.index, **({"reason": reason} if reason else {})}
    event = platform_event(SEAT_FORFEITED if forfeit else SEAT_RESIGNED, **data)
    appended = domain.append(game, loaded, [event], domain.actor(user))
    appended += domain.abandon_if_deserted(game, loaded, seats, seat.index)
    effects.written(game, seats, loaded, appended, before=before)
    return MoveResult(loaded.version, tuple(appended), seat=seat.index)


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
        due = deadline_for(game, seat, game.turn_started_at)
        Game.objects.filter(pk=game.pk, version=game.version).update(deadline=due)


@transaction.atomic
def player_vacation_start(*, user, days: int):
    """Pause ``user``'s correspondence clocks from now for ``days`` days (RULES R24).

    Each game counts the vacation against its own ``vacation_days``; a game whose allowance is
    spent keeps its clock running.
    """
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 60:
        raise ApplicationError(GameError.INVALID_VACATION, "days must be 1 to 60")
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
        raise ApplicationError(GameError.NOT_ON_VACATION, "you are not on vacation")
    now = clock.now()
    get_user_model().objects.filter(pk=user.pk).update(vacation_until=now)
    user.vacation_until = now
    _refresh_deadlines(user)
    return user


@transaction.atomic
def player_time_zone_set(*, user, time_zone: str):
    """Set ``user``'s time zone ("" for UTC; ``invalid_time_zone`` if unknown) and move the
    deadlines of their correspondence turns under way with it: where their weekend falls on a
    table with no clock at weekends (games.clocks)."""
    user_preferences_set(user=user, time_zone=time_zone)
    _refresh_deadlines(user)
    return user


__all__ = [
    "MoveResult",
    "game_berserk",
    "game_contribute",
    "game_create_seated",
    "game_seat_opened",
    "game_start_ready",
    "player_vacation_end",
    "player_vacation_start",
    "player_time_zone_set",
    "game_add_bot",
    "game_remove_bot",
    "game_create",
    "game_join",
    "game_leave",
    "game_move",
    "game_resign",
    "game_start",
    "validate_contribution",
    "validate_time_control",
]
