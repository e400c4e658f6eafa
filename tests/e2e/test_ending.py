"""The end of a game, in Chromium (issue 15, Deliver 4): the result at the top of the table,
in view without scrolling — "Game over", the places (ties share one) and totals, the viewer's
place marked — with its next steps: the replay, the fair-deal check, "Play again with the same
seats" (a new table with the same bots, the player seated and their contribution given), a
rated game's rating change, and a tournament table's way back to the tournament.

Games are set up and their moves made over the REST API while the table page is open, as in
tests/e2e/test_table_bugs.py; the page learns of the end from its socket.
"""

from __future__ import annotations

import json
import re
import time
from urllib.parse import urlparse

import pytest
from django.utils import translation
from playwright.sync_api import Page
from playwright.sync_api import expect

from core.i18n import ordinal
from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.conftest import new_table
from tests.e2e.test_audit import log_in
from tests.e2e.test_audit import register
from tests.e2e.test_tournament import schedule_tournament

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}
SLOW_TC = {"kind": "live", "seconds_per_move": 3600, "reserve_seconds": 0}
GAME_LIMIT_S = 120
LIVE_MS = 10_000


def new_game(server_url: str, token: str, *, bots=("random",), rated=False) -> str:
    table = {
        "players": 1 + len(bots),
        "name": "Evening table",
        "variants": {"set_max": 6, "rounds": 1},
        "time_control": SLOW_TC,
        "rated": rated,
    }
    return new_table(server_url, token, table, bots=bots, start=False)


def start(server_url: str, token: str, gid: str) -> None:
    status, body = api(server_url, "POST", f"/api/v1/games/{gid}/start", {}, token)
    assert status == 200, body


def play_out(server_url: str, token: str, gid: str, before_move=None) -> int:
    """Make the token's player's moves (the first legal one) until the game is over; return
    how many. ``before_move()`` runs before each."""
    moves = 0
    started = time.monotonic()
    while time.monotonic() - started < GAME_LIMIT_S:
        status, st = api(server_url, "GET", f"/api/v1/games/{gid}/state", token=token)
        assert status == 200, st
        if st["status"] not in ("active", "open"):
            assert st["status"] == "finished", st
            return moves
        if not st["legal_moves"]:
            time.sleep(0.05)
            continue
        if before_move is not None:
            before_move()
        body = {**st["legal_moves"][0], "expected_seq": st["seq"]}
        status, answer = api(server_url, "POST", f"/api/v1/games/{gid}/moves", body, token)
        assert status in (200, 201, 409), answer
        moves += 1
    raise AssertionError(f"game {gid} did not finish within {GAME_LIMIT_S} s")


def detail(server_url: str, gid: str, token: str | None = None) -> dict:
    status, body = api(server_url, "GET", f"/api/v1/games/{gid}", token=token)
    assert status == 200, body
    return body


def in_viewport(page: Page, test_id: str) -> dict:
    """The element's box and the viewport's height, measured on the page as it is."""
    return page.get_by_test_id(test_id).evaluate(
        "el => { const r = el.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, height: innerHeight, scrollY}; }"
    )


def focus_in_hand(page: Page) -> None:
    tile = page.get_by_test_id("hand-tile").first
    if tile.count():
        try:
            tile.focus(timeout=1_000)
        except Exception:  # noqa: BLE001 - re-rendered under us: the next move tries again
            pass


@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["desktop", "phone"])
def test_a_game_against_bots_ends_with_the_result_at_the_top_and_play_again(
    new_context, server_url, unique_name, artifacts_dir, viewport
):
    size = "phone" if viewport is PHONE else "desktop"
    name = unique_name("ending")
    token = register(server_url, name)
    gid = new_game(server_url, token, bots=("random", "greedy"))
    bots_before = sorted(s["username"] for s in detail(server_url, gid)["seats"] if s["is_bot"])
    start(server_url, token, gid)
    page = new_context(viewport).new_page()
    log_in(page, name, f"/games/{gid}")
    expect(page.get_by_test_id("hand")).to_be_visible()

    # The player's focus is in the hand when the last move lands.
    play_out(server_url, token, gid, before_move=lambda: focus_in_hand(page))

    result = page.get_by_test_id("result")
    expect(result).to_be_visible(timeout=LIVE_MS)
    expect(page.get_by_test_id("result-title")).to_have_text("Game over")
    # Focus went from the hand to the result's heading: not lost on the page's body.
    expect(page.get_by_test_id("result-title")).to_be_focused()
    page.evaluate("window.scrollTo(0, 0)")
    box = in_viewport(page, "result")
    print(
        f"{size}: the result panel spans {box['top']:.0f}-{box['bottom']:.0f} px of {box['height']}"
    )
    assert box["top"] < box["height"] / 3, box  # at the top
    title = in_viewport(page, "result-title")
    assert title["bottom"] <= title["height"], title
    places = page.get_by_test_id("place")
    expect(places).to_have_count(3)
    assert in_viewport(page, "places")["bottom"] <= box["height"]  # the places: no scrolling
    info = detail(server_url, gid)
    res = info["result"]
    names = {s["index"]: s["username"] for s in info["seats"]}
    order = sorted(range(3), key=lambda i: (res["places"][i], i))
    for li, seat in zip(places.all(), order, strict=True):
        with translation.override("en"):
            place = ordinal(res["places"][seat])  # "1st": a place, not a number like a score
        total = res["totals"][seat]
        unit = "point" if total == 1 else "points"  # the page's ngettext: "1 point" (seen in CI)
        expect(li).to_contain_text(f"{place} {names[seat]} – {total} {unit}")
    mine = page.locator('[data-testid="place"].mine')
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text(name)
    expect(page.get_by_test_id("result-headline")).to_be_visible()
    expect(page.get_by_test_id("rating-change")).to_have_count(0)  # a casual game
    expect(page.get_by_test_id("tournament-link")).to_have_count(0)
    page.screenshot(path=artifacts_dir / f"ending-{size}.png")

    # Verify this deal: the fair-deal section's offline check, opened and in view.
    page.get_by_test_id("verify-link").click()
    verify = page.get_by_test_id("verify-offline")
    expect(verify).to_be_visible()
    expect(verify).to_be_in_viewport()
    expect(page.get_by_test_id("record-link")).to_be_visible()
    page.screenshot(path=artifacts_dir / f"ending-verify-{size}.png")

    # Watch the replay, and back.
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_test_id("replay-link").click()
    page.wait_for_url(f"**/games/{gid}/replay")
    page.go_back()
    page.wait_for_url(re.compile(f"/games/{gid}(#.*)?$"))

    # Play again with the same seats: a new open table, the player and the same bots seated.
    page.get_by_test_id("rematch").click()
    page.wait_for_url(lambda url: "/games/" in url and gid not in url)
    new_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    expect(page.get_by_test_id("status")).to_have_text("open")
    again = detail(server_url, new_id, token)
    assert again["rematch_of"] == gid
    assert again["name"] == "Evening table"
    assert again["ruleset"] == info["ruleset"]
    assert sorted(s["username"] for s in again["seats"] if s["is_bot"]) == bots_before
    assert [s["username"] for s in again["seats"] if not s["is_bot"]] == [name]
    assert again["fairness"]["server_seed_commitment"] != info["fairness"]["server_seed_commitment"]
    # The page gave the player's seat its contribution to the new deal.
    deadline = time.monotonic() + 10
    while not any(
        c["contributed"] for c in detail(server_url, new_id, token)["fairness"]["contributions"]
    ):
        assert time.monotonic() < deadline, "no contribution was given on the rematch table"
        time.sleep(0.2)
    expect(page.get_by_test_id("start")).to_be_enabled()
    page.screenshot(path=artifacts_dir / f"ending-rematch-{size}.png")

    # The ended table now leads to the rematch.
    page.goto(f"/games/{gid}")
    expect(page.get_by_test_id("rematch-link")).to_have_attribute("href", f"/games/{new_id}")


ENDED = ("finished", "abandoned")


def hold_the_end(page: Page, gid: str) -> dict:
    """Route the table's sockets and its game reads through the test: every push and every
    ``GET /games/<id>`` or ``/state`` answer that says the game has ended is held back (the
    others pass) until ``release("socket")`` or ``release("rest")`` lets that side's through;
    ``drop_socket()`` closes the page's socket, so that it polls over REST and reconnects. A test
    so chooses the order in which the page learns of the end."""
    held: dict = {"socket": [], "rest": [], "open": {"socket": False, "rest": False}}
    sockets: list = []

    def ended(text: str) -> bool:
        try:
            return json.loads(text).get("status") in ENDED
        except (ValueError, AttributeError):
            return False

    def socket(ws):
        server = ws.connect_to_server()
        sockets.append(ws)
        ws.on_message(server.send)

        def down(message):
            if not held["open"]["socket"] and isinstance(message, str) and ended(message):
                held["socket"].append(lambda: ws.send(message))
            else:
                ws.send(message)

        server.on_message(down)

    def rest(route):
        response = route.fetch()
        if not held["open"]["rest"] and ended(response.text()):
            held["rest"].append(lambda: route.fulfill(response=response))
        else:
            route.fulfill(response=response)

    reads = (f"/api/v1/games/{gid}", f"/api/v1/games/{gid}/state")
    page.route_web_socket(re.compile(r"/ws/"), socket)
    page.route(lambda url: urlparse(url).path in reads, rest)

    def release(side: str) -> None:
        held["open"][side] = True
        while held[side]:
            try:
                held[side].pop(0)()
            except Exception:  # noqa: BLE001 - a push for a socket the test closed since
                pass

    def drop_socket() -> None:
        while sockets:
            sockets.pop().close()
        held["socket"].clear()  # that socket's pushes: its successor syncs what they said

    held["release"], held["drop_socket"] = release, drop_socket
    return held


@pytest.mark.parametrize("first", ["socket", "rest"])
def test_the_result_heading_keeps_focus_whichever_news_of_the_end_comes_first(
    new_context, server_url, unique_name, artifacts_dir, first
):
    """The CI failure, forced: the player's focused tile left the hand with nothing to return
    to (focus on the page's body), then the end arrived — by the socket's push, or by a REST
    answer while the socket was down — the other side later, and the last round's summary
    opened. The result's heading takes focus and keeps it through all of them."""
    name = unique_name("endfocus")
    token = register(server_url, name)
    gid = new_game(server_url, token, bots=("random", "greedy"))
    start(server_url, token, gid)
    page = new_context(DESKTOP_800).new_page()
    held = hold_the_end(page, gid)
    log_in(page, name, f"/games/{gid}")
    expect(page.get_by_test_id("hand")).to_be_visible()

    play_out(server_url, token, gid, before_move=lambda: focus_in_hand(page))
    final_seq = detail(server_url, gid)["seq"]
    # Everything before the end has reached the page; the end itself is held on both sides.
    deadline = time.monotonic() + LIVE_MS / 1000
    while not held["socket"]:
        assert time.monotonic() < deadline, "the socket's push of the end never came"
        page.wait_for_timeout(100)
    expect(page.get_by_test_id("status")).to_have_text("active")
    expect(page.get_by_test_id("result")).to_be_hidden()
    page.evaluate("document.activeElement && document.activeElement.blur()")  # the tile is gone
    assert page.evaluate("document.activeElement === document.body")

    if first == "rest":
        held["drop_socket"]()  # the page polls /state, then opens a new socket (held too)
        expect(page.locator("#connection")).to_have_attribute("data-state", "polling")
    held["release"](first)
    title = page.get_by_test_id("result-title")
    expect(title).to_be_visible(timeout=LIVE_MS)
    expect(title).to_be_focused()
    held["release"]("rest" if first == "socket" else "socket")
    # The last round's summary opens (the playback reaches RoundEnded) and the late side's
    # answers are rendered: the heading keeps focus through both.
    expect(page.get_by_test_id("round-summary")).to_be_visible(timeout=LIVE_MS)
    page.wait_for_function(
        "(seq) => Number(document.getElementById('table').dataset.seq) >= seq"
        " && window.MT_PLAYBACK.pending() === 0",
        arg=final_seq,
        timeout=LIVE_MS,
    )
    if first == "rest":
        expect(page.locator("#connection")).to_have_attribute("data-state", "live", timeout=LIVE_MS)
    # The ratings poll has answered for good (no "on their way"): nothing is left to take focus.
    expect(page.get_by_test_id("result")).not_to_contain_text("on their way", timeout=LIVE_MS)
    expect(title).to_be_focused()
    page.screenshot(path=artifacts_dir / f"ending-focus-{first}-first-desktop.png")


def test_a_rated_game_shows_each_players_rating_change(
    new_context, server_url, unique_name, artifacts_dir
):
    name = unique_name("rated")
    token = register(server_url, name)
    gid = new_game(server_url, token, bots=("random",), rated=True)
    start(server_url, token, gid)
    page = new_context(DESKTOP_800).new_page()
    log_in(page, name, f"/games/{gid}")
    expect(page.get_by_test_id("hand")).to_be_visible()

    play_out(server_url, token, gid)

    expect(page.get_by_test_id("result")).to_be_visible(timeout=LIVE_MS)
    change = page.get_by_test_id("rating-change")
    expect(change).to_have_count(1, timeout=LIVE_MS)  # the bot has no rating
    ratings = detail(server_url, gid)["ratings"]
    assert ratings["state"] == "applied", ratings
    (mine,) = ratings["changes"]
    sign = "+" if mine["change"] > 0 else "−" if mine["change"] < 0 else "±"
    expect(change).to_contain_text(f"{mine['before']} → {mine['after']} ({sign}")
    expect(page.locator('[data-testid="place"].mine')).to_contain_text(mine["username"])
    page.screenshot(path=artifacts_dir / "ending-rated-desktop.png")


def test_a_tournament_table_leads_back_to_the_tournament(
    new_context, server_url, server_env, unique_name, artifacts_dir
):
    name, staff = unique_name("cup"), unique_name("org")
    token = register(server_url, name)
    tid = schedule_tournament(
        server_env,
        staff,
        f"Cup {name}",
        start_in=3,
        ready=5,
        people=(name,),
        bots=2,
        rated=False,
        per_move=60,
    )
    deadline = time.monotonic() + 60
    gid = None
    while gid is None:
        assert time.monotonic() < deadline, "the tournament did not seat its table"
        status, games = api(server_url, "GET", "/api/v1/games?mine=1", token=token)
        assert status == 200, games
        gid = games["results"][0]["id"] if games["results"] else None
        if gid is None:
            time.sleep(0.5)
    page = new_context(DESKTOP_800).new_page()
    log_in(page, name, f"/games/{gid}")

    play_out(server_url, token, gid)

    expect(page.get_by_test_id("result")).to_be_visible(timeout=LIVE_MS)
    back = page.get_by_test_id("tournament-link")
    expect(back).to_have_text("Back to the tournament")
    expect(back).to_have_attribute("href", f"/tournaments/{tid}")
    expect(page.get_by_test_id("rematch")).to_have_count(0)
    page.screenshot(path=artifacts_dir / "ending-tournament-desktop.png")
    back.click()
    page.wait_for_url(f"**/tournaments/{tid}")


def test_an_abandoned_game_says_so(new_context, server_url, unique_name, artifacts_dir):
    name = unique_name("gone")
    token = register(server_url, name)
    gid = new_game(server_url, token, bots=("random",))
    start(server_url, token, gid)
    page = new_context(PHONE).new_page()
    log_in(page, name, f"/games/{gid}")
    expect(page.get_by_test_id("hand")).to_be_visible()
    status, body = api(server_url, "POST", f"/api/v1/games/{gid}/resign", {}, token)
    assert status == 200, body
    expect(page.get_by_test_id("result")).to_be_visible(timeout=LIVE_MS)
    expect(page.get_by_test_id("result-title")).to_contain_text("abandoned")
    expect(page.get_by_test_id("result-headline")).to_contain_text("no result")
    page.screenshot(path=artifacts_dir / "ending-abandoned-phone.png")
