"""An account someone can keep: sign up with an email, follow the verification link from the
mail, log out, forget the password, reset it from the mail, log in with the new one.

The server writes its mail to files (EMAIL_URL=file://..., tests/e2e/conftest.py server_env).
"""

from __future__ import annotations

import email
import re
import time
from email import policy
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.test_live_table import PASSWORD
from tests.e2e.test_live_table import shot

pytestmark = pytest.mark.e2e


def mail_to(server_env, address: str, after: set[Path], timeout: float = 10) -> tuple[str, set]:
    """The body of the first new mail to ``address`` (not among ``after``), and all files now."""
    folder = Path(server_env["EMAIL_URL"].removeprefix("file://"))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        files = set(folder.glob("*.log"))
        for path in sorted(files - after, key=lambda p: p.stat().st_mtime):
            for chunk in path.read_text().split("-" * 79):
                if not chunk.strip():
                    continue
                message = email.message_from_string(chunk.strip(), policy=policy.default)
                if address in (message["To"] or ""):
                    part = message.get_body(("plain",)) or message
                    return part.get_content(), files
        time.sleep(0.2)
    raise AssertionError(f"no mail to {address} within {timeout}s")


def link_in(body: str) -> str:
    return re.search(r"https?://\S+", body).group(0)


def existing(server_env) -> set[Path]:
    return set(Path(server_env["EMAIL_URL"].removeprefix("file://")).glob("*.log"))


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [None], ids=["desktop"])
def test_sign_up_verify_forget_reset_and_log_in_again(
    new_context, server_env, unique_name, artifacts_dir, viewport
):
    kind = "phone" if viewport else "desktop"
    page = new_context(viewport).new_page()
    name = unique_name("keep")
    address = f"{name}@example.org"
    seen = existing(server_env)

    page.goto("/signup")
    page.locator("input[name=username]").fill(name)
    page.locator("input[name=password]").fill(PASSWORD)
    page.get_by_test_id("signup-email").fill(address)
    shot(page, artifacts_dir, f"accounts-signup-{kind}")
    page.get_by_test_id("signup-submit").click()
    page.wait_for_url("**/lobby")

    body, seen = mail_to(server_env, address, seen)
    page.goto("/settings")
    expect(page.get_by_test_id("email-unverified")).to_be_visible()
    page.goto(link_in(body))
    shot(page, artifacts_dir, f"accounts-confirm-{kind}")
    page.get_by_test_id("allauth-submit").click()
    page.wait_for_url("**/settings")
    expect(page.get_by_test_id("email-verified")).to_be_visible()
    shot(page, artifacts_dir, f"accounts-settings-{kind}")

    page.goto("/logout")
    page.get_by_test_id("logout-submit").click()
    page.wait_for_url(re.compile(r"/$"))

    page.goto("/login")
    page.get_by_test_id("forgot-password").click()
    page.locator("input[name=email]").fill(address)
    shot(page, artifacts_dir, f"accounts-reset-{kind}")
    page.get_by_test_id("allauth-submit").click()
    page.wait_for_url("**/password/reset/done/")
    shot(page, artifacts_dir, f"accounts-reset-sent-{kind}")

    body, seen = mail_to(server_env, address, seen)
    page.goto(link_in(body))
    new_password = "a-fresh-horse-battery-31"
    page.locator("input[name=password1]").fill(new_password)
    page.locator("input[name=password2]").fill(new_password)
    shot(page, artifacts_dir, f"accounts-new-password-{kind}")
    page.get_by_test_id("allauth-submit").click()
    page.wait_for_url("**/password/reset/key/done/")

    page.goto("/login")
    page.locator("input[name=username]").fill(name)
    page.locator("input[name=password]").fill(new_password)
    page.get_by_test_id("login-submit").click()
    page.wait_for_url("**/lobby")
    expect(page.get_by_test_id("username")).to_have_text(name)
