"""The table is fast (issue 15): moves go over the open socket (REST only as the fallback, with
the same idempotency key), and the page carries its first view, so the board is drawn before
any API request.

A person (in the browser) plays another person (over the API), so nothing but their own moves
changes the table while a test watches what the page requests.
"""

from __future__ import annotations

import re
import statistics
from urllib.parse import urlparse

import pytest
from playwright.sync_api import BrowserContext
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.conftest import new_table
from tests.e2e.test_audit import log_in
from tests.e2e.test_audit import register
from tests.e2e.test_live_table import assert_no_move_error
from tests.e2e.test_live_table import click_first_action
from tests.e2e.test_live_table import game_info
from tests.e2e.test_live_table import shot

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}
EMBED = re.compile(r'<script id="initial-view" type="application/json">.*?</script>', re.S)
KEPT = "JSON.parse(localStorage.getItem('mexican-train:receipts:' + {gid!r}) || '[]').length"
NO_SOCKET = "Object.defineProperty(window, 'WebSocket', { value: undefined, configurable: true });"
# Every fetch the page makes, with when (performance.now(): from navigation start).
LOG_FETCH = """
window.__mtFetches = [];
const realFetch = window.fetch;
window.fetch = function (input, init) {
  const url = typeof input === "string" ? input : input.url;
  const method = (init && init.method) || (input && input.method) || "GET";
  window.__mtFetches.push({ url: String(url), method, t: performance.now() });
  return realFetch.apply(this, arguments);
};
"""


def two_people(server_url: str, unique_name) -> dict:
    """A started one-round table of ``a`` (seat 0, to be played in the browser) and ``b``."""
    a, b = unique_name("fasta"), unique_name("fastb")
    ta, tb = register(server_url, a), register(server_url, b)
    table = {"players": 2, "variants": {"set_max": 6}}
    gid = new_table(server_url, ta, table, joiners=[tb])
    seats = {s["username"]: s["index"] for s in game_info(server_url, gid)["seats"]}
    return {"gid": gid, "a": a, "b": b, "tb": tb, "seat_a": seats[a], "seat_b": seats[b]}


def a_at_the_table(
    new_context, server_url: str, unique_name, init_script: str | None = None
) -> tuple[dict, BrowserContext, Page]:
    """Seat a and b (``two_people``) and open the table on a's page, in a 1280x800 context
    that runs ``init_script`` first on every page; return the table, the context and the page."""
    t = two_people(server_url, unique_name)
    context = new_context(DESKTOP_800)
    if init_script is not None:
        context.add_init_script(init_script)
    page = context.new_page()
    log_in(page, t["a"], f"/games/{t['gid']}")
    return t, context, page


def b_moves_until_a_is_to_move(server_url: str, t: dict, page: Page) -> int:
    """Make b's moves (the first legal one) until it is a's turn; return the seq then, once the
    page shows it."""
    for _ in range(50):
        info = game_info(server_url, t["gid"])
        assert info["status"] == "active", info
        if info["to_move"] == t["seat_a"]:
            expect(page.get_by_test_id("seq")).to_have_text(str(info["seq"]), timeout=10_000)
            return info["seq"]
        status, st = api(server_url, "GET", f"/api/v1/games/{t['gid']}/state", token=t["tb"])
        assert status == 200, st
        assert st["legal_moves"], st
        body = {**st["legal_moves"][0], "expected_seq": st["seq"]}
        status, res = api(server_url, "POST", f"/api/v1/games/{t['gid']}/moves", body, t["tb"])
        assert status == 201, res
    raise AssertionError("it never became a's turn")


def watch_requests(page: Page) -> list:
    seen: list = []
    page.on("request", lambda r: seen.append((r.method, urlparse(r.url).path, r.headers)))
    return seen


def rest_reads_and_moves(seen: list, gid: str) -> list:
    return [
        (m, p)
        for m, p, _ in seen
        if p == f"/api/v1/games/{gid}/moves" or p.endswith(("/state", "/events"))
    ]


def test_with_the_socket_live_a_move_goes_over_it_and_nothing_is_read_again(
    new_context, server_url, unique_name, artifacts_dir
):
    t, _, page = a_at_the_table(new_context, server_url, unique_name)
    expect(page.locator("#connection")).to_have_attribute("data-state", "live")
    seen = watch_requests(page)
    for _ in range(2):  # two moves of a's, each with b's in between
        seq = b_moves_until_a_is_to_move(server_url, t, page)
        kept = page.evaluate(KEPT.format(gid=t["gid"]))
        seen.clear()

        action = click_first_action(page, seq)

        expect(page.get_by_test_id("seq")).not_to_have_text(str(seq))
        page.wait_for_function(f"() => {KEPT.format(gid=t['gid'])} > {kept}")  # the receipt is kept
        assert game_info(server_url, t["gid"])["seq"] > seq, action
        assert_no_move_error(page)
        page.wait_for_timeout(300)  # anything the move would have read again has been sent
        assert rest_reads_and_moves(seen, t["gid"]) == [], (action, seen)
    shot(page, artifacts_dir, "fast-socket-move-desktop")


def test_without_a_socket_moves_go_by_rest_and_the_game_goes_on(
    new_context, server_url, unique_name, artifacts_dir
):
    t, _, page = a_at_the_table(new_context, server_url, unique_name, NO_SOCKET)
    expect(page.locator("#connection")).to_have_attribute("data-state", "polling")
    seen = watch_requests(page)
    for _ in range(2):
        seq = b_moves_until_a_is_to_move(server_url, t, page)
        kept = page.evaluate(KEPT.format(gid=t["gid"]))

        click_first_action(page, seq)

        expect(page.get_by_test_id("seq")).not_to_have_text(str(seq))
        page.wait_for_function(f"() => {KEPT.format(gid=t['gid'])} > {kept}")
        assert_no_move_error(page)
    posts = [h for m, p, h in seen if m == "POST" and p == f"/api/v1/games/{t['gid']}/moves"]
    assert len(posts) == 2, seen
    keys = [h.get("idempotency-key") for h in posts]
    assert all(keys), keys
    assert len(set(keys)) == 2, keys
    shot(page, artifacts_dir, "fast-rest-fallback-desktop")


def _board_at(page: Page, gid: str, old_way: bool) -> tuple[float, int]:
    """Open the table (the embedded first view taken out of the HTML for the old way); return
    when its board was first drawn (ms from navigation start) and how many requests for the
    game's data (/api/v1/games/..., not the clock's HEAD) the page had made by then. The site's
    header asks for /api/v1/notifications on every page, the table or not: not counted."""

    def through(route):
        response = route.fetch()
        body = response.text()
        if old_way:
            body = EMBED.sub("", body)
        route.fulfill(response=response, body=body)

    # Both ways go through the same route, so the route's own cost is in both figures.
    page.route(lambda url: urlparse(url).path == f"/games/{gid}", through)
    page.goto(f"/games/{gid}")
    board = page.locator("#board")
    expect(board).to_be_visible()
    expect(page.get_by_test_id("train").first).to_be_visible()
    page.wait_for_function("() => window.MT_BOARD_AT !== undefined")
    at = page.evaluate("window.MT_BOARD_AT")
    before = page.evaluate(
        """(at) => window.__mtFetches.filter((f) => f.url.includes('/api/v1/games/')
              && f.method.toUpperCase() !== 'HEAD' && f.t <= at).length""",
        at,
    )
    return at, before


def test_the_board_is_drawn_before_any_api_request(
    new_context, server_url, unique_name, artifacts_dir
):
    t, context, login = a_at_the_table(new_context, server_url, unique_name, LOG_FETCH)
    expect(login.get_by_test_id("train").first).to_be_visible()
    login.close()
    new, old = [], []
    for _ in range(5):  # alternating, on the same server in the same run
        for old_way, figures in ((False, new), (True, old)):
            page = context.new_page()
            at, before = _board_at(page, t["gid"], old_way)
            figures.append((at, before))
            page.close()
    assert all(before == 0 for _, before in new), new
    assert all(before >= 2 for _, before in old), old  # the old chain: game, state, events
    new_ms = statistics.median(at for at, _ in new)
    old_ms = statistics.median(at for at, _ in old)
    print(
        f"\nboard shown after navigation start (median of 5, e2e server): embedded first view "
        f"{new_ms:.0f} ms, old API chain {old_ms:.0f} ms, ratio {old_ms / new_ms:.2f}; "
        f"runs new={[round(a) for a, _ in new]} old={[round(a) for a, _ in old]}; "
        f"API requests before the board: new={[b for _, b in new]} old={[b for _, b in old]}"
    )
    for viewport, name in ((DESKTOP_800, "desktop"), (PHONE, "phone")):
        page = context.new_page()
        page.set_viewport_size(viewport)
        page.goto(f"/games/{t['gid']}")
        expect(page.get_by_test_id("train").first).to_be_visible()
        shot(page, artifacts_dir, f"fast-first-view-{name}")
        page.close()
