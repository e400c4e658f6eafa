"""A whole game by keyboard: the viewer plays every move of a match against a bot with Tab,
Shift+Tab, Enter, Space and the arrow keys only — no clicks, no element.focus() from the test.
The move is chosen by reading the table's legal moves (root.dataset.legal) and the focused
element's data attributes, the way a screen-reader user hears them.

The Tab presses needed in each of the viewer's turns are counted (arrow keys within the hand do
not count): at most 3, the first turn of a freshly loaded page included.
"""

from __future__ import annotations

import collections
import json
import time

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.test_audit import log_in
from tests.e2e.test_audit import register
from tests.e2e.test_axe import DESKTOP_800
from tests.e2e.test_live_table import game_info
from tests.e2e.test_table_bugs import bot_game
from tests.e2e.test_table_bugs import my_seat

pytestmark = pytest.mark.e2e

TAB_LIMIT = 3
STEP_LIMIT = 400  # key presses in one turn before the test gives up
GAME_LIMIT_S = 240
ACTIONS = {"engine": "place-engine", "draw": "draw", "pass": "pass", "stop": "stop"}

# What the page shows now: its seq, the legal moves, and the focused element.
SNAPSHOT_JS = """() => {
  const root = document.getElementById("table");
  const a = document.activeElement;
  const f = { tag: a ? a.tagName.toLowerCase() : null };
  if (a && a !== document.body) {
    f.id = a.id || null;
    f.testid = a.dataset.testid || a.getAttribute("data-testid");
    f.tile = a.dataset.tile || null;
    f.train = a.dataset.train || null;
    f.target = a.matches(".train.target");
    f.legal = a.matches('[data-testid="hand-tile"].legal');
    f.label = a.getAttribute("aria-label");
  }
  return { seq: Number(root.dataset.seq), toMove: root.dataset.toMove,
           mySeat: root.dataset.mySeat, status: root.dataset.status,
           legal: JSON.parse(root.dataset.legal || "[]"), focus: f,
           busy: root.classList.contains("busy") };
}"""


# Every focus change on the page, with the page's seq and the script that made it (a stack), kept
# in window.__focusLog: the failure message shows those of a turn that needed too many Tabs.
FOCUS_LOG_JS = """(() => {
  const log = window.__focusLog = [];
  const describe = (el) => !el || el === document.body ? "body"
    : `${el.tagName.toLowerCase()}#${el.id || ""}[${el.dataset.testid || ""}${el.dataset.tile ? " " + el.dataset.tile : ""}]`;
  const seq = () => { const r = document.getElementById("table"); return r ? r.dataset.seq : null; };
  document.addEventListener("focusin", (ev) => {
    const stack = (new Error().stack || "").split("\\n").slice(2, 6).map((l) => l.trim()).join(" < ");
    log.push({ t: Math.round(performance.now()), seq: seq(), to: describe(ev.target), by: stack });
  }, true);
  document.addEventListener("focusout", (ev) => {
    if (!ev.relatedTarget) setTimeout(() => {
      if (document.activeElement === document.body || !document.activeElement)
        log.push({ t: Math.round(performance.now()), seq: seq(), to: "body", from: describe(ev.target) });
    }, 0);
  }, true);
})()"""


def tkey(tile: list[int]) -> str:
    return f"{max(tile)}-{min(tile)}"


def snapshot(page: Page) -> dict:
    return page.evaluate(SNAPSHOT_JS)


def next_key(snap: dict) -> tuple[str, str]:
    """The key to press next, and why: press Enter on a legal choice, move through the hand
    with the arrow keys, else Tab on."""
    legal, focus = snap["legal"], snap["focus"]
    actions = {m["action"] for m in legal}
    plays = {tkey(m["tile"]) for m in legal if m["action"] == "play"}
    if focus.get("target"):
        return "Enter", f"play on train {focus['train']}"
    if "engine" in actions:
        wanted = {ACTIONS["engine"]}
    elif plays:
        if focus.get("testid") == "hand-tile":
            if focus.get("tile") in plays:
                return "Enter", f"pick {focus['tile']}"
            return "ArrowRight", "to a playable tile"
        wanted = set()
    else:
        wanted = {ACTIONS[a] for a in actions if a in ACTIONS}
    if focus.get("id") in wanted:
        return "Enter", focus["id"]
    return "Tab", f"from {focus.get('testid') or focus.get('id') or focus.get('tag')}"


def my_turn(page: Page, server_url: str, game_id: str, seat: int, timeout: float = 60) -> dict:
    """Wait until the API says it is the viewer's turn (or the game is over) and the page shows
    that seq, settled (not busy); return the page's snapshot."""
    deadline = time.monotonic() + timeout
    while True:
        info = game_info(server_url, game_id)
        if info["status"] != "active":
            return {"status": info["status"]}
        if info["to_move"] == seat:
            snap = snapshot(page)
            if snap["seq"] == info["seq"] and snap["legal"] and not snap["busy"]:
                return snap
        assert time.monotonic() < deadline, f"the viewer's turn did not come: {info}"
        page.wait_for_timeout(50)


def play_by_keyboard(page: Page, server_url: str, game_id: str, seat: int) -> list[tuple[int, int]]:
    """Play the viewer's moves to the end of the match; return (seq before, Tab presses) of
    each move. The keys of each move, with where focus was before each, are kept in ``trails``
    (seq before → list), for the failure message."""
    made: list[tuple[int, int]] = []
    trails.clear()
    focus_logs.clear()
    started = time.monotonic()
    while time.monotonic() - started < GAME_LIMIT_S:
        snap = my_turn(page, server_url, game_id, seat)
        if snap["status"] != "active":
            return made
        seq = snap["seq"]
        presses = tabs = 0
        trail = trails.setdefault(seq, [])
        focus_logs[seq] = page.evaluate("() => window.__focusLog.splice(0)")
        while True:
            key, why = next_key(snap)
            trail.append(f"{key} ({why})")
            page.keyboard.press(key)
            presses += 1
            tabs += key == "Tab"
            assert presses < STEP_LIMIT, f"no move made after {presses} keys: {snap}"
            assert tabs < 60, f"Tab does not reach what the turn needs ({why}): {snap['focus']}"
            if key == "Enter":
                # Enter on a hand tile picks it: the trains light up and one takes focus, or
                # (one place to go) the move is made. Any other Enter makes the move; a train
                # that kept focus from before it is no answer (waiting on that once took the
                # move for unmade, and the test Tabbed through the bot's turn: 43 "Tabs").
                picking = snap["focus"].get("testid") == "hand-tile"
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    if game_info(server_url, game_id)["seq"] > seq:
                        break
                    if picking and snapshot(page)["focus"].get("target"):
                        break
                    page.wait_for_timeout(30)
                else:
                    raise AssertionError(f"Enter ({why}) neither moved nor offered trains")
                if game_info(server_url, game_id)["seq"] > seq:
                    break
            snap = snapshot(page)
        made.append((seq, tabs))
    raise AssertionError(f"the match did not end within {GAME_LIMIT_S} s")


trails: dict[int, list[str]] = {}
focus_logs: dict[int, list[dict]] = {}  # seq before a move -> the focus changes since the last move


def turns(made: list[tuple[int, int]]) -> list[list[int]]:
    """The viewer's moves grouped into turns: moves one right after the other (each is one
    event, so consecutive seqs) belong to one turn; the Tab presses of each move."""
    out: list[list[int]] = []
    last = None
    for seq, tabs in made:
        if last is not None and seq == last + 1:
            out[-1].append(tabs)
        else:
            out.append([tabs])
        last = seq
    return out


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [DESKTOP_800], ids=["desktop"])
@pytest.mark.heavy(65)  # seconds, loaded machine
def test_a_whole_game_by_keyboard_with_at_most_three_tabs_a_turn(
    new_context, server_url, artifacts_dir, unique_name, viewport
):
    size = "desktop" if viewport is DESKTOP_800 else "phone"
    username = unique_name("kb")
    token = register(server_url, username)
    page = new_context(viewport).new_page()
    page.add_init_script(FOCUS_LOG_JS)
    log_in(page, username, "/lobby")
    game_id = bot_game(server_url, token, ["greedy"], set_max=12, hand_size=10, rounds=1)
    page.goto(f"/games/{game_id}")
    expect(page.get_by_test_id("status")).to_have_text("active")
    seat = my_seat(game_info(server_url, game_id), username)

    made = play_by_keyboard(page, server_url, game_id, seat)
    grouped = turns(made)
    per_turn = [sum(t) for t in grouped]
    moves = [len(t) for t in grouped]

    assert game_info(server_url, game_id)["status"] == "finished"
    expect(page.get_by_test_id("status")).to_have_text("finished")
    page.screenshot(path=artifacts_dir / f"keyboard-game-{size}-finished.png", full_page=True)
    spread = dict(sorted(collections.Counter(per_turn).items()))
    print(f"{size}: {len(per_turn)} turns, {sum(moves)} moves (per turn {moves})")
    print(f"{size}: Tab presses per turn {per_turn}; spread {spread}")
    assert per_turn, "the viewer had no turn"
    over = [seq for seq, tabs in made if tabs > TAB_LIMIT]
    assert max(per_turn) <= TAB_LIMIT, json.dumps(
        {
            "tabs_per_turn": per_turn,
            "spread": spread,
            "keys": {s: trails[s] for s in over},
            "focus_changes_before": {s: focus_logs[s] for s in over},
        },
        indent=1,
    )
