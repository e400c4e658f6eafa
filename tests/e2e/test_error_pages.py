"""A player who follows a staff link gets the platform's own 403 page (issue 31, item 10), in
their language, in the site's layout, with a way back; kept as screenshots at both sizes."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.test_audit import password_login
from tests.e2e.test_audit import register

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}


@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["desktop", "phone"])
def test_a_player_on_a_staff_page_sees_the_platforms_403_in_japanese(
    new_context, server_url, unique_name, artifacts_dir, viewport
):
    size = "desktop" if viewport is DESKTOP_800 else "phone"
    name = unique_name("no-staff")
    register(server_url, name)
    context = new_context(viewport)
    context.add_cookies([{"name": "django_language", "value": "ja", "url": server_url}])
    page = context.new_page()
    audit = f"/audit/games/{uuid.uuid4()}"

    statuses = []
    page.on("response", lambda r: statuses.append(r.status) if r.url.endswith(audit) else None)
    password_login(page, name, audit)

    assert statuses[-1] == 403
    forbidden = page.get_by_test_id("forbidden")
    expect(forbidden.get_by_role("heading", level=1)).to_have_text(
        "このページを開くことはできません"
    )
    expect(forbidden).to_contain_text(name)  # who is signed in, and that this page is not theirs
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator(".site-header")).to_be_visible()  # the site's layout, its menu and language
    lobby = page.get_by_test_id("error-lobby")
    expect(lobby).to_be_visible()
    expect(page.get_by_test_id("error-home")).to_be_visible()
    # Nothing is wider than the phone's screen.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=artifacts_dir / f"error-403-ja-{size}.png", full_page=True)

    lobby.click()  # the way back works
    page.wait_for_url("**/lobby")
