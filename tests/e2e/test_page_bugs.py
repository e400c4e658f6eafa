"""Page bugs from the issue, each in Chromium against the served platform:

1. the tournament page shows "Check in" when the check-in window opens, without a reload;
2. no main page is wider than a 390 px phone;
3. the "Live" indicator leaves "Live" when the socket stops answering pings, and comes back;
4. the lobby says it is retrying, with backoff, after a 503 (instead of empty lists).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.conftest import manage_shell
from tests.e2e.conftest import register
from tests.e2e.test_live_table import log_in
from tests.e2e.test_live_table import settle
from tests.e2e.test_live_table import shot

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}  # the brief's desktop size (conftest's is 900 high)

# A tournament whose check-in opens CHECK_IN_S after it is made; the start is far enough away.
TOURNAMENT = """
from datetime import timedelta
from accounts.models import User
from core import clock
from tournaments.services import tournament_create, tournament_register

staff, _ = User.objects.get_or_create(username={staff!r}, defaults={{"is_staff": True}})
now = clock.now()
t = tournament_create(
    user=staff,
    name={name!r},
    format="swiss",
    starts_at=now + timedelta(seconds={start_in}),
    check_in_opens_at={check_in},
    table_size=2,
    rounds=1,
)
for username in {players!r}:
    tournament_register(tournament_id=t.pk, user=User.objects.get(username=username))
print(t.pk)
"""


def make_tournament(server_env, name, players=(), check_in_s=None, start_in_s=600) -> int:
    check_in = "None" if check_in_s is None else f"now + timedelta(seconds={check_in_s})"
    code = TOURNAMENT.format(
        staff="pagebugs-staff",
        name=name,
        start_in=start_in_s,
        check_in=check_in,
        players=list(players),
    )
    return int(manage_shell(server_env, code).strip().splitlines()[-1])


def game_with_bot(server_url: str, token: str, finish: bool = False) -> str:
    """A two-seat table (the player and a bot), started; resigned at once if ``finish``."""
    status, game = api(
        server_url,
        "POST",
        "/api/v1/games",
        {
            "players": 2,
            "variants": {"rounds": 1},
            "time_control": {"kind": "live", "seconds_per_move": 120, "reserve_seconds": 600},
        },
        token,
    )
    assert status == 201, game
    gid = game["id"]
    status, body = api(server_url, "POST", f"/api/v1/games/{gid}/bots", {}, token)
    assert status in (200, 201), body
    status, body = api(server_url, "POST", f"/api/v1/games/{gid}/start", {}, token)
    assert status in (200, 201), body
    if finish:
        status, body = api(server_url, "POST", f"/api/v1/games/{gid}/resign", {}, token)
        assert status in (200, 201), body
    return gid


def scroll_width(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


# --- 1. check-in opens while the page is open --------------------------------------------------


def test_check_in_appears_when_the_window_opens(
    new_context, server_url, server_env, artifacts_dir, unique_name
):
    username = unique_name("ci")
    register(server_url, username)
    tid = make_tournament(server_env, unique_name("Check-in cup "), [username], check_in_s=12)
    page = new_context(viewport=DESKTOP_800).new_page()
    log_in(page, username)
    page.goto(f"/tournaments/{tid}")
    expect(page.get_by_test_id("my-entry")).to_contain_text("registered")
    # The window is not open yet: no button.
    expect(page.get_by_test_id("check-in")).to_be_hidden()
    # It opens while the page stays open: the button appears without a reload.
    expect(page.get_by_test_id("check-in")).to_be_visible(timeout=30_000)
    shot(page, artifacts_dir, "page-bugs-check-in-desktop")
    page.get_by_test_id("check-in").click()
    expect(page.get_by_test_id("my-entry")).to_contain_text("checked in")
    expect(page.get_by_test_id("check-in")).to_be_hidden()
    status, body = api(server_url, "GET", f"/api/v1/tournaments/{tid}")
    entry = next(e for e in body["entries"] if e["username"] == username)
    assert entry["status"] == "checked_in", entry


# --- 2. no page is wider than a phone ----------------------------------------------------------


def test_no_main_page_is_wider_than_a_phone(
    new_context, server_url, server_env, artifacts_dir, unique_name
):
    username = unique_name("ph")
    token = register(server_url, username)
    active = game_with_bot(server_url, token)
    finished = game_with_bot(server_url, token, finish=True)
    tid = make_tournament(
        server_env, "A tournament with a rather long name for a phone", [username], check_in_s=1
    )
    page = new_context(viewport=PHONE).new_page()
    log_in(page, username)
    pages = {
        "home": "/",
        "lobby": "/lobby",
        "table": f"/games/{active}",
        "tournament": f"/tournaments/{tid}",
        "tournaments": "/tournaments",
        "leaderboard": "/leaderboard",
        "profile": f"/players/{username}",
        "disputes": "/disputes",
        "replay": f"/games/{finished}/replay",
        "my-games": "/my-games",
        "rules": "/rules",
    }
    wide = {}
    for name, path in pages.items():
        page.goto(path)
        page.wait_for_load_state("networkidle")  # the page's first API answers are in
        settle(page)
        width = scroll_width(page)
        shot(page, artifacts_dir, f"page-bugs-phone-{name}")
        if width > PHONE["width"]:
            wide[name] = width
    assert not wide, f"pages wider than {PHONE['width']} px: {wide}"
    desktop = new_context(viewport=DESKTOP_800).new_page()
    log_in(desktop, username)
    for name in ("tournament", "lobby"):
        desktop.goto(pages[name])
        desktop.wait_for_load_state("networkidle")
        settle(desktop)
        shot(desktop, artifacts_dir, f"page-bugs-desktop-{name}")
        assert scroll_width(desktop) <= DESKTOP_800["width"]


# --- 3. the Live indicator follows the pongs -------------------------------------------------

FAST_PINGS = "window.MT_PING_INTERVAL_MS = 1000; window.MT_PONG_TIMEOUT_MS = 1500;"


def blockable_sockets(page: Page) -> dict:
    """Route the page's sockets through the test: while ``state["blocked"]`` every frame, both
    ways, is dropped (a connection that went silent, as on a dead network)."""
    state = {"blocked": False}

    def handler(ws):
        server = ws.connect_to_server()
        ws.on_message(lambda m: None if state["blocked"] else server.send(m))
        server.on_message(lambda m: None if state["blocked"] else ws.send(m))

    page.route_web_socket(re.compile(r"/ws/"), handler)
    return state


@pytest.mark.parametrize("where", ["table", "tournament"])
def test_live_indicator_follows_the_pongs(
    where, new_context, server_url, server_env, artifacts_dir, unique_name
):
    username = unique_name("lv")
    token = register(server_url, username)
    if where == "table":
        path = f"/games/{game_with_bot(server_url, token)}"
    else:
        path = f"/tournaments/{make_tournament(server_env, unique_name('Live cup '), [username])}"
    context = new_context(viewport=DESKTOP_800)
    context.add_init_script(FAST_PINGS)
    page = context.new_page()
    log_in(page, username)
    state = blockable_sockets(page)
    page.goto(path)
    connection = page.locator("#connection")
    expect(connection).to_have_text("Live", timeout=10_000)
    state["blocked"] = True
    expect(connection).to_contain_text("Reconnecting…", timeout=10_000)
    shot(page, artifacts_dir, f"page-bugs-reconnecting-{where}")
    state["blocked"] = False
    expect(connection).to_have_text("Live", timeout=40_000)


# --- 4. the lobby after a 503 ------------------------------------------------------------------


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [DESKTOP_800], ids=["desktop"])
def test_lobby_retries_with_backoff_after_a_503(
    viewport, new_context, server_url, artifacts_dir, unique_name
):
    username = unique_name("lb")
    token = register(server_url, username)
    game_with_bot(server_url, token)  # at least one game in progress to list
    page = new_context(viewport=viewport).new_page()
    log_in(page, username)
    state = {"failing": True, "hits": []}

    def games_route(route):
        if state["failing"]:
            state["hits"].append(time.monotonic())
            route.fulfill(
                status=503,
                content_type="application/json",
                body='{"detail": "Service unavailable", "code": "unavailable"}',
            )
        else:
            route.fallback()

    page.route(re.compile(r"/api/v1/games\?status="), games_route)
    page.goto("/lobby")
    status = page.get_by_test_id("lobby-status")
    expect(status).to_be_visible()
    expect(status).to_contain_text(re.compile(r"retrying", re.I))
    # No "no tables" claims while the lists are unknown.
    expect(page.locator("#open-empty")).to_be_hidden()
    expect(page.locator("#live-empty")).to_be_hidden()
    # Several retries, further and further apart.
    deadline = time.monotonic() + 30
    while len(state["hits"]) < 6 and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    hits = state["hits"]
    assert len(hits) >= 6, hits  # two requests per attempt: three attempts at least
    attempts = hits[::2]
    gaps = [b - a for a, b in zip(attempts, attempts[1:], strict=False)]
    assert gaps[-1] > gaps[0], gaps  # it backs off
    name = "desktop" if viewport is DESKTOP_800 else "phone"
    shot(page, artifacts_dir, f"page-bugs-lobby-503-{name}")
    state["failing"] = False
    expect(page.get_by_test_id("live-table").first).to_be_visible(timeout=40_000)
    expect(status).to_be_hidden()
