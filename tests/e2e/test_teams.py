"""Teams in the browser (issue 33): a player creates a team from /teams at 1280x800, another
finds it on a phone (390x844) and joins by tapping; they chat in the team's chat. A team that
takes members by request: the phone asks, the leader accepts, then closes the chat. Screenshots
in tests/artifacts/teams-*.png."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import manage_shell
from tests.e2e.test_axe import violations
from tests.e2e.test_live_table import log_in
from tests.e2e.test_table_bugs import DESKTOP_800
from tests.e2e.test_table_bugs import register

pytestmark = pytest.mark.e2e


def phone_page(new_context) -> Page:
    return new_context(PHONE, has_touch=True, is_mobile=True).new_page()


def create_team(page: Page, name: str, description: str, *, open_team: bool = True) -> None:
    page.goto("/teams")
    form = page.get_by_test_id("team-form")
    form.get_by_test_id("team-name").fill(name)
    form.get_by_test_id("team-description").fill(description)
    form.get_by_test_id("team-open").select_option("1" if open_team else "0")
    form.get_by_test_id("team-create").click()
    expect(page.get_by_test_id("team-name")).to_have_text(name)
    expect(page.get_by_test_id("my-role")).to_have_text("You lead this team")


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def accessible(page: Page) -> None:
    """axe-core finds no WCAG 2.1 AA violation (tests/e2e/test_axe.py)."""
    found = violations(page)
    assert not found, json.dumps(found, indent=1)


def test_create_a_team_and_join_it_by_tapping(server_url, new_context, unique_name, artifacts_dir):
    ana, bo = unique_name("ana"), unique_name("bo")
    register(server_url, ana)
    register(server_url, bo)
    name = f"Spinners {ana[-6:]}"
    desk = new_context(DESKTOP_800).new_page()
    phone = phone_page(new_context)
    log_in(desk, ana)
    log_in(phone, bo)

    create_team(desk, name, "We play the double-12 set on Sunday evenings.")
    slug = desk.get_by_test_id("team").get_attribute("data-slug")
    desk.screenshot(path=artifacts_dir / "teams-created-1280x800.png", full_page=True)

    # bo finds it in the list on a phone and joins by tapping.
    phone.goto("/teams")
    phone.get_by_test_id("team-search").fill(name)
    phone.get_by_test_id("team-search").press("Enter")
    row = phone.get_by_test_id("team-row").filter(has_text=name)
    expect(row).to_be_visible()
    no_horizontal_scroll(phone)
    accessible(phone)
    phone.screenshot(path=artifacts_dir / "teams-list-390x844.png", full_page=True)
    row.get_by_test_id("team-link").tap()
    phone.get_by_test_id("team-join").tap()
    expect(phone.get_by_test_id("my-role")).to_have_text("You are a member")
    expect(phone.get_by_test_id("team-member")).to_have_count(2)
    expect(phone.get_by_test_id("leader-badge")).to_have_count(1)
    no_horizontal_scroll(phone)

    # They chat: the phone writes, the desktop reads it (after its next ask or a reload).
    panel = phone.get_by_test_id("chat-panel")
    if panel.get_attribute("open") is None:
        panel.locator("summary").tap()
    phone.get_by_test_id("chat-input").fill("Hello team!")
    phone.get_by_test_id("chat-send").tap()
    expect(phone.get_by_test_id("chat-text").filter(has_text="Hello team!")).to_be_visible()
    accessible(phone)
    phone.screenshot(path=artifacts_dir / "teams-member-390x844.png", full_page=True)

    desk.goto(f"/teams/{slug}")
    expect(desk.get_by_test_id("team-member")).to_have_count(2)
    expect(desk.get_by_test_id("chat-text").filter(has_text="Hello team!")).to_be_visible()
    expect(desk.get_by_test_id("member-promote")).to_be_visible()
    no_horizontal_scroll(desk)
    accessible(desk)
    desk.screenshot(path=artifacts_dir / "teams-leader-1280x800.png", full_page=True)

    # The leader edits the team: the description changes, the address stays.
    desk.get_by_test_id("team-edit-panel").locator("summary").click()
    desk.get_by_test_id("team-edit-description").fill(
        "Double-12 on Sundays, double-9 on Wednesdays."
    )
    desk.screenshot(path=artifacts_dir / "teams-edit-1280x800.png", full_page=True)
    desk.get_by_test_id("team-edit-save").click()
    expect(desk.get_by_test_id("team-description")).to_contain_text("double-9 on Wednesdays")
    assert desk.url.endswith(f"/teams/{slug}")

    # The leader's tools on a phone: nothing wider than the screen.
    leader_phone = phone_page(new_context)
    log_in(leader_phone, ana)
    leader_phone.goto(f"/teams/{slug}")
    expect(leader_phone.get_by_test_id("member-remove")).to_be_visible()
    no_horizontal_scroll(leader_phone)
    accessible(leader_phone)
    leader_phone.screenshot(path=artifacts_dir / "teams-leader-390x844.png", full_page=True)

    desk.goto("/teams")
    expect(desk.get_by_test_id("my-teams")).to_contain_text(name)
    accessible(desk)
    desk.screenshot(path=artifacts_dir / "teams-list-1280x800.png", full_page=True)


def test_ask_to_join_accept_and_close_the_chat(
    server_url, server_env, new_context, unique_name, artifacts_dir
):
    ana, bo = unique_name("ana"), unique_name("bo")
    register(server_url, ana)
    register(server_url, bo)
    name = f"Closed Doubles {ana[-6:]}"
    desk = new_context(DESKTOP_800).new_page()
    phone = phone_page(new_context)
    log_in(desk, ana)
    log_in(phone, bo)
    create_team(desk, name, "By request only.", open_team=False)
    slug = desk.get_by_test_id("team").get_attribute("data-slug")

    phone.goto(f"/teams/{slug}")
    phone.get_by_test_id("team-ask-message").fill("I play every day")
    phone.get_by_test_id("team-ask").tap()
    expect(phone.get_by_test_id("team-asked")).to_be_visible()

    desk.reload()
    request = desk.get_by_test_id("team-request")
    expect(request).to_contain_text("I play every day")
    accessible(desk)
    desk.screenshot(path=artifacts_dir / "teams-request-1280x800.png", full_page=True)
    request.get_by_test_id("request-accept").click()
    expect(desk.get_by_test_id("team-member")).to_have_count(2)
    desk.get_by_test_id("chat-close").click()
    expect(desk.get_by_test_id("chat-open")).to_be_visible()

    phone.reload()
    expect(phone.get_by_test_id("my-role")).to_have_text("You are a member")
    phone.get_by_test_id("chat-panel").locator("summary").tap()  # folded on a phone
    expect(phone.get_by_test_id("chat-note")).to_have_text("The team chat is closed.")
    expect(phone.get_by_test_id("chat-input")).to_be_hidden()
    phone.screenshot(path=artifacts_dir / "teams-chat-closed-390x844.png", full_page=True)

    # The leader cannot leave while bo remains: the page says why.
    desk.on("dialog", lambda dialog: dialog.accept())
    desk.get_by_test_id("team-leave").click()
    expect(desk.get_by_test_id("team-error")).to_contain_text("last leader")

    # Staff close the team (as the Moderation panel does, by the service): the page says why.
    mod = unique_name("mod")
    register(server_url, mod)
    manage_shell(
        server_env,
        "from accounts.models import User; from teams import services; "
        f"User.objects.filter(username={mod!r}).update(is_staff=True); "
        f"services.team_close(team_id=services.Team.objects.get(slug={slug!r}).pk, "
        f"staff=User.objects.get(username={mod!r}), reason='Advertising in the description')",
    )
    phone.reload()
    expect(phone.get_by_test_id("team-closed-note")).to_contain_text("Advertising")
    expect(phone.get_by_test_id("team-leave")).to_have_count(0)
    accessible(phone)
    phone.screenshot(path=artifacts_dir / "teams-closed-390x844.png", full_page=True)
