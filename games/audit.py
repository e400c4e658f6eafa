"""Audit selectors for staff: a game step by step with all hidden information, any seat's view
at any seq, who acted and when, and the integrity verdict.

The log is folded once per request, through the game's own fold (``games.domain.Folder``),
and a position kept for each step (never a replay from the start per step): a long match has
some 1,500 events, and its whole timeline is a few hundred kilobytes. Reading is tolerant: an
event the engine cannot fold (a tampered log) ends the positions there, and the verdict names
it.
"""

from __future__ import annotations

from typing import Any

from accounts.names import Names
from accounts.names import deleted_among
from accounts.names import game_names
from core.errors import ApplicationError
from core.errors import CoreError
from eventstore import store
from eventstore.store import StoredEvent
from games.domain import ADJUDICATION_TYPES
from games.domain import Folder
from games.domain import redact_platform_event
from games.engine import GameState
from games.engine import view
from games.errors import GameError
from games.integrity import Verdict
from games.integrity import verify_game
from games.models import Game
from games.stakes import deal_hidden

ALL = "all"  # every hand and the boneyard: what only staff see
SPECTATOR = "spectator"
CONSTANT_KEYS = ("viewer", "seats", "ruleset", "seed_commitment", "rounds")
"""Keys of a view that never change within a game: sent once per timeline, not per step."""
_MISSING = object()
CHECKS = ("chain", "checkpoint", "seed", "deal", "move", "adjudication", "snapshot", "head")
CHECK_TITLES = {
    "chain": "hash chain intact",
    "checkpoint": "the signed checkpoints match the log and cover it",
    "seed": "seed matches its commitment",
    "deal": "every deal recomputed from the seed",
    "move": "every move legal on replay",
    "adjudication": "every adjudication stands where it is",
    "snapshot": "snapshots consistent with the log",
    "head": "the game row's head is the log's last event",
}
# The order verify_game checks in: the chain, the signed checkpoints and the seed first, then the
# replay (deals, moves, adjudications and snapshots together, event by event), then the head.
_STAGE = {
    "chain": 0,
    "checkpoint": 1,
    "seed": 2,
    "deal": 3,
    "move": 3,
    "adjudication": 3,
    "snapshot": 3,
    "head": 4,
}


def parse_seat(raw: str | None, players: int) -> int | str | None:
    """Return the viewer a query asks for: ALL, None (a spectator) or a seat number."""
    if raw in (None, "", ALL):
        return ALL
    if raw == SPECTATOR:
        return None
    if raw.isdigit() and int(raw) < players:
        return int(raw)
    raise ApplicationError(  # a query parameter, refused as every one is (core.inputs.query)
        CoreError.INVALID_QUERY,
        f"seat must be all, spectator or 0 to {players - 1}",
        extra={"fields": {"seat": ["all, spectator or a seat number"]}},
    )


def full_position(state: GameState) -> dict[str, Any]:
    """Return everything about a position: the public table plus every hand (sorted), the
    boneyard left in draw order, and the tile just drawn."""
    out = view(state, None)
    out["hands"] = [[list(t) for t in sorted(h)] for h in state.hands]
    out["boneyard"] = [list(t) for t in state.boneyard[state.bpos :]]
    out["drawn"] = list(state.drawn) if state.drawn is not None else None
    out["viewer"] = ALL
    return out


def position(state: GameState, seat: int | str | None) -> dict[str, Any]:
    """Return the position as ``seat`` sees it: exactly ``view(state, seat)``, or everything."""
    return full_position(state) if seat == ALL else view(state, seat)


def _actor(e: StoredEvent, names: Names) -> dict[str, Any]:
    actor = names.actor(e.actor)
    return {k: actor[k] for k in ("kind", "name", "user") if k in actor}


def _names(game: Game, stored: list[StoredEvent]) -> Names:
    """The table's names, then any other deleted actor's (staff who adjudicated)."""
    names = game_names(game)
    names.extend(deleted_among(e.actor.get("user") for e in stored))
    return names


class _Folder:
    """The game's fold (``games.domain.Folder``) one event at a time, tolerating events the
    engine cannot fold: the first one ends the positions, and is named."""

    def __init__(self) -> None:
        self._fold: Folder | None = Folder()
        self.error: str | None = None  # set at the first event that could not be folded

    @property
    def state(self) -> GameState | None:
        return self._fold.state if self._fold is not None else None

    def feed(self, e: StoredEvent) -> None:
        if self._fold is None:
            return
        try:
            self._fold.feed(e)
        except Exception as exc:  # noqa: BLE001 - a tampered event may break the engine anyhow
            self.error = f"event {e.seq} ({e.type}) cannot be folded: {exc!r}"
            self._fold = None


def audit_steps(
    game: Game, *, seat: int | str | None = ALL, after: int = 0, limit: int | None = None
) -> dict[str, Any]:
    """Return the game's steps after seq ``after`` (at most ``limit``): each event in full with
    its actor and time, and the position just after it as ``seat`` sees it.

    Compact, so a whole match is one request: the keys of CONSTANT_KEYS are given once, in
    ``constant``, and each step's ``changes`` holds only the top-level keys of the position
    that differ from the step before it in this answer (``removed``: keys it no longer has),
    the first step holding them all. Folding ``changes`` in order onto ``constant`` gives
    ``position(state, seat)`` at each step.
    """
    stored = store.read(game.stream)
    names = _names(game, stored)
    folder = _Folder()
    steps: list[dict[str, Any]] = []
    constant: dict[str, Any] | None = None
    previous: dict[str, Any] | None = None
    more = False
    for e in stored:
        folder.feed(e)
        if e.seq <= after:
            continue
        if limit is not None and len(steps) >= limit:
            more = True
            break
        pos = position(folder.state, seat) if folder.state is not None else None
        changes: dict[str, Any] | None = None
        removed: list[str] = []
        if pos is not None:
            if constant is None:
                constant = {k: pos[k] for k in CONSTANT_KEYS}
            for k in CONSTANT_KEYS:
                pos.pop(k)
            if previous is None:
                changes = pos
            else:
                changes = {k: v for k, v in pos.items() if previous.get(k, _MISSING) != v}
                removed = [k for k in previous if k not in pos]
        previous = pos
        steps.append(
            {
                "seq": e.seq,
                "type": e.type,
                "data": e.data,
                "actor": _actor(e, names),
                "at": e.created_at.isoformat(),
                "adjudication": e.type in ADJUDICATION_TYPES,
                "changes": changes,
                "removed": removed,
                "error": folder.error if pos is None else None,
            }
        )
    return {
        "game": str(game.id),
        "viewer": seat,
        "after": after,
        "next_after": steps[-1]["seq"] if more else None,
        "constant": constant,
        "steps": steps,
    }


def audit_position(game: Game, seq: int, seat: int | str | None) -> dict[str, Any]:
    """Return one position: the state the log reached at ``seq`` as ``seat`` sees it."""
    if not 1 <= seq <= game.version:
        raise ApplicationError(GameError.INVALID_SEQ, f"seq must be 1 to {game.version}")
    folder = _Folder()
    for e in store.read(game.stream, upto=seq):
        folder.feed(e)
    if folder.state is None:
        raise ApplicationError(GameError.UNFOLDABLE, folder.error or "no position at this seq")
    return {"game": str(game.id), "seq": seq, "viewer": seat, "view": position(folder.state, seat)}


def verdict_dict(verdict: Verdict) -> dict[str, Any]:
    """Return the integrity verdict with each check's outcome: ok, failed, or not_reached (a
    check verify_game did not finish because an earlier one failed)."""
    checks = []
    for name in CHECKS:
        if verdict.ok:
            outcome = "ok"
        elif name == verdict.check:
            outcome = "failed"
        elif _STAGE[name] < _STAGE[verdict.check]:
            outcome = "ok"
        else:
            outcome = "not_reached"
        checks.append({"check": name, "title": CHECK_TITLES[name], "outcome": outcome})
    return {
        "ok": verdict.ok,
        "check": verdict.check or None,
        "seq": verdict.seq,
        "reason": verdict.reason,
        "events": verdict.events,
        "text": str(verdict),
        "checks": checks,
    }


def audit_summary(game: Game) -> dict[str, Any]:
    """Return the game for its audit: table, seats with their clocks, the integrity verdict,
    and every adjudication so far."""
    stored = store.read(game.stream)
    names = _names(game, stored)
    seats = []
    for s in game.seats.select_related("user").order_by("index"):
        seats.append(
            {
                "index": s.index,
                "user": s.user_id,
                "username": names.of(s.user),
                "is_bot": s.user.is_bot,
                "resigned_at": s.resigned_at,
                **{
                    k: getattr(s, k)
                    for k in (
                        "forfeited_at",
                        "reserve_ms",
                        "timeouts_in_row",
                        "vacation_used_s",
                        "berserk",
                    )
                    if hasattr(s, k)
                },
            }
        )
    # The seed once the deal is public: the match ended and no other table still plays it.
    public = not deal_hidden(game)
    adjudications = [
        {
            "seq": e.seq,
            **redact_platform_event(e, None),
            "actor": _actor(e, names),
            "at": e.created_at.isoformat(),
        }
        for e in stored
        if e.type in ADJUDICATION_TYPES
    ]
    return {
        "game": {
            "id": str(game.id),
            "name": game.name,
            "status": game.status,
            "rated": game.rated,
            "players": game.players,
            "ruleset": game.ruleset,
            "time_control": game.time_control,
            "created_at": game.created_at,
            "started_at": game.started_at,
            "finished_at": game.finished_at,
            "seq": game.version,
            "round": game.round,
            "to_move": game.to_move,
            "deadline": game.deadline,
            "turn_started_at": getattr(game, "turn_started_at", None),
            "result": game.result,
            "seed_commitment": game.seed_commitment,
            "seed": game.seed if public else None,
            "server_seed": (getattr(game, "server_seed", "") or None) if public else None,
        },
        "seats": seats,
        "verdict": verdict_dict(verify_game(game)),
        "adjudications": adjudications,
    }
