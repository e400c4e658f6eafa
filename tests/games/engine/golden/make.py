"""Regenerate the golden whole-match files (``match_*.json``) that ``test_golden.py`` pins.

    python -m tests.games.engine.golden.make           # write them
    python -m tests.games.engine.golden.make --check   # regenerate in memory, report differences

Regenerating is a deliberate act: run it only for an intended change to the rules or to the
record format, bump ``ENGINE_VERSION`` when the same events now fold differently, and say so in
the commit. It is never a way to make a failing ``test_golden.py`` pass: a failure there means
the engine now replays a stored match differently.

Each file holds one match the bots played from a fixed seed: the engine events (as stored by the
platform, ``event_to_dict``), what folding them gives (a digest of the final state, the round
scores, totals, zero rounds and places) and the exported record (spec/game-record.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from games.bots.knowledge import seat_knowledge
from games.bots.strategies import make_strategy
from games.engine import ENGINE_VERSION
from games.engine import GameState
from games.engine import MatchStarted
from games.engine import Ruleset
from games.engine import StartRound
from games.engine import apply_event
from games.engine import commitment
from games.engine import deal_round
from games.engine import event_to_dict
from games.engine import events as ev
from games.engine import export_record
from games.engine import replay
from games.engine import step
from games.engine.state import DEALING
from games.engine.state import FINISHED
from games.engine.state import initial_state

HERE = Path(__file__).resolve().parent

# name -> (ruleset, the strategy of each seat); the seed is derived from the name.
MATCHES: dict[str, tuple[Ruleset, tuple[str, ...]]] = {
    # 2 players, classic table: double-9, 15 tiles each (R3); 3 rounds (V6).
    "match_2p_double9": (Ruleset.for_players(2, rounds=3), ("smart", "greedy")),
    # 4 players, default set (double-12, 15 tiles), one double per turn (V2), double blank 0 (V3).
    "match_4p_variants": (
        Ruleset.for_players(4, rounds=3, max_doubles_per_turn=1, double_blank_points=0),
        ("smart", "greedy", "random", "smart"),
    ),
    # 8 players, the double-12 hand table: 10 tiles each (V1); 2 rounds.
    "match_8p_double12": (
        Ruleset.for_players(8, hand_table="double12", rounds=2),
        ("smart", "random", "greedy", "smart", "random", "greedy", "smart", "random"),
    ),
}


def seed_of(name: str) -> bytes:
    """Return a match's 32-byte seed: SHA-256 of ``golden/<name>``."""
    return hashlib.sha256(f"golden/{name}".encode()).digest()


def state_digest(state: GameState) -> str:
    """Return the SHA-256 of the canonical JSON of ``state.to_dict()``."""
    body = json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(body.encode()).hexdigest()


def trace(events: list[ev.Event]) -> tuple[str, list[str]]:
    """Return the digest of the whole fold (SHA-256 over the state digest after every event)
    and the state digest after each RoundEnded (which round went astray)."""
    chain = hashlib.sha256()
    rounds = []
    state = None
    for e in events:
        state = apply_event(state, e)
        d = state_digest(state)
        chain.update(bytes.fromhex(d))
        if isinstance(e, ev.RoundEnded):
            rounds.append(d)
    return chain.hexdigest(), rounds


def final_facts(events: list[ev.Event]) -> dict[str, Any]:
    """Return what folding a whole match gives, as stored in a golden file."""
    state = replay(events)
    result = state.result
    assert result is not None, "the match has not ended"
    fold_digest, round_digests = trace(events)
    return {
        "events": len(events),
        "phase": state.phase,
        "state_digest": state_digest(state),
        "round_end_digests": round_digests,
        "fold_digest": fold_digest,
        "round_scores": [list(r) for r in state.round_history],
        "totals": list(result.totals),
        "zero_rounds": list(result.zero_rounds),
        "places": list(result.places),
    }


def play(name: str) -> list[ev.Event]:
    """Play match ``name`` with its bots; return its events (every seat's moves ``by: bot``)."""
    ruleset, bots = MATCHES[name]
    seed = seed_of(name)
    seats = len(bots)
    strategies = [make_strategy(b) for b in bots]
    rng = random.Random(seed)
    start = MatchStarted(ruleset, seats, commitment(seed))
    state = initial_state(start)
    log: list[ev.Event] = [start]
    while state.phase != FINISHED:
        if state.phase == DEALING:
            hands, boneyard = deal_round(
                seed, state.round + 1, ruleset.set_max, seats, ruleset.hand_size
            )
            log.extend(step(state, StartRound(hands, boneyard)))
            continue
        seat = state.to_move
        command = strategies[seat].choose(seat_knowledge(state, seat), rng)
        log.extend(step(state, command._replace(by="bot")))
    return log


def build(name: str) -> dict[str, Any]:
    """Return the golden document of match ``name``."""
    ruleset, bots = MATCHES[name]
    seed = seed_of(name)
    events = play(name)
    players = [f"{b}-{i}" for i, b in enumerate(bots)]
    return {
        "about": (
            f"{len(bots)} players, bots {', '.join(bots)}; seed = SHA-256('golden/{name}'). "
            "Regenerate only for a deliberate rules change: see make.py."
        ),
        "engine_version": ENGINE_VERSION,
        "seed": seed.hex(),
        "players": players,
        "events": [event_to_dict(e) for e in events],
        "final": final_facts(events),
        "record": json.loads(json.dumps(export_record(events, players=players, seed=seed))),
    }


def dumps(value: Any, indent: int = 0, used: int = 0, width: int = 120) -> str:
    """Return JSON with every value that fits in ``width`` on one line (short, diffable lines);
    ``used`` is how much of the line is taken before the value."""
    flat = json.dumps(value, ensure_ascii=False)
    if used + len(flat) <= width or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = []
        for k, v in value.items():
            head = f"{pad}{json.dumps(k)}: "
            items.append(head + dumps(v, indent + 1, len(head), width))
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + dumps(v, indent + 1, len(pad), width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def path_of(name: str) -> Path:
    return HERE / f"{name}.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if a file would change"
    )
    args = parser.parse_args(argv)
    changed = []
    for name in MATCHES:
        text = dumps(build(name)) + "\n"
        path = path_of(name)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        changed.append(path.name)
        if not args.check:
            path.write_text(text, encoding="utf-8")
    verb = "would change" if args.check else "written"
    print(f"{verb}: {', '.join(changed) or 'none'}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
