"""Staff adjudication: void a game, award a result, restart a round from a fresh deal, reverse
its rating changes — each appended to the game's stream as an event carrying the staff member
(actor kind "staff") and the reason. History is never edited.

Each service is one transaction, like the game services: lock the Game row, load, decide,
append with the expected version, update the projections, then the ratings, the staff trail
(disputes.StaffAction), the dispute's thread and the players' notifications. A repeated call
that would change nothing is refused with a stable code (409), so nothing happens twice.

Events (schema_version 1, RoundRestarted 2; ``dispute`` is the dispute answered, or null):
- ``GameVoided`` {reason, dispute, previous_status}: status "void", no result.
- ``ResultAwarded`` {reason, dispute, places, totals}: status "finished" with these places.
- ``RoundRestarted`` {reason, dispute, round, restart, at_seq}: the current round starts again
  from a fresh deal, the engine's ``RoundStarted`` appended right after it (restart ``restart``
  of round ``round``, dealt from ``engine.deal.redeal_seed``); ``at_seq`` (or null) is the event
  the staff member found at fault. No tile is in it: the new hands travel in the RoundStarted,
  redacted for each viewer like any deal. (Older logs hold version 1 restarts that went back
  to the position at ``at_seq`` with the whole engine state of it: they are read as the fact
  {…, restart: null, restores_seq}, the position folded from the log, see
  ``games.domain.round_restarted_v2``.)
- ``RatingsReversed`` {reason, dispute}: the game's rating changes are undone.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from core.errors import ApplicationError
from core.errors import Conflict
from core.errors import Forbidden
from core.errors import NotFound
from eventstore import store
from eventstore.store import StoredEvent
from games import domain
from games import effects
from games.domain import ADJUDICATION_TYPES
from games.domain import GAME_VOIDED
from games.domain import RATINGS_REVERSED
from games.domain import RESULT_AWARDED
from games.domain import ROUND_RESTARTED
from games.domain import Loaded
from games.domain import fold
from games.domain import load
from games.domain import platform_event
from games.engine import GameState
from games.engine import RoundStarted
from games.engine import event_to_dict
from games.engine.deal import deal_round
from games.engine.deal import redeal_seed
from games.engine.state import ENGINE
from games.engine.state import PLAYING
from games.errors import GameError
from games.models import Game
from games.models import GameStatus
from games.signals import game_adjudicated
from games.stakes import refuse_staff_with_stake

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Adjudication:
    game: Game
    event: StoredEvent


def _ratings():
    """Return ``ratings.services`` (a floor below disputes)."""
    from ratings import services

    return services


def _staff_actor(by) -> dict[str, Any]:
    return {"kind": "staff", "user": by.id, "name": by.username}


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ApplicationError(GameError.REASON_REQUIRED, "an adjudication needs a reason")
    return reason[:2000]


def _locked(game_id, by) -> Game:
    if not getattr(by, "is_staff", False):
        raise Forbidden(GameError.STAFF_ONLY, "only staff adjudicate games")
    try:
        game = Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise NotFound(GameError.NOT_FOUND, "no such game") from None
    if game.seats.filter(user=by).exists():
        raise Forbidden(GameError.OWN_GAME, "staff do not adjudicate a game they play in")
    refuse_staff_with_stake(by, game)  # a seat at a sibling table, an entry in its tournament
    if game.status == GameStatus.OPEN:
        raise Conflict(GameError.GAME_NOT_STARTED, "the game has not started")
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
    return domain.append(game, loaded, events, _staff_actor(by))


def _append(game: Game, loaded: Loaded, type_: str, by, **data) -> StoredEvent:
    return _append_events(game, loaded, [platform_event(type_, **data)], by)[-1]


def _written(game: Game, loaded: Loaded, appended: list[StoredEvent], before: int) -> None:
    """Finish the decision's write as every write to a game is finished: the projections
    (``games.projections`` reads the decision's events), a snapshot, then the sockets and what
    the game's new state calls for (``games.effects``); the listeners hear of it once it has
    committed."""
    event = appended[0]

    def signal() -> None:  # before game_ended, which effects sends if the decision ended it
        game_id = str(game.pk)
        for receiver, error in game_adjudicated.send_robust(
            sender=None,
            game_id=game_id,
            status=game.status,
            rated=game.rated,
            type=event.type,
            seq=event.seq,
        ):
            if error is not None:
                log.error("%r failed on game %s", receiver, game_id, exc_info=error)

    transaction.on_commit(signal)
    seats = list(game.seats.select_related("user"))
    effects.written(game, seats, loaded, appended, before=before)


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


def _announce(game: Game, by, dispute, text: str, event: StoredEvent, params: dict) -> None:
    from disputes.services import adjudication_announce

    adjudication_announce(
        game=game,
        by=by,
        dispute=dispute,
        text=text,
        params={"game": str(game), **params},
        key=f"adjudication:{game.pk}:{event.seq}",
    )


def _done(game: Game, event: StoredEvent) -> Adjudication:
    return Adjudication(game, event)


@transaction.atomic
def adjudicate_void(*, game_id, by, reason: str, dispute_id=None) -> Adjudication:
    """Annul a game: it has no result and counts for nothing (its rating changes reversed)."""
    reason = _reason(reason)
    game = _locked(game_id, by)
    if game.status == GameStatus.VOID:
        raise Conflict(GameError.ALREADY_VOID, "the game is already void")
    dispute = _dispute(dispute_id, game)
    loaded = load(game.stream, known_version=game.version)
    before = loaded.version
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
    _written(game, loaded, [event], before)
    if reverse and (ratings := _ratings()) is not None:
        ratings.rating_reverse_game(game_id=game.pk, by=by, reason=reason)
    _record(game, by, "game_voided", reason, dispute, event, {"previous_status": previous})
    _announce(
        game,
        by,
        dispute,
        f"Staff voided {game}: {reason}",
        event,
        {"what": "voided", "reason": reason},
    )
    return _done(game, event)


def _check_places(places: Any, seats: int) -> list[int]:
    """Return ``places`` if they are one place per seat, ties sharing (1, 1, 3; RULES R23)."""
    if (
        not isinstance(places, list | tuple)
        or len(places) != seats
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in places)
    ):
        raise ApplicationError(GameError.INVALID_PLACES, f"places must be {seats} whole numbers")
    ranked = sorted(places)
    if any(p != ranked.index(p) + 1 for p in ranked):
        raise ApplicationError(
            GameError.INVALID_PLACES,
            "places count from 1; tied seats share one and the next is skipped",
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
        raise Conflict(GameError.GAME_VOID, "the game is void")
    if game.status == GameStatus.FINISHED and (game.result or {}).get("places") == places:
        raise Conflict(GameError.ALREADY_AWARDED, "the game already has this result")
    dispute = _dispute(dispute_id, game)
    loaded = load(game.stream, known_version=game.version)
    before = loaded.version
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
    _written(game, loaded, [event], before)
    if game.rated and (ratings := _ratings()) is not None:
        ratings.rating_apply_game(game_id=game.pk, places=places, reapply=True)
    _record(game, by, "result_awarded", reason, dispute, event, {"places": places})
    order = ", ".join(f"seat {s + 1}: {p}" for s, p in enumerate(places))
    _announce(
        game,
        by,
        dispute,
        f"Staff awarded {game} a result ({order}): {reason}",
        event,
        {"what": "awarded", "reason": reason, "places": list(places)},
    )
    return _done(game, event)


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
            GameError.GAME_NOT_ACTIVE, f"only a game in play restarts; this one is {game.status}"
        )
    loaded = load(game.stream, known_version=game.version)
    before = loaded.version
    current = loaded.state
    if current is None or current.phase not in (ENGINE, PLAYING) or not game.seed:
        raise Conflict(GameError.ROUND_NOT_IN_PLAY, "the game has no round in play to restart")
    stored = store.read(game.stream)
    first = _round_start_seq(stored)
    whole = isinstance(at_seq, int) and not isinstance(at_seq, bool)
    if at_seq is not None and not (whole and first <= at_seq <= loaded.version):
        raise ApplicationError(
            GameError.INVALID_SEQ,
            f"at_seq must be an event of round {current.round} as it stands: {first} to "
            f"{loaded.version}",
        )
    if len(stored) >= 2 and stored[-2].type == ROUND_RESTARTED:
        # A double submission would redeal twice: nothing has been played since the restart.
        raise Conflict(GameError.ALREADY_RESTARTED, f"round {current.round} was just restarted")
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
    loaded.state = fold([event, dealt], current.copy())
    _written(game, loaded, [event, dealt], before)
    data = {"restart": k, "round": current.round, "at_seq": at_seq}
    _record(game, by, "round_restarted", reason, dispute, event, data)
    _announce(
        game,
        by,
        dispute,
        f"Staff restarted round {current.round} of {game} from a fresh deal: {reason}",
        event,
        {"what": "round_restarted", "round": current.round, "reason": reason},
    )
    return _done(game, event)


@transaction.atomic
def adjudicate_reverse_ratings(*, game_id, by, reason: str, dispute_id=None) -> Adjudication:
    """Undo the rating changes a game made; its result stands."""
    reason = _reason(reason)
    game = _locked(game_id, by)
    if not game.rated:
        raise Conflict(GameError.NOT_RATED, "the game is not rated")
    stored = store.read(game.stream)
    if not ratings_applied(game, stored):
        raise Conflict(
            GameError.RATINGS_NOT_APPLIED, "the game's ratings are not applied (or reversed)"
        )
    dispute = _dispute(dispute_id, game)
    loaded = load(game.stream, known_version=game.version)
    before = loaded.version
    event = _append(
        game,
        loaded,
        RATINGS_REVERSED,
        by,
        reason=reason,
        dispute=dispute.pk if dispute else None,
    )
    _written(game, loaded, [event], before)
    if (ratings := _ratings()) is not None:
        ratings.rating_reverse_game(game_id=game.pk, by=by, reason=reason)
    _record(game, by, "ratings_reversed", reason, dispute, event)
    _announce(
        game,
        by,
        dispute,
        f"Staff reversed the rating changes of {game}: {reason}",
        event,
        {"what": "ratings_reversed", "reason": reason},
    )
    return _done(game, event)
