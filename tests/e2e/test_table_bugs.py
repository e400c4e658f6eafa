"""The table page's bugs from the issue, each played in a real browser:

1. the page ends every match "finished" without a reload (an older GET /games/<id> answer never
   lowers the status or the seq; a refresh asked while one is in flight runs after it);
2. keyboard focus comes back to the hand after every move (a few Tab presses at most);
3. the open end of every train stays in view (phone and desktop);
4. after a 503 from the API the table says it is reconnecting, retries with backoff and
   recovers by itself.

Games are set up through the REST API (small sets, one round, bots); the player's own turns are
played through the page.
"""

from __future__ import annotations

import json
import re
import time
from typing import NamedTuple
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import new_table
from tests.e2e.conftest import register
from tests.e2e.test_live_table import assert_not_reloaded
from tests.e2e.test_live_table import click_first_action
from tests.e2e.test_live_table import game_info
from tests.e2e.test_live_table import log_in
from tests.e2e.test_live_table import mark_page
from tests.e2e.test_live_table import wait_for_seq_after
from tests.e2e.test_live_table import wait_for_turn
from tests.e2e.test_table_fast import NO_SOCKET

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}
LIVE_MS = 5_000
SLOW_TC = {"kind": "live", "seconds_per_move": 3600, "reserve_seconds": 0}
ACTIONS = ("place-engine", "draw", "pass", "stop")


def bot_game(server_url: str, token: str, bots: list[str], **variants) -> str:
    """Create a started table: the token's user in seat order with ``bots``; return its id."""
    table = {"players": 1 + len(bots), "variants": variants, "time_control": SLOW_TC}
    return new_table(server_url, token, table, bots=bots)


class BotTable(NamedTuple):
    page: Page
    token: str
    game_id: str
    seat: int


def at_bot_table(
    new_context, server_url: str, username: str, bots: list[str], *, browser=None, **variants
) -> BotTable:
    """Register ``username``, sign them in on a page (a 1280x800 one unless ``browser`` gives
    the context's options) and open a started table of theirs against ``bots`` on it."""
    token = register(server_url, username)
    page = new_context(**(browser or {"viewport": DESKTOP_800})).new_page()
    log_in(page, username)
    game_id = bot_game(server_url, token, bots, **variants)
    page.goto(f"/games/{game_id}")
    return BotTable(page, token, game_id, my_seat(game_info(server_url, game_id), username))


def my_seat(info: dict, username: str) -> int:
    return next(s["index"] for s in info["seats"] if s["username"] == username)


def my_turn_on_page(page: Page, server_url: str, game_id: str, seat: int) -> dict | None:
    """Wait until it is ``seat``'s turn (the API's answer), and the page shows that seq; return
    the game, or None once it is over."""
    info = wait_for_turn(server_url, game_id, seat, timeout=60)
    if info["status"] != "active":
        return None
    assert info["to_move"] == seat, f"the bots did not move: {info}"
    expect(page.get_by_test_id("seq")).to_have_text(str(info["seq"]), timeout=LIVE_MS)
    expect(page.get_by_test_id("turn")).to_have_text(re.compile("Your turn"), timeout=LIVE_MS)
    return info


def expect_finished(page: Page) -> None:
    expect(page.get_by_test_id("status")).to_have_text("finished", timeout=LIVE_MS)
    expect(page.locator("#result")).to_be_visible()
    expect(page.get_by_test_id("replay-link")).to_be_visible()
    expect(page.get_by_test_id("resign")).to_be_hidden()
    expect(page.get_by_test_id("turn")).to_have_text("Game over.")


# --- 1. the page ends every match "finished" ---------------------------------------------------

MATCHES = 20
# Slow answers, as on a loaded server: half the GET /games/<id> answers (the game as it was when
# asked) reach the page 0.3-1.5 s late, so a newer push can arrive first. The page records every
# status and seq it shows: neither may ever go back.
SLOW_DETAIL_AND_TRAIL_JS = """(() => {
  const detail = /\\/api\\/v1\\/games\\/[0-9a-f-]{36}$/;
  const fetch0 = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input.url;
    const method = (init && init.method) || "GET";
    const answer = fetch0(input, init);
    if (method !== "GET" || !detail.test(url) || Math.random() < 0.5) return answer;
    const delay = 300 + Math.random() * 1200;
    window.__delayed += 1;  // answers held back and not yet handed to the page
    return answer.then((r) => new Promise((resolve) => setTimeout(() => {
      window.__delayed -= 1;
      resolve(r);
    }, delay)));
  };
  window.__delayed = 0;
  window.__trail = [];
  const note = () => {
    const st = document.getElementById("status"), seq = document.getElementById("seq");
    if (!st || !seq) return;
    const last = window.__trail[window.__trail.length - 1];
    const now = { status: st.textContent, seq: Number(seq.textContent) };
    if (!last || last.status !== now.status || last.seq !== now.seq) window.__trail.push(now);
  };
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver(note).observe(document.getElementById("table"),
      { subtree: true, childList: true, characterData: true });
  });
})();"""
RANK = {"open": 0, "active": 1, "finished": 2, "abandoned": 2}


def went_back(trail: list[dict]) -> str | None:
    """The first step back in the statuses and seqs the page showed, if any."""
    for before, after in zip(trail, trail[1:], strict=False):
        if RANK.get(after["status"], -1) < RANK.get(before["status"], -1):
            return f"status {before['status']} -> {after['status']}"
        if after["seq"] < before["seq"]:
            return f"seq {before['seq']} -> {after['seq']}"
    return None


TABLES_PER_PLAYER = 10  # RATE_LIMIT_TABLE_CREATE: 10 new tables per player and hour


@pytest.mark.heavy(110)  # seconds, loaded machine
def test_every_match_ends_finished_on_the_page_without_a_reload(
    new_context, server_url, unique_name
):
    started = time.monotonic()
    stuck = []
    for n in range(MATCHES):
        if n % TABLES_PER_PLAYER == 0:
            username = unique_name("ef")
            token = register(server_url, username)
            page = new_context(viewport=DESKTOP_800).new_page()
            page.add_init_script(SLOW_DETAIL_AND_TRAIL_JS)
            log_in(page, username)
        game_id = bot_game(
            server_url, token, ["random", "smart", "mc"], set_max=6, hand_size=5, rounds=1
        )
        page.goto(f"/games/{game_id}")
        mark_page(page)
        seat = my_seat(game_info(server_url, game_id), username)
        moves = 0
        while (info := my_turn_on_page(page, server_url, game_id, seat)) is not None:
            click_first_action(page, info["seq"])
            wait_for_seq_after(server_url, game_id, info["seq"])
            moves += 1
            assert moves < 60, "the match does not end"
        assert game_info(server_url, game_id)["status"] == "finished"
        try:
            expect_finished(page)
            # Every answer held back has reached the page: none took it back.
            page.wait_for_function("() => window.__delayed === 0", timeout=LIVE_MS)
            expect_finished(page)
            back = went_back(page.evaluate("window.__trail"))
            assert back is None, f"the page went back: {back}"
            print(f"match {n + 1}: {moves} moves of mine, finished on the page")
        except AssertionError as exc:
            print(f"match {n + 1}: {moves} moves of mine, NOT finished cleanly: {exc}")
            stuck.append(f"match {n + 1} ({game_id}): {str(exc).splitlines()[0]}")
        assert_not_reloaded(page)
    print(f"{MATCHES} matches in {time.monotonic() - started:.0f} s")
    assert not stuck, f"{len(stuck)} of {MATCHES} matches did not end cleanly on the page: {stuck}"


# --- 2. keyboard focus comes back to the hand --------------------------------------------------

TAB_LIMIT = 3
ACTIONABLE_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return false;
  if (a.matches('[data-testid="hand-tile"].legal')) return true;
  return ["place-engine", "draw", "pass", "stop"].includes(a.id) && !a.hidden && !a.disabled;
}"""


def test_focus_returns_to_the_hand_after_every_move(new_context, server_url, unique_name):
    # Three rounds: a round can end after two turns of ours (R10, R13: the bot may lay its whole
    # hand on its first turn), and the turns of the next round count the same way.
    page, _, game_id, seat = at_bot_table(
        new_context, server_url, unique_name("kf"), ["greedy"], set_max=6, hand_size=7, rounds=3
    )
    tabs_per_turn = []
    while len(tabs_per_turn) < 8:
        info = my_turn_on_page(page, server_url, game_id, seat)
        if info is None:
            break
        tabs = 0
        while not page.evaluate(ACTIONABLE_JS):
            page.keyboard.press("Tab")
            tabs += 1
            assert tabs < 60, "no tile or action of the hand is reachable by Tab"
        tabs_per_turn.append(tabs)
        page.keyboard.press("Enter")
        # A tile with several legal trains lights them up and focuses the first one.
        until = time.monotonic() + 5
        while time.monotonic() < until:
            if game_info(server_url, game_id)["seq"] > info["seq"]:
                break
            if page.evaluate(
                "() => document.activeElement && document.activeElement.matches('.train.target')"
            ):
                page.keyboard.press("Enter")
                break
            page.wait_for_timeout(50)
        after = wait_for_seq_after(server_url, game_id, info["seq"])
        assert after["seq"] > info["seq"], "the keyboard move was not made"
    print(f"Tab presses per turn: {tabs_per_turn}")
    assert len(tabs_per_turn) >= 3, tabs_per_turn
    # The first turn starts from a freshly loaded page; every later one from the last move.
    later = tabs_per_turn[1:]
    assert max(later) <= TAB_LIMIT, f"Tab presses needed per turn after a move: {later}"


# --- 3. the open end of each train stays in view -----------------------------------------------

TRAIN_ENDS_JS = """() => {
  const out = [];
  for (const row of document.querySelectorAll('[data-testid="train"] .train-tiles')) {
    const tiles = row.querySelectorAll('.domino');
    if (!tiles.length) continue;
    const last = tiles[tiles.length - 1].getBoundingClientRect();
    const box = row.getBoundingClientRect();
    const visible = last.left >= box.left - 1 && last.right <= box.right + 1
      && last.left >= -1 && last.right <= window.innerWidth + 1;
    out.push({ train: row.parentElement.dataset.train, visible,
               overflow: row.scrollWidth > row.clientWidth + 1 });
  }
  return out;
}"""


def train_ends(page: Page) -> list[dict]:
    return page.evaluate(TRAIN_ENDS_JS)


def assert_train_ends_visible(page: Page, label: str) -> list[dict]:
    ends = train_ends(page)
    deadline = time.monotonic() + 3
    while not all(e["visible"] for e in ends) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        ends = train_ends(page)
    hidden = [e["train"] for e in ends if not e["visible"]]
    assert not hidden, f"{label}: the last tile of train(s) {hidden} is out of view: {ends}"
    return ends


# Counts the hand's and the trains' children replaced by identical ones (a re-render that
# changed nothing), from now on: window.MT_NEEDLESS.
COUNT_NEEDLESS_REBUILDS = """() => {
  window.MT_NEEDLESS = 0;
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      const gone = [...r.removedNodes].map((n) => n.outerHTML).join("");
      const come = [...r.addedNodes].map((n) => n.outerHTML).join("");
      if (gone && gone === come) window.MT_NEEDLESS += 1;
    }
  });
  for (const id of ["hand-slot", "trains"]) {
    observer.observe(document.getElementById(id), { childList: true });
  }
}"""


def test_a_turn_on_screen_is_not_drawn_again_under_the_players_pointer(
    new_context, server_url, unique_name
):
    """After a bot's move the page shows the turn, then the game's detail arrives and the page
    renders again: the hand and the trains were built anew, identical, each time. A click
    pressed on a tile and released on its replacement is no click at all (a flake hunt: a
    legal tile clicked, nothing picked, nothing played for 30 s). Now what did not change is
    not built again."""
    page, _, game_id, seat = at_bot_table(
        new_context, server_url, unique_name("rr"), ["greedy"], set_max=12, hand_size=15, rounds=1
    )
    page.evaluate(COUNT_NEEDLESS_REBUILDS)
    for _ in range(3):  # three turns of the player's, each after the bot's answer
        info = my_turn_on_page(page, server_url, game_id, seat)
        if info is None:
            break
        page.wait_for_load_state("networkidle")  # the detail asked for after the bot's move
        click_first_action(page, info["seq"])
        # The move made (a click on a train returns before its answer), then the next turn.
        expect(page.get_by_test_id("seq")).not_to_have_text(str(info["seq"]), timeout=LIVE_MS)
    assert page.evaluate("window.MT_NEEDLESS") == 0


def test_the_open_end_of_every_train_stays_in_view(
    new_context, server_url, unique_name, artifacts_dir
):
    username = unique_name("tr")
    token = register(server_url, username)
    desktop = new_context(viewport=DESKTOP_800).new_page()
    phone = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    for page in (desktop, phone):
        log_in(page, username)
    game_id = bot_game(server_url, token, ["greedy"], set_max=12, hand_size=15, rounds=1)
    for page in (desktop, phone):
        page.goto(f"/games/{game_id}")
    seat = my_seat(game_info(server_url, game_id), username)
    overflowed = 0
    shot_taken = False
    while (info := my_turn_on_page(desktop, server_url, game_id, seat)) is not None:
        expect(phone.get_by_test_id("seq")).to_have_text(str(info["seq"]), timeout=LIVE_MS)
        assert_train_ends_visible(desktop, f"desktop at seq {info['seq']}")
        ends = assert_train_ends_visible(phone, f"phone at seq {info['seq']}")
        overflowed += any(e["overflow"] for e in ends)
        if overflowed and not shot_taken:
            desktop.screenshot(path=artifacts_dir / "table-bugs-desktop-mid.png", full_page=True)
            phone.screenshot(path=artifacts_dir / "table-bugs-phone-mid.png", full_page=True)
            phone.locator("#board").screenshot(path=artifacts_dir / "table-bugs-phone-board.png")
            shot_taken = True
        click_first_action(desktop, info["seq"])
        wait_for_seq_after(server_url, game_id, info["seq"])
    assert overflowed, "no train grew longer than the phone's width: the test proved nothing"
    for page, name in ((desktop, "desktop"), (phone, "phone")):
        expect_finished(page)
        assert_train_ends_visible(page, f"{name}, finished")
        page.screenshot(path=artifacts_dir / f"table-bugs-{name}-finished.png", full_page=True)


# --- 4. a 503 from the API: reconnecting, then recovered ---------------------------------------

RETRIES = 2  # an outage lasts until the page has asked again this many times
FIRST_VIEW = re.compile(r'<script id="initial-view" type="application/json">.*?</script>', re.S)


def answer_503(route):
    route.fulfill(
        status=503,
        content_type="application/json",
        body=json.dumps({"detail": "Service unavailable", "code": "unavailable"}),
    )


class Outage:
    """The API down: every request answered 503, and counted."""

    def __init__(self) -> None:
        self.refused = 0

    def __call__(self, route) -> None:
        self.refused += 1
        answer_503(route)

    def last_through(self, page: Page, retries: int = RETRIES) -> None:
        """Stay down until the page, having said so, asked ``retries`` times more."""
        until = self.refused + retries
        deadline = time.monotonic() + 30
        while self.refused < until:
            assert time.monotonic() < deadline, f"the page stopped retrying at {self.refused}"
            page.wait_for_timeout(100)  # lets Playwright hand the page's requests to the route


def without_first_view(route):
    response = route.fetch()
    route.fulfill(response=response, body=FIRST_VIEW.sub("", response.text()))


def test_after_a_503_the_table_retries_says_so_and_recovers(
    new_context, server_url, unique_name, artifacts_dir
):
    username = unique_name("rc")
    token = register(server_url, username)
    context = new_context(viewport=DESKTOP_800)
    # Moves go by REST here, where a 503 can meet them: with the socket open they go over it
    # (tests/e2e/test_table_fast.py).
    context.add_init_script(NO_SOCKET)
    page = context.new_page()
    log_in(page, username)
    game_id = bot_game(server_url, token, ["greedy"], set_max=6, hand_size=7, rounds=1)
    seat = my_seat(game_info(server_url, game_id), username)
    notice = page.get_by_test_id("api-notice")

    # The page loads while the API answers 503, and without its first view in the HTML (as when
    # the server could not build it): it has to read the API.
    page.route(lambda url: urlparse(url).path == f"/games/{game_id}", without_first_view)
    outage = Outage()
    page.route("**/api/v1/**", outage)
    page.goto(f"/games/{game_id}")
    mark_page(page)
    expect(notice).to_be_visible(timeout=LIVE_MS)
    expect(notice).to_contain_text("Reconnecting")
    page.screenshot(path=artifacts_dir / "table-bugs-503.png", full_page=True)
    outage.last_through(page)
    page.unroute("**/api/v1/**")
    expect(page.get_by_test_id("status")).to_have_text("active", timeout=20_000)
    expect(notice).to_be_hidden(timeout=20_000)

    # A move made while the API answers 503: not made, the table retries, then plays on.
    info = my_turn_on_page(page, server_url, game_id, seat)
    assert info is not None
    outage = Outage()
    page.route("**/api/v1/**", outage)
    for action in ACTIONS:
        button = page.get_by_test_id(action)
        if button.is_visible() and button.is_enabled():
            button.click()
            break
    else:
        page.locator('[data-testid="hand-tile"].legal').first.click()
        targets = page.locator('[data-testid="train"].target')
        # The trains light up, or the tile's one train took the move (which meets the outage).
        expect(targets.or_(notice).first).to_be_visible(timeout=LIVE_MS)
        if targets.count():
            targets.first.click()
    expect(notice).to_be_visible(timeout=LIVE_MS)
    expect(notice).to_contain_text("Reconnecting")
    outage.last_through(page)
    page.unroute("**/api/v1/**")
    expect(notice).to_be_hidden(timeout=20_000)
    info = my_turn_on_page(page, server_url, game_id, seat)
    assert info is not None
    click_first_action(page, info["seq"])
    after = wait_for_seq_after(server_url, game_id, info["seq"])
    # At that seq or later: the bot may answer before the page shows the move's own seq.
    page.wait_for_function(
        "(seq) => Number(document.getElementById('seq').textContent) >= seq",
        arg=after["seq"],
        timeout=LIVE_MS,
    )
    assert_not_reloaded(page)
