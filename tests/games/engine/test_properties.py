"""Property tests over whole simulated matches (hypothesis).

Random matches of 2–14 players over every named variant (RULES §9) are played by the simple
policies; after every event we check that

(a) the tiles of the round are conserved (R2, R4),
(b) folding events one by one (``apply_event``) agrees with ``replay`` and with a
    ``to_dict``/``from_dict`` round trip,
(c) views and redacted events leak no hidden tile (R4), and a view cannot tell apart two states
    that differ only in how the hidden tiles are spread among other hands and the boneyard,
(d) ``legal_moves`` is never empty for the seat to move, agrees with ``decide`` and illegal
    commands are refused,
(e) every simulated record verifies after a JSON round trip (spec/game-record.md),
(f) a single corrupted move is reported at exactly that move.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck
from hypothesis import event
from hypothesis import given
from hypothesis import note
from hypothesis import settings
from hypothesis import strategies as st

from games.bots.simple import POLICIES
from games.engine import MEXICAN
from games.engine import DrawTile
from games.engine import GameState
from games.engine import IllegalMove
from games.engine import Pass
from games.engine import PlaceEngine
from games.engine import PlayTile
from games.engine import Ruleset
from games.engine import Stop
from games.engine import apply_event
from games.engine import decide
from games.engine import events as ev
from games.engine import legal_moves
from games.engine import replay
from games.engine.errors import Code
from games.engine.record import export_record
from games.engine.record import move_to_command
from games.engine.record import verify_record
from games.engine.simulate import simulate_match
from games.engine.state import ENGINE
from games.engine.state import PLAYING
from games.engine.state import ROUND_OVER
from games.engine.state import initial_state
from games.engine.tiles import full_set
from games.engine.tiles import tile
from games.engine.views import hidden_tiles
from games.engine.views import redact_event
from games.engine.views import view

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Keys of views / event payloads that hold numbers, not tiles (a pair of scores is not a tile).
NOT_TILES = frozenset(
    {
        "ruleset",
        "hand_counts",
        "round_scores",
        "totals",
        "zero_rounds",
        "places",
        "scores",
        "open_doubles",
        "markers",
    }
)


# -- strategies --------------------------------------------------------------------------------


@st.composite
def matches(draw, max_rounds: int | None = 2, max_seats: int = 14):
    """Draw (seed, ruleset, seats, policy) over every player count and variant.

    ``max_rounds`` caps the number of rounds (to keep runs fast); the full count (all rounds down
    to the double-blank) is still drawn now and then when the set is small.
    """
    seats = draw(st.integers(2, max_seats), label="seats")
    tables = ["classic", "double12"] if seats <= 10 else ["classic"]
    hand_table = draw(st.sampled_from(tables), label="hand_table")
    set_max = Ruleset.for_players(seats, hand_table=hand_table, rounds=1).set_max
    full = set_max + 1
    if max_rounds is None:
        rounds = draw(st.integers(1, full), label="rounds")
    else:
        choices = st.integers(1, min(max_rounds, full))
        if full <= 10:
            choices = st.one_of(choices, st.just(full))
        rounds = draw(choices, label="rounds")
    ruleset = Ruleset.for_players(
        seats,
        hand_table=hand_table,
        rounds=rounds,
        max_doubles_per_turn=draw(st.sampled_from([None, 1]), label="max_doubles_per_turn"),
        double_blank_points=draw(st.sampled_from([50, 0]), label="double_blank_points"),
        scoring=draw(st.sampled_from(["penalty", "positive"]), label="scoring"),
        first_turn=draw(st.sampled_from(["free", "draw"]), label="first_turn"),
    )
    seed = draw(st.binary(min_size=32, max_size=32), label="seed")
    policy = draw(st.sampled_from(["random", "greedy"]), label="policy")
    return seed, ruleset, seats, policy


def play(seed: bytes, ruleset: Ruleset, seats: int, policy: str) -> list:
    note(
        f"simulate_match(bytes.fromhex({seed.hex()!r}), {ruleset!r}, {seats}, POLICIES[{policy!r}])"
    )
    events = simulate_match(seed, ruleset, seats, POLICIES[policy])
    assert isinstance(events[0], ev.MatchStarted)
    assert isinstance(events[-1], ev.MatchEnded)
    return events


# -- helpers -----------------------------------------------------------------------------------


def tile_pairs(obj, key: str | None = None):
    """Yield every [a, b] pair of whole numbers in a JSON value, as a canonical tile."""
    if key in NOT_TILES:
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from tile_pairs(v, k)
    elif isinstance(obj, (list, tuple)):
        if len(obj) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in obj):
            if 0 <= obj[0] <= 18 and 0 <= obj[1] <= 18:
                yield tile(obj[0], obj[1])
            return
        for v in obj:
            yield from tile_pairs(v, key)


def permute_hidden(state: GameState, seat: int | None, rnd: random.Random) -> GameState:
    """Return a copy of ``state`` where the tiles ``seat`` may not see (other hands, the rest of
    the boneyard) are shuffled among those places, every hand keeping its size."""
    s = state.copy()
    others = [i for i in range(s.seats) if i != seat]
    old = [t for i in others for t in sorted(s.hands[i])] + list(s.boneyard[s.bpos :])
    new = old[:]
    rnd.shuffle(new)
    mapping = dict(zip(old, new, strict=False))
    for i in others:
        s.hands[i] = {mapping[t] for t in s.hands[i]}
    s.boneyard = tuple(s.boneyard[: s.bpos]) + tuple(mapping[t] for t in s.boneyard[s.bpos :])
    if s.drawn is not None and s.drawn in mapping:
        s.drawn = mapping[s.drawn]
    assert sorted(s.tiles_in_play()) == sorted(state.tiles_in_play())
    return s


def viewers(seats: int) -> list[int | None]:
    return list(range(seats)) + [None]


def candidate_commands(state: GameState, seat: int, rnd: random.Random) -> list:
    """Commands for ``seat`` covering every action, every own tile on every train, and tiles
    held elsewhere."""
    trains: list[int | str] = list(range(state.seats)) + [MEXICAN]
    own = sorted(state.hands[seat])
    elsewhere = sorted(set(full_set(state.ruleset.set_max)) - set(own))
    tiles = own + rnd.sample(elsewhere, min(3, len(elsewhere)))
    out = [PlaceEngine(seat), DrawTile(seat), Pass(seat), Stop(seat)]
    out += [PlayTile(seat, t, tr) for t in tiles for tr in trains]
    return out


def refused(state: GameState, command) -> IllegalMove | None:
    try:
        decide(state, command)
    except IllegalMove as exc:
        return exc
    return None


def check_views(state: GameState, e, rnd: random.Random, seats_to_check) -> None:
    for seat in seats_to_check:
        hidden = hidden_tiles(state, seat)
        v = view(state, seat)
        json.dumps(v)  # a view is JSON
        leaked = set(tile_pairs(v)) & hidden
        assert not leaked, f"view for {seat} shows hidden tiles {sorted(leaked)}"
        if seat is not None:
            assert v["hand"] == [list(t) for t in sorted(state.hands[seat])]
        else:
            assert "hand" not in v
        # Indistinguishability: spreading the hidden tiles differently changes nothing.
        other = permute_hidden(state, seat, rnd)
        assert view(other, seat) == v, f"view for {seat} depends on hidden tiles"
        # The event that led here, as this viewer receives it.
        red = redact_event(e, seat)
        json.dumps(red)
        leaked = set(tile_pairs(red)) & hidden
        assert not leaked, f"{type(e).__name__} shown to {seat} leaks {sorted(leaked)}"
        if isinstance(e, ev.RoundStarted):
            # Another deal with the same own hand and the others' tiles spread differently.
            own = e.hands[seat] if seat is not None else ()
            rest = [t for i, h in enumerate(e.hands) if i != seat for t in h] + list(e.boneyard)
            rnd.shuffle(rest)
            hands, k = [], 0
            for i, h in enumerate(e.hands):
                if i == seat:
                    hands.append(own)
                else:
                    hands.append(tuple(rest[k : k + len(h)]))
                    k += len(h)
            alt = ev.RoundStarted(e.round, e.engine, tuple(hands), tuple(rest[k:]))
            assert redact_event(alt, seat) == red, "a redacted deal depends on hidden tiles"
        elif isinstance(e, ev.TileDrawn) and e.seat != seat:
            alt = ev.TileDrawn(e.seat, (e.tile[0], e.tile[0]) if e.tile != (0, 0) else (1, 0))
            assert redact_event(alt, seat) == red, "another seat's draw shows its tile"


def check_moves(state: GameState, rnd: random.Random, exhaustive: bool) -> None:
    n = state.seats
    to_move = state.to_move
    if state.phase in (ENGINE, PLAYING):
        moves = legal_moves(state, to_move)
        assert moves, f"seat {to_move} is to move but has no legal move"
        assert len(set(moves)) == len(moves)
        for m in moves:
            assert m.seat == to_move
            exc = refused(state, m)
            assert exc is None, f"listed move {m} refused: {exc}"
        # Nobody else may move.
        for seat in range(n):
            if seat != to_move:
                assert legal_moves(state, seat) == []
        other = rnd.choice([s for s in range(n) if s != to_move])
        for cmd in (
            PlayTile(other, min(state.hands[other] or {(0, 0)}), other),
            DrawTile(other),
            Pass(other),
        ):
            exc = refused(state, cmd)
            assert exc is not None, (cmd, exc)
            assert exc.code == Code.NOT_YOUR_TURN, (cmd, exc)
        # A tile from another hand is refused.
        held = [t for s in range(n) if s != to_move for t in state.hands[s]]
        if held and state.phase == PLAYING:
            t = rnd.choice(held)
            for tr in (to_move, MEXICAN):
                exc = refused(state, PlayTile(to_move, t, tr))
                assert exc is not None, exc
                assert exc.code == Code.TILE_NOT_IN_HAND, exc
        # Plays the rules never allow.
        for cmd in (
            PlayTile(to_move, (0, 0), n),
            PlayTile(to_move, (0, 0), -1),
            PlayTile(to_move, (0, 0), "nowhere"),
            PlaceEngine(n),
            DrawTile(-1),
        ):
            assert refused(state, cmd) is not None, cmd
        if exhaustive:
            listed = set(moves)
            for cmd in candidate_commands(state, to_move, rnd):
                exc = refused(state, cmd)
                if cmd in listed:
                    assert exc is None, f"listed {cmd} refused: {exc}"
                else:
                    assert exc is not None, f"{cmd} accepted but not listed in {moves}"
    else:
        for seat in range(n):
            assert legal_moves(state, seat) == []
        for cmd in (PlaceEngine(to_move), DrawTile(to_move), Pass(to_move), Stop(to_move)):
            assert refused(state, cmd) is not None


# -- (a)–(d): invariants after every event ---------------------------------------------------


@pytest.mark.slow
@settings(max_examples=60, **SETTINGS)
@given(matches())
@pytest.mark.heavy(70)  # seconds, loaded machine
def test_invariants_after_every_event(match):
    seed, ruleset, seats, policy = match
    events = play(seed, ruleset, seats, policy)
    rnd = random.Random(seed)
    full = sorted(full_set(ruleset.set_max))
    n_events = len(events)
    # Expensive checks on a bounded sample of events; every round boundary always.
    budget = 120
    heavy = set(rnd.sample(range(n_events), min(budget, n_events)))
    heavy |= {i for i, e in enumerate(events) if isinstance(e, (ev.RoundStarted, ev.RoundEnded))}
    heavy |= {n_events - 1}
    replay_points = set(rnd.sample(range(n_events), min(12, n_events))) | {n_events - 1}
    exhaustive_points = set(rnd.sample(range(n_events), min(15, n_events)))
    # Viewers: every seat and the spectator on small tables, a sample on large ones.
    all_viewers = viewers(seats)

    state = initial_state(events[0])
    assert state == replay(events[:1])
    for i in range(1, n_events):
        e = events[i]
        before = state.to_dict() if i in replay_points else None
        new = apply_event(state, e)
        if before is not None:
            assert state.to_dict() == before, "apply_event changed the state it was given"
        state = new
        # (a) conservation
        if state.phase in (ENGINE, PLAYING, ROUND_OVER):
            assert sorted(state.tiles_in_play()) == full, f"tiles not conserved after event {i}"
        # (b) incremental = replay = snapshot round trip
        assert GameState.from_dict(state.to_dict()) == state
        assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
        if i in replay_points:
            assert replay(events[: i + 1]) == state, f"replay differs after event {i}"
            # Replaying on from a snapshot gives the same state too.
            j = rnd.randrange(1, i + 1)
            assert replay(events[j : i + 1], replay(events[:j])) == state
        # (c) views and redacted events
        if i in heavy:
            seats_to_check = all_viewers if seats <= 6 else rnd.sample(all_viewers, 6) + [None]
            check_views(state, e, rnd, seats_to_check)
        # (d) legal moves
        if i in heavy or i in exhaustive_points:
            check_moves(state, rnd, exhaustive=i in exhaustive_points)
        elif state.phase in (ENGINE, PLAYING):
            assert legal_moves(state, state.to_move)
    assert state.finished
    assert state == replay(events)
    assert len(state.round_history) == ruleset.rounds


# -- (c) views of every event for every viewer, on small tables -------------------------------


@settings(max_examples=15, **SETTINGS)
@given(matches(max_rounds=1, max_seats=5))
def test_every_redacted_event_for_every_viewer(match):
    seed, ruleset, seats, policy = match
    events = play(seed, ruleset, seats, policy)
    state = initial_state(events[0])
    for e in events[1:]:
        state = apply_event(state, e)
        for seat in viewers(seats):
            hidden = hidden_tiles(state, seat)
            assert not set(tile_pairs(redact_event(e, seat))) & hidden
            assert not set(tile_pairs(view(state, seat))) & hidden


# -- (e) every record verifies ----------------------------------------------------------------


@settings(max_examples=100, **SETTINGS)
@given(matches(max_rounds=3))
def test_simulated_records_verify(match):
    seed, ruleset, seats, policy = match
    events = play(seed, ruleset, seats, policy)
    names = [f"p{i}" for i in range(seats)]
    doc = json.loads(json.dumps(export_record(events, players=names, seed=seed)))
    verdict = verify_record(doc)
    assert verdict.problem is None, str(verdict.problem)
    assert verdict.seed_checked
    assert list(verdict.events) == events
    assert len(doc["rounds"]) == ruleset.rounds


# -- (f) one corrupted move is found at exactly that move ------------------------------------


def move_event_index(events: list, round_number: int, move: int) -> int:
    """Return the index in ``events`` of round ``round_number``'s ``move``-th move."""
    r, j = 0, -1
    for i, e in enumerate(events):
        if isinstance(e, ev.RoundStarted):
            r, j = e.round, -1
        elif isinstance(e, ev.MOVE_EVENTS):
            j += 1
            if r == round_number and j == move:
                return i
    raise AssertionError("no such move")


MUTATIONS = ("seat", "tile", "train", "action", "drawn_tile")


@settings(max_examples=300, **SETTINGS)
@given(matches(max_rounds=2), st.data())
def test_corrupted_move_is_reported_at_that_move(match, data):
    seed, ruleset, seats, policy = match
    events = play(seed, ruleset, seats, policy)
    doc = json.loads(json.dumps(export_record(events, seed=seed)))
    r = data.draw(st.integers(0, len(doc["rounds"]) - 1), label="round index")
    moves = doc["rounds"][r]["moves"]
    j = data.draw(st.integers(0, len(moves) - 1), label="move index")
    original = moves[j]
    kind = data.draw(st.sampled_from(MUTATIONS), label="mutation")
    mutated = dict(original)
    before = replay(events[: move_event_index(events, r + 1, j)])
    set_tiles = list(full_set(ruleset.set_max))
    # Tiles from the mover's own hand reach the subtler refusals (wrong train, no match, ...).
    some_tile = st.one_of(
        st.sampled_from(sorted(before.hands[original["seat"]]) or set_tiles),
        st.sampled_from(set_tiles),
    )
    trains = list(range(seats)) + [MEXICAN]
    if kind == "seat":
        mutated["seat"] = (original["seat"] + data.draw(st.integers(1, seats - 1))) % seats
    elif kind == "tile":
        if original["action"] != "play":
            kind = "drawn_tile" if original["action"] == "draw" else "action"
        else:
            mutated["tile"] = list(
                data.draw(some_tile.filter(lambda t: list(t) != original["tile"]))
            )
    elif kind == "train":
        if original["action"] != "play":
            kind = "action"
        else:
            mutated["train"] = data.draw(
                st.sampled_from([t for t in trains if t != original["train"]])
            )
    if kind == "drawn_tile":
        if original["action"] != "draw":
            kind = "action"
        else:
            mutated["tile"] = list(
                data.draw(st.sampled_from([t for t in set_tiles if list(t) != original["tile"]]))
            )
    if kind == "action":
        action = data.draw(
            st.sampled_from(
                [a for a in ("engine", "draw", "play", "pass", "stop") if a != original["action"]]
            )
        )
        mutated = {"seat": original["seat"], "action": action}
        if action == "play":
            mutated["tile"] = list(data.draw(some_tile))
            mutated["train"] = data.draw(st.sampled_from(trains))
    note(f"round {r + 1}, move {j}: {original} -> {mutated} ({kind})")

    command, said = move_to_command(mutated)
    is_corrupt = (kind == "drawn_tile") or command not in legal_moves(before, command.seat)
    if not is_corrupt:
        event("mutation happened to be legal")
        return  # the mutated move is itself legal: nothing to detect at this move
    moves[j] = mutated
    verdict = verify_record(json.loads(json.dumps(doc)))
    p = verdict.problem
    assert p is not None, "a corrupted record verified"
    assert (p.kind, p.round, p.move) == ("move", r + 1, j), str(p)
    assert p.code, str(p)
    assert p.rule, str(p)
    if kind == "drawn_tile":
        assert p.code == "drawn_tile_mismatch"
    if kind == "seat":
        assert p.code == Code.NOT_YOUR_TURN.value
    event(f"refused: {p.code}")


# -- the sets themselves ---------------------------------------------------------------------


@pytest.mark.parametrize(("set_max", "size"), [(6, 28), (9, 55), (12, 91), (15, 136), (18, 190)])
def test_full_sets(set_max, size):
    tiles = full_set(set_max)
    assert len(tiles) == len(set(tiles)) == size  # R2
    assert Counter(a == b for a, b in tiles)[True] == set_max + 1
