"""The strict Content-Security-Policy in a real browser: the lobby, a live table, the API docs and
the admin work with nothing refused — no inline script or style left anywhere to block."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.conftest import PASSWORD
from tests.e2e.test_audit import enrol
from tests.e2e.test_live_table import GAME_PATH
from tests.e2e.test_live_table import create_table
from tests.e2e.test_live_table import sign_up
from tests.support.commands import manage

pytestmark = pytest.mark.e2e

DOCS_VIEWPORT = {"width": 1280, "height": 800}

# Chromium reports each refusal on the console ("Refused to ... because it violates the
# following Content Security Policy directive ..."); the page's securitypolicyviolation event
# is logged too, in case a refusal is reported only there.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
});
"""


def watch(page: Page) -> list[str]:
    """Return the list that collects the page's CSP violations as they happen."""
    violations: list[str] = []
    page.add_init_script(REPORT_VIOLATIONS)
    page.on(
        "console",
        lambda msg: (
            violations.append(f"{page.url}: {msg.text}")
            if "Content Security Policy" in msg.text
            else None
        ),
    )
    return violations


@pytest.fixture
def staff_user(server_env, unique_name) -> str:
    name = unique_name("chief")
    env = {**server_env, "DJANGO_SUPERUSER_PASSWORD": PASSWORD}
    made = manage("createsuperuser", "--noinput", "--username", name, "--email", "", env=env)
    assert made.returncode == 0, made.stderr
    return name


def test_lobby_and_a_table_run_under_the_policy_without_a_violation(new_context, unique_name):
    page = new_context().new_page()
    violations = watch(page)
    response = page.goto("/lobby")
    assert "'unsafe-inline'" not in response.headers["content-security-policy"]
    expect(page.locator("#open-tables")).to_be_attached()
    sign_up(page, unique_name("csp"))
    create_table(page)
    assert GAME_PATH.search(page.url)
    # the table's socket connected (connect-src) and its scripts ran: the seats are drawn
    expect(page.get_by_test_id("seat").first).to_be_visible()
    expect(page.get_by_test_id("status")).not_to_be_empty()
    assert violations == []


def test_the_api_docs_render_under_the_policy_without_a_violation(new_context, artifacts_dir):
    page = new_context(viewport=DOCS_VIEWPORT).new_page()
    violations = watch(page)
    response = page.goto("/api/docs/")
    assert "'unsafe-inline'" not in response.headers["content-security-policy"]
    # Swagger UI's start-up script (from ?script) ran and drew the operations
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible(timeout=15_000)
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Mexican Train")
    page.screenshot(path=str(artifacts_dir / "api-docs-1280x800.png"))
    page.locator(".swagger-ui .opblock-summary").first.click()  # expand one operation
    expect(page.locator(".swagger-ui .opblock-body").first).to_be_visible()
    page.goto("/api/redoc/")  # no longer served: it redirects to Swagger UI
    expect(page).to_have_url(re.compile(r"/api/docs/$"))
    assert violations == []


def test_the_admin_works_under_the_policy_without_a_violation(new_context, staff_user):
    page = new_context().new_page()
    violations = watch(page)
    page.goto("/admin/login/")
    page.locator("input[name=username]").fill(staff_user)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[type=submit]").click()
    # Staff enrol a second factor first (accounts.second_factor), under the same policy.
    page.wait_for_url(re.compile(r"/accounts/2fa/totp/activate/$"))
    enrol(page)
    page.goto("/admin/")
    expect(page).to_have_url(re.compile(r"/admin/$"))
    page.goto("/admin/accounts/user/")
    expect(page.locator("#result_list")).to_be_visible()
    page.locator("#result_list th.field-username a").first.click()
    expect(page.locator("#user_form")).to_be_visible()
    page.goto("/admin/accounts/user/add/")
    expect(page.locator("input[name=username]")).to_be_visible()
    assert violations == []
