"""Staff adjudication: void a game, award a result, restart a round from a fresh deal, reverse
its rating changes — each appended to the game's stream as an event carrying the staff member
(actor kind "staff") and the reason. History is never edited.

Each service is one transaction, like the game services: lock the Game row, load, decide,
append with the expected version, update the projections, then the ratings, the staff trail
(disputes.StaffAction), the dispute's thread and the players' notifications. A repeated call
that would change nothing is refused with a stable code (409), so nothing happens twice.

Events (schema_version 1; ``dispute`` is the dispute answered, or null):
- ``GameVoided`` {reason, dispute, previous_status}: status "void", no result.
- ``ResultAwarded`` {reason, dispute, places, totals}: status "finished" with these places.
- ``RoundRestarted`` {reason, dispute, round, restart, at_seq}: the current round starts again
  from a fresh deal, the engine's ``RoundStarted`` appended right after it (restart ``restart``
  of round ``round``, dealt from ``engine.deal.redeal_seed``); ``at_seq`` (or null) is the event
  the staff member found at fault. No tile is in it: the new hands travel in the RoundStarted,
  redacted for each viewer like any deal. (Older logs hold a ``state`` instead, the whole
  position restored: folded and verified as before, never sent, see
  ``games.domain.redact_platform_event``.)
- ``RatingsReversed`` {reason, dispute}: the game's rating changes are undone.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.dispatch import Signal
from eventstore import store
from eventstore.store import ConcurrencyConflict, StoredEvent

from core import clock
from core.errors import ApplicationError, Conflict, Forbidden, NotFound
from games import clocks
from games.broadcast import publish_game_events
from games.domain import (
    ADJUDICATION_TYPES,
    GAME_VOIDED,
    RATINGS_REVERSED,
    RESULT_AWARDED,
    ROUND_RESTARTED,
    Loaded,
    fold,
    load,
    maybe_snapshot,
    platform_event,
    remember_on_commit,
)
from games.engine import GameState, RoundStarted, event_to_dict
from games.engine.deal import deal_round, redeal_seed
from games.engine.state import ENGINE, PLAYING
from games.models import Game, GameStatus, Seat
from games.stakes import refuse_staff_with_stake

log = logging.getLogger(__name__)

game_adjudicated = Signal()
"""Sent once an adjudication has committed, with ``game_id`` (str), ``type`` (the event type),
``seq``, ``status`` (the game's status after it) and ``rated``, like ``games.signals``: tournament
standings and other read models follow. A void or an award that ends a game in play also sends
``games.signals.game_ended`` (status "void" or "finished"). Receivers must not raise."""


@dataclass(frozen=True)
class Adjudication:
    game: Game
    event: StoredEvent


def _ratings():
    """Return ``ratings.services``, imported when needed (the ratings app may load after us)."""
    try:
        from ratings import services
    except ImportError:  # pragma: no cover - the ratings app is installed
        return None
    return services


def _staff_actor(by) -> dict[str, Any]:
    return {"kind": "staff", "user": by.id, "name": by.username}


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ApplicationError("reason_required", "an adjudication needs a reason")
    return reason[:2000]


def _locked(game_id, by) -> Game:
    if not getattr(by, "is_staff", False):
        raise Forbidden("staff_only", "only staff adjudicate games")
    try:
        game = Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise NotFound("not_found", "no such game") from None
    if game.seats.filter(user=by).exists():
        raise Forbidden("own_game", "staff do not adjudicate a game they play in")
    refuse_staff_with_stake(by, game)  # a seat at a sibling table, an entry in its tournament
    if game.status == GameStatus.OPEN:
        raise Conflict("game_not_started", "the game has not started")
    return game


def _adjudications(game: Game) -> list[StoredEvent]:
    return [e for e in store.read(game.stream) if e.type in ADJUDICATION_TYPES]


def ratings_applied(game: Game, stored: list[StoredEvent] | None = None) -> bool:
    """Tell whether the game's rating changes currently stand: a rated game that ended (or was
    awarded a result) after its last reversal, and is not void."""
    if not game.rated or game.status != GameStatus.FINISHED:
        return False
    stored = store.read(game.stream) if stored is None else stored
    last_applied = max(
        (e.seq for e in stored if e.type in ("MatchEnded", RESULT_AWARDED)), default=0
    )
    last_reversed = max((e.seq for e in stored if e.type == RATINGS_REVERSED), default=0)
    return last_applied > last_reversed


def _append_events(game: Game, loaded: Loaded, events: list[dict], by) -> list[StoredEvent]:
    try:
        result = store.append(
            game.stream,
            expected_version=loaded.version,
            events=events,
            actor=_staff_actor(by),
            prev_hash=loaded.head_hash,
        )
    except ConcurrencyConflict as exc:  # cannot happen under the row lock; said plainly if so
        raise Conflict("stale", "the game moved on; reload", extra={"seq": exc.actual}) from None
    loaded.version = result.last_seq
    loaded.head_hash = result.events[-1].hash
    return list(result.events)


def _append(game: Game, loaded: Loaded, type_: str, by, **data) -> StoredEvent:
    return _append_events(game, loaded, [platform_event(type_, **data)], by)[-1]


def _project(
    game: Game, loaded: Loaded, event: StoredEvent, fields: dict[str, Any], *more: StoredEvent
) -> None:
    """Store the projections an adjudication changes, snapshot, cache and publish (on commit)
    its event (and ``more`` appended with it)."""
    fields = {"version": loaded.version, "head_hash": loaded.head_hash, **fields}
    before = game.version
    Game.objects.filter(pk=game.pk).update(**fields)
    for key, value in fields.items():
        setattr(game, key, value)
    maybe_snapshot(game.stream, before, loaded)
    remember_on_commit(game.stream, loaded)
    publish_game_events(game, [event, *more], loaded.state)


def _closed_fields(game: Game, event: StoredEvent) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "to_move": None,
        "deadline": None,
        "finished_at": game.finished_at or event.created_at,
    }
    if hasattr(game, "turn_started_at"):
        fields["turn_started_at"] = None
    return fields


def _record(game, by, action, reason, dispute, event, data=None) -> None:
    from disputes.services import staff_action_record

    staff_action_record(
        staff=by,
        action=action,
        reason=reason,
        game=game,
        dispute=dispute,
        seq=event.seq,
        data=data or {},
    )


def _dispute(dispute_id, game: Game):
    from disputes.services import dispute_for_adjudication

    return dispute_for_adjudication(dispute_id, game)


def _announce(game: Game, by, dispute, text: str, event: StoredEvent) -> None:
    from disputes.services import adjudication_announce

    adjudication_announce(
        game=game, by=by, dispute=dispute, text=text, key=f"adjudication:{game.pk}:{event.seq}"
    )


def _done(game: Game, event: StoredEvent, *, ended: bool = False) -> Adjudication:
    """Tell the listeners once the transaction has committed; return the adjudication."""
    game_id, status, rated = str(game.pk), game.status, game.rated

    def signal() -> None:
        from games.signals import game_ended

        sent = [(game_adjudicated, {"type": event.type, "seq": event.seq})]
        if ended:
            sent.append((game_ended, {}))
        for sig, extra in sent:
            for receiver, error in sig.send_robust(
                sender=None, game_id=game_id, status=status, rated=rated, **extra
            ):
                if error is not None:
                    log.error("%r failed on game %s", receiver, game_id, exc_info=error)

    transaction.on_commit(signal)
    return Adjudication(game, event)


@transaction.atomic
def adjudicate_void(*, game_id, by, reason: str, dispute_id=None) -> Adjudication:
    """Annul a game: it has no result and counts for nothing (its rating changes reversed)."""
    reason = _reason(reason)
    game = _locked(game_id, by)
    if game.status == GameStatus.VOID:
        raise Conflict("already_void", "the game is already void")
    dispute = _dispute(dispute_id, game)
    loaded = load(game.stream, known_version=game.version)
    stored = store.read(game.stream)
    reverse = ratings_applied(game, stored)
    previous = game.status
    event = _append(
        game,
        loaded,
        GAME_VOIDED,
        by,
        reason=reason,
        dispute=dispute.pk if dispute else None,
        previous_status=previous,
    )
    fields = {**_closed_fields(game, event), "status": GameStatus.VOID, "result": None}
    _project(game, loaded, event, fields)
    ended = previous == GameStatus.ACTIVE
    if reverse and (ratings := _ratings()) is not None:
        ratings.rating_reverse_game(game_id=game.pk, by=by, reason=reason)
    _record(game, by, "game_voided", reason, dispute, event, {"previous_status": previous})
    _announce(game, by, dispute, f"Staff voided {game}: {reason}", event)
    return _done(game, event, ended=ended)


def _check_places(places: Any, seats: int) -> list[int]:
    """Return ``places`` if they are one place per seat, ties sharing (1, 1, 3; RULES R23)."""
    if (
        not isinstance(places, list | tuple)
        or len(places) != seats
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in places)
    ):
        raise ApplicationError("invalid_places", f"places must be {seats} whole numbers")
    ranked = sorted(places)
    if any(p != ranked.index(p) + 1 for p in ranked):
        raise ApplicationError(
            "invalid_places", "places count from 1; tied seats share one and the next is skipped"
        )
    return list(places)


@transaction.atomic
def adjudicate_award(*, game_id, by, reason: str, places, dispute_id=None) -> Adjudication:
    """Give a game a result: ``places[s]`` is seat s's place. The game is finished with it and
    the ratings are applied for it (replacing what an earlier result applied)."""
    reason = _reason(reason)
    game = _locked(game_id, by)
    places = _check_places(places, game.players)
    if game.status == GameStatus.VOID:
        raise Conflict("game_void", "the game is void")
    if game.status == GameStatus.FINISHED and (game.result or {}).get("places") == places:
        raise Conflict("already_awarded", "the game already has this result")
    dispute = _dispute(dispute_id, game)
    loaded = load(game.stream, known_version=game.version)
    state = loaded.state
    totals = [sum(r[i] for r in state.round_history) for i in range(state.seats)] if state else []
    event = _append(
        game,
        loaded,
        RESULT_AWARDED,
        by,
        reason=reason,
        dispute=dispute.pk if dispute else None,
        places=places,
        totals=totals,
    )
    ended = game.status == GameStatus.ACTIVE
    result = dict(game.result or {}) if game.status == GameStatus.FINISHED else {}
    result.setdefault("totals", totals)
    result.update(places=places, awarded={"seq": event.seq, "reason": reason})
    fields = {**_closed_fields(game, event), "status": GameStatus.FINISHED, "result": result}
    _project(game, loaded, event, fields)
    if game.rated and (ratings := _ratings()) is not None:
        ratings.rating_apply_game(game_id=game.pk, places=places, reapply=True)
    _record(game, by, "result_awarded", reason, dispute, event, {"places": places})
    order = ", ".join(f"seat {s + 1}: {p}" for s, p in enumerate(places))
    _announce(game, by, dispute, f"Staff awarded {game} a result ({order}): {reason}", event)
    return _done(game, event, ended=ended)


def restart_number(stored: list[StoredEvent], round_number: int) -> int:
    """Return the number the next restart of round ``round_number`` gets: 1 + its restarts so
    far in the log."""
    return 1 + sum(
        1 for e in stored if e.type == ROUND_RESTARTED and e.data.get("round") == round_number
    )


def restart_deal(seed: bytes, state: GameState, restart: int) -> RoundStarted:
    """Return the fresh deal of restart ``restart`` of ``state``'s round: ``deal_round`` from
    ``redeal_seed(seed, round, restart)`` (spec/game-record.md, "Restarts")."""
    rs, r = state.ruleset, state.round
    hands, boneyard = deal_round(
        redeal_seed(seed, r, restart), r, rs.set_max, state.seats, rs.hand_size
    )
    return RoundStarted(r, rs.engine_for(r), hands, boneyard)


def _round_start_seq(stored: list[StoredEvent]) -> int:
    """Return the seq of the deal the current round is played from (its latest RoundStarted)."""
    return max((e.seq for e in stored if e.type == "RoundStarted"), default=0)


@transaction.atomic
def adjudicate_restart_round(
    *, game_id, by, reason: str, at_seq: int | None = None, dispute_id=None
) -> Adjudication:
    """Restart the current round of a game in play from a fresh deal: its moves so far no longer
    count (they stay in the log, superseded), earlier rounds' scores stand.

    Restart k of round r is dealt from ``redeal_seed(seed, r, k)``, never from the tiles the
    players have already seen. ``at_seq``, if given, names the event of the current round the
    staff member found at fault; it is recorded, and refused if the round has moved on past it
    into another round (the staff member was looking at an older round).
    """
    reason = _reason(reason)
    game = _locked(game_id, by)
    if game.status != GameStatus.ACTIVE:
        raise Conflict(
            "game_not_active", f"only a game in play restarts; this one is {game.status}"
        )
    loaded = load(game.stream, known_version=game.version)
    current = loaded.state
    if current is None or current.phase not in (ENGINE, PLAYING) or not game.seed:
        raise Conflict("round_not_in_play", "the game has no round in play to restart")
    stored = store.read(game.stream)
    first = _round_start_seq(stored)
    whole = isinstance(at_seq, int) and not isinstance(at_seq, bool)
    if at_seq is not None and not (whole and first <= at_seq <= loaded.version):
        raise ApplicationError(
            "invalid_seq",
            f"at_seq must be an event of round {current.round} as it stands: {first} to "
            f"{loaded.version}",
        )
    if len(stored) >= 2 and stored[-2].type == ROUND_RESTARTED:
        # A double submission would redeal twice: nothing has been played since the restart.
        raise Conflict("already_restarted", f"round {current.round} was just restarted")
    dispute = _dispute(dispute_id, game)
    k = restart_number(stored, current.round)
    deal = restart_deal(bytes.fromhex(game.seed), current, k)
    restarted = platform_event(
        ROUND_RESTARTED,
        reason=reason,
        dispute=dispute.pk if dispute else None,
        round=current.round,
        restart=k,
        at_seq=at_seq,
    )
    event, dealt = _append_events(game, loaded, [restarted, event_to_dict(deal)], by)
    loaded.state = state = fold([event, dealt], current.copy())
    seats = list(game.seats.select_related("user"))
    _project(game, loaded, event, _turn_fields(game, seats, state), dealt)
    data = {"restart": k, "round": current.round, "at_seq": at_seq}
    _record(game, by, "round_restarted", reason, dispute, event, data)
    _announce(
        game,
        by,
        dispute,
        f"Staff restarted round {current.round} of {game} from a fresh deal: {reason}",
        event,
    )
    _schedule(game, seats)
    return _done(game, event)


def _turn_fields(game: Game, seats: list[Seat], state: GameState) -> dict[str, Any]:
    """The turn projections of a restored position: the seat to move starts a fresh turn."""
    now = clock.now()
    fields: dict[str, Any] = {"round": state.round, "to_move": state.to_move}
    seat = seats[state.to_move]
    if seat.automatic:
        grace = getattr(settings, "AUTOMATIC_GRACE_SECONDS", 30)
        fields["deadline"] = now + timedelta(seconds=grace)
    else:
        fields["deadline"] = clocks.deadline(
            game.time_control,
            now,
            reserve_ms=getattr(seat, "reserve_ms", None),
            vacation_used_s=getattr(seat, "vacation_used_s", 0),
            vac_from=getattr(seat.user, "vacation_from", None),
            vac_until=getattr(seat.user, "vacation_until", None),
        )
    if hasattr(game, "turn_started_at"):
        fields["turn_started_at"] = now
    return fields


def _schedule(game: Game, seats: list[Seat]) -> None:
    """Let the platform play on from a restored position (a bot's turn, a live deadline), once
    the transaction commits; the deadline sweeper catches up with whatever this misses."""
    try:
        from games import scheduling
    except ImportError:  # pragma: no cover - scheduling arrives with the clocks
        return
    scheduling.after_commit(game, seats)


@transaction.atomic
def adjudicate_reverse_ratings(*, game_id, by, reason: str, dispute_id=None) -> Adjudication:
    """Undo the rating changes a game made; its result stands."""
    reason = _reason(reason)
    game = _locked(game_id, by)
    if not game.rated:
        raise Conflict("not_rated", "the game is not rated")
    stored = store.read(game.stream)
    if not ratings_applied(game, stored):
        raise Conflict("ratings_not_applied", "the game's ratings are not applied (or reversed)")
    dispute = _dispute(dispute_id, game)
    loaded = load(game.stream, known_version=game.version)
    event = _append(
        game,
        loaded,
        RATINGS_REVERSED,
        by,
        reason=reason,
        dispute=dispute.pk if dispute else None,
    )
    _project(game, loaded, event, {})
    if (ratings := _ratings()) is not None:
        ratings.rating_reverse_game(game_id=game.pk, by=by, reason=reason)
    _record(game, by, "ratings_reversed", reason, dispute, event)
    _announce(game, by, dispute, f"Staff reversed the rating changes of {game}: {reason}", event)
    return _done(game, event)


# -- reading adjudications --------------------------------------------------------------------


def adjudication_projection(stored: list[StoredEvent]) -> dict[str, Any]:
    """Return what the log's adjudications make of the Game projections (status, result,
    finished_at), for a rebuild from the log: empty if there are none."""
    out: dict[str, Any] = {}
    for e in stored:
        if e.type == GAME_VOIDED:
            out.update(status=GameStatus.VOID, result=None, to_move=None)
            out.setdefault("finished_at", e.created_at)
        elif e.type == RESULT_AWARDED:
            ended = next((x for x in stored if x.type == "MatchEnded"), None)
            result = dict(ended.data) if ended is not None else {"totals": e.data.get("totals")}
            result.update(
                places=e.data["places"], awarded={"seq": e.seq, "reason": e.data["reason"]}
            )
            out.update(status=GameStatus.FINISHED, result=result, to_move=None)
            out.setdefault("finished_at", ended.created_at if ended else e.created_at)
    return out
