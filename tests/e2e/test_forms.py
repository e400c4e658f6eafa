"""Small things a tester tripped on, in the forms: each error said once, in words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.test_live_table import shot

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [DESKTOP_800], ids=["desktop"])
def test_a_weak_sign_up_password_is_explained_once(
    new_context, unique_name, artifacts_dir, viewport
):
    """Before: "password: This password is too short… password: This password is too short…"
    — the API's detail already names the field, and the page added the fields again."""
    page = new_context(viewport).new_page()
    page.goto("/signup")
    page.locator("input[name=username]").fill(unique_name("weak"))
    page.locator("input[name=password]").fill("abc")
    page.get_by_test_id("signup-submit").click()
    error = page.get_by_test_id("form-error")
    expect(error).to_be_visible()
    text = error.inner_text()
    assert "password" in text.lower(), text
    messages = [m for m in text.replace(";", ".").split(".") if m.strip()]
    assert len(messages) == len(set(m.strip() for m in messages)), f"said twice: {text!r}"
    shot(page, artifacts_dir, f"signup-weak-password-{'phone' if viewport is PHONE else 'desktop'}")


def test_a_one_round_table_says_one_round_in_the_lobby(new_context, server_url, unique_name):
    """Before: "double-6 set, 7 tiles each, 1 rounds"."""
    status, body = api(
        server_url,
        "POST",
        "/api/v1/auth/register",
        {"username": unique_name("one"), "password": "pw-correct-horse-1"},
    )
    assert status == 201, body
    token = body["token"]
    for rounds in (1, 2):
        status, game = api(
            server_url,
            "POST",
            "/api/v1/games",
            {
                "players": 3,
                "name": f"rounds-{rounds}",
                "variants": {"set_max": 6, "rounds": rounds},
            },
            token,
        )
        assert status == 201, game
    page = new_context(DESKTOP_800).new_page()
    page.goto("/lobby")
    one = page.locator('[data-testid="open-table"]', has_text="rounds-1").locator(".ruleset")
    two = page.locator('[data-testid="open-table"]', has_text="rounds-2").locator(".ruleset")
    expect(one).to_have_text("double-6 set, 7 tiles each, 1 round")
    expect(two).to_have_text("double-6 set, 7 tiles each, 2 rounds")


def test_on_a_phone_the_header_folds_its_links_into_a_menu(new_context, unique_name, artifacts_dir):
    """Before: at 390 px the header's links wrapped over four lines (about 200 px of a 844 px
    screen) before any content."""
    from tests.e2e.test_live_table import sign_up

    page = new_context(PHONE).new_page()
    sign_up(page, unique_name("menu"))
    header = page.locator(".site-header")
    lobby_link = page.locator("#site-nav").get_by_role("link", name="Lobby")
    expect(page.get_by_test_id("menu")).to_be_visible()
    expect(lobby_link).to_be_hidden()
    expect(page.get_by_test_id("bell")).to_be_visible()  # the bell stays in view
    assert header.bounding_box()["height"] <= 80
    shot(page, artifacts_dir, "header-phone-folded")
    page.get_by_test_id("menu").click()
    expect(page.get_by_test_id("menu")).to_have_attribute("aria-expanded", "true")
    expect(lobby_link).to_be_visible()
    expect(page.get_by_test_id("language")).to_be_visible()
    shot(page, artifacts_dir, "header-phone-open")
    page.keyboard.press("Escape")
    expect(lobby_link).to_be_hidden()
    page.get_by_test_id("menu").click()
    page.get_by_test_id("tournaments-link").click()
    page.wait_for_url("**/tournaments")


def test_on_a_desktop_the_header_shows_its_links(new_context):
    page = new_context(DESKTOP_800).new_page()
    page.goto("/")
    expect(page.get_by_test_id("menu")).to_be_hidden()
    expect(page.locator("#site-nav").get_by_role("link", name="Lobby")).to_be_visible()
    assert page.locator(".site-header").bounding_box()["height"] <= 80


def test_the_lobby_offers_only_tables_that_can_be_dealt(new_context, unique_name):
    """Before: 12 players with the double-12 hand table (2 to 10 players) was offered, and the
    server refused it with the raw rule id "V1"."""
    from tests.e2e.test_live_table import sign_up

    page = new_context(DESKTOP_800).new_page()
    sign_up(page, unique_name("v1"))
    form = page.get_by_test_id("create-form")
    double12 = form.locator("input[name=double12]")
    form.locator("select[name=players]").select_option("12")
    expect(double12).to_be_disabled()
    form.locator("select[name=players]").select_option("4")
    expect(double12).to_be_enabled()
    double12.check()
    expect(form.locator("select[name=players] option[value='11']")).to_be_disabled()
    expect(form.locator("select[name=players] option[value='10']")).to_be_enabled()


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [DESKTOP_800], ids=["desktop"])
def test_play_vs_bots_in_one_click(new_context, unique_name, artifacts_dir, viewport):
    from tests.e2e.test_live_table import sign_up

    page = new_context(viewport).new_page()
    sign_up(page, unique_name("quick"))
    quick = page.get_by_test_id("quick-form")
    quick.get_by_test_id("quick-bots").select_option("2")
    quick.get_by_test_id("quick-strength").select_option("random")
    shot(page, artifacts_dir, f"play-vs-bots-{'phone' if viewport is PHONE else 'desktop'}")
    quick.get_by_test_id("quick-play").click()
    page.wait_for_url("**/games/*")
    expect(page.get_by_test_id("hand")).to_be_visible()
    expect(page.get_by_test_id("seat")).to_have_count(3)
    expect(page.get_by_test_id("bot")).to_have_count(2)
