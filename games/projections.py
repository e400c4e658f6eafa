"""Game and Seat read models: from what was just appended, or rebuilt from the whole log.

One projector (``project``) turns the events of one write — a move and the deal it brought, a
timeout and the seat change it caused, a staff decision — into the Game and Seat fields:
status, turn, result, who left, and the clocks (RULES R24: the seat whose turn ended is charged
its time, the seat to move gets its deadline). A live write runs it on the rows it locked; a
rebuild runs it, write by write, over the whole log on fresh copies of the rows
(``game_projection_from_log``), so the two cannot drift apart.

Only the players' current vacations and time zones come from outside the log (they are
account data): a rebuild computes the clocks with them.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction

from core import sql
from eventstore import store
from eventstore.store import StoredEvent
from games import clocks
from games.domain import GAME_ABANDONED
from games.domain import GAME_VOIDED
from games.domain import MORE_TIME_GIVEN
from games.domain import RESULT_AWARDED
from games.domain import SEAT_FORFEITED
from games.domain import SEAT_RESIGNED
from games.domain import SEATS_BERSERK
from games.domain import SEED_CONTRIBUTIONS_FIXED
from games.domain import fold
from games.engine import GameState
from games.engine.state import ENGINE
from games.engine.state import PLAYING
from games.models import Game
from games.models import GameStatus
from games.models import Seat

GAME_FIELDS = (
    "status",
    "version",
    "head_hash",
    "round",
    "to_move",
    "result",
    "started_at",
    "finished_at",
    "turn_started_at",
    "turn_extra_s",
    "deadline",
    "contributions",
)
SEAT_FIELDS = (
    "reserve_ms",
    "vacation_used_s",
    "timeouts_in_row",
    "resigned_at",
    "forfeited_at",
    "more_time_given",
)
_ENDED = frozenset({GameStatus.FINISHED, GameStatus.ABANDONED, GameStatus.VOID})


THINKING_DECISIONS = 4  # a strong bot's budget is per decision: a turn may take a few


def automatic_grace(seat: Seat) -> timedelta:
    """How long the task playing ``seat`` (a seat the platform plays) may take before the
    sweeper plays the turn itself: AUTOMATIC_GRACE_SECONDS, plus a strong bot's thinking time.
    """
    seconds = settings.AUTOMATIC_GRACE_SECONDS
    user = seat.user
    if user.is_platform_bot and user.bot_strategy in ("mc", "strong") and seat.forfeited_at is None:
        seconds += THINKING_DECISIONS * settings.BOT_BUDGET_MS / 1000
    return timedelta(seconds=seconds)


def seat_clock(seat: Seat) -> dict[str, Any]:
    """The keywords of ``games.clocks``' functions for ``seat``'s clock: its player's time
    zone and vacation, the vacation this game has counted."""
    user = seat.user
    return {
        "tz": user.time_zone,
        "vacation_used_s": seat.vacation_used_s,
        "vac_from": user.vacation_from,
        "vac_until": user.vacation_until,
    }


def deadline_for(game: Game, seat: Seat, started: datetime) -> datetime | None:
    """When the turn ``seat`` begins at ``started`` is due (with the more time it was given,
    ``game.turn_extra_s``); for a seat the platform plays, when its task is overdue
    (``automatic_grace``: the sweeper then plays it)."""
    if seat.automatic:
        return started + automatic_grace(seat)
    return clocks.deadline(
        game.time_control,
        started,
        reserve_ms=seat.reserve_ms,
        extra_s=game.turn_extra_s,
        **seat_clock(seat),
    )


def _closed_by_staff(game: Game) -> bool:
    return game.status == GameStatus.VOID or bool((game.result or {}).get("awarded"))


@dataclass(frozen=True)
class Projected:
    """What one write changed: the game's fields, each changed seat's (by index), whether a
    turn began with it, and whether it ended the game in play (finished, abandoned, void)."""

    game: dict[str, Any]
    seats: dict[int, dict[str, Any]]
    new_turn: bool
    ended: bool


def project(
    game: Game, seats: list[Seat], written: list[StoredEvent], state: GameState | None
) -> Projected:
    """Apply one write's events (``written``, in order; ``state`` is the engine state after
    them) to ``game`` and ``seats`` in memory; return what changed."""
    game_before = {f: getattr(game, f) for f in GAME_FIELDS}
    seats_before = [{f: getattr(s, f) for f in SEAT_FIELDS} for s in seats]
    last = written[-1]
    now = last.created_at  # the time of the write, as a rebuild from the log sees it
    kind = written[0].actor.get("kind")
    actor_user = written[0].actor.get("user")
    prev_to_move, prev_started = game.to_move, game.turn_started_at
    tc = game.time_control
    by_user = {s.user_id: s for s in seats}

    acting = by_user.get(actor_user) if kind in ("player", "timeout") else None
    gift = written[0].type == MORE_TIME_GIVEN  # no move of the giver's: their count stays
    if kind == "player" and acting is not None and not gift:
        acting.timeouts_in_row = 0
    elif kind == "timeout" and acting is not None and acting.forfeited_at is None:
        acting.timeouts_in_row += 1  # once per timed-out turn; a forfeited seat's play counts none

    for e in written:
        if e.type == "MatchStarted":
            game.status = GameStatus.ACTIVE
            game.started_at = e.created_at
            reserve = clocks.initial_reserve_ms(tc)
            for seat in seats:
                seat.reserve_ms = reserve
        elif e.type == SEED_CONTRIBUTIONS_FIXED:
            game.contributions = e.data.get("contributions")
        elif e.type == SEATS_BERSERK:  # logged with the start, after MatchStarted
            half = clocks.berserk_reserve_ms(tc)
            for index in e.data["berserk"]:
                seats[index].reserve_ms = half
        elif e.type == SEAT_RESIGNED:
            seats[e.data["seat"]].resigned_at = e.created_at
        elif e.type == SEAT_FORFEITED:
            seats[e.data["seat"]].forfeited_at = e.created_at
        elif e.type == MORE_TIME_GIVEN:
            game.turn_extra_s += e.data["seconds"]
            seats[e.data["given_by"]].more_time_given += 1
        elif e.type == GAME_ABANDONED:
            game.status = GameStatus.ABANDONED
            game.finished_at = e.created_at
        elif e.type == "MatchEnded" and game.status == GameStatus.ACTIVE:
            game.status = GameStatus.FINISHED
            game.finished_at = e.created_at
            game.result = e.data
        elif e.type == GAME_VOIDED:
            game.status = GameStatus.VOID
            game.result = None
            game.finished_at = game.finished_at or e.created_at
        elif e.type == RESULT_AWARDED:
            result = dict(game.result or {}) if game.status == GameStatus.FINISHED else {}
            result.setdefault("totals", e.data.get("totals"))
            result.update(
                places=e.data["places"], awarded={"seq": e.seq, "reason": e.data["reason"]}
            )
            game.status = GameStatus.FINISHED
            game.result = result
            game.finished_at = game.finished_at or e.created_at

    game.version, game.head_hash = last.seq, last.hash
    if state is not None:
        game.round = state.round
    if _closed_by_staff(game):
        game.to_move = None
    elif state is not None:
        game.to_move = state.to_move if state.phase in (ENGINE, PLAYING) else None
    new_turn = game.to_move != prev_to_move or any(e.type == "RoundStarted" for e in written)

    # A turn that ended is charged to its seat — not when staff restarted it (a fresh turn).
    if new_turn and kind != "staff" and prev_to_move is not None and prev_started is not None:
        seat = seats[prev_to_move]
        if not seat.user.is_platform_bot:  # an owned bot is on the clock like a person
            seat.reserve_ms, seat.vacation_used_s = clocks.charge(
                tc,
                prev_started,
                now,
                reserve_ms=seat.reserve_ms,
                extra_s=game.turn_extra_s,
                **seat_clock(seat),
            )
    if new_turn:
        game.turn_extra_s = 0  # more time was given for the turn that ended
    if game.status != GameStatus.ACTIVE or game.to_move is None:
        game.turn_started_at = game.deadline = None
    elif new_turn:
        game.turn_started_at = now
        game.deadline = deadline_for(game, seats[game.to_move], now)
    elif gift:  # the same turn, its deadline moved back
        game.deadline = deadline_for(game, seats[game.to_move], game.turn_started_at or now)

    game_changed = {f: getattr(game, f) for f in GAME_FIELDS if getattr(game, f) != game_before[f]}
    seats_changed = {}
    for seat, before in zip(seats, seats_before, strict=True):
        changed = {f: getattr(seat, f) for f in SEAT_FIELDS if getattr(seat, f) != before[f]}
        if changed:
            seats_changed[seat.index] = changed
    ended = game_before["status"] == GameStatus.ACTIVE and game.status in _ENDED
    return Projected(game_changed, seats_changed, new_turn, ended)


def save(game: Game, seats: list[Seat], changed: Projected) -> None:
    """Store what ``project`` changed (one UPDATE of the game row, one per changed seat)."""
    for index, fields in changed.seats.items():
        sql.update_row(Seat, seats[index].pk, fields)
    sql.update_row(Game, game.pk, changed.game)


def writes(stored: Iterable[StoredEvent]) -> Iterator[list[StoredEvent]]:
    """Split a log into its writes, as the writers appended them: each starts with an append
    by someone (a player, a bot, a timeout, staff), and the platform's own appends in the same
    transaction (the next deal, a seat handed over, the game abandoned) follow it. The events
    of one append share its actor and its time."""
    batch: list[StoredEvent] = []
    for e in stored:
        same_append = (
            bool(batch) and e.actor == batch[-1].actor and e.created_at == batch[-1].created_at
        )
        if batch and e.actor.get("kind") != "system" and not same_append:
            yield batch
            batch = []
        batch.append(e)
    if batch:
        yield batch


def _fresh_rows(game: Game) -> tuple[Game, list[Seat]]:
    """Copies of the game's rows as they were before its first event."""
    fresh = copy.copy(game)
    fresh.version, fresh.head_hash, fresh.round = 0, "", 0
    fresh.to_move = fresh.result = fresh.finished_at = None
    fresh.turn_started_at = fresh.deadline = fresh.contributions = None
    fresh.turn_extra_s = 0
    seats = []
    for seat in game.seats.select_related("user"):
        seat.reserve_ms = clocks.initial_reserve_ms(game.time_control)
        seat.vacation_used_s = seat.timeouts_in_row = seat.more_time_given = 0
        seat.resigned_at = seat.forfeited_at = None
        seats.append(seat)
    return fresh, seats


def game_projection_from_log(game: Game) -> dict[str, Any]:
    """Return the Game and Seat projections recomputed from the event log alone (and the
    players' current vacations, which are account data, not game events)."""
    rows, seats = _fresh_rows(game)
    state = None
    for written in writes(store.read(game.stream)):
        state = fold(written, state)
        project(rows, seats, written, state)
    out: dict[str, Any] = {f: getattr(rows, f) for f in GAME_FIELDS}
    out["resigned"] = {s.index: s.resigned_at for s in seats if s.resigned_at is not None}
    out["forfeited"] = {s.index: s.forfeited_at for s in seats if s.forfeited_at is not None}
    out["seats"] = {
        s.index: {
            "reserve_ms": s.reserve_ms,
            "vacation_used_s": s.vacation_used_s,
            "timeouts_in_row": s.timeouts_in_row,
            "more_time_given": s.more_time_given,
        }
        for s in seats
    }
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
