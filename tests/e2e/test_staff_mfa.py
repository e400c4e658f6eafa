"""A staff member's first login: sent to enrol a second factor, they read the secret off the
page (as an authenticator app scans it), enter its code, see their recovery codes and open a
game's audit. A second browser logged in with the password only cannot open the audit.

Both sizes; screenshots in tests/artifacts/ (staff-mfa-*).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_audit import ACTIVATE
from tests.e2e.test_audit import at
from tests.e2e.test_audit import disputed_game
from tests.e2e.test_audit import enrol
from tests.e2e.test_audit import password_login
from tests.e2e.test_axe import violations


def audit_page(path: str) -> re.Pattern:
    """The audit page ``path``, with or without the replay's ``?seq=N``."""
    return re.compile(r"^https?://[^/]+" + re.escape(path) + r"(\?seq=\d+)?$")


pytestmark = pytest.mark.e2e


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [None], ids=["desktop"])
def test_staff_enrol_on_first_login_and_a_password_alone_opens_no_audit(
    new_context, server_url, server_env, artifacts_dir, unique_name, viewport
):
    kind = "phone" if viewport else "desktop"
    player, staff = unique_name("pia"), unique_name("mod")
    _, gid, _ = disputed_game(server_url, server_env, player, staff)
    audit = f"/audit/games/{gid}"

    page = new_context(viewport).new_page()
    password_login(page, staff, audit)
    page.goto(audit)  # the staff page sends them to enrol, saying why
    expect(page).to_have_url(at(f"{ACTIVATE}"))
    expect(page.get_by_test_id("messages")).to_contain_text("second factor")
    expect(page.locator("img[alt]").first).to_be_visible()  # the QR code
    page.screenshot(path=artifacts_dir / f"staff-mfa-enrol-{kind}.png", full_page=True)
    assert violations(page) == []  # axe-core, as tests/e2e/test_axe.py
    enrol(page)
    codes = page.locator("[data-testid=recovery-codes] li, .recovery-codes li, pre, textarea")
    expect(codes.first).to_be_visible()
    page.screenshot(path=artifacts_dir / f"staff-mfa-recovery-codes-{kind}.png", full_page=True)
    assert violations(page) == []

    page.goto(audit)
    # The audit page, at whatever step its script has written into the URL by then (it adds
    # ?seq=N once the replay loads: checked exactly, the test raced the page's script).
    expect(page).to_have_url(audit_page(audit))
    expect(page.get_by_test_id("verdict")).to_be_visible()
    expect(page.get_by_test_id("verdict")).not_to_be_empty()
    page.screenshot(path=artifacts_dir / f"staff-mfa-audit-{kind}.png", full_page=True)

    # Players find the same pages from their settings.
    page.goto("/settings")
    expect(page.get_by_test_id("mfa-on")).to_be_visible()
    page.get_by_test_id("mfa-link").click()
    expect(page).to_have_url(at("/accounts/2fa/"))
    page.screenshot(path=artifacts_dir / f"staff-mfa-manage-{kind}.png", full_page=True)

    # Another browser with the password only: the login asks for the code; without it, the
    # session is not even logged in, and the audit is not opened.
    other = new_context(viewport).new_page()
    password_login(other, staff, audit)
    expect(other).to_have_url(at("/accounts/2fa/authenticate/"))
    expect(other.locator("input[name=code]")).to_be_visible()
    other.screenshot(path=artifacts_dir / f"staff-mfa-code-{kind}.png", full_page=True)
    assert violations(other) == []
    other.goto(audit)
    expect(other).not_to_have_url(audit_page(audit))
    status = other.request.get(f"/api/v1/audit/games/{gid}").status
    assert status in (401, 403)
