"""Quick pairing in Chromium against the served platform, at 1280×800 and 390×844: a new
player finds the grid at the top of the lobby, sees another pool's count change live, taps a
cell and waits (the cell counts the wait), leaves at once, taps again and leaves the page (which
leaves a live pool), comes back, taps again, and — when two players join the same pool over the
API — is taken to the table the pairing formed.

Screenshots (tests/artifacts/): quick-pairing-grid-<size>.png (the grid with a live count)
and quick-pairing-waiting-<size>.png (the player waiting in a cell), quick-pairing-lobby-<size>.png
(the lobby's first screen while waiting) and quick-pairing-visitor-390x844.png (signed out: the
counts, and a tap asks to log in), quick-pairing-table-<size>.png (the formed table, started by
itself once its ready window closed).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import api
from tests.e2e.conftest import register
from tests.e2e.test_axe import violations
from tests.e2e.test_live_table import sign_up

pytestmark = pytest.mark.e2e

SIZES = {
    "1280x800": ({"width": 1280, "height": 800}, "3p-3m", "4p-1d"),
    "390x844": ({"width": 390, "height": 844}, "3p-30s", "4p-3d"),
}
LIVE_MS = 5_000
GAME_PATH = re.compile(r"/games/([0-9a-f-]{36})/?$")


def waiting_in(server_url: str, pool: str) -> int:
    """The casual count of ``pool`` the grid's API shows anyone."""
    status, body = api(server_url, "GET", "/api/v1/pools")
    assert status == 200, body
    return next(p["waiting"]["casual"] for p in body["pools"] if p["key"] == pool)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_player_taps_a_pool_waits_leaves_and_is_seated(
    size, new_context, server_url, unique_name, artifacts_dir
):
    viewport, pool, other_pool = SIZES[size]
    page = new_context(viewport=viewport).new_page()
    sign_up(page, unique_name("qp"))
    grid = page.get_by_test_id("pools")
    expect(grid).to_be_visible()
    cell = page.get_by_test_id(f"pool-{pool}")
    expect(cell.get_by_test_id("pool-count")).to_have_text(re.compile(r"\d+ waiting"))
    # Nothing is wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # Someone else waits in another pool: its count changes without a reload.
    other = register(server_url, unique_name("qo"))
    other_count = page.get_by_test_id(f"pool-{other_pool}").get_by_test_id("pool-count")
    before = int(other_count.inner_text().split()[0])
    status, body = api(server_url, "POST", f"/api/v1/pools/{other_pool}/join", {}, other)
    assert status == 201, body
    expect(other_count).to_have_text(f"{before + 1} waiting", timeout=LIVE_MS)
    grid.screenshot(path=artifacts_dir / f"quick-pairing-grid-{size}.png")
    # The counts follow the rated/casual switch (that player waits for a casual table).
    page.locator("label", has=page.get_by_test_id("pools-rated")).click()
    expect(other_count).to_have_text(re.compile(r"\d+ waiting"))
    rated_count = int(other_count.inner_text().split()[0])
    status, body = api(server_url, "GET", "/api/v1/pools")
    assert rated_count == next(
        p["waiting"]["rated"] for p in body["pools"] if p["key"] == other_pool
    )
    page.locator("label", has=page.get_by_test_id("pools-casual")).click()
    expect(other_count).to_have_text(f"{before + 1} waiting")

    # One tap joins (casual, people only: no bots come); the cell counts the wait.
    page.get_by_test_id("pools-bots-after").select_option("")
    cell.click()
    expect(cell).to_have_class(re.compile(r"\bwaiting\b"))
    expect(cell.get_by_test_id("pool-count")).to_have_text(re.compile(r"Waiting 0:0[1-9]"))
    expect(page.get_by_test_id("pools-status")).to_contain_text("Waiting for a table of")
    leave = page.get_by_test_id("pools-leave")
    expect(leave).to_be_visible()
    grid.screenshot(path=artifacts_dir / f"quick-pairing-waiting-{size}.png")
    page.screenshot(path=artifacts_dir / f"quick-pairing-lobby-{size}.png")
    assert violations(page) == []  # axe, as tests/e2e/test_axe.py runs it on every page
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # Leave is instant.
    leave.click()
    expect(cell).not_to_have_class(re.compile(r"\bwaiting\b"))
    expect(leave).to_be_hidden()
    status, body = api(server_url, "GET", "/api/v1/pools/ticket", None, other)
    assert body["status"] == "waiting"  # the other player's ticket is theirs alone

    # Leaving the page leaves a live pool.
    cell.click()
    expect(cell).to_have_class(re.compile(r"\bwaiting\b"))
    assert waiting_in(server_url, pool) == 1
    page.goto("/rules")
    deadline = time.monotonic() + LIVE_MS / 1000
    while waiting_in(server_url, pool) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert waiting_in(server_url, pool) == 0
    page.goto("/lobby")

    # Tap again; two more people join the pool over the API: the table forms, the page opens it.
    cell.click()
    expect(cell).to_have_class(re.compile(r"\bwaiting\b"))
    for _ in range(2):
        token = register(server_url, unique_name("qj"))
        status, body = api(server_url, "POST", f"/api/v1/pools/{pool}/join", {}, token)
        assert status == 201, body
    page.wait_for_url(GAME_PATH, timeout=LIVE_MS * 2)
    gid = GAME_PATH.search(page.url).group(1)
    status, body = api(server_url, "GET", "/api/v1/pools/ticket", None, token)
    assert body["status"] == "seated"
    assert body["game"] == gid
    # Its ready window (10 s) over, the table starts by itself, the page with it.
    deadline = time.monotonic() + 30
    while api(server_url, "GET", f"/api/v1/games/{gid}")[1]["status"] != "active":
        assert time.monotonic() < deadline, "the quick table did not start"
        time.sleep(0.5)
    expect(page.get_by_test_id("hand")).to_be_visible(timeout=LIVE_MS)
    page.screenshot(path=artifacts_dir / f"quick-pairing-table-{size}.png")
    api(server_url, "DELETE", "/api/v1/pools/ticket", None, other)  # tidy for the next size


def test_a_visitor_sees_the_counts_and_a_tap_asks_them_to_log_in(new_context, artifacts_dir):
    page = new_context(viewport=SIZES["390x844"][0]).new_page()
    page.goto("/lobby")
    cell = page.get_by_test_id("pool-4p-60s")
    expect(cell.get_by_test_id("pool-count")).to_have_text(re.compile(r"\d+ waiting"))
    expect(page.get_by_test_id("pools-casual")).to_have_count(0)  # no choices to make yet
    page.get_by_test_id("pools").screenshot(
        path=artifacts_dir / "quick-pairing-visitor-390x844.png"
    )
    cell.click()
    page.wait_for_url(re.compile(r"/login\?next=/lobby$"))
