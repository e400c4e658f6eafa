"""The table on a phone (issue 31, items 1-4): two rounds of a 4-seat table (the viewer and three
bots) played by tapping at 390x844, and the same coverage check at 1280x800.

After every pick of a tile with several trains to go on, each highlighted train's open end is
inside the viewport and not covered (``elementFromPoint`` at its centre hits its train: not the
sticky hand bar, the seat strip or anything else). On every turn of the viewer's: every seat
card, with its tiles left, shows, the card of the seat to move is marked; every tile of the hand
shows whole (none clipped by the bar's own scroll or the viewport); the round summary, after the
first round, has given way (at most one line, over neither the board nor the hand bar).

The chat: a message that arrives while the panel is folded is counted on its toggle (and read out
politely); opening the panel resets the count.

Screenshots (tests/artifacts/, {size} is phone or desktop): phone-{size}-mid-round.png (the
viewer's 8th turn), phone-{size}-pick.png (the first pick that lights several trains),
phone-{size}-round-ended.png (the moment the first round's summary appears) and
phone-{size}-round-2-first-turn.png.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.test_axe import violations
from tests.e2e.test_axe_live import tile_choices
from tests.e2e.test_chat import open_chat
from tests.e2e.test_chat import table as chat_table
from tests.e2e.test_live_table import PLAYED_OR_TARGETS
from tests.e2e.test_live_table import game_info
from tests.e2e.test_live_table import log_in
from tests.e2e.test_live_table import usable
from tests.e2e.test_live_table import wait_for_seq_after
from tests.e2e.test_table_bugs import DESKTOP_800
from tests.e2e.test_table_bugs import bot_game
from tests.e2e.test_table_bugs import my_seat
from tests.e2e.test_table_bugs import my_turn_on_page
from tests.e2e.test_table_bugs import register

pytestmark = pytest.mark.e2e

LIVE_MS = 5_000
MOVE_WAIT_MS = 30_000  # a bound for a failure only: the wait ends as soon as the page shows it
TURN_LIMIT = 160  # the viewer's turns in two rounds before the test gives up
SIZES = {
    "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": DESKTOP_800},
}
MID_ROUND_TURN = 8  # the viewer's turn of round 1 shot as "mid-round"
SHOTS = ("mid-round", "pick", "round-ended", "round-2-first-turn")
SUMMARY_LINE_PX = 64  # a summary that gave way is one line (a 44 px button and its padding)

# Shared by the checks below: whether an element shows (inside the viewport, and the point at its
# centre hits it or a child of ``owner``), and a short name of what covers it.
HELPERS_JS = """
  const vw = window.innerWidth, vh = window.innerHeight;
  const name = (el) => el ? `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}`
    + `${el.classList.length ? "." + [...el.classList].join(".") : ""}` : "nothing";
  const inView = (b) => b.width > 0 && b.height > 0 && b.top >= -0.5 && b.left >= -0.5
    && b.bottom <= vh + 0.5 && b.right <= vw + 0.5;
  const hitAt = (b) => document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  const shows = (el, owner) => {
    if (!el) return { ok: false, why: "missing" };
    const b = el.getBoundingClientRect();
    if (!inView(b)) return { ok: false, why: `out of view (${Math.round(b.top)}..${Math.round(b.bottom)})` };
    const hit = hitAt(b);
    const ok = !!hit && (owner || el).contains(hit);
    return { ok, why: ok ? "" : `covered by ${name(hit)}` };
  };
"""

# Each highlighted target: its open end (.train-end) in the viewport, inside its row's scroll box,
# and not covered.
TARGETS_JS = (
    "() => {"
    + HELPERS_JS
    + """
  return [...document.querySelectorAll('#trains [data-testid="train"].target')].map((t) => {
    const end = t.querySelector('.train-end') || t;
    const row = end.closest('.train-tiles');
    const b = end.getBoundingClientRect();
    let s = shows(end, t);
    if (s.ok && row) {
      const r = row.getBoundingClientRect();
      if (b.left < r.left - 1 || b.right > r.right + 1) s = { ok: false, why: "scrolled out of its train" };
    }
    return { train: t.dataset.train, ok: s.ok, why: s.why };
  });
}"""
)

# What a turn of the viewer's shows: the seat cards (each with its tiles left), the mover's mark,
# the hand's tiles, and the round summary's box beside the board's and the hand bar's.
TURN_JS = (
    "() => {"
    + HELPERS_JS
    + """
  const seats = [...document.querySelectorAll('[data-testid="seat"]')];
  const seatProblems = [];
  for (const s of seats) {
    const card = shows(s);
    if (!card.ok) { seatProblems.push(`seat ${s.dataset.seat}: ${card.why}`); continue; }
    const tiles = shows(s.querySelector('[data-testid="tiles-left"]'), s);
    if (!tiles.ok) seatProblems.push(`seat ${s.dataset.seat}'s tiles left: ${tiles.why}`);
  }
  const mover = document.querySelector('[data-testid="seat"][aria-current="true"]');
  if (!mover) seatProblems.push("no seat card is marked as the one to move");
  const slot = document.getElementById('hand-slot');
  const sb = slot.getBoundingClientRect();
  const clipped = [...slot.querySelectorAll('[data-testid="hand-tile"]')].filter((t) => {
    const b = t.getBoundingClientRect();
    const inSlot = b.top >= sb.top - 0.5 && b.bottom <= sb.bottom + 0.5
      && b.left >= sb.left - 0.5 && b.right <= sb.right + 0.5;
    return !inSlot || !shows(t).ok;
  }).map((t) => t.dataset.tile);
  const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const summary = document.getElementById('round-summary');
  let summaryBox = null;
  if (summary && summary.getClientRects().length) {
    const b = summary.getBoundingClientRect();
    summaryBox = { height: Math.round(b.height),
                   overBoard: overlap(b, document.getElementById('board').getBoundingClientRect()),
                   overBar: overlap(b, document.getElementById('my-side').getBoundingClientRect()) };
  }
  return { seats: seats.length, seatProblems, tiles: slot.querySelectorAll('[data-testid="hand-tile"]').length,
           clipped, summary: summaryBox, round: document.getElementById('round').textContent };
}"""
)


# After the viewer's move: the round summary is on the page, or the viewer's next turn or the end.
SUMMARY_OR_TURN_JS = """(seq) => {
  const t = document.getElementById('table');
  return !!document.getElementById('round-summary') || t.dataset.status !== 'active'
    || (Number(t.dataset.seq) > seq && t.dataset.toMove === t.dataset.mySeat);
}"""


class Tally:
    """What the run saw, for the figures printed at the end and the failures."""

    def __init__(self) -> None:
        self.turns = 0
        self.rounds = 0
        self.picks = 0
        self.ends_checked = 0
        self.problems: list[str] = []

    def fail(self, text: str) -> None:
        print(f"  PROBLEM {text}")
        self.problems.append(text)


def tap(page: Page, size: str, locator) -> None:
    if size == "phone":
        locator.tap()
    else:
        locator.click()


def check_turn(page: Page, size: str, seq: int, round_no: int, tally: Tally) -> None:
    g = page.evaluate(TURN_JS)
    where = f"{size}, round {round_no}, seq {seq}"
    for p in g["seatProblems"]:
        tally.fail(f"{where}: {p}")
    if g["clipped"]:
        tally.fail(f"{where}: hand tiles clipped {g['clipped']} of {g['tiles']}")
    s = g["summary"]
    if s and (s["height"] > SUMMARY_LINE_PX or s["overBoard"] or s["overBar"]):
        tally.fail(f"{where}: the round summary is in the way on the viewer's turn: {s}")


def pick_and_play(page: Page, size: str, seq: int, tally: Tally, shot: Path | None) -> str:
    """Make the viewer's move by tapping: the engine, else a tile (one with several trains
    first, its targets checked, and shot to ``shot`` if given, before one is tapped), else
    draw, pass or end the turn."""
    if usable(page, "place-engine"):
        tap(page, size, page.get_by_test_id("place-engine"))
        return "engine"
    choices = tile_choices(page)
    if choices:
        key = max(choices, key=lambda k: choices[k])  # several trains if any tile has them
        tap(page, size, page.locator(f'[data-testid="hand-tile"][data-tile="{key}"]'))
        page.wait_for_function(PLAYED_OR_TARGETS, arg=seq, timeout=MOVE_WAIT_MS)
        targets = page.locator('[data-testid="train"].target')
        if not targets.count():
            return f"play {key} (one train)"
        tally.picks += 1
        ends = page.evaluate(TARGETS_JS)
        assert len(ends) == choices[key], f"{len(ends)} trains lit for {choices[key]} choices"
        tally.ends_checked += len(ends)
        for e in ends:
            if not e["ok"]:
                tally.fail(f"{size}, seq {seq}, {key}: target {e['train']}'s end {e['why']}")
        if shot:
            page.screenshot(path=shot)
        # The last lit train: the Mexican Train or the furthest down.
        target = targets.nth(targets.count() - 1)
        train = target.get_attribute("data-train")
        tap(page, size, target)
        return f"play {key} on {train}"
    for action in ("draw", "pass", "stop"):
        if usable(page, action):
            tap(page, size, page.get_by_test_id(action))
            return action
    raise AssertionError(f"no move offered at seq {seq}")


def play_two_rounds(
    page: Page,
    size: str,
    server_url: str,
    game_id: str,
    seat: int,
    tally: Tally,
    shots: Path | None,
) -> dict[str, list]:
    """Play the viewer's turns of a 2-round table to its end, checking each turn and pick;
    with ``shots`` (tests/artifacts), save the screenshots. Return axe's findings."""
    summary = page.get_by_test_id("round-summary")
    taken: set[str] = set()
    for name in SHOTS if shots is not None else ():
        (shots / f"phone-{size}-{name}.png").unlink(missing_ok=True)
    axe: dict[str, list] = {}
    round_no = 1
    turns = 0

    def shot_path(name: str) -> Path | None:
        if shots is None or name in taken:
            return None
        taken.add(name)
        return shots / f"phone-{size}-{name}.png"

    while (info := my_turn_on_page(page, server_url, game_id, seat)) is not None:
        turns += 1
        tally.turns += 1
        assert turns < TURN_LIMIT, "two rounds did not end"
        # The round as the page shows it ("2 of 2"), once the page has reached the API's seq.
        page_round = int(page.locator("#round").inner_text().split()[0])
        if page_round > round_no:
            round_no = page_round
            if path := shot_path("round-2-first-turn"):
                page.screenshot(path=path)
                axe["round-2-first-turn"] = violations(page)
        check_turn(page, size, info["seq"], round_no, tally)
        if round_no == 1 and turns == MID_ROUND_TURN and (path := shot_path("mid-round")):
            page.screenshot(path=path)
        picks = tally.picks
        pick = shot_path("pick") if "pick" not in taken else None
        move = pick_and_play(page, size, info["seq"], tally, pick)
        if pick and tally.picks == picks:
            taken.discard("pick")  # no trains were lit this turn: the next pick's, then
        after = wait_for_seq_after(server_url, game_id, info["seq"])
        assert after["seq"] > info["seq"], f"{move} at seq {info['seq']} appended nothing"
        if shots is not None and "round-ended" not in taken:
            # The page shows the round's summary, or the viewer's next turn, or the end.
            page.wait_for_function(SUMMARY_OR_TURN_JS, arg=info["seq"], timeout=MOVE_WAIT_MS)
            if summary.count():
                page.screenshot(path=shot_path("round-ended"))
    assert game_info(server_url, game_id)["status"] == "finished"
    assert round_no == 2, "the second round was never played by the viewer"
    tally.rounds += round_no
    return axe


MIN_PICKS = 4  # picks that light several trains: a deal that offers fewer is played again
TABLES = 3  # at most


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.heavy(70)  # seconds, loaded machine
def test_two_rounds_by_tapping_keep_the_targets_seats_and_hand_in_view(
    new_context, server_url, unique_name, artifacts_dir, size
):
    username = unique_name("ph")
    token = register(server_url, username)
    page = new_context(**SIZES[size]).new_page()
    log_in(page, username)
    tally = Tally()
    axe: dict[str, list] = {}
    tables = 0
    # A deal may offer few tiles with a choice of trains: then another table, as a player would.
    while tally.picks < MIN_PICKS and tables < TABLES:
        game_id = bot_game(server_url, token, ["greedy", "smart", "random"], rounds=2)
        seat = my_seat(game_info(server_url, game_id), username)
        page.goto(f"/games/{game_id}")
        shots = artifacts_dir if tables == 0 else None
        axe.update(play_two_rounds(page, size, server_url, game_id, seat, tally, shots))
        tables += 1
    print(
        f"{size}: {tables} tables, {tally.rounds} rounds, {tally.turns} turns of the viewer's, "
        f"{tally.picks} picks with several trains, {tally.ends_checked} target ends checked, "
        f"{len(tally.problems)} problems"
    )
    assert tally.picks >= MIN_PICKS, f"{tables} tables offered only {tally.picks} picks"
    assert not tally.problems, "\n".join(tally.problems)
    found = {k: v for k, v in axe.items() if v}
    assert not found, f"axe violations: {json.dumps(found, indent=1)[:3000]}"


def test_a_chat_message_on_a_folded_chat_is_counted_on_its_toggle(
    new_context, server_url, unique_name, artifacts_dir
):
    ana, bo = unique_name("ana"), unique_name("bo")
    ana_token, bo_token = register(server_url, ana), register(server_url, bo)
    gid = chat_table(server_url, ana_token, [bo_token])
    page = new_context(**SIZES["phone"]).new_page()
    log_in(page, ana)
    page.goto(f"/games/{gid}")
    panel = page.get_by_test_id("chat-panel")
    expect(panel).not_to_have_attribute("open", "")
    unread = page.get_by_test_id("chat-unread")
    expect(unread).to_be_hidden()
    # Messages sent from now on reach the page over its socket (one sent before it connects is
    # only in the history the page loads, which is not news).
    expect(page.locator("#connection")).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    for n, text in enumerate(["hello", "your move"], start=1):
        status, body = api(
            server_url, "POST", f"/api/v1/games/{gid}/chat", {"body": text}, bo_token
        )
        assert status == 201, body
        expect(unread).to_have_text(re.compile(rf"\b{n}\b"), timeout=LIVE_MS)
    expect(unread).to_be_visible()
    expect(unread).to_have_attribute("aria-live", "polite")
    expect(unread).to_contain_text("2 unread")
    page.screenshot(path=artifacts_dir / "phone-chat-unread.png", full_page=True)
    assert not violations(page)
    open_chat(page)
    expect(unread).to_be_hidden()
    expect(page.get_by_test_id("chat-text")).to_have_count(2)
    # A message read with the panel open is not counted; folded again, the next one is.
    api(server_url, "POST", f"/api/v1/games/{gid}/chat", {"body": "seen"}, bo_token)
    expect(page.get_by_test_id("chat-text")).to_have_count(3, timeout=LIVE_MS)
    expect(unread).to_be_hidden()
    panel.locator("summary").click()
    api(server_url, "POST", f"/api/v1/games/{gid}/chat", {"body": "later"}, bo_token)
    expect(unread).to_contain_text("1 unread", timeout=LIVE_MS)
