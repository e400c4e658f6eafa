"""A game's integrity verdict: the hash chain, the seed and its commitment, every deal, every move
replayed through the engine, the projections' head and the snapshots.

Each check names the first event that fails it. The replay is the game's own fold
(``games.domain.Folder``, what loading a game does), each event checked against the state
before it: a move re-decided by the engine must give the event logged, and the derived events
it gives must follow.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from eventstore import store
from eventstore.models import Snapshot
from games.domain import ADJUDICATION_TYPES
from games.domain import GAME_VOIDED
from games.domain import RESULT_AWARDED
from games.domain import ROUND_RESTARTED
from games.domain import SEATS_BERSERK
from games.domain import SEED_CONTRIBUTIONS_FIXED
from games.domain import Folder
from games.domain import restores_position
from games.engine import ENGINE_VERSION
from games.engine import DrawTile
from games.engine import GameState
from games.engine import IllegalMove
from games.engine import Pass
from games.engine import PlaceEngine
from games.engine import PlayTile
from games.engine import StartRound
from games.engine import Stop
from games.engine import decide
from games.engine import event_from_dict
from games.engine import step
from games.engine.deal import deal_round
from games.engine.deal import derive_seed_v2
from games.engine.deal import redeal_seed
from games.engine.events import EVENT_TYPES
from games.engine.events import EnginePlaced
from games.engine.events import MatchStarted
from games.engine.events import RoundStarted
from games.engine.events import TileDrawn
from games.engine.events import TilePlayed
from games.engine.events import TurnPassed
from games.engine.events import TurnStopped
from games.engine.state import DEALING
from games.engine.state import ENGINE
from games.engine.state import PLAYING
from games.models import Game


@dataclass(frozen=True)
class Verdict:
    ok: bool
    seq: int | None = None  # the first bad event
    check: str = ""  # chain | checkpoint | seed | deal | move | adjudication | head | snapshot
    reason: str = ""
    events: int = 0

    def __str__(self) -> str:
        if self.ok:
            return f"OK ({self.events} events)"
        where = f"event {self.seq}: " if self.seq is not None else ""
        return f"FAIL {self.check}: {where}{self.reason}"


def _command_for(event) -> object | None:
    """Return the command that would have produced a move event (None for derived events)."""
    if isinstance(event, TilePlayed):
        return PlayTile(event.seat, event.tile, event.train, event.by)
    if isinstance(event, TileDrawn):
        return DrawTile(event.seat, event.by)
    if isinstance(event, EnginePlaced):
        return PlaceEngine(event.seat, event.by)
    if isinstance(event, TurnPassed):
        return Pass(event.seat, event.by)
    if isinstance(event, TurnStopped):
        return Stop(event.seat, event.by)
    if isinstance(event, RoundStarted):
        return StartRound(event.hands, event.boneyard)
    return None


def _replay_one(state: GameState, event, seed: bytes | None) -> list | str:
    """Re-decide the command of one move event on the state before it (left as it is); return
    the derived events it must be followed by, or "check: reason" if the engine disagrees."""
    command = _command_for(event)
    if command is None:
        return f"move: {event.type} where the engine derives none"
    if isinstance(event, RoundStarted) and seed is not None:
        rs = state.ruleset
        hands, boneyard = deal_round(seed, event.round, rs.set_max, state.seats, rs.hand_size)
        if (event.hands, event.boneyard) != (hands, boneyard):
            return f"deal: round {event.round}'s deal is not the one the seed gives"
    try:
        produced = decide(state, command)
    except IllegalMove as exc:
        return f"move: illegal: {exc.code.value} ({exc.rule})"
    if produced[0] != event:
        return f"move: the engine gives {produced[0]!r}"
    return list(produced[1:])


def _check_adjudication(
    e,
    state: GameState | None,
    expected: list,
    kept: dict[int, GameState],
    restarts: dict[int, int],
) -> str | None:
    """Return why a staff adjudication event cannot stand where it is in the log, or None."""
    if e.actor.get("kind") != "staff" or not str(e.data.get("reason", "")).strip():
        return "an adjudication needs a staff member and a reason"
    if state is None or expected:
        return "an adjudication before the match started, or inside a move"
    if e.type == RESULT_AWARDED:
        places = e.data.get("places")
        if (
            not isinstance(places, list)
            or len(places) != state.seats
            or not all(isinstance(p, int) and 1 <= p <= state.seats for p in places)
        ):
            return "the awarded places are not one place per seat"
    if restores_position(e):  # an older restart, back to a position (games.domain)
        at = e.data.get("restores_seq")
        restored = kept.get(at) if isinstance(at, int) else None
        if restored is None or restored.round != state.round:
            return f"seq {at} is not a position of the current round before this event"
    elif e.type == ROUND_RESTARTED:
        r, k = e.data.get("round"), e.data.get("restart")
        if state.phase not in (ENGINE, PLAYING) or r != state.round:
            return f"round {r!r} is not the round in play"
        if k != restarts.get(r, 0) + 1:
            return f"restart {k!r} of round {r} should be number {restarts.get(r, 0) + 1}"
    return None


def _check_berserk(e, state: GameState | None, seen: bool) -> str | None:
    """Return why a SeatsBerserk cannot stand where it is in the log, or None: the platform
    logs it once, with the start (after MatchStarted, before the first deal), naming seats of
    the table in ascending order — anywhere else it would halve a reserve in play."""
    if e.actor.get("kind") != "system":
        return "the berserk seats are logged by the platform"
    if state is None or state.round != 0 or seen:
        return "the berserk seats are logged once, with the start, before the first deal"
    seats = e.data.get("berserk")
    if (
        not isinstance(seats, list)
        or not seats
        or not all(isinstance(i, int) and not isinstance(i, bool) for i in seats)
        or not all(0 <= i < state.seats for i in seats)
        or seats != sorted(set(seats))
    ):
        return f"the berserk seats {seats!r} are not seats of this table, in order"
    return None


def _check_seed(game: Game, stored: list, seed: bytes | None) -> tuple[int | None, str] | None:
    """Return (seq, reason) if the game's seed does not follow from what was committed.

    Version 1: the seed's SHA-256 is the commitment. Version 2 (spec/game-record.md): the
    server seed's SHA-256 is the commitment MatchStarted carries, the contributions are logged
    right after it, and the seed is derived from the two.
    """
    fixed = next((e for e in stored if e.type == SEED_CONTRIBUTIONS_FIXED), None)
    if game.fairness_version != 2:
        if fixed is not None:
            return fixed.seq, "a version 1 game with contributions in its log"
        if seed is not None and hashlib.sha256(seed).hexdigest() != game.seed_commitment:
            return None, "the seed does not match its commitment"
        return None
    try:
        server_seed = bytes.fromhex(game.server_seed)
    except ValueError:
        return None, "the server seed is not hex"
    if len(server_seed) != 32 or (
        hashlib.sha256(server_seed).hexdigest() != game.server_seed_commitment
    ):
        return None, "the server seed does not match its commitment"
    if game.seed_commitment != game.server_seed_commitment:
        return None, "the game shows another commitment than the server seed's"
    if not stored:
        return None
    if fixed is None or len(stored) < 2 or stored[1].seq != fixed.seq:
        where = stored[1].seq if len(stored) > 1 else stored[0].seq
        return where, "the contributions are not logged right after MatchStarted"
    if fixed.data.get("server_seed_commitment") != game.server_seed_commitment:
        return fixed.seq, "the contributions name another server seed commitment"
    try:
        values = [c["value"] for c in fixed.data["contributions"]]
        derived = derive_seed_v2(server_seed, values)
    except (KeyError, TypeError, ValueError, AttributeError):
        return fixed.seq, "the logged contributions are malformed"
    if seed is not None and derived != seed:
        return fixed.seq, "the seed is not the one the server seed and contributions give"
    later = [e.seq for e in stored if e.type == SEED_CONTRIBUTIONS_FIXED and e is not fixed]
    if later:
        return later[0], "the contributions are fixed twice"
    return None


def _check_checkpoints(game: Game, stored: list):
    """Return the first signed checkpoint the log contradicts (eventstore.checkpoints), or None.

    Checked right after the chain: a chain recomputed after an edit holds, but no longer
    passes through the heads the platform signed, and an event the platform did not append is
    in no checkpoint. A game that ended must be signed up to its last event; so must any game
    with checkpoints (each append signs its head), while a game whose events all predate
    checkpoints has none to check (manage.py sign_unsigned_streams signs such logs once).
    """
    from eventstore import checkpoints
    from games.models import GameStatus

    signed = checkpoints.of(game.stream)
    ended = game.status in (GameStatus.FINISHED, GameStatus.ABANDONED, GameStatus.VOID)
    return checkpoints.verify(stored, signed, head_required=ended or bool(signed))


def _check_redeal(state: GameState, event, seed: bytes | None, restart: int) -> str | None:
    """Return "check: reason" if the fresh deal a RoundRestarted is followed by is not one whole
    set for the round, or not the one ``redeal_seed`` gives; None if it stands."""
    if not isinstance(event, RoundStarted) or event.round != state.round:
        return f"adjudication: a restart of round {state.round} is followed by its fresh deal"
    rs = state.ruleset
    if seed is not None:
        fresh = redeal_seed(seed, event.round, restart)
        hands, boneyard = deal_round(fresh, event.round, rs.set_max, state.seats, rs.hand_size)
        if (event.hands, event.boneyard) != (hands, boneyard):
            return f"deal: restart {restart} of round {event.round} is not dealt from redeal_seed"
    dealing = state.copy()  # the round dealt again: as if from its start (earlier rounds stand)
    dealing.phase, dealing.round = DEALING, event.round - 1
    try:
        produced = step(dealing, StartRound(event.hands, event.boneyard))  # on the scratch copy
    except IllegalMove as exc:
        return f"deal: illegal: {exc.code.value} ({exc.rule})"
    if produced[0] != event:
        return f"move: the engine gives {produced[0]!r}"
    return None


def verify_game(game: Game) -> Verdict:
    """Recompute the chain and replay the log through the engine; name the first bad event.

    The berserk seats, if any, are logged once by the platform with the start, before the
    first deal (a misplaced SeatsBerserk fails "move": it would halve a reserve in play).
    Staff adjudications are checked too: each has a staff actor and a reason, no move follows
    a void or an award, and a RoundRestarted of the round in play, numbered 1, 2, … per round,
    is followed by the fresh deal ``redeal_seed`` gives — the replay goes on from there. (An
    older RoundRestarted goes back to a position the replay reached in the same round, between
    two moves: ``restores_seq``.)
    """
    stored = store.read(game.stream)
    problem = store.verify_chain(stored)
    if problem is not None:
        return Verdict(False, problem.seq, "chain", problem.reason, len(stored))
    signed = _check_checkpoints(game, stored)
    if signed is not None:
        return Verdict(False, signed.seq, "checkpoint", signed.reason, len(stored))
    seed = bytes.fromhex(game.seed) if game.seed else None
    bad_seed = _check_seed(game, stored, seed)
    if bad_seed is not None:
        return Verdict(False, bad_seed[0], "seed", bad_seed[1], len(stored))
    snaps = {
        snap.seq: snap
        for snap in Snapshot.objects.filter(stream=game.stream, version_tag=ENGINE_VERSION)
    }
    folder = Folder()  # the game's own fold: each event goes in once the checks pass
    state: GameState | None = None  # folder.state: the position before the event checked
    expected: list = []  # derived events the engine produced and the log must hold next
    restored_at = {e.data.get("restores_seq") for e in stored if restores_position(e)}
    kept: dict[int, GameState] = {}  # positions an older restart names, as the replay reached
    closed: int | None = None  # the seq of a void or an award: no move may follow
    restarts: dict[int, int] = {}  # round -> restarts so far
    redeal: int | None = None  # a RoundRestarted's number, until its fresh deal is folded
    berserk = False  # the berserk seats were logged
    for e in stored:
        if redeal is not None and e.type not in EVENT_TYPES:
            return Verdict(
                False,
                e.seq,
                "adjudication",
                "a restart of a round is followed by its fresh deal",
                len(stored),
            )
        if e.type == SEATS_BERSERK:
            bad = _check_berserk(e, state, berserk)
            if bad is not None:
                return Verdict(False, e.seq, "move", bad, len(stored))
            berserk = True
        elif e.type in ADJUDICATION_TYPES:
            bad = _check_adjudication(e, state, expected, kept, restarts)
            if bad is not None:
                return Verdict(False, e.seq, "adjudication", bad, len(stored))
            if e.type == ROUND_RESTARTED:
                r = e.data.get("round")
                restarts[r] = restarts.get(r, 0) + 1
            if e.type == ROUND_RESTARTED and not restores_position(e):
                redeal = e.data["restart"]
            elif e.type in (GAME_VOIDED, RESULT_AWARDED):
                closed = e.seq
        elif e.type in EVENT_TYPES and closed is not None:
            return Verdict(
                False,
                e.seq,
                "adjudication",
                f"a game event after the game was closed by staff at seq {closed}",
                len(stored),
            )
        elif e.type in EVENT_TYPES:
            try:
                event = event_from_dict(e.payload)
            except (ValueError, KeyError, TypeError) as exc:
                return Verdict(False, e.seq, "move", f"unreadable event: {exc}", len(stored))
            if state is None:
                if (
                    not isinstance(event, MatchStarted)
                    or event.seed_commitment != game.seed_commitment
                ):
                    return Verdict(
                        False,
                        e.seq,
                        "seed",
                        "the log does not start with this game's MatchStarted and seed commitment",
                        len(stored),
                    )
            elif expected:
                if event != expected[0]:
                    return Verdict(
                        False,
                        e.seq,
                        "move",
                        f"expected {expected[0].type}, found {event.type}",
                        len(stored),
                    )
                expected.pop(0)
            elif redeal is not None:
                bad = _check_redeal(state, event, seed, redeal)
                if bad is not None:
                    return Verdict(
                        False, e.seq, bad.split(":")[0], bad.split(":", 1)[1].strip(), len(stored)
                    )
                redeal = None
            else:
                bad = _replay_one(state, event, seed)
                if isinstance(bad, str):
                    return Verdict(
                        False, e.seq, bad.split(":")[0], bad.split(":", 1)[1].strip(), len(stored)
                    )
                expected = bad
        try:
            folder.feed(e)
        except (ValueError, KeyError, TypeError, IndexError) as exc:  # checked, yet unfoldable
            return Verdict(False, e.seq, "move", f"cannot be folded: {exc!r}", len(stored))
        state = folder.state
        if (
            e.seq in restored_at
            and state is not None
            and not expected
            and state.phase in (ENGINE, PLAYING)
        ):
            kept[e.seq] = state.copy()
        snap = snaps.pop(e.seq, None)
        if snap is not None and (
            snap.hash != e.hash or state is None or expected or snap.state != state.to_dict()
        ):
            return Verdict(
                False,
                e.seq,
                "snapshot",
                "the snapshot here does not match the replayed log",
                len(stored),
            )
    if expected:
        return Verdict(
            False,
            stored[-1].seq if stored else None,
            "move",
            f"the log ends before {expected[0].type}",
            len(stored),
        )
    if redeal is not None:
        return Verdict(
            False,
            stored[-1].seq,
            "adjudication",
            "the log ends before the restarted round's fresh deal",
            len(stored),
        )
    if snaps:
        seq = min(snaps)
        return Verdict(
            False, seq, "snapshot", "a snapshot lies past the end of the log", len(stored)
        )
    head = stored[-1].hash if stored else ""
    if game.version != (stored[-1].seq if stored else 0) or game.head_hash != head:
        return Verdict(
            False,
            stored[-1].seq if stored else None,
            "head",
            "the log's last event is not the one the game row recorded",
            len(stored),
        )
    return Verdict(True, events=len(stored))
