"""What one seat, or a spectator, may see (R4: hands are secret, the boneyard order is secret).

Every payload that leaves the server about a game is built here.
"""

from __future__ import annotations

from typing import Any

from . import events as ev
from .state import ENGINE
from .state import FINISHED
from .state import GameState
from .tiles import Tile


def _tiles(ts: Any) -> list[list[int]]:
    return [list(t) for t in ts]


def view(s: GameState, seat: int | None = None) -> dict[str, Any]:
    """Return the match as ``seat`` sees it (``None``: a spectator): public table, own hand only."""
    n = s.seats
    in_round = s.round > 0 and s.engine >= 0
    trains = []
    if in_round:
        for i in range(n + 1):
            trains.append(
                {
                    "train": s.train_key(i),
                    "tiles": _tiles(s.trains[i]),
                    "end": s.ends[i],
                    "marker": True if i == n else s.markers[i],
                }
            )
    out: dict[str, Any] = {
        "viewer": seat,
        "seats": n,
        "ruleset": s.ruleset.to_dict(),
        "seed_commitment": s.seed_commitment,
        "phase": s.phase,
        "round": s.round,
        "rounds": s.ruleset.rounds,
        "engine": s.engine if in_round else None,
        "engine_placed": in_round and s.phase != ENGINE,
        "to_move": s.to_move if s.phase in ("engine", "playing") else None,
        "first_turn": s.first_turn,
        "trains": trains,
        "open_doubles": [s.train_key(i) for i in s.open_doubles],
        "hand_counts": [len(h) for h in s.hands],
        "boneyard_count": s.boneyard_left,
        "turn": {"laid": s.laid, "doubles_laid": s.doubles_laid, "drew": s.drawn is not None},
        "went_out": s.went_out,
        "round_scores": [list(r) for r in s.round_history],
        "totals": [sum(r[i] for r in s.round_history) for i in range(n)],
    }
    if seat is not None and 0 <= seat < n:
        out["hand"] = _tiles(sorted(s.hands[seat]))
        if s.drawn is not None and seat == s.to_move:
            out["turn"]["drawn"] = list(s.drawn)
    if s.phase == FINISHED and s.result is not None:
        out["result"] = {
            "totals": list(s.result.totals),
            "zero_rounds": list(s.result.zero_rounds),
            "places": list(s.result.places),
        }
    return out


def spectator_view(s: GameState) -> dict[str, Any]:
    """Return what a spectator may see: the public table, no hand."""
    return view(s, None)


def redact_event(event: ev.Event, seat: int | None) -> dict[str, Any]:
    """Return an event's JSON form as ``seat`` (``None``: a spectator) may see it."""
    data = ev.event_to_dict(event)
    if isinstance(event, ev.RoundStarted):
        d = data["data"]
        d["hand_counts"] = [len(h) for h in event.hands]
        d["hands"] = [_tiles(h) if seat == i else None for i, h in enumerate(event.hands)]
        d["boneyard_count"] = len(event.boneyard)
        del d["boneyard"]
    elif isinstance(event, ev.TileDrawn) and event.seat != seat:
        del data["data"]["tile"]
    return data


def hidden_tiles(s: GameState, seat: int | None) -> set[Tile]:
    """Return the tiles ``seat`` may not see: other hands and the boneyard (for leak checks)."""
    out = set(s.boneyard[s.bpos :])
    for i, h in enumerate(s.hands):
        if i != seat:
            out.update(h)
    return out
