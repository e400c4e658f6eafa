"""The notification bell: the unread count on every page, the notices in a panel, and a toast
for a notice that arrives while the page is open (issue: "a notification bell with the unread
count"; "from any page, a toast when your next tournament round has seated you").

A correspondence table against a bot gives the notices: each turn of the person is told.
The page's poll (60 s) is run on Playwright's clock, not waited for.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.conftest import manage_shell
from tests.e2e.conftest import new_table
from tests.e2e.test_audit import register
from tests.e2e.test_live_table import log_in
from tests.e2e.test_live_table import shot

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}


def my_turn(server_url: str, gid: str, token: str, timeout: float = 15) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, st = api(server_url, "GET", f"/api/v1/games/{gid}/state", token=token)
        assert status == 200, st
        if st.get("legal_moves"):
            return st
        time.sleep(0.1)
    raise AssertionError("the person's turn did not come")


def correspondence_table(server_url: str, token: str) -> str:
    table = {
        "players": 2,
        # Two rounds: a first round that ends at once still leaves turns to be told of.
        "variants": {"set_max": 6, "rounds": 2},
        "time_control": {"kind": "correspondence"},
    }
    return new_table(server_url, token, table, bots=["greedy"])


@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["desktop", "phone"])
def test_the_bell_counts_unread_notices_and_a_new_one_pops_up(
    new_context, server_url, unique_name, artifacts_dir, viewport
):
    name = unique_name("bell")
    token = register(server_url, name)
    gid = correspondence_table(server_url, token)
    st = my_turn(server_url, gid, token)  # the turn's notice is written with it

    page = new_context(viewport).new_page()
    page.clock.install()
    log_in(page, name)
    count = page.get_by_test_id("bell-count")
    expect(count).to_be_visible()
    before = int(count.inner_text())
    assert before >= 1

    page.get_by_test_id("bell").click()
    panel = page.get_by_test_id("bell-panel")
    expect(panel).to_be_visible()
    expect(panel.get_by_test_id("bell-item").first).to_contain_text("Your turn")
    expect(page.get_by_test_id("bell")).to_have_attribute("aria-expanded", "true")
    label = "phone" if viewport is PHONE else "desktop"
    shot(page, artifacts_dir, f"bell-open-{label}")
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()

    # A new notice while the page is open: it pops up at the next poll, and the count grows.
    # The person's whole turn (a first turn may lay several), and only that turn: it goes on
    # while nobody else has moved since the person's last move. (Going on while the person had
    # legal moves played every turn the bot handed back in time, each with its notice: twelve
    # toasts in one poll, a flake hunt's failure.)
    while st.get("legal_moves"):
        move = {**st["legal_moves"][0], "expected_seq": st["seq"]}
        status, body = api(server_url, "POST", f"/api/v1/games/{gid}/moves", move, token)
        if status == 429:  # the moves' rate limit: wait as told, then the same move again
            time.sleep(body["retry_after"])
            continue
        assert status == 201, body
        if any(e["actor"].get("kind") == "bot" for e in body["events"]):
            break  # the bot answered within the move's request
        status, st = api(server_url, "GET", f"/api/v1/games/{gid}/state", token=token)
        if st["seq"] != body["seq"]:
            break  # the bot has moved since
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:  # the bot's turn, then the person's: a new notice
        status, notes = api(server_url, "GET", "/api/v1/notifications", token=token)
        if notes["unread"] > before:
            break
        time.sleep(0.1)
    else:
        raise AssertionError("no second notice came")
    page.clock.run_for(61_000)
    toasts = page.get_by_test_id("toast")
    expect(toasts.first).to_contain_text("Your turn")  # one per notice since the page loaded
    expect(count).not_to_have_text(str(before))
    shown = int(count.inner_text())
    assert toasts.count() == min(shown - before, 3), (toasts.count(), shown, before)
    shot(page, artifacts_dir, f"bell-toast-{label}")

    # Opening the bell lists what the toasts said, and puts them away: on a phone they covered
    # the panel's "Mark all read" (a flake hunt: the click waited 10 s behind two toasts).
    page.get_by_test_id("bell").click()
    expect(toasts).to_have_count(0)
    # Mark all read: the count goes.
    page.get_by_test_id("bell-read").click()
    expect(count).to_be_hidden()


def test_many_notices_at_once_show_the_newest_three_toasts_and_leave_the_bell_free(
    new_context, server_url, server_env, unique_name, artifacts_dir
):
    """A poll that brings many notices (a weekend of correspondence turns) shows the newest
    three as toasts, not one each stacked over a phone's whole screen and its bell (a flake
    hunt's screenshot: twelve toasts, the bell unclickable under them)."""
    name = unique_name("many")
    register(server_url, name)
    page = new_context(PHONE).new_page()
    page.clock.install()
    log_in(page, name)
    expect(page.get_by_test_id("bell")).to_be_visible()
    manage_shell(
        server_env,
        "from django.contrib.auth import get_user_model\n"
        "from notifications.services import notify\n"
        f"user = get_user_model().objects.get(username={name!r})\n"
        "for i in range(8):\n"
        "    notify(user=user, kind='your_turn', params={'table': f'table {i}', 'host': 'x'},"
        " url='/', key=f'many:{i}')\n",
    )
    page.clock.run_for(61_000)  # the next poll
    toasts = page.get_by_test_id("toast")
    expect(toasts).to_have_count(3)
    expect(toasts.last).to_contain_text("table 7")  # the newest, last
    expect(toasts.first).to_contain_text("table 5")
    expect(page.get_by_test_id("bell-count")).to_have_text("8")
    shot(page, artifacts_dir, "bell-many-phone")
    page.get_by_test_id("bell").click(timeout=2000)  # nothing covers it
    expect(page.get_by_test_id("bell-panel")).to_be_visible()
    expect(page.get_by_test_id("bell-item")).to_have_count(8)
