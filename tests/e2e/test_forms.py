"""Small things a tester tripped on, in the forms: each error said once, in words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, api
from tests.e2e.test_live_table import shot

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}


@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["desktop", "phone"])
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
