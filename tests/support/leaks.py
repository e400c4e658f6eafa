"""The leak oracle (RULES R4): which tiles a viewer may not see at a given seq of a game, and
whether a payload — a REST answer, a socket frame, an event, a record — shows any of them.

Hidden from a viewer just after event ``seq``: the other seats' hands and the boneyard, as the
engine itself says (``games.engine.views.hidden_tiles``) of the state folded up to that event.
A payload shows a tile when a ``[a, b]`` pair of ints sits anywhere under a key that holds tiles
(``TILE_KEYS``). Every leak check of the platform's tests asks these two questions here, so a
gap in the oracle is closed once for all of them; tests/hardening/test_leaks.py proves the
oracle catches a leak.

(The pure engine's tests check the engine's own values for hidden tiles without a database:
tests/games/engine/test_properties.py, test_record.py.)
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from typing import Any

from eventstore import store
from games.domain import fold
from games.engine.tiles import tile
from games.engine.views import hidden_tiles
from games.models import stream_name

TILE_KEYS = {"tile", "hand", "hands", "tiles", "boneyard", "drawn"}
MOVE_TYPES = {"EnginePlaced", "TileDrawn", "TilePlayed", "TurnPassed", "TurnStopped"}
FRAME_TYPES = {"hello", "events", "pong", "move.accepted"}


# -- does this payload show any of them --------------------------------------------------------


def tile_pairs(obj: Any, under: bool = False) -> Iterator[tuple[int, int]]:
    """Yield every ``[a, b]`` of ints found under a key that holds tiles."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from tile_pairs(value, under or key in TILE_KEYS)
    elif isinstance(obj, list):
        ints = all(isinstance(x, int) and not isinstance(x, bool) for x in obj)
        if under and len(obj) == 2 and ints:
            yield tile(*obj)
        else:
            for item in obj:
                yield from tile_pairs(item, under)


def leaked(payload: Any, hidden: set) -> set:
    """The tiles of ``hidden`` that ``payload`` shows (empty: nothing leaks)."""
    return {t for t in tile_pairs(payload) if t in hidden}


# -- the tiles this viewer may not see at this seq ---------------------------------------------


def hidden_by_seq(events: Iterable, seat: int | None) -> list[set]:
    """For each seq of ``events`` (a game's stored log, from seq 1), the tiles ``seat`` (None:
    a spectator) may not see just after it; index 0 is before the first event."""
    out: list[set] = [set()]
    state = None
    for e in events:
        state = fold([e], state)
        out.append(hidden_tiles(state, seat) if state is not None else set())
    return out


def hidden_in_game(gid, seat: int | None) -> list[set]:
    """``hidden_by_seq`` of game ``gid``'s log as stored now."""
    return hidden_by_seq(store.read(stream_name(gid)), seat)


def hidden_after_leaving(gid, seat: int, left_at: int) -> list[set]:
    """What the player of ``seat`` may not see at each seq when they gave the seat up at seq
    ``left_at`` (resigned, timed out, forfeited): the seat's view before, a spectator's from
    then on."""
    as_seat = hidden_in_game(gid, seat)
    as_spectator = hidden_in_game(gid, None)
    return [as_seat[s] if s < left_at else as_spectator[s] for s in range(len(as_spectator))]


class Timeline:
    """The tiles each seat (and a spectator) may not see after every event of a game's log,
    kept up to date with ``sync()``, with the checks of REST payloads built on them."""

    def __init__(self, gid: str) -> None:
        self.stream = stream_name(gid)
        self.state = None
        self.hidden: list[tuple[set, ...] | None] = [None]  # by seq

    def sync(self) -> Timeline:
        for e in store.read(self.stream, after=len(self.hidden) - 1):
            self.state = fold([e], self.state)
            s = self.state
            self.hidden.append(
                tuple(hidden_tiles(s, i) for i in [*range(s.seats), None])
                if s is not None
                else None
            )
        return self

    @property
    def last(self) -> int:
        """The last seq synced."""
        return len(self.hidden) - 1

    def at(self, seq: int, seat: int | None) -> set:
        """Return what ``seat`` (None: a spectator) may not see just after event ``seq``."""
        found = self.hidden[seq]
        if found is None:
            return set()
        return found[-1] if seat is None else found[seat]

    def now(self, seat: int | None) -> set:
        return self.at(self.last, seat)

    def assert_view_hides(self, payload: Any, seat: int | None) -> None:
        """A payload about the present (state, game) shows none of the seat's hidden tiles."""
        found = leaked(payload, self.now(seat))
        assert not found, f"shows {found} to seat {seat}"

    def assert_events_hide(self, events: list[dict], seat: int | None) -> None:
        """Each event shows none of the tiles hidden from the seat just after it happened."""
        for e in events:
            found = leaked(e, self.at(e["seq"], seat))
            assert not found, f"event {e['seq']} shows {found} to seat {seat}: {e}"

    def assert_record_hides(self, record: dict, seat: int | None) -> None:
        """Each deal and move of a record shows none of the tiles hidden from the seat then."""
        assert "seed" not in record
        rounds = iter(record["rounds"])
        current = None
        moves = iter(())
        for e in store.read(self.stream):
            hidden = self.at(e.seq, seat)
            if e.type == "RoundStarted":
                current = next(rounds)
                assert "boneyard" not in current["deal"]
                assert not leaked(current["deal"], hidden), current["deal"]
                moves = iter(current["moves"])
            elif e.type in MOVE_TYPES:
                move = next(moves)
                assert not leaked(move, hidden), move
        assert next(rounds, None) is None
        assert next(moves, None) is None
        rest = {k: v for k, v in record.items() if k != "rounds"}
        assert not leaked(rest, self.now(seat))


def looks_like_event(node: Any) -> bool:
    return isinstance(node, dict) and {"seq", "type", "actor"} <= node.keys()


def assert_payload_hides(payload: Any, timeline: Timeline, seat: int | None, where: str) -> None:
    """Any payload (a REST answer, events and views nested in it): each event in it shows
    nothing hidden from ``seat`` just after that event; everything else nothing hidden from it
    now. ``where`` names the payload in the failure."""
    if looks_like_event(payload):
        found = leaked(payload, timeline.at(payload["seq"], seat))
        assert not found, f"{where}: event {payload['seq']} shows {found} to seat {seat}"
        return
    if isinstance(payload, dict):
        for key, value in payload.items():
            assert_payload_hides(value, timeline, seat, f"{where}.{key}")
        if not any(looks_like_event(v) or isinstance(v, dict | list) for v in payload.values()):
            found = leaked(payload, timeline.now(seat))
            assert not found, f"{where}: shows {found} to seat {seat}"
        else:
            flat = {k: v for k, v in payload.items() if not isinstance(v, dict | list)}
            assert not leaked(flat, timeline.now(seat)), where
            for key, value in payload.items():
                if isinstance(value, list) and not any(looks_like_event(x) for x in value):
                    found = leaked({key: value}, timeline.now(seat))
                    assert not found, f"{where}.{key}: shows {found} to seat {seat}"
    elif isinstance(payload, list):
        for i, item in enumerate(payload):
            assert_payload_hides(item, timeline, seat, f"{where}[{i}]")


# -- socket frames -----------------------------------------------------------------------------


def assert_frames_hide(
    frames: list[dict],
    hidden: list[set],
    *,
    label: Any = "",
    types: set = FRAME_TYPES,
    public_once_over: bool = True,
) -> None:
    """No socket frame shows a tile in ``hidden[seq]`` (the tiles its viewer may not see just
    after that seq): not in any event, nor in a view or a legal move of an ``events`` frame —
    while the game is played, or ever if not ``public_once_over`` (once it is over its record
    is public by design, so by default a final view may show it). Frames of a type outside
    ``types`` fail."""
    for m in frames:
        assert m["type"] in types, (label, m)
        if m["type"] != "events":
            continue
        over = m["status"] != "active"
        now = set() if over and public_once_over else hidden[m["seq"]]
        assert not leaked(m["view"], now), (label, "view", m["view"])
        assert not leaked(m["legal_moves"], now), (label, "legal moves", m)
        for e in m["events"]:
            assert not leaked(e, hidden[e["seq"]]), (label, "event", e)
