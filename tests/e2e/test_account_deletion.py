"""Settings: download my data, then delete my account; the finished game shows "deleted player".

The game is played out through the services on the served platform's database (two people,
no bot, so nothing waits on a worker); the browser does the rest as the player would.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PASSWORD
from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.conftest import manage_shell
from tests.e2e.test_live_table import shot
from tests.e2e.test_live_table import sign_up

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1280, "height": 800}

PLAY_OUT = """
from accounts.models import User
from tests.support.factories import open_table, play
x, w = User.objects.get(username={x!r}), User.objects.get(username={w!r})
game = play(open_table(x, [w], bots=0), [x, w])
assert game.status == "finished", game.status
print(game.pk)
"""


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [LAPTOP], ids=["desktop"])
def test_export_then_delete_from_settings_and_the_game_shows_a_deleted_player(
    new_context, server_url, server_env, unique_name, artifacts_dir, viewport
):
    size = "phone" if viewport is PHONE else "desktop"
    player, watcher = unique_name("leaver"), unique_name("stayer")
    page = new_context(viewport, accept_downloads=True).new_page()
    sign_up(page, player)
    status, _ = api(
        server_url, "POST", "/api/v1/auth/register", {"username": watcher, "password": PASSWORD}
    )
    assert status == 201
    code = PLAY_OUT.format(x=player, w=watcher)
    game_id = manage_shell(server_env, code).strip().splitlines()[-1]

    page.goto("/settings")
    expect(page.get_by_test_id("delete-section")).to_be_visible()
    with page.expect_download() as info:
        page.get_by_test_id("export-download").click()
    download = info.value
    assert download.suggested_filename.startswith("mexican-train-")
    doc = json.loads(open(download.path(), encoding="utf-8").read())
    assert doc["profile"]["username"] == player
    assert game_id in [g["id"] for g in doc["games"]]

    page.get_by_test_id("delete-open").click()
    page.get_by_test_id("delete-password").fill(PASSWORD)
    page.get_by_test_id("delete-confirm").check()
    shot(page, artifacts_dir, f"account-delete-confirm-{size}")
    page.get_by_test_id("delete-submit").click()
    page.wait_for_url(f"{server_url}/")
    expect(page.get_by_test_id("messages")).to_contain_text("deleted")
    expect(page.get_by_test_id("profile-link")).to_have_count(0)  # signed out
    shot(page, artifacts_dir, f"account-deleted-home-{size}")

    page.goto(f"/games/{game_id}")
    expect(page.get_by_text("deleted player 1").first).to_be_visible()
    expect(page.get_by_text(watcher).first).to_be_visible()
    assert player not in page.content()
    shot(page, artifacts_dir, f"account-deleted-game-{size}")

    page.goto("/login")
    page.locator("input[name=username]").fill(player)
    page.locator("input[name=password]").fill(PASSWORD)
    page.get_by_test_id("login-submit").click()
    expect(page.locator("[role=alert], .form-error").first).to_be_visible()
