"""The whole table on one screen (issue 15, deliver 1): at 1280x800 and at 390x844, for a 4- and
an 8-player table, the player's hand, the action buttons, whose turn it is and the clock of the
seat to move are in the viewport without scrolling; the page never scrolls sideways; every
train's open end stays visible inside its train's scroll box.

Games are made through the REST API with fast bots; the viewer's moves are played on the page.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.test_live_table import click_first_action
from tests.e2e.test_live_table import game_info
from tests.e2e.test_live_table import log_in
from tests.e2e.test_live_table import wait_for_seq_after
from tests.e2e.test_table_bugs import DESKTOP_800
from tests.e2e.test_table_bugs import bot_game
from tests.e2e.test_table_bugs import my_seat
from tests.e2e.test_table_bugs import my_turn_on_page
from tests.e2e.test_table_bugs import register

pytestmark = pytest.mark.e2e

MOVES = 3  # the viewer's own moves before the open ends are checked again

# Where everything is, in viewport coordinates. An element "shows" when its box lies inside the
# viewport and the point at its centre hits it (not the sticky bar or anything else above it).
GEOMETRY_JS = """() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const box = (el) => {
    const b = el.getBoundingClientRect();
    return { top: Math.round(b.top), bottom: Math.round(b.bottom),
             left: Math.round(b.left), right: Math.round(b.right) };
  };
  const shows = (el) => {
    if (!el) return false;
    const b = el.getBoundingClientRect();
    if (!b.width || !b.height) return false;
    if (b.top < 0 || b.left < 0 || b.bottom > vh + 0.5 || b.right > vw + 0.5) return false;
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  };
  const q = (s) => document.querySelector(s);
  const all = (s) => [...document.querySelectorAll(s)];
  const visible = (el) => !el.hidden && el.getClientRects().length > 0;
  const tiles = all('#hand-slot [data-testid="hand-tile"]');
  const actions = all('#actions button').filter(visible);
  const seats = all('[data-testid="seat"]');
  const mover = q('[data-testid="seat"][aria-current="true"]');
  const moverClock = mover && mover.querySelector('[data-testid="seat-clock"]');
  const board = q('#board');
  return {
    vw, vh, scrollY: Math.round(window.scrollY),
    scrollWidth: document.documentElement.scrollWidth,
    handTop: tiles.length ? box(tiles[0]).top : null,
    barTop: box(q('#my-side')).top,
    boardTop: board ? box(board).top : null,
    tiles: tiles.length,
    tilesShown: tiles.filter(shows).length,
    firstTileShows: shows(tiles[0]),
    // the hand as far as it is not scrolled inside its bar (a long hand scrolls on phones)
    handSlotShows: shows(q('#hand-slot')),
    barShows: (() => { const b = q('#my-side').getBoundingClientRect();
                       return b.top >= 0 && b.bottom <= vh + 0.5 && b.left >= 0 && b.right <= vw + 0.5; })(),
    actions: actions.map((b) => b.id),
    actionsHidden: actions.filter((b) => !shows(b)).map((b) => b.id),
    turnShows: shows(q('#turn')),
    turnText: q('#turn').textContent,
    moverClockShows: shows(moverClock),
    moverClockText: moverClock ? moverClock.textContent : null,
    seats: seats.length,
    seatsShown: seats.filter(shows).length,
    // What sticks out on the right, for the message when the page scrolls sideways.
    wide: all('body *').filter((el) => el.getBoundingClientRect().right > vw + 1)
      .filter((el) => {
        for (let p = el.parentElement; p; p = p.parentElement) {
          if (getComputedStyle(p).overflowX !== "visible") return false;
        }
        return true;
      })
      .slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className}#${el.id}`),
  };
}"""

# Every train's open end (.train-end) inside its own scroll box (.train-tiles) and the viewport's
# width.
TRAIN_ENDS_JS = """() => [...document.querySelectorAll('[data-testid="train"] .train-tiles')]
  .map((row) => {
    const end = row.querySelector('.train-end').getBoundingClientRect();
    const box = row.getBoundingClientRect();
    return { train: row.parentElement.dataset.train,
             visible: end.left >= box.left - 1 && end.right <= box.right + 1
               && end.left >= -1 && end.right <= window.innerWidth + 1,
             overflow: row.scrollWidth > row.clientWidth + 1 };
  })"""

# The sticky bar never covers a train for good: scrolling down step by step, there is a position
# where the board's last train shows whole, above the bar (the bar back in its place under the
# board). Returns that position, or null.
LAST_TRAIN_JS = """() => {
  const trains = [...document.querySelectorAll('[data-testid="train"]')];
  const last = trains.reduce((a, t) => (t.getBoundingClientRect().bottom
    > a.getBoundingClientRect().bottom ? t : a));
  const max = document.documentElement.scrollHeight - window.innerHeight;
  let found = null;
  for (let y = 0; y <= max + 20 && found === null; y += 20) {
    window.scrollTo(0, Math.min(y, max));
    const b = last.getBoundingClientRect();
    const bar = document.getElementById('my-side').getBoundingClientRect();
    const points = [[b.left + 8, b.top + 4], [b.left + 8, b.bottom - 4], [b.right - 8, b.bottom - 4]];
    const whole = b.top >= 0 && b.bottom <= window.innerHeight && points.every(([x, yy]) => {
      const hit = document.elementFromPoint(x, yy);
      return !!hit && last.contains(hit);
    });
    if (whole) found = { train: last.dataset.train, scrollY: Math.round(window.scrollY),
                         bottom: Math.round(b.bottom), barTop: Math.round(bar.top) };
  }
  return found;
}"""

SIZES = {"desktop": DESKTOP_800, "phone": PHONE}


def open_table(new_context, username: str, game_id: str, size: str) -> Page:
    viewport = SIZES[size]
    extra = {"is_mobile": True, "has_touch": True} if size == "phone" else {}
    page = new_context(viewport, **extra).new_page()
    log_in(page, username)
    page.goto(f"/games/{game_id}")
    return page


def check_one_screen(page: Page, label: str) -> dict:
    """Assert the hand, the actions, the turn line and the mover's clock show without scrolling;
    return the figures."""
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    g = page.evaluate(GEOMETRY_JS)
    print(
        f"{label}: viewport {g['vw']}x{g['vh']}, board top y = {g['boardTop']}, "
        f"hand top y = {g['handTop']}, hand bar top y = {g['barTop']}, "
        f"{g['tilesShown']} of {g['tiles']} hand tiles in view, "
        f"{g['seatsShown']} of {g['seats']} seat cards in view, actions {g['actions']}, "
        f"scrollY {g['scrollY']}, scrollWidth {g['scrollWidth']}"
    )
    assert g["scrollY"] == 0, f"{label}: the page scrolled by itself: {g}"
    assert g["scrollWidth"] <= g["vw"], f"{label}: the page scrolls sideways: {g}"
    assert g["firstTileShows"], f"{label}: the hand's first tile is out of view: {g}"
    assert g["barShows"], f"{label}: the hand bar is cut: {g}"
    assert g["handSlotShows"], f"{label}: the hand is covered: {g}"
    if label.startswith("desktop"):
        assert g["tilesShown"] == g["tiles"], f"{label}: hand tiles out of view: {g}"
    assert g["actions"], f"{label}: no action button is shown on the viewer's turn: {g}"
    assert not g["actionsHidden"], f"{label}: action buttons out of view: {g}"
    assert g["turnShows"], f"{label}: the turn line is out of view: {g}"
    assert "Your turn" in g["turnText"], g
    assert g["moverClockShows"], f"{label}: the clock of the seat to move is out of view: {g}"
    if label.startswith("desktop"):
        assert g["seatsShown"] == g["seats"], f"{label}: seat cards out of view: {g}"
    return g


def check_train_ends(page: Page, label: str) -> list[dict]:
    ends = page.evaluate(TRAIN_ENDS_JS)
    deadline = time.monotonic() + 3
    while not all(e["visible"] for e in ends) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        ends = page.evaluate(TRAIN_ENDS_JS)
    assert ends, f"{label}: no train on the board"
    hidden = [e["train"] for e in ends if not e["visible"]]
    assert not hidden, f"{label}: the open end of train(s) {hidden} is out of view: {ends}"
    return ends


@pytest.mark.parametrize("players", [4, 8])
def test_the_hand_the_actions_the_turn_and_the_clock_fit_one_screen(
    new_context, server_url, unique_name, artifacts_dir, players
):
    username = unique_name(f"one{players}")
    token = register(server_url, username)
    game_id = bot_game(server_url, token, ["greedy"] * (players - 1), rounds=1)
    seat = my_seat(game_info(server_url, game_id), username)
    pages = {size: open_table(new_context, username, game_id, size) for size in SIZES}

    info = my_turn_on_page(pages["desktop"], server_url, game_id, seat)
    assert info is not None, "the game ended before the viewer's first turn"
    for size, page in pages.items():
        expect(page.get_by_test_id("seq")).to_have_text(str(info["seq"]), timeout=5_000)
        expect(page.get_by_test_id("hand-tile").first).to_be_visible()
        page.screenshot(path=artifacts_dir / f"one-screen-{size}-{players}.png")
        page.screenshot(
            path=artifacts_dir / f"one-screen-{size}-{players}-full.png", full_page=True
        )
        check_one_screen(page, f"{size}, {players} players, first turn")

    # A few moves later the hand is still in view and every open end shows in its train.
    moves = 0
    while moves < MOVES:
        click_first_action(pages["desktop"], info["seq"])
        wait_for_seq_after(server_url, game_id, info["seq"])
        moves += 1
        info = my_turn_on_page(pages["desktop"], server_url, game_id, seat)
        if info is None:
            break
    for size, page in pages.items():
        if info is not None:
            expect(page.get_by_test_id("seq")).to_have_text(str(info["seq"]), timeout=5_000)
            # The page and the hand's own scroll (a long hand scrolls inside its bar on phones,
            # and the focus, on a legal tile, may have scrolled it) back at their start: a
            # hand of 18 double-12 tiles after three draws failed here with its first row
            # scrolled out of the bar, the bar and the hand in view.
            page.evaluate(
                "window.scrollTo(0, 0); document.querySelector('#hand-slot').scrollTop = 0"
            )
            check_one_screen(page, f"{size}, {players} players, after {moves} moves")
        ends = check_train_ends(page, f"{size}, {players} players")
        print(f"{size}, {players} players: {len(ends)} trains, open ends all in view")
        page.screenshot(path=artifacts_dir / f"one-screen-{size}-{players}-later.png")
        last = page.evaluate(LAST_TRAIN_JS)
        print(f"{size}, {players} players, the last train whole above the bar at: {last}")
        assert last is not None, f"{size}, {players} players: the hand bar hides the last train"
        page.screenshot(path=artifacts_dir / f"one-screen-{size}-{players}-end.png")
