"""Signing out in one tab ends the table in every other tab of that browser.

Before: the other tab's socket stayed signed in after the logout and kept accepting moves for
the rest of the game. Now the server closes it (4401) and the page reloads as the signed-out
visitor sees it: no hand, no move buttons, a "Log in" link.
"""

from __future__ import annotations

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
