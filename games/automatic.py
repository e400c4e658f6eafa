"""Seats the platform plays, and timeouts (RULES R24, R25).

Bots, and players who left or forfeited (R25), move in a task (``games.tasks.play_automatic``)
submitted once the write that handed them the turn has committed; the task decides from that
seat's knowledge only (``games.bots.knowledge``) and appends through ``game_play_automatic``,
which does nothing if the game has moved on. Expired deadlines are applied by
``game_apply_timeout``, called by the sweeper and by a short ETA task for live precision; it
too carries the seq it was made for.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from django.conf import settings
from django.db import transaction

from core import clock
from core import metrics
from core import tracing
from core.errors import NotFound
from games import clocks
from games import domain
from games import effects
from games.bots.knowledge import seat_knowledge
from games.bots.simple import POLICIES
from games.bots.strategies import STRATEGIES
from games.bots.strategies import make_strategy
from games.domain import SEAT_FORFEITED
from games.domain import SEAT_RESIGNED
from games.domain import SYSTEM
from games.domain import MoveResult
from games.domain import load
from games.domain import platform_event
from games.engine import Command
from games.engine import DrawTile
from games.engine import Pass
from games.engine import PlaceEngine
from games.engine import Stop
from games.engine import legal_moves
from games.engine import step
from games.engine.state import ENGINE
from games.engine.state import PLAYING
from games.models import Game
from games.models import GameStatus
from games.models import Seat
from games.projections import automatic_grace
from games.projections import deadline_for

log = logging.getLogger(__name__)

RESIGNED_STRATEGY = "greedy"  # plays the seat of a player who left (R25)
TIMEOUT_STRATEGY = "timeout"  # plays a forfeited seat: the timeout action, turn after turn


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


THINKING_STRATEGIES = ("mc", "strong")  # think for BOT_BUDGET_MS: each turn is shown alone


def _strategy_for(seat: Seat):
    """What plays an automatic seat: its bot's strategy, the timeout action for a forfeited
    seat, the greedy bot for a player who left (R25)."""
    if seat.forfeited_at is not None:
        return None
    name = _strategy_name(seat)
    options = {"budget_ms": settings.BOT_BUDGET_MS} if name in THINKING_STRATEGIES else {}
    return make_strategy(name if name in STRATEGIES else RESIGNED_STRATEGY, **options)


def _strategy_name(seat: Seat) -> str:
    return seat.user.bot_strategy if seat.user.is_platform_bot else RESIGNED_STRATEGY


def _automatic_turn(game: Game, seat: Seat, state, seq: int) -> tuple[str, list]:
    """Play ``seat``'s whole turn on ``state`` (in place) as the task made for ``seq`` would;
    return the actor's kind and the events."""
    strategy = _strategy_for(seat)
    if strategy is None:
        return "timeout", _turn_events(
            state, seat.index, lambda st: timeout_command(st, seat.index)
        )
    rng = random.Random(f"{game.seed}:{seq}")
    return "bot", _turn_events(
        state,
        seat.index,
        lambda st: strategy.choose(seat_knowledge(st, seat.index), rng)._replace(by="bot"),
    )


def _automatic_turns(game: Game, seats: list[Seat], state, seq: int) -> list[tuple]:
    """The turns of the seats the platform plays from ``seq`` on, in order, until a person is
    to move, the round ends, or a whole lap was played: (seat, kind, events) each, ``state``
    moved on in place. Consecutive automatic seats play in one task, one transaction and one
    broadcast (two bots in a row cost the worker one task, not two, and each socket one frame);
    each turn decides exactly as its own task would have (its random stream is seeded by the
    seq it begins at). A bot that thinks for a while (``THINKING_STRATEGIES``) is shown alone,
    as soon as it has chosen, and no other turn waits behind its thinking."""
    turns: list[tuple] = []
    while len(turns) < len(seats):
        seat = seats[state.to_move]
        kind, events = _automatic_turn(game, seat, state, seq)
        turns.append((seat, kind, events))
        seq += len(events)
        if (
            not events
            or state.phase not in (ENGINE, PLAYING)
            or state.to_move is None
            or not seats[state.to_move].automatic
            or _thinks(seat)
            or _thinks(seats[state.to_move])
        ):
            break
    return turns


def _thinks(seat: Seat) -> bool:
    return seat.forfeited_at is None and _strategy_name(seat) in THINKING_STRATEGIES


@tracing.traced("game.play_automatic")
def game_play_automatic(*, game_id, seq: int) -> MoveResult | None:
    """Play the turn of the seat the platform plays, if it is to move at ``seq``, and those of
    the automatic seats right after it (``_automatic_turns``); else None.

    The moves are chosen outside the transaction (a strong bot thinks for a while), each from
    its seat's knowledge only — its hand and the public table, never the full state — then
    appended with ``seq`` as the expected version: if anything else was appended meanwhile,
    nothing is, and None is returned. Running it twice for one seq therefore plays once.
    """
    try:
        game, seats = domain.get_game_and_seats(game_id, lock=False)
    except NotFound:
        return None
    if game.status != GameStatus.ACTIVE or game.version != seq:
        return None
    if game.to_move is None or not seats[game.to_move].automatic:
        return None
    loaded = load(game.stream, known_version=seq)
    if loaded.version != seq or loaded.state is None:
        return None
    state = loaded.state.copy()
    turns = _automatic_turns(game, seats, state, seq)
    with transaction.atomic():
        creator = game.created_by
        game = domain.lock_game(game_id)
        if game is None or game.version != seq or game.status != GameStatus.ACTIVE:
            return None
        game.created_by = creator  # as read above: a table's creator never changes
        for s in seats:
            s.game = game
        appended = []
        at = clock.now()  # one moment: the log's writes, split by actor, read as this one
        for seat, kind, events in turns:
            appended += domain.append(game, loaded, events, _seat_actor(seat, kind), at=at)
            metrics.move_made(kind)
        loaded.state = state
        appended += domain.deal_if_due(game, loaded)
        effects.written(game, seats, loaded, appended, before=seq)
    return MoveResult(loaded.version, tuple(appended), seat=turns[0][0].index)


@tracing.traced("game.apply_timeout")
@transaction.atomic
def game_apply_timeout(*, game_id, seq: int) -> MoveResult | None:
    """Apply the timeout action to the seat to move at ``seq`` if its deadline has passed.

    None (nothing appended) if the game has moved on, the deadline is not due (a vacation may
    have pushed it back: the new deadline is stored) or the seat is played by the platform (a
    lost bot task: its turn is played instead). The action is the seat's whole turn, each
    command marked ``"by": "timeout"``; after ``timeouts_allowed`` in a row the seat is
    handed to a bot (``SeatResigned``, reason "timeouts") or forfeited (``SeatForfeited``).
    """
    game, seats = domain.get_game_and_seats(game_id)
    now = clock.now()
    if (
        game.status != GameStatus.ACTIVE
        or game.version != seq
        or game.to_move is None
        or game.deadline is None
        or game.deadline > now
    ):
        return None
    seat = seats[game.to_move]
    if seat.automatic:  # its task was lost: play it now, and look again after a grace
        Game.objects.filter(pk=game.pk).update(deadline=now + automatic_grace(seat))
        effects.play_automatic_on_commit(game.id, seq)
        return None
    due = deadline_for(game, seat, game.turn_started_at or now)
    if due > now:  # a vacation began since the deadline was set
        Game.objects.filter(pk=game.pk).update(deadline=due)
        return None
    loaded = load(game.stream, known_version=seq)
    events = _turn_events(loaded.state, seat.index, lambda st: timeout_command(st, seat.index))
    appended = domain.append(game, loaded, events, _seat_actor(seat, "timeout"))
    metrics.timeout_applied()
    tc = clocks.with_defaults(game.time_control)
    # This one counted (the projection). A turn that ended the match hands nothing over: the
    # seat was played to the end, and a finished record has no seat given up after its end.
    if not loaded.state.finished and seat.timeouts_in_row + 1 >= tc["timeouts_allowed"]:
        handed = SEAT_FORFEITED if tc["on_timeouts"] == "forfeit" else SEAT_RESIGNED
        event = platform_event(handed, seat=seat.index, reason="timeouts")
        appended += domain.append(game, loaded, [event], SYSTEM)
        appended += domain.abandon_if_deserted(game, loaded, seats, seat.index)
    appended += domain.deal_if_due(game, loaded)
    effects.written(game, seats, loaded, appended, before=seq)
    return MoveResult(loaded.version, tuple(appended), seat=seat.index)


SWEEP_BATCH = 500


def due_games(now=None, limit: int = SWEEP_BATCH) -> list[tuple[Any, int]]:
    """Return (game id, seq) of active games whose deadline has passed, oldest first."""
    now = now or clock.now()
    return list(
        Game.objects.filter(status=GameStatus.ACTIVE, deadline__lte=now)
        .order_by("deadline")
        .values_list("id", "version")[:limit]
    )


def sweep_deadlines(now=None) -> int:
    """Apply every deadline that has passed: a person's timeout, an overdue automatic seat's
    turn (its task lost). Returns how many games changed."""
    return _apply_due(due_games(now or clock.now()))


def _apply_due(due: list[tuple[Any, int]]) -> int:
    changed = 0
    for game_id, seq in due:
        try:
            if game_apply_timeout(game_id=game_id, seq=seq) is not None:
                changed += 1
        except Exception:  # noqa: BLE001 — one broken game must not stop the sweep
            log.exception("sweeping game %s at seq %s failed", game_id, seq)
    return changed


def sweep_due() -> float | None:
    """The sweeper's pass (``core.sweeper``): apply what is due; return the seconds until the
    next deadline of an active game (0 when a full batch was due: more may be waiting)."""
    due = due_games(clock.now())
    _apply_due(due)
    if len(due) >= SWEEP_BATCH:
        return 0.0
    upcoming = (
        Game.objects.filter(status=GameStatus.ACTIVE, deadline__isnull=False)
        .order_by("deadline")
        .values_list("deadline", flat=True)
        .first()
    )
    if upcoming is None:
        return None
    return max((upcoming - clock.now()).total_seconds(), 0.0)
