"""A bot a person owns (POST /api/v1/me/bots) is labelled a bot where people see it: at the
table it joined with its own token (with no Remove button for the table's creator: it seated
itself), and on its profile, which names its owner and says it is never rated. Screenshots at
1280x800 and 390x844."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import api
from tests.e2e.conftest import new_table
from tests.e2e.test_audit import log_in
from tests.e2e.test_audit import register
from tests.e2e.test_live_table import shot

DESKTOP_800 = {"width": 1280, "height": 800}


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [DESKTOP_800], ids=["desktop"])
def test_an_owned_bot_is_labelled_a_bot_at_the_table_and_on_its_profile(
    new_context, server_url, unique_name, artifacts_dir, viewport
):
    size = "desktop" if viewport is DESKTOP_800 else "phone"
    owner, host, bot_name = unique_name("own"), unique_name("host"), unique_name("mybot")
    status, bot = api(
        server_url, "POST", "/api/v1/me/bots", {"username": bot_name}, register(server_url, owner)
    )
    assert status == 201, bot
    host_token = register(server_url, host)
    table = {"players": 3, "variants": {"set_max": 6, "rounds": 1}}
    gid = new_table(server_url, host_token, table, joiners=[bot["token"]], start=False)

    page = new_context(viewport).new_page()
    log_in(page, host, f"/games/{gid}")
    seat = page.get_by_test_id("seat").filter(has_text=bot_name)
    expect(seat).to_be_visible()
    expect(seat.locator(".badge.bot")).to_be_visible()
    expect(seat.get_by_role("button", name="Remove")).to_have_count(0)
    shot(page, artifacts_dir, f"owned-bot-table-{size}")

    page.goto(f"/players/{bot_name}")
    expect(page.locator("h1 .badge.bot")).to_be_visible()
    expect(page.get_by_test_id("bot-unrated")).to_contain_text(owner)
    expect(page.get_by_test_id("bot-unrated")).to_contain_text("never rated")
    shot(page, artifacts_dir, f"owned-bot-profile-{size}")
