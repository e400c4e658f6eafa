"""A banned player sees why, in Chromium at both sizes: after two no-shows the tournaments
list and a tournament's page say until when and for what they may not join new events, the
page offers no register button, and registering anyway is refused (the API's play_ban).

The offences are recorded as the scheduler records them (``tournaments.bans``), in the served
platform's database; everything under test goes through the pages (data-testid)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP
from tests.e2e.conftest import manage_shell
from tests.e2e.test_live_table import sign_up
from tests.e2e.test_tournament import schedule_tournament

pytestmark = pytest.mark.e2e

OFFEND = """
from accounts.models import User
from tournaments import bans

user = User.objects.get(username={username!r})
for i in range(2):
    bans.offence_record(user=user, kind="no_show", key=f"table:e2e-{{i}}")
print(bans.active_ban(user).ends_at.isoformat())
"""


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [DESKTOP], ids=["1280"])
def test_a_banned_player_sees_why_and_until_when(
    new_context, server_env, server_url, artifacts_dir, unique_name, viewport
):
    username = unique_name("banned")
    page = new_context(viewport).new_page()
    sign_up(page, username)
    manage_shell(server_env, OFFEND.format(username=username))
    tid = schedule_tournament(
        server_env, unique_name("staff"), unique_name("Ban cup"), start_in=600, bots=2
    )
    size = viewport["width"]

    page.goto("/tournaments")
    banner = page.get_by_test_id("play-ban")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("You may not join new events until")
    expect(banner).to_contain_text("a no-show")
    page.screenshot(path=artifacts_dir / f"play-ban-list-{size}.png", full_page=True)

    page.goto(f"/tournaments/{tid}")
    line = page.get_by_test_id("play-ban")
    expect(line).to_be_visible()
    expect(line).to_contain_text("a no-show")
    expect(page.get_by_test_id("register")).to_be_hidden()  # the line says why instead
    expect(page.get_by_test_id("my-entry")).to_have_text("You are not registered.")
    # Registering anyway, as the page's own API client would: refused with the ban.
    answer = page.evaluate(
        """async (id) => {
            const csrf = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
            const r = await fetch(`/api/v1/tournaments/${id}/register`, {
                method: "POST",
                headers: {"X-CSRFToken": csrf ? csrf.split("=")[1] : ""},
            });
            return {status: r.status, body: await r.json()};
        }""",
        tid,
    )
    assert answer["status"] == 403
    assert answer["body"]["code"] == "play_ban"
    assert answer["body"]["ban"]["reason"] == "no_show"
    page.get_by_test_id("play-ban").scroll_into_view_if_needed()
    page.screenshot(path=artifacts_dir / f"play-ban-tournament-{size}.png", full_page=False)
