"""Game records (spec/game-record.md): export, import and offline verification."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import events as ev
from .commands import (
    ACTIONS,
    BY_VALUES,
    MEXICAN,
    Command,
    DrawTile,
    Pass,
    PlaceEngine,
    PlayTile,
    StartRound,
    Stop,
)
from .deal import deal_round
from .errors import Code, IllegalMove, RulesetError
from .rules import step
from .ruleset import Ruleset
from .state import DEALING, ENGINE, FINISHED, PLAYING, GameState, initial_state
from .tiles import Tile, parse_tile

FORMAT = "mexican-train-record"
VERSION = 1
FULL = "full"
SPECTATOR = "spectator"
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


class RecordFormatError(ValueError):
    """The document is not a readable record (wrong shape); nothing can be verified."""


@dataclass(frozen=True)
class Problem:
    """The first thing wrong with a record."""

    kind: str  # commitment | ruleset | deal | move | result | incomplete
    message: str
    round: int | None = None
    move: int | None = None
    code: str | None = None
    rule: str | None = None

    def __str__(self) -> str:
        where = ""
        if self.round is not None:
            where = f"round {self.round}"
            if self.move is not None:
                where += f", move {self.move}"
            where += ": "
        tag = f" [{self.code}, {self.rule}]" if self.code else ""
        return f"{where}{self.message}{tag}"


@dataclass(frozen=True)
class Verdict:
    problem: Problem | None
    events: tuple[ev.Event, ...]
    state: GameState | None
    seed_checked: bool

    @property
    def ok(self) -> bool:
        return self.problem is None


# -- export ------------------------------------------------------------------------------------


def export_record(
    events: Sequence[ev.Event],
    *,
    players: Sequence[str] | None = None,
    seed: bytes | None = None,
    viewer: int | str = FULL,
    at: Sequence[str | None] | None = None,
) -> dict[str, Any]:
    """Return the record of a match from its events.

    ``viewer`` is ``FULL`` (everything), a seat number or ``SPECTATOR``: until the match has
    ended a viewer's record leaves out other hands, the boneyard and others' drawn tiles. The seed
    is included only once the match has ended. ``at[i]`` is event i's ISO-8601 time, if known.
    """
    if not events or not isinstance(events[0], ev.MatchStarted):
        raise ValueError("a match's log starts with MatchStarted")
    start = events[0]
    ended = isinstance(events[-1], ev.MatchEnded)
    hide = not ended and viewer != FULL
    names = list(players) if players is not None else [f"seat {i}" for i in range(start.seats)]
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": start.ruleset.to_dict(),
        "players": [{"seat": i, "name": names[i]} for i in range(start.seats)],
        "seed_commitment": start.seed_commitment,
    }
    if ended and seed is not None:
        doc["seed"] = seed.hex()
    rounds: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for i, e in enumerate(events[1:], start=1):
        if isinstance(e, ev.RoundStarted):
            hands = [[list(t) for t in h] for h in e.hands]
            deal: dict[str, Any] = {"hands": hands}
            if hide:
                deal["hands"] = [h if s == viewer else None for s, h in enumerate(hands)]
            else:
                deal["boneyard"] = [list(t) for t in e.boneyard]
            current = {"number": e.round, "engine": e.engine, "deal": deal, "moves": []}
            rounds.append(current)
        elif isinstance(e, ev.MOVE_EVENTS):
            assert current is not None, "a move before the round's deal"
            move: dict[str, Any] = {"seat": e.seat, "action": _ACTION_OF[type(e)]}
            if isinstance(e, ev.TilePlayed):
                move["tile"] = list(e.tile)
                move["train"] = e.train
            elif isinstance(e, ev.TileDrawn) and not (hide and e.seat != viewer):
                move["tile"] = list(e.tile)
            if e.by is not None:
                move["by"] = e.by
            if at is not None and at[i]:
                move["at"] = at[i]
            current["moves"].append(move)
        elif isinstance(e, ev.RoundEnded):
            assert current is not None
            current["result"] = {
                "scores": list(e.scores),
                "went_out": e.went_out,
                "blocked": e.blocked,
            }
        elif isinstance(e, ev.MatchEnded):
            doc_result = {
                "totals": list(e.totals),
                "zero_rounds": list(e.zero_rounds),
                "places": list(e.places),
            }
            doc["rounds"] = rounds
            doc["result"] = doc_result
            return doc
    doc["rounds"] = rounds
    return doc


_ACTION_OF = {
    ev.EnginePlaced: "engine",
    ev.TileDrawn: "draw",
    ev.TilePlayed: "play",
    ev.TurnPassed: "pass",
    ev.TurnStopped: "stop",
}


# -- reading -----------------------------------------------------------------------------------


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise RecordFormatError(message)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def check_shape(doc: object) -> None:
    """Raise ``RecordFormatError`` unless ``doc`` has the record's top-level shape."""
    _need(isinstance(doc, dict), "a record is a JSON object")
    assert isinstance(doc, dict)
    _need(doc.get("format") == FORMAT, f'"format" must be "{FORMAT}"')
    _need(doc.get("version") == VERSION, f'"version" must be {VERSION}')
    _need(isinstance(doc.get("ruleset"), dict), '"ruleset" must be an object')
    players = doc.get("players")
    _need(isinstance(players, list) and players != [], '"players" must be a non-empty list')
    for i, p in enumerate(players):
        _need(isinstance(p, dict) and p.get("seat") == i, f"players[{i}] must have seat {i}")
    commitment = doc.get("seed_commitment")
    _need(
        isinstance(commitment, str) and bool(_HEX64.match(commitment)),
        '"seed_commitment" must be 64 lowercase hex digits',
    )
    if "seed" in doc:
        _need(
            isinstance(doc["seed"], str) and bool(_HEX64.match(doc["seed"])),
            '"seed" must be 64 lowercase hex digits',
        )
    rounds = doc.get("rounds")
    _need(isinstance(rounds, list), '"rounds" must be a list')
    for i, r in enumerate(rounds):
        _need(isinstance(r, dict), f"rounds[{i}] must be an object")
        _need(
            _is_int(r.get("number")) and _is_int(r.get("engine")),
            f"rounds[{i}] needs a number and an engine",
        )
        deal = r.get("deal")
        _need(
            isinstance(deal, dict) and isinstance(deal.get("hands"), list),
            f"rounds[{i}].deal needs hands",
        )
        _need(isinstance(r.get("moves"), list), f"rounds[{i}].moves must be a list")
        if "result" in r:
            res = r["result"]
            _need(
                isinstance(res, dict)
                and isinstance(res.get("scores"), list)
                and "went_out" in res
                and isinstance(res.get("blocked"), bool),
                f"rounds[{i}].result needs scores, went_out and blocked",
            )
    if "result" in doc:
        res = doc["result"]
        _need(
            isinstance(res, dict)
            and all(isinstance(res.get(k), list) for k in ("totals", "zero_rounds", "places")),
            '"result" needs totals, zero_rounds and places',
        )


def move_to_command(move: object) -> tuple[Command, Tile | None]:
    """Return the command a record move asks for, and the tile a draw says it drew."""
    if not isinstance(move, dict):
        raise IllegalMove(Code.BAD_COMMAND, "R14", "a move is an object")
    action = move.get("action")
    if action not in ACTIONS:
        raise IllegalMove(Code.UNKNOWN_ACTION, "R14", f"unknown action {action!r}")
    seat = move.get("seat")
    if not _is_int(seat):
        raise IllegalMove(Code.BAD_COMMAND, "R1", "a move needs a seat number")
    by = move.get("by")
    if by is not None and by not in BY_VALUES:
        raise IllegalMove(Code.BAD_COMMAND, "R24", f"unknown actor kind {by!r}")
    if by == "player":
        by = None
    drawn = None
    if action == "play":
        try:
            t = parse_tile(move.get("tile"))
        except ValueError as exc:
            raise IllegalMove(Code.BAD_COMMAND, "R2", str(exc)) from None
        train = move.get("train")
        if not (_is_int(train) or train == MEXICAN):
            raise IllegalMove(Code.UNKNOWN_TRAIN, "R8", f"there is no train {train!r}")
        return PlayTile(seat, t, train, by), None
    if action == "draw":
        if "tile" in move:
            try:
                drawn = parse_tile(move["tile"])
            except ValueError as exc:
                raise IllegalMove(Code.BAD_COMMAND, "R2", str(exc)) from None
        return DrawTile(seat, by), drawn
    cls = {"engine": PlaceEngine, "pass": Pass, "stop": Stop}[action]
    return cls(seat, by), None


def _parse_deal(
    deal: dict[str, Any],
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]] | None:
    hands = deal["hands"]
    if any(h is None for h in hands) or "boneyard" not in deal:
        return None
    try:
        return (
            tuple(tuple(parse_tile(t) for t in h) for h in hands),
            tuple(parse_tile(t) for t in deal["boneyard"]),
        )
    except (ValueError, TypeError) as exc:
        raise RecordFormatError(f"a deal holds something that is not a tile: {exc}") from None


# -- verification ------------------------------------------------------------------------------


def verify_record(doc: object) -> Verdict:
    """Replay a record and return the first problem: seed commitment, deals, moves, results.

    Raises ``RecordFormatError`` if ``doc`` is not a readable record at all.
    """
    check_shape(doc)
    assert isinstance(doc, dict)
    seats = len(doc["players"])
    out: list[ev.Event] = []

    def verdict(problem: Problem | None, state: GameState | None, checked: bool) -> Verdict:
        return Verdict(problem, tuple(out), state, checked)

    seed = bytes.fromhex(doc["seed"]) if "seed" in doc else None
    if seed is not None and hashlib.sha256(seed).hexdigest() != doc["seed_commitment"]:
        return verdict(Problem("commitment", "the seed does not match its commitment"), None, False)
    try:
        ruleset = Ruleset.from_dict(doc["ruleset"])
        ruleset.check(seats)
    except (RulesetError, TypeError) as exc:
        return verdict(Problem("ruleset", f"the ruleset cannot be played: {exc}"), None, False)
    start = ev.MatchStarted(ruleset, seats, doc["seed_commitment"])
    out.append(start)
    state = initial_state(start)
    rounds = doc["rounds"]
    if len(rounds) > ruleset.rounds:
        return verdict(
            Problem("result", f"{len(rounds)} rounds recorded, the ruleset has {ruleset.rounds}"),
            state,
            False,
        )
    for i, rnd in enumerate(rounds):
        number = i + 1
        if rnd["number"] != number or rnd["engine"] != ruleset.engine_for(number):
            return verdict(
                Problem(
                    "deal",
                    f"round {i + 1} must be number {number} with engine "
                    f"{ruleset.engine_for(number)}",
                    number,
                ),
                state,
                False,
            )
        if state.phase != DEALING:
            return verdict(
                Problem("incomplete", "the round before it did not end", number), state, False
            )
        deal = _parse_deal(rnd["deal"])
        if deal is None:
            return verdict(
                Problem(
                    "incomplete",
                    "hidden hands or boneyard: a redacted record cannot be verified",
                    number,
                ),
                state,
                False,
            )
        if seed is not None:
            expected = deal_round(seed, number, ruleset.set_max, seats, ruleset.hand_size)
            if deal != expected:
                return verdict(
                    Problem("deal", "the deal is not the one the seed gives", number), state, False
                )
        try:
            out.extend(step(state, StartRound(*deal)))
        except IllegalMove as exc:
            return verdict(
                Problem("deal", exc.detail, number, None, exc.code.value, exc.rule), state, False
            )
        for j, move in enumerate(rnd["moves"]):
            try:
                if state.phase not in (ENGINE, PLAYING):
                    raise IllegalMove(Code.ROUND_NOT_STARTED, "R21", "the round is already over")
                command, said_drawn = move_to_command(move)
                produced = step(state, command)
            except IllegalMove as exc:
                return verdict(
                    Problem(
                        "move",
                        f"{_describe(move)}: {exc.detail}",
                        number,
                        j,
                        exc.code.value,
                        exc.rule,
                    ),
                    state,
                    False,
                )
            first = produced[0]
            if (
                said_drawn is not None
                and isinstance(first, ev.TileDrawn)
                and first.tile != said_drawn
            ):
                return verdict(
                    Problem(
                        "move",
                        f"{_describe(move)}: the boneyard's next tile is "
                        f"[{first.tile[0]},{first.tile[1]}]",
                        number,
                        j,
                        "drawn_tile_mismatch",
                        "R15",
                    ),
                    state,
                    False,
                )
            out.extend(produced)
        ended = [e for e in out[-3:] if isinstance(e, ev.RoundEnded) and e.round == number]
        said = rnd.get("result")
        if ended:
            e = ended[0]
            actual = {"scores": list(e.scores), "went_out": e.went_out, "blocked": e.blocked}
            if said != actual:
                return verdict(
                    Problem("result", f"the round's result should be {actual}", number),
                    state,
                    False,
                )
        elif said is not None:
            return verdict(
                Problem("result", "the round has a result but did not end", number), state, False
            )
        elif i != len(rounds) - 1:
            return verdict(Problem("incomplete", "the round did not end", number), state, False)
    said = doc.get("result")
    if state.phase == FINISHED:
        r = state.result
        assert r is not None
        actual = {
            "totals": list(r.totals),
            "zero_rounds": list(r.zero_rounds),
            "places": list(r.places),
        }
        if said != actual:
            return verdict(Problem("result", f"the match result should be {actual}"), state, False)
        if seed is None:
            return verdict(
                Problem("commitment", "the match has ended but its seed is not revealed"),
                state,
                False,
            )
    elif said is not None:
        return verdict(
            Problem("result", "the record has a result but the match is not over"), state, False
        )
    return verdict(None, state, seed is not None)


def import_record(doc: object) -> tuple[ev.Event, ...]:
    """Return the events of a record that verifies; raise RecordFormatError or ValueError."""
    verdict = verify_record(doc)
    if verdict.problem is not None:
        raise ValueError(str(verdict.problem))
    return verdict.events


def _describe(move: object) -> str:
    if not isinstance(move, dict):
        return repr(move)
    parts = [f"seat {move.get('seat')!r} {move.get('action')}"]
    if "tile" in move:
        parts.append(f"{move['tile']}")
    if "train" in move:
        parts.append(f"on train {move['train']!r}")
    return " ".join(parts)
