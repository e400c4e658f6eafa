"""An API refusal read in the reader's language (issue 16): the sign-in form's error comes from
the API's ``detail``, so a Japanese reader sees it in Japanese; kept as screenshots at both sizes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_audit import register

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [DESKTOP_800], ids=["desktop"])
def test_a_wrong_password_is_refused_in_the_readers_language(
    new_context, server_url, unique_name, artifacts_dir, viewport
):
    size = "desktop" if viewport is DESKTOP_800 else "phone"
    name = unique_name("errja")
    register(server_url, name)
    context = new_context(viewport)
    context.add_cookies([{"name": "django_language", "value": "ja", "url": server_url}])
    page = context.new_page()
    page.goto("/login")
    page.locator("input[name=username]").fill(name)
    page.locator("input[name=password]").fill("not-the-password-1")
    page.get_by_test_id("login-submit").click()
    error = page.get_by_test_id("form-error")
    expect(error).to_have_text("ユーザー名またはパスワードが違います。")
    page.screenshot(path=artifacts_dir / f"error-language-ja-{size}.png", full_page=True)
    # Without the cookie, the same refusal reads in English, as before.
    context.clear_cookies()
    page.goto("/login")
    page.locator("input[name=username]").fill(name)
    page.locator("input[name=password]").fill("not-the-password-1")
    page.get_by_test_id("login-submit").click()
    expect(error).to_be_visible()
    assert error.text_content().isascii()
