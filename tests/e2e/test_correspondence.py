"""A correspondence game against three bots, started from the browser (issue: clocks and bots).

The player opens a 4-seat correspondence table in the lobby, seats three bots of different
strengths and starts it; the bots' tasks (run by the server's embedded runner) play until it is
her turn; she moves, leaves, and finds the game at the top of "My games" with her turn, its
deadline days away, and a "your turn" notification. (The "days later" part — her own clock
enforced while she is away — runs with a frozen clock in
tests/games/test_rule_r24_correspondence.py, which a served process cannot share.)
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from tests.e2e.conftest import api
from tests.e2e.test_live_table import GAME_PATH
from tests.e2e.test_live_table import click_first_action
from tests.e2e.test_live_table import game_info
from tests.e2e.test_live_table import seat_of
from tests.e2e.test_live_table import sign_up

WAIT_S = 60


def wait_for_turn(server_url: str, game_id: str, seat: int) -> dict:
    until = time.monotonic() + WAIT_S
    while time.monotonic() < until:
        info = game_info(server_url, game_id)
        if info["status"] != "active" or info["to_move"] == seat:
            return info
        time.sleep(0.2)
    raise AssertionError(f"the bots did not hand the turn back: {info}")


def test_a_player_starts_a_correspondence_game_against_three_bots_leaves_and_returns(
    new_context, server_url, unique_name, artifacts_dir
):
    username = unique_name("dora")
    page = new_context().new_page()
    sign_up(page, username)
    form = page.get_by_test_id("create-form")
    form.locator("select[name=players]").select_option("4")
    form.locator("select[name=rounds]").select_option("1")
    form.locator("select[name=time_control]").select_option("correspondence-3")
    page.get_by_test_id("create-submit").click()
    page.wait_for_url(GAME_PATH)
    game_id = GAME_PATH.search(page.url).group(1)
    for strategy in ("greedy", "smart", "mc"):
        page.locator("#bot-strategy").select_option(strategy)
        # Each bot is seated (the API's answer) before the next is added.
        with page.expect_response(
            lambda r: r.url.endswith(f"/games/{game_id}/bots") and r.request.method == "POST"
        ) as seated:
            page.get_by_test_id("add-bot").click()
        assert seated.value.status == 201, seated.value.text()
    expect(page.get_by_test_id("start")).to_be_enabled(timeout=10_000)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("status")).to_have_text(re.compile("active|finished"))
    seat = seat_of(page)

    info = wait_for_turn(server_url, game_id, seat)
    assert info["status"] == "active", info
    assert info["time_control"]["kind"] == "correspondence"
    assert info["deadline"], info
    expect(page.get_by_test_id("clock")).to_contain_text(re.compile(r"\d"))
    bots = [s for s in info["seats"] if s["is_bot"]]
    assert len(bots) == 3
    status, events = api(server_url, "GET", f"/api/v1/games/{game_id}/events")
    assert status == 200
    kinds = {e["actor"]["kind"] for e in events if "by" in e["data"]}
    if info["seq"] > 2:
        assert kinds <= {"bot", "player"}
    expect(page.get_by_test_id("seq")).to_have_text(str(info["seq"]), timeout=10_000)
    made = click_first_action(page, info["seq"])
    print(f"she played: {made}")

    # She leaves; the bots answer without her.
    page.goto("/")
    info = wait_for_turn(server_url, game_id, seat)
    page.goto("/my-games")
    first = page.get_by_test_id("my-game").first
    expect(first).to_have_attribute("data-game-id", game_id)
    if info["status"] == "active":
        expect(first).to_have_class(re.compile("your-turn"))
        expect(first.get_by_test_id("whose-turn")).to_be_visible()
        expect(first).to_contain_text(re.compile(r"\d"))
        expect(page.get_by_test_id("unread")).to_be_visible()
        expect(page.get_by_test_id("notification").first).to_contain_text(re.compile(r"\S"))
    page.screenshot(path=str(artifacts_dir / "my-games-correspondence.png"), full_page=True)

    # A vacation from the same page pauses her correspondence clock.
    before = game_info(server_url, game_id)["deadline"]
    page.get_by_test_id("vacation-days").fill("5")
    page.get_by_test_id("vacation-start").click()
    expect(page.get_by_test_id("vacation-end")).to_be_visible()
    if info["status"] == "active" and info["to_move"] == seat:
        after = game_info(server_url, game_id)["deadline"]
        assert after > before, (before, after)
    page.get_by_test_id("vacation-end").click()
    expect(page.get_by_test_id("vacation-end")).to_be_hidden()
