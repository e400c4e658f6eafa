"""Staff take a disputed game from the queue, replay it in the audit page with every hand (the
slider and the arrow keys), see the integrity verdict, look at it as one seat saw it, and
adjudicate; the player who disputed it sees the outcome in the dispute's thread.

The game is played through the REST API (a person against a bot, first legal move each time);
everything under test goes through the pages (DOM contract: data-testid attributes).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.conftest import PASSWORD
from tests.e2e.conftest import api
from tests.e2e.conftest import manage_shell
from tests.e2e.conftest import new_table
from tests.e2e.conftest import register
from tests.support.factories import totp_now

pytestmark = pytest.mark.e2e

GAME_LIMIT_S = 60


def make_staff(server_env: dict, username: str) -> None:
    """Give an account staff rights in the served platform's database (as an admin would)."""
    code = (
        "from accounts.models import User; "
        f"User.objects.filter(username={username!r}).update(is_staff=True)"
    )
    manage_shell(server_env, code)


def played_game(server_url: str, token: str) -> str:
    """A one-round game of a person against a bot, played to the end over the API."""
    table = {"players": 2, "variants": {"set_max": 6, "rounds": 1}}
    gid = new_table(server_url, token, table, bots=["random"])
    started = time.monotonic()
    while time.monotonic() - started < GAME_LIMIT_S:
        status, st = api(server_url, "GET", f"/api/v1/games/{gid}/state", token=token)
        assert status == 200, st
        if st["status"] != "active":
            assert st["status"] == "finished", st
            return gid
        if not st["legal_moves"]:  # the bot is to move
            time.sleep(0.05)
            continue
        body = {**st["legal_moves"][0], "expected_seq": st["seq"]}
        status, answer = api(server_url, "POST", f"/api/v1/games/{gid}/moves", body, token)
        assert status in (200, 201, 409), answer
    raise AssertionError(f"game {gid} did not finish within {GAME_LIMIT_S} s")


ACTIVATE = "/accounts/2fa/totp/activate/"


def at(path: str) -> re.Pattern:
    """The page's URL is exactly ``path`` on the server (no query)."""
    return re.compile(r"^https?://[^/]+" + re.escape(path) + "$")


def enrol(page: Page) -> str:
    """On allauth's activation page: read the secret, enter the code; return the secret."""
    expect(page).to_have_url(at(f"{ACTIVATE}"))
    secret = page.locator("#authenticator_secret").input_value()
    assert len(secret) >= 16
    page.locator("input[name=code]").fill(totp_now(secret))
    page.locator("form button[type=submit]").click()
    page.wait_for_url("**/accounts/2fa/recovery-codes/")
    return secret


def password_login(page: Page, username: str, then: str) -> None:
    """Sign in on /login with the password only, asking to go to ``then``."""
    page.goto(f"/login?next={then}")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.get_by_test_id("login-submit").click()
    page.wait_for_url(lambda url: "/login" not in url)


def log_in(page: Page, username: str, then: str) -> None:
    password_login(page, username, then)
    if not page.url.endswith(then):
        page.goto(then)
    if ACTIVATE in page.url:  # staff: the staff pages need a second factor, enrolled first
        enrol(page)
        page.goto(then)


def seq_of(page: Page) -> int:
    return int(page.locator("#audit").get_attribute("data-seq"))


def disputed_game(
    server_url: str, server_env: dict, player: str, staff: str, reason: str = "The bot drew twice?"
) -> tuple[str, str, dict]:
    """Register ``player`` and ``staff`` (made staff), play a game of ``player``'s to its end and
    open a dispute about it: return (the player's token, the game's id, the dispute)."""
    token = register(server_url, player)
    register(server_url, staff)
    make_staff(server_env, staff)
    gid = played_game(server_url, token)
    status, dispute = api(
        server_url,
        "POST",
        "/api/v1/disputes",
        {"game": gid, "category": "rules_or_bug", "reason": reason, "seq": 4},
        token,
    )
    assert status == 201, dispute
    return token, gid, dispute


def test_staff_audit_a_disputed_game_and_the_player_sees_the_outcome(
    new_context, server_url, server_env, artifacts_dir, unique_name
):
    player, staff = unique_name("pia"), unique_name("mod")
    token, gid, dispute = disputed_game(server_url, server_env, player, staff)
    status, events = api(server_url, "GET", f"/api/v1/games/{gid}/events", token=token)
    assert status == 200
    last = events[-1]["seq"]

    # Staff: the queue shows the dispute; its audit link opens the game's audit.
    page = new_context().new_page()
    log_in(page, staff, "/disputes")
    row = page.locator(f'[data-testid="dispute-row"][data-dispute-id="{dispute["id"]}"]')
    expect(row).to_be_visible()
    # The category in the words of the form, never its code (before: "rules_or_bug").
    expect(row).to_contain_text("The rules were applied wrongly, or a bug")
    expect(row).not_to_contain_text("rules_or_bug")
    row.get_by_role("link", name="Audit").click()
    page.wait_for_url(re.compile(rf"/audit/games/{gid}"))

    # The verdict: every check passed, the whole log replayed.
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_have_attribute("data-ok", "true")
    expect(page.get_by_test_id("verdict-text")).to_contain_text(f"{last} events")
    expect(page.locator('[data-testid="verdict-check"][data-outcome="ok"]')).to_have_count(8)

    # Opened at the disputed event (?seq=4), every hand shown with its tiles.
    slider = page.get_by_test_id("audit-slider")
    expect(slider).to_have_attribute("max", str(last - 1))
    assert seq_of(page) == 4
    hands = page.get_by_test_id("audit-hand")
    expect(hands).to_have_count(2)
    for seat in (0, 1):
        hand = page.locator(f'[data-testid="audit-hand"][data-seat="{seat}"]')
        count = int(hand.get_attribute("data-count"))
        expect(hand.get_by_test_id("hand-tile")).to_have_count(count)
    expect(page.get_by_test_id("boneyard").get_by_test_id("boneyard-tile")).to_have_count(
        int(page.get_by_test_id("boneyard").get_attribute("data-count"))
    )
    expect(page.get_by_test_id("actor")).not_to_be_empty()

    # The slider and the arrow keys step through the events.
    slider.focus()
    page.keyboard.press("Home")
    expect(page.locator("#audit")).to_have_attribute("data-seq", "1")
    for expected in (2, 3, 4):
        page.keyboard.press("ArrowRight")
        expect(page.locator("#audit")).to_have_attribute("data-seq", str(expected))
    expect(page.get_by_test_id("audit-position")).to_contain_text("Event 4")
    page.locator("h1").click()  # the page's own arrow keys, away from the slider
    page.keyboard.press("ArrowRight")
    expect(page.locator("#audit")).to_have_attribute("data-seq", "5")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#audit")).to_have_attribute("data-seq", "3")
    page.get_by_test_id("audit-next").click()
    expect(page.locator("#audit")).to_have_attribute("data-seq", "4")
    current = page.get_by_test_id("audit-log").locator("li.current")
    expect(current).to_have_attribute("data-seq", "4")
    page.screenshot(path=artifacts_dir / "audit-all-1280.png", full_page=True)

    # Seats are numbered from 1, as at the table (before: "Seat 0").
    seat_options = page.get_by_test_id("as-seat").locator("option")
    expect(seat_options.filter(has_text="Seat 1:")).to_have_count(1)
    expect(seat_options.filter(has_text="Seat 0")).to_have_count(0)

    # As seat 0: exactly that seat's view — its own hand, the others' only counted.
    page.get_by_test_id("as-seat").select_option("0")
    expect(page.locator("#audit")).to_have_attribute("data-viewer", "0")
    assert seq_of(page) == 4
    mine = page.locator('[data-testid="audit-hand"][data-seat="0"]')
    theirs = page.locator('[data-testid="audit-hand"][data-seat="1"]')
    expect(theirs.get_by_test_id("hand-tile")).to_have_count(0)
    expect(theirs.get_by_test_id("hand-hidden")).to_have_count(1)
    expect(mine.get_by_test_id("hand-tile")).to_have_count(int(mine.get_attribute("data-count")))
    expect(page.get_by_test_id("boneyard-tile")).to_have_count(0)
    page.screenshot(path=artifacts_dir / "audit-seat0-1280.png", full_page=True)
    page.get_by_test_id("as-seat").select_option("all")
    expect(page.locator("#audit")).to_have_attribute("data-viewer", "all")

    # Adjudicate, answering the dispute: the game is void, the trail records it.
    page.get_by_test_id("adj-reason").fill("The deal was interrupted by a server restart.")
    page.get_by_test_id("adj-dispute").select_option(str(dispute["id"]))
    page.get_by_test_id("adj-void").click()
    expect(page.get_by_test_id("adj-result")).to_contain_text("GameVoided")
    expect(page.get_by_test_id("audit-status")).to_have_text("void")
    expect(page.locator('[data-testid="staff-action"][data-action="game_voided"]')).to_have_count(1)
    expect(page.locator("#audit")).to_have_attribute("data-seq", str(last + 1))
    expect(page.get_by_test_id("verdict")).to_have_attribute("data-ok", "true")

    # The player sees the outcome in the dispute's thread.
    mine_page = new_context().new_page()
    log_in(mine_page, player, f"/disputes/{dispute['id']}")
    expect(mine_page.get_by_test_id("dispute-message").last).to_contain_text(
        "The deal was interrupted"
    )
    expect(mine_page.get_by_test_id("dispute-game-status")).to_contain_text("void")
    mine_page.screenshot(path=artifacts_dir / "dispute-player-1280.png", full_page=True)

    # A player never reaches the audit page.
    response = mine_page.goto(f"/audit/games/{gid}")
    assert response.status == 403
