"""Signing out in one tab ends the table in every other tab of that browser.

Before: the other tab's socket stayed signed in after the logout and kept accepting moves for
the rest of the game. Now the server closes it (4401) and the page reloads as the signed-out
visitor sees it: no hand, no move buttons, a "Log in" link.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.test_live_table import create_table
from tests.e2e.test_live_table import settle
from tests.e2e.test_live_table import shot
from tests.e2e.test_live_table import sign_up

pytestmark = pytest.mark.e2e


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [None], ids=["desktop"])
def test_a_logout_in_another_tab_signs_the_table_out(
    new_context, unique_name, artifacts_dir, viewport
):
    context = new_context(viewport)
    table = context.new_page()
    sign_up(table, unique_name("tabs"))
    create_table(table, players=2)
    table.get_by_test_id("add-bot").click()
    table.get_by_test_id("start").click()
    expect(table.get_by_test_id("hand")).to_be_visible()
    settle(table)

    other_tab = context.new_page()
    other_tab.goto("/logout")
    other_tab.get_by_test_id("logout-submit").click()
    other_tab.wait_for_load_state()

    # The table tab, untouched, follows within a few seconds.
    expect(table.get_by_test_id("logout")).to_have_count(0, timeout=10_000)
    expect(table.get_by_test_id("hand")).to_have_count(0)
    expect(table.get_by_test_id("resign")).to_be_hidden()
    settle(table)
    shot(table, artifacts_dir, f"signed-out-table-{'phone' if viewport else 'desktop'}")


def hold_back_home(page, server_url: str, seconds: float = 1.5) -> None:
    """The home page answers ``seconds`` late, as on a loaded server: the socket's close (4401,
    the session ended) reaches the page while its own navigation home is still on the way."""

    def slow(route):
        time.sleep(seconds)
        route.continue_()

    page.route(server_url + "/", slow)


@pytest.mark.parametrize("where", ["lobby", "table"])
def test_signing_out_here_lands_on_the_home_page(new_context, server_url, unique_name, where):
    """Signing out from a page with a socket (the lobby's pools, a table's game) goes home.

    Before: the logout ended the session, the server closed the page's socket with 4401, and the
    socket's "signed out elsewhere" reload of the page replaced the navigation home (found by
    CI: the offline test's logout from the lobby stayed on /lobby)."""
    page = new_context().new_page()
    sign_up(page, unique_name("out"))
    if where == "lobby":
        page.goto("/lobby")
        expect(page.locator("#pools")).to_have_attribute("data-live", "1")
    else:
        create_table(page, players=2)
        page.get_by_test_id("add-bot").click()
        page.get_by_test_id("start").click()
        expect(page.get_by_test_id("hand")).to_be_visible()
        settle(page)
    hold_back_home(page, server_url)
    page.get_by_test_id("account-menu").click()
    page.get_by_test_id("logout").click()
    page.wait_for_url(server_url + "/")
    expect(page.get_by_test_id("login-link")).to_be_visible()
