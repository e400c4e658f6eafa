"""Game records (spec/game-record.md): export, import and offline verification."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from . import events as ev
from .commands import ACTIONS
from .commands import BY_VALUES
from .commands import MEXICAN
from .commands import Command
from .commands import DrawTile
from .commands import Pass
from .commands import PlaceEngine
from .commands import PlayTile
from .commands import SeatCommand
from .commands import StartRound
from .commands import Stop
from .deal import MAX_CONTRIBUTION_BYTES
from .deal import deal_round
from .deal import derive_seed_v2
from .deal import redeal_seed
from .errors import Code
from .errors import IllegalMove
from .errors import RulesetError
from .record_format import _CONTRIBUTION_KEYS
from .record_format import _DEAL_KEYS
from .record_format import _FAIRNESS_KEYS
from .record_format import _MATCH_RESULT_KEYS
from .record_format import _MOVE_KEYS
from .record_format import _PLAYER_KEYS
from .record_format import _ROUND_KEYS
from .record_format import _ROUND_RESULT_KEYS
from .record_format import _TOP_KEYS
from .record_format import FORMAT
from .record_format import FULL
from .record_format import VERSION
from .record_format import VERSION_2
from .record_format import VERSIONS
from .record_format import Problem
from .record_format import RecordFormatError
from .record_format import Verdict
from .record_format import _is_hex64
from .record_format import _is_int
from .record_format import _need
from .record_format import is_utc_time
from .record_keys import verify_attested
from .rules import step
from .ruleset import Ruleset
from .state import DEALING
from .state import ENGINE
from .state import FINISHED
from .state import PLAYING
from .state import GameState
from .state import initial_state
from .tiles import Tile
from .tiles import parse_tile

# -- export ------------------------------------------------------------------------------------


def export_record(
    events: Sequence[ev.Event],
    *,
    players: Sequence[str] | None = None,
    seed: bytes | None = None,
    viewer: int | str = FULL,
    at: Sequence[str | None] | None = None,
    fairness: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Return the record of a match from its events.

    ``viewer`` is ``FULL`` (everything), a seat number or ``SPECTATOR``: until the match has
    ended a viewer's record leaves out other hands, the boneyard and others' drawn tiles. The seed
    is included only once the match has ended. ``at[i]`` is event i's ISO-8601 time, if known.

    With ``fairness`` (``server_seed_commitment``, optional ``committed_at``, ``contributions``:
    ``{"seat", "value", optional "at"}`` in seed order, optional ``server_seed`` hex) the record
    is version 2: the server seed and the derived seed are included once the match has ended.
    In a version 2 game ``MatchStarted.seed_commitment`` is the server seed's commitment.
    """
    if not events or not isinstance(events[0], ev.MatchStarted):
        raise ValueError("a match's log starts with MatchStarted")
    start = events[0]
    ended = isinstance(events[-1], ev.MatchEnded)
    hide = not ended and viewer != FULL
    names = list(players) if players is not None else [f"seat {i}" for i in range(start.seats)]
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION if fairness is None else VERSION_2,
        "ruleset": start.ruleset.to_dict(),
        "players": [{"seat": i, "name": names[i]} for i in range(start.seats)],
    }
    if fairness is None:
        doc["seed_commitment"] = start.seed_commitment
        if ended and seed is not None:
            doc["seed"] = seed.hex()
    else:
        doc["fairness"], derived = _export_fairness(fairness, start, ended)
        if derived is not None:
            if seed is not None and seed != derived:
                raise ValueError("seed is not the one the server seed and contributions give")
            doc["seed"] = derived.hex()
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


def _export_fairness(
    fairness: Mapping[str, Any], start: ev.MatchStarted, ended: bool
) -> tuple[dict[str, Any], bytes | None]:
    """Return the record's ``fairness`` object and, once the match has ended, the derived seed."""
    commitment = fairness["server_seed_commitment"]
    if commitment != start.seed_commitment:
        # The convention the replay relies on: MatchStarted commits to the server seed.
        raise ValueError("MatchStarted.seed_commitment must be the server seed's commitment")
    out: dict[str, Any] = {"server_seed_commitment": commitment}
    if fairness.get("committed_at"):
        out["committed_at"] = fairness["committed_at"]
    contributions = []
    for c in fairness["contributions"]:
        item = {"seat": c["seat"], "value": c["value"]}
        if c.get("at"):
            item["at"] = c["at"]
        contributions.append(item)
    out["contributions"] = contributions
    server_seed = fairness.get("server_seed")
    if not ended or server_seed is None:
        return out, None  # revealed only once the match has ended (spec, version 2, step 4)
    raw = bytes.fromhex(server_seed) if isinstance(server_seed, str) else bytes(server_seed)
    out["server_seed"] = raw.hex()
    return out, derive_seed_v2(raw, [c["value"] for c in contributions])


_ACTION_OF: dict[type[ev.Event], str] = {
    ev.EnginePlaced: "engine",
    ev.TileDrawn: "draw",
    ev.TilePlayed: "play",
    ev.TurnPassed: "pass",
    ev.TurnStopped: "stop",
}


# -- reading -----------------------------------------------------------------------------------


def _no_unknown_keys(obj: dict[str, Any], known: set[str], where: str) -> None:
    unknown = sorted(set(obj) - known)
    _need(not unknown, f"{where} has unknown keys: {', '.join(map(str, unknown))}")


def check_shape(doc: object) -> None:
    """Raise ``RecordFormatError`` unless ``doc`` has the record's top-level shape."""
    _need(isinstance(doc, dict), "a record is a JSON object")
    assert isinstance(doc, dict)
    _need(doc.get("format") == FORMAT, f'"format" must be "{FORMAT}"')
    version = doc.get("version")
    if not (_is_int(version) and version in VERSIONS):
        raise RecordFormatError('"version" must be 1 or 2')
    _no_unknown_keys(doc, _TOP_KEYS[version], "the record")
    _need(isinstance(doc.get("ruleset"), dict), '"ruleset" must be an object')
    players = doc.get("players")
    if not (isinstance(players, list) and players != []):
        raise RecordFormatError('"players" must be a non-empty list')
    for i, p in enumerate(players):
        _need(isinstance(p, dict) and p.get("seat") == i, f"players[{i}] must have seat {i}")
        _need(_is_int(p["seat"]), f"players[{i}] must have seat {i}")
        _no_unknown_keys(p, _PLAYER_KEYS, f"players[{i}]")
    if version == VERSION:
        _need(
            _is_hex64(doc.get("seed_commitment")),
            '"seed_commitment" must be 64 lowercase hex digits',
        )
    else:
        _check_fairness_shape(doc.get("fairness"))
    if "seed" in doc:
        _need(_is_hex64(doc["seed"]), '"seed" must be 64 lowercase hex digits')
    rounds = doc.get("rounds")
    if not isinstance(rounds, list):
        raise RecordFormatError('"rounds" must be a list')
    for i, r in enumerate(rounds):
        _need(isinstance(r, dict), f"rounds[{i}] must be an object")
        _no_unknown_keys(r, _ROUND_KEYS, f"rounds[{i}]")
        _need(
            _is_int(r.get("number")) and _is_int(r.get("engine")),
            f"rounds[{i}] needs a number and an engine",
        )
        deal = r.get("deal")
        _need(
            isinstance(deal, dict) and isinstance(deal.get("hands"), list),
            f"rounds[{i}].deal needs hands",
        )
        _no_unknown_keys(deal, _DEAL_KEYS, f"rounds[{i}].deal")
        _need(
            all(h is None or isinstance(h, list) for h in deal["hands"]),
            f"rounds[{i}].deal.hands must be lists of tiles (null where hidden)",
        )
        if "boneyard" in deal:
            _need(isinstance(deal["boneyard"], list), f"rounds[{i}].deal.boneyard must be a list")
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


def _check_fairness_shape(fair: object) -> None:
    _need(isinstance(fair, dict), 'a version 2 record needs a "fairness" object')
    assert isinstance(fair, dict)
    _no_unknown_keys(fair, _FAIRNESS_KEYS, '"fairness"')
    _need(
        _is_hex64(fair.get("server_seed_commitment")),
        '"fairness.server_seed_commitment" must be 64 lowercase hex digits',
    )
    if "server_seed" in fair:
        _need(
            _is_hex64(fair["server_seed"]),
            '"fairness.server_seed" must be 64 lowercase hex digits',
        )
    contributions = fair.get("contributions")
    if not isinstance(contributions, list):
        raise RecordFormatError('"fairness.contributions" must be a list')
    for i, c in enumerate(contributions):
        where = f"fairness.contributions[{i}]"
        _need(isinstance(c, dict), f"{where} must be an object")
        _no_unknown_keys(c, _CONTRIBUTION_KEYS, where)
        _need(_is_int(c.get("seat")), f"{where} needs a seat number")
        _need(isinstance(c.get("value"), str), f"{where}.value must be a string")


def _fairness_problem(fair: dict[str, Any]) -> Problem | None:
    """Return what is wrong with a well-shaped ``fairness`` object's values, if anything."""
    if "committed_at" in fair and not is_utc_time(fair["committed_at"]):
        said = fair["committed_at"]
        return Problem("fairness", f"fairness.committed_at {said!r} is not an ISO-8601 UTC time")
    for i, c in enumerate(fair["contributions"]):
        where = f"fairness.contributions[{i}]"
        if len(c["value"].encode("utf-8")) > MAX_CONTRIBUTION_BYTES:
            return Problem(
                "fairness", f"{where}.value is longer than {MAX_CONTRIBUTION_BYTES} UTF-8 bytes"
            )
        if "at" in c and not is_utc_time(c["at"]):
            return Problem("fairness", f"{where}.at {c['at']!r} is not an ISO-8601 UTC time")
    return None


# The record's actions whose command holds only its seat (and who made it).
_SEAT_ONLY: dict[str, Callable[[int, str | None], SeatCommand]] = {
    "engine": PlaceEngine,
    "pass": Pass,
    "stop": Stop,
}


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
        if _is_int(train):
            return PlayTile(seat, t, train, by), None
        if train == MEXICAN:
            return PlayTile(seat, t, MEXICAN, by), None
        raise IllegalMove(Code.UNKNOWN_TRAIN, "R8", f"there is no train {train!r}")
    if action == "draw":
        if "tile" in move:
            try:
                drawn = parse_tile(move["tile"])
            except ValueError as exc:
                raise IllegalMove(Code.BAD_COMMAND, "R2", str(exc)) from None
        return DrawTile(seat, by), drawn
    return _SEAT_ONLY[action](seat, by), None


def _low_high(value: object) -> bool:
    """True for a pair of whole numbers written [low, high] (tiles are written [high, low])."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(_is_int(x) for x in value)
        and value[0] < value[1]
    )


def _tile_order_message(value: list[int], where: str) -> str:
    return f"{where} is written {value}: tiles are written [high, low], [{value[1]}, {value[0]}]"


def _deal_order_problem(deal: dict[str, Any]) -> str | None:
    for s, hand in enumerate(deal["hands"]):
        for k, t in enumerate(hand or ()):
            if _low_high(t):
                return _tile_order_message(t, f"the tile hands[{s}][{k}]")
    for k, t in enumerate(deal.get("boneyard", ())):
        if _low_high(t):
            return _tile_order_message(t, f"the tile boneyard[{k}]")
    return None


def _move_problem(move: object) -> tuple[str, str, str | None] | None:
    """Return (message, code, rule) for what the verifier refuses in a move before replaying
    it: unknown keys, a tile written [low, high], a malformed time."""
    if not isinstance(move, dict) or not isinstance(move.get("action"), str):
        return None  # the replay names it (bad command, unknown action)
    if move["action"] not in _MOVE_KEYS:
        return None  # the replay names it (bad command, unknown action)
    unknown = sorted(set(move) - _MOVE_KEYS[move["action"]])
    if unknown:
        message = f"a {move['action']} move has unknown keys: {', '.join(unknown)}"
        return message, "unknown_key", None
    if _low_high(move.get("tile")):
        return _tile_order_message(move["tile"], "the tile"), "tile_order", "R2"
    if "at" in move and not is_utc_time(move["at"]):
        return f"the time {move['at']!r} is not an ISO-8601 UTC time", "bad_time", None
    return None


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


def record_seed(doc: dict[str, Any]) -> tuple[bytes | None, Problem | None]:
    """Return (the seed the deals come from if revealed, the problem with it) of a well-shaped
    record: v1 ``seed`` against ``seed_commitment``; v2 ``server_seed`` against its commitment,
    then the seed derived from it and the contributions, against a present ``seed``."""
    if doc["version"] == VERSION:
        if "seed" not in doc:
            return None, None
        seed = bytes.fromhex(doc["seed"])
        if hashlib.sha256(seed).hexdigest() != doc["seed_commitment"]:
            return None, Problem("commitment", "the seed does not match its commitment")
        return seed, None
    fair = doc["fairness"]
    if "server_seed" not in fair:
        if "seed" in doc:
            return None, Problem(
                "commitment", "the seed is revealed without the server seed it is derived from"
            )
        return None, None
    server_seed = bytes.fromhex(fair["server_seed"])
    if hashlib.sha256(server_seed).hexdigest() != fair["server_seed_commitment"]:
        return None, Problem("commitment", "the server seed does not match its commitment")
    seed = derive_seed_v2(server_seed, [c["value"] for c in fair["contributions"]])
    if "seed" in doc and doc["seed"] != seed.hex():
        return None, Problem(
            "seed", "the seed is not the one the server seed and the contributions give"
        )
    return seed, None


def _commitment_of(doc: dict[str, Any]) -> str:
    if doc["version"] == VERSION:
        return doc["seed_commitment"]
    return doc["fairness"]["server_seed_commitment"]


def _revealed(doc: dict[str, Any]) -> bool:
    return "seed" in doc or "server_seed" in doc.get("fairness", {})


def verify_record(doc: object, trusted_keys: Iterable[str] | None = None) -> Verdict:
    """Replay a record and return the first problem: attestation (when ``trusted_keys`` are
    given), players, fairness, seed commitment, deals, moves, results.

    Raises ``RecordFormatError`` if ``doc`` is not a readable record at all.
    """
    check_shape(doc)
    assert isinstance(doc, dict)
    seats = len(doc["players"])
    out: list[ev.Event] = []
    attested = False

    def verdict(problem: Problem | None, state: GameState | None, checked: bool = False) -> Verdict:
        return Verdict(problem, tuple(out), state, checked, attested)

    if trusted_keys is not None:
        problem = verify_attested(doc, trusted_keys)
        if problem is not None:
            return verdict(problem, None)
        attested = True
    problem = _header_problem(doc)
    if problem is not None:
        return verdict(problem, None)
    seed, problem = record_seed(doc)
    if problem is not None:
        return verdict(problem, None)
    try:
        ruleset = Ruleset.from_dict(doc["ruleset"])
        ruleset.check(seats)
    except (RulesetError, TypeError) as exc:
        return verdict(Problem("ruleset", f"the ruleset cannot be played: {exc}"), None)
    start = ev.MatchStarted(ruleset, seats, _commitment_of(doc))
    out.append(start)
    state = initial_state(start)
    rounds = doc["rounds"]
    if len(rounds) > ruleset.rounds:
        return verdict(
            Problem("result", f"{len(rounds)} rounds recorded, the ruleset has {ruleset.rounds}"),
            state,
        )
    for i, rnd in enumerate(rounds):
        last = i == len(rounds) - 1
        problem = _round_problem(rnd, i + 1, last, state, out, ruleset, seed, seats)
        if problem is not None:
            return verdict(problem, state)
    problem = _match_result_problem(doc, state, seed)
    if problem is not None:
        return verdict(problem, state)
    return verdict(None, state, seed is not None)


def _header_problem(doc: dict[str, Any]) -> Problem | None:
    """The players' names, the fairness section, and no revealed seed before the end."""
    for i, p in enumerate(doc["players"]):
        if not isinstance(p.get("name"), str):
            return Problem("players", f"players[{i}].name must be a string, not {p.get('name')!r}")
    if doc["version"] == VERSION_2:
        problem = _fairness_problem(doc["fairness"])
        if problem is not None:
            return problem
    if "result" not in doc and _revealed(doc):
        # A record of a match still being played must not show its seed: every later deal
        # follows from it.
        return Problem("commitment", "the match has not ended but its seed is revealed")
    return None


def _round_problem(
    rnd: dict[str, Any],
    number: int,
    last: bool,
    state: GameState,
    out: list[ev.Event],
    ruleset: Ruleset,
    seed: bytes | None,
    seats: int,
) -> Problem | None:
    """Replay round ``number`` onto ``state`` (its events appended to ``out``): its number and
    engine, its deal (shown, in order, the seed's), its moves and its result."""
    if rnd["number"] != number or rnd["engine"] != ruleset.engine_for(number):
        return Problem(
            "deal",
            f"round {number} must be number {number} with engine {ruleset.engine_for(number)}",
            number,
        )
    if state.phase != DEALING:
        return Problem("incomplete", "the round before it did not end", number)
    order = _deal_order_problem(rnd["deal"])
    if order is not None:
        return Problem("deal", order, number, None, "tile_order", "R2")
    deal = _parse_deal(rnd["deal"])
    if deal is None:
        return Problem(
            "incomplete", "hidden hands or boneyard: a redacted record cannot be verified", number
        )
    restart = rnd.get("restart")  # staff dealt the round again (spec, "Restarts")
    if restart is not None and (not _is_int(restart) or restart < 1):
        return Problem("deal", "restart must be a whole number from 1", number)
    if seed is not None:
        dealt_from = redeal_seed(seed, number, restart) if restart else seed
        expected = deal_round(dealt_from, number, ruleset.set_max, seats, ruleset.hand_size)
        if deal != expected:
            return Problem("deal", "the deal is not the one the seed gives", number)
    try:
        out.extend(step(state, StartRound(*deal)))
    except IllegalMove as exc:
        return Problem("deal", exc.detail, number, None, exc.code.value, exc.rule)
    for j, move in enumerate(rnd["moves"]):
        problem = _move_replay_problem(move, number, j, state, out)
        if problem is not None:
            return problem
    return _round_result_problem(rnd, number, last, out)


def _move_replay_problem(
    move: object, number: int, j: int, state: GameState, out: list[ev.Event]
) -> Problem | None:
    """Replay move ``j`` of round ``number``: legal, and its drawn tile the boneyard's next."""
    before = _move_problem(move)
    if before is not None:
        message, code, rule = before
        return Problem("move", f"{_describe(move)}: {message}", number, j, code, rule)
    try:
        if state.phase not in (ENGINE, PLAYING):
            raise IllegalMove(Code.ROUND_NOT_STARTED, "R21", "the round is already over")
        command, said_drawn = move_to_command(move)
        produced = step(state, command)
    except IllegalMove as exc:
        return Problem(
            "move", f"{_describe(move)}: {exc.detail}", number, j, exc.code.value, exc.rule
        )
    first = produced[0]
    if isinstance(first, ev.TileDrawn) and said_drawn is None:
        # Every deal of this record is shown, so nothing it holds is hidden: a draw that
        # leaves its tile out cannot be checked against the boneyard.
        return Problem(
            "move",
            f"{_describe(move)}: a full record names the tile drawn "
            f"([{first.tile[0]},{first.tile[1]}] by the boneyard)",
            number,
            j,
            "drawn_tile_missing",
            "R15",
        )
    if said_drawn is not None and isinstance(first, ev.TileDrawn) and first.tile != said_drawn:
        return Problem(
            "move",
            f"{_describe(move)}: the boneyard's next tile is [{first.tile[0]},{first.tile[1]}]",
            number,
            j,
            "drawn_tile_mismatch",
            "R15",
        )
    out.extend(produced)
    return None


def _round_result_problem(
    rnd: dict[str, Any], number: int, last: bool, out: list[ev.Event]
) -> Problem | None:
    """The round's recorded result against the one replayed (only the last round may be
    unfinished, and without a result)."""
    ended = [e for e in out[-3:] if isinstance(e, ev.RoundEnded) and e.round == number]
    said = rnd.get("result")
    if said is not None:
        unknown = sorted(set(said) - _ROUND_RESULT_KEYS)
        if unknown:
            return Problem(
                "result", f"the round's result has unknown keys: {', '.join(unknown)}", number
            )
    if ended:
        e = ended[0]
        actual = {"scores": list(e.scores), "went_out": e.went_out, "blocked": e.blocked}
        if said != actual:
            return Problem("result", f"the round's result should be {actual}", number)
    elif said is not None:
        return Problem("result", "the round has a result but did not end", number)
    elif not last:
        return Problem("incomplete", "the round did not end", number)
    return None


def _match_result_problem(
    doc: dict[str, Any], state: GameState, seed: bytes | None
) -> Problem | None:
    """The match's recorded result against the one replayed, and its seed revealed at the end."""
    said = doc.get("result")
    if said is not None:
        unknown = sorted(set(said) - _MATCH_RESULT_KEYS)
        if unknown:
            return Problem("result", f"the match result has unknown keys: {', '.join(unknown)}")
    if state.phase == FINISHED:
        r = state.result
        assert r is not None
        actual = {
            "totals": list(r.totals),
            "zero_rounds": list(r.zero_rounds),
            "places": list(r.places),
        }
        if said != actual:
            return Problem("result", f"the match result should be {actual}")
        if seed is None:
            what = "seed" if doc["version"] == VERSION else "server seed"
            return Problem("commitment", f"the match has ended but its {what} is not revealed")
    elif said is not None:
        return Problem("result", "the record has a result but the match is not over")
    return None


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
