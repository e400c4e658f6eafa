"""Rating commands: apply a finished rated game once (or abort its rating), reverse it for
staff. The only writers of ratings.

Both lock the Game row first (``select_for_update``), then the players' Rating rows in user-id
order: two calls for one game run one after the other, and calls for different games that
share players take their locks in the same order, so they cannot deadlock.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.db import transaction

from core import clock
from core.errors import ApplicationError
from core.errors import Forbidden
from core.errors import NotFound
from eventstore import store
from games.engine.events import TileDrawn
from games.engine.events import TilePlayed
from games.engine.events import TurnPassed
from games.engine.events import TurnStopped
from games.models import Game
from games.models import GameStatus
from ratings import skill
from ratings.errors import RatingError as E
from ratings.models import RatedGame
from ratings.models import RatedGameState
from ratings.models import Rating
from ratings.models import RatingChange
from ratings.models import RatingKind

log = logging.getLogger(__name__)

REAPPLIED_REASON = "replaced by an adjudicated result"
# The events that end a turn (RULES R10-R15): a seat has played a turn of its own once one of
# these is in the log in its player's own name. Placing the engine is not a turn (R13a), nor
# is a draw while searching for it (R7).
TURN_EVENTS = frozenset({TilePlayed.type, TurnPassed.type, TurnStopped.type})
MOVE_EVENTS = TURN_EVENTS | {TileDrawn.type}
# A person who resigns or forfeits before this many turns of their own left early: the others
# gain nothing from it. Throw-away accounts that played one turn and resigned handed a host
# 1500 -> 1628 in two games; a player who gives up a lost game late still hands the win on.
EARLY_LEAVER_TURNS = 5


@dataclass(frozen=True)
class _Seat:
    index: int
    user: Any
    left: bool


def rating_kind(game: Game) -> str:
    """Return the rating a game counts for: its time control's kind (live by default)."""
    kind = (game.time_control or {}).get("kind")
    return kind if kind in RatingKind.values else RatingKind.LIVE


def rating_apply_game(
    *,
    game_id,
    places: Sequence[int] | Mapping[int, int] | None = None,
    reapply: bool = False,
) -> bool:
    """Apply a finished rated game's result to its players' ratings; return whether it did.

    Once only: a game already applied, or reversed, is left alone (False), so the task that
    calls this can run any number of times. ``reapply=True`` is for an adjudicated result:
    what stands for the game is reversed first, then the game is applied again — from
    ``places`` (seat -> place, a list by seat or a dict; taken as given, no leaver rule) when
    given, else from the game's result.

    Places come from the result (``result["places"]``, the engine's MatchEnded: one place per
    seat, ties sharing); a seat whose player resigned or forfeited ranks below every seat that
    stayed, all leavers tied. Bots are opponents at a fixed belief per strategy
    (``skill.BOT_MU``) and get no rating and no change. Not rated, not finished, unknown, or
    without a person to rate: False.

    A game in which a person never played a turn of their own — they resigned, forfeited or
    timed out to a bot first — is not rated for anyone: its ledger says ``aborted`` with the
    reason (``rating_abort_reason``), and it returns False. Throw-away accounts that join a
    rated table and leave at once therefore hand nobody a rating. An adjudicated result
    (``reapply``) is staff's decision and is applied all the same.
    """
    try:
        with transaction.atomic():
            return _apply(game_id, places, reapply)
    except IntegrityError:
        # The unique standing change per (game, user) refused a second application: another
        # call applied the game first (only possible if the Game row lock was bypassed).
        log.warning("ratings of game %s were applied concurrently; kept the first", game_id)
        return False


def _locked_game(game_id) -> Game | None:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError, ValidationError):
        return None


def _apply(game_id, places, reapply: bool) -> bool:
    game = _locked_game(game_id)
    if game is None or not game.rated or game.status != GameStatus.FINISHED:
        return False
    if game.seed_hidden:
        # Another table still plays this duplicate deal: a rating change (with its place) would
        # tell this table's result before the group's. The tournament applies it at the reveal.
        return False
    ledger = RatedGame.objects.filter(game=game).first()
    if ledger is not None and not reapply:
        return False
    seats = [
        _Seat(s.index, s.user, s.resigned_at is not None or s.forfeited_at is not None)
        for s in game.seats.select_related("user").order_by("index")
    ]
    ranks = _ranks(game, seats, places)
    kind = rating_kind(game)
    now = clock.now()
    if ledger is not None and ledger.state == RatedGameState.APPLIED:
        _reverse(game, ledger, by=None, reason=REAPPLIED_REASON, now=now)
    people = [s for s in seats if not s.user.is_bot]
    if not people or any(s.user.is_owned_bot for s in seats):
        # A bot a person owns has no fixed strength to rate against: nobody is rated (every
        # door to rated play refuses it, so this only guards a table seated some other way).
        return False
    turns = own_turns(game, seats)
    if not reapply:
        reason = rating_abort_reason(game, seats, turns)
        if reason:
            RatedGame.objects.create(
                game=game,
                kind=kind,
                state=RatedGameState.ABORTED,
                aborted_at=now,
                abort_reason=reason,
            )
            log.info("ratings of game %s aborted: %s", game.pk, reason)
            return False
    ratings = _locked_ratings([s.user.pk for s in people], kind)
    beliefs = []
    for seat in seats:
        if seat.user.is_bot:
            beliefs.append(skill.bot_belief(seat.user.bot_strategy))
        else:
            r = ratings[seat.user.pk]
            beliefs.append((r.mu, r.sigma))
    after = _rate(beliefs, ranks, set() if reapply else early_leavers(seats, turns))
    changes = []
    for seat in people:
        r = ratings[seat.user.pk]
        mu, sigma = after[seat.index]
        changes.append(
            RatingChange(
                game=game,
                user=seat.user,
                kind=kind,
                seat=seat.index,
                place=ranks[seat.index],
                players=len(seats),
                left=seat.left,
                mu_before=r.mu,
                sigma_before=r.sigma,
                mu_after=mu,
                sigma_after=sigma,
                ordinal_before=skill.ordinal(r.mu, r.sigma),
                ordinal_after=skill.ordinal(mu, sigma),
                created_at=now,
            )
        )
        _set(r, mu, sigma, r.games + 1, now)
    RatingChange.objects.bulk_create(changes)
    if ledger is None:
        ledger = RatedGame(game=game, kind=kind)
    ledger.kind = kind
    ledger.state = RatedGameState.APPLIED
    ledger.applications += 1
    ledger.applied_at = now
    ledger.save()
    return True


def own_turns(game: Game, seats: Sequence[_Seat]) -> dict[int, int]:
    """Return how many turns each person's seat played in the player's own name.

    A turn is a run of the seat's moves in the log (draws, plays, its pass or stop) up to the
    next seat's; it is the player's own when one of its turn-ending moves (``TURN_EVENTS``) is
    recorded with actor kind "player" and their user id. Moves the timeout action or a bot made
    for the seat do not count.
    """
    people = {s.index: s for s in seats if not s.user.is_bot}
    turns = dict.fromkeys(people, 0)
    current: int | None = None  # the seat whose run of moves the log is in
    counted = False  # whether that run already counted as a turn of the player's own
    for e in store.read(game.stream):
        if e.type not in MOVE_EVENTS:
            continue
        seat_index = e.data.get("seat")
        if seat_index != current:
            current, counted = seat_index, False
        seat = people.get(seat_index)
        if (
            not counted
            and seat is not None
            and e.type in TURN_EVENTS
            and e.actor.get("kind") == "player"
            and e.actor.get("user") == seat.user.pk
        ):
            turns[seat.index] += 1
            counted = True
    return turns


def rating_abort_reason(
    game: Game, seats: Sequence[_Seat], turns: Mapping[int, int] | None = None
) -> str:
    """Return why ``game`` must not be rated — each person who left, or never played, before
    a turn of their own (``own_turns``) — or "" if every person played one."""
    turns = own_turns(game, seats) if turns is None else turns
    missing = [s for s in seats if not s.user.is_bot and not turns.get(s.index)]
    return "; ".join(
        f"seat {s.index + 1} ({s.user.username}) "
        f"{'left before playing' if s.left else 'never played'} a turn of their own"
        for s in missing
    )


def early_leavers(seats: Sequence[_Seat], turns: Mapping[int, int]) -> set[int]:
    """The seats of people who resigned or forfeited before ``EARLY_LEAVER_TURNS`` turns of
    their own: the others gain nothing from beating them (``_apply``)."""
    return {
        s.index
        for s in seats
        if s.left and not s.user.is_bot and turns.get(s.index, 0) < EARLY_LEAVER_TURNS
    }


def _rate(beliefs: list[tuple[float, float]], ranks: list[int], early: set[int]) -> list:
    """The beliefs after the game: the early leavers' as the whole table rates them (last,
    they lose); everyone else's as if the early leavers had never sat down, so that an
    account joining to lose at once hands nobody a rating (with one seat left, no change)."""
    after = skill.rate(beliefs, ranks)
    if not early:
        return after
    kept = [i for i in range(len(beliefs)) if i not in early]
    if len(kept) < 2:
        rest = [beliefs[i] for i in kept]
    else:
        rest = skill.rate([beliefs[i] for i in kept], [ranks[i] for i in kept])
    for i, belief in zip(kept, rest, strict=True):
        after[i] = belief
    return after


def _ranks(game: Game, seats: list[_Seat], places) -> list[int]:
    """Return the rank rated for each seat: adjudicated places as given, else the result's."""
    if places is not None:
        return _given_places(places, len(seats))
    found = (game.result or {}).get("places")
    if not isinstance(found, list) or len(found) != len(seats):
        raise ApplicationError(E.INVALID_RESULT, f"game {game.pk} has no places for its seats")
    return skill.ranks(found, [s.left for s in seats])


def _given_places(places, seats: int) -> list[int]:
    if isinstance(places, Mapping):
        try:
            places = [places[i] for i in range(seats)]
        except KeyError:
            raise ApplicationError(
                E.INVALID_PLACES, f"give a place for each of {seats} seats"
            ) from None
    places = list(places)
    if len(places) != seats or not all(
        isinstance(p, int) and not isinstance(p, bool) and p >= 1 for p in places
    ):
        raise ApplicationError(E.INVALID_PLACES, f"places must be {seats} whole numbers from 1")
    return places


def _locked_ratings(user_ids: list[int], kind: str) -> dict[int, Rating]:
    """Return the Rating rows of these players, created if missing, locked in user-id order."""
    ids = sorted(set(user_ids))
    # Created in user-id order as well: concurrent inserts then wait on one another in the
    # same order as the locks below.
    Rating.objects.bulk_create(
        [Rating(user_id=uid, kind=kind) for uid in ids], ignore_conflicts=True
    )
    rows = Rating.objects.select_for_update().filter(kind=kind, user_id__in=ids).order_by("user_id")
    return {r.user_id: r for r in rows}


def _set(rating: Rating, mu: float, sigma: float, games: int, now) -> None:
    rating.mu, rating.sigma = mu, sigma
    rating.ordinal = skill.ordinal(mu, sigma)
    rating.games = max(games, 0)
    rating.updated_at = now
    rating.save(update_fields=["mu", "sigma", "ordinal", "games", "updated_at"])


@transaction.atomic
def rating_reverse_game(*, game_id, by, reason: str) -> bool:
    """Undo the rating changes a game made (staff adjudication); return whether any were undone.

    Each player's rating goes back exactly to what it was before the game if no later rated
    game of theirs stands; otherwise the game's own change is subtracted from the current
    rating (``skill.without``), keeping what the later games did. The changes stay, marked
    reversed with ``by`` and ``reason``. Once only: a second call returns False. A rated,
    finished game not yet applied is marked reversed too (False), so the task applying it later
    does nothing; an aborted game has nothing to reverse and stays aborted (False). ``by`` is a
    staff member, or None for the platform itself.
    """
    if by is not None and not by.is_staff:
        raise Forbidden(E.STAFF_ONLY, "only staff reverse rating changes")
    game = _locked_game(game_id)
    if game is None:
        raise NotFound(E.NOT_FOUND, "no such game")
    ledger = RatedGame.objects.filter(game=game).first()
    now = clock.now()
    if ledger is None:
        if game.rated and game.status == GameStatus.FINISHED:
            RatedGame.objects.create(
                game=game,
                kind=rating_kind(game),
                state=RatedGameState.REVERSED,
                reversed_at=now,
                reversed_by=by,
                reversal_reason=reason,
            )
        return False
    if ledger.state in (RatedGameState.REVERSED, RatedGameState.ABORTED):
        return False
    _reverse(game, ledger, by=by, reason=reason, now=now)
    return True


def _reverse(game: Game, ledger: RatedGame, *, by, reason: str, now) -> None:
    changes = list(
        RatingChange.objects.filter(game=game, reversed_at__isnull=True).order_by("user_id")
    )
    by_kind: dict[str, list[RatingChange]] = {}
    for c in changes:
        by_kind.setdefault(c.kind, []).append(c)
    for kind, group in sorted(by_kind.items()):
        ratings = _locked_ratings([c.user_id for c in group], kind)
        for c in group:
            r = ratings[c.user_id]
            later = RatingChange.objects.filter(
                user_id=c.user_id, kind=kind, reversed_at__isnull=True, pk__gt=c.pk
            ).exists()
            if later:
                mu, sigma = skill.without(
                    (r.mu, r.sigma), (c.mu_before, c.sigma_before), (c.mu_after, c.sigma_after)
                )
            else:
                mu, sigma = c.mu_before, c.sigma_before
            _set(r, mu, sigma, r.games - 1, now)
            c.reversed_at, c.reversed_by, c.reversal_reason = now, by, reason
            c.save(update_fields=["reversed_at", "reversed_by", "reversal_reason"])
    ledger.state = RatedGameState.REVERSED
    ledger.reversed_at, ledger.reversed_by, ledger.reversal_reason = now, by, reason
    ledger.save(update_fields=["state", "reversed_at", "reversed_by", "reversal_reason"])
