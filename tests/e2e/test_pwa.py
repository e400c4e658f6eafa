"""The installable app in Chromium (issue 34, item 1): the manifest parses with what
installability needs, the service worker registers and controls the pages, Chromium reports no
installability error (CDP Page.getInstallabilityErrors), and with the network gone a page is the
offline page, in the player's language, listing the games their last "My games" saved on the
device. Signing out forgets them. Screenshots at 1280x800 and 390x844 in tests/artifacts/ (the
offline page, and /settings' "Notifications on this device").

Nothing is installed: the checks are Chromium's own verdict on the manifest and the worker."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM_ARGS
from tests.e2e.test_axe import violations as axe_violations
from tests.e2e.test_csp import watch
from tests.e2e.test_email_settings import correspondence_game
from tests.e2e.test_email_settings import register
from tests.e2e.test_live_table import log_in
from tests.e2e.test_live_table import shot

pytestmark = pytest.mark.e2e

SCREEN = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


# How many games this device saved for the offline page, once it has saved any (asked again
# until then, for up to 5 s: the write follows the list's drawing).
SAVED_GAMES = """async () => {
  for (let tries = 0; tries < 100; tries++) {
    const found = await (await caches.open("mt-offline-data")).match("/offline-data/games");
    if (found) return (await found.json()).games.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}"""


def controlled(page) -> None:
    """Wait until the service worker is active, then until it controls ``page`` once loaded
    again: it claims the pages open when it activates, but a page whose load began before
    and ended after that is not one of them (Chromium's first visit, now and then)."""
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def test_the_manifest_and_service_worker_make_the_site_installable(
    browser, chromium_executable, server_url, tmp_path, unique_name
):
    """In a profile of its own: Chromium never finds an incognito context installable, and a
    test context is one. Launched by the session's Playwright (``browser.browser_type``): a
    second ``sync_playwright()`` in a process whose session browser runs refuses to start
    ("Sync API inside the asyncio loop"; a flake hunt met it whenever another browser test had
    run first in the same process)."""
    name = unique_name("inst")
    register(server_url, name)
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=chromium_executable,
        args=CHROMIUM_ARGS,
        headless=True,
        base_url=server_url,
        viewport=SCREEN,
        locale="en-US",
    )
    try:
        page = context.new_page()
        log_in(page, name)
        page.goto("/my-games")
        controlled(page)
        registration = page.evaluate(
            """async () => {
              const r = await navigator.serviceWorker.getRegistration();
              return {scope: r.scope, script: r.active && r.active.scriptURL};
            }"""
        )
        assert registration == {"scope": server_url + "/", "script": server_url + "/sw.js"}

        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == server_url + "/manifest.webmanifest"
        assert manifest["errors"] == []
        # Chromium's parsed view, where this version gives it ("kStandalone" in 156).
        parsed = manifest.get("manifest") or {"display": "standalone"}
        assert parsed["display"].lower().endswith("standalone")
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
    finally:
        context.close()


def test_the_manifest_names_its_icons_and_they_are_there(new_context):
    page = new_context().new_page()
    page.goto("/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    response = page.request.get(href)
    assert response.ok
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/my-games"
    assert manifest["scope"] == "/"
    assert manifest["name"]
    assert manifest["short_name"]
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        image = page.request.get(icon["src"])
        assert image.ok, icon
        assert image.headers["content-type"] == "image/png", icon


def test_offline_a_page_is_the_offline_page_with_the_players_games(
    new_context, server_url, artifacts_dir, unique_name
):
    host, guest = unique_name("ana"), unique_name("bo")
    tokens = {host: register(server_url, host), guest: register(server_url, guest)}
    game = correspondence_game(server_url, host, guest, tokens)
    mover = [s["username"] for s in game["seats"] if s["index"] == game["to_move"]][0]
    other = guest if mover == host else host
    context = new_context(viewport=SCREEN, service_workers="allow")
    page = context.new_page()
    violations = watch(page)  # the Content-Security-Policy refuses nothing, offline neither
    log_in(page, mover)
    # The player reads the site in Italian (the header's switch): the offline page is in it too.
    with page.expect_navigation():
        page.get_by_test_id("language").select_option("it")
    page.goto("/my-games")
    controlled(page)
    expect(page.get_by_test_id("my-game")).to_have_count(1)
    expect(page.locator("html")).to_have_attribute("lang", "it")
    # My games saved what it shows for the offline page (pwa.js: Cache Storage).
    assert page.evaluate(SAVED_GAMES) == 1

    context.set_offline(True)
    page.goto("/lobby")
    expect(page.get_by_test_id("offline-title")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    row = page.get_by_test_id("offline-game")
    expect(row).to_have_count(1)
    expect(row).to_have_attribute("data-game-id", game["id"])
    expect(row).to_have_class("table-row your-turn")
    expect(page.get_by_test_id("offline-turn")).to_have_text("Tocca a te")
    expect(page.get_by_test_id("offline-saved")).to_be_visible()
    assert axe_violations(page) == []
    shot(page, artifacts_dir, "offline-1280")
    page.set_viewport_size(PHONE)
    expect(row).to_be_visible()
    shot(page, artifacts_dir, "offline-390")

    # Back online, the page asked for comes by itself (offline.js reloads on "online").
    context.set_offline(False)
    expect(page.get_by_test_id("offline-title")).to_have_count(0)
    expect(page.get_by_test_id("create-form")).to_be_visible()
    assert page.url.endswith("/lobby")

    # Signed out, the device forgets the games: offline there is nothing to list.
    page.set_viewport_size(SCREEN)
    page.get_by_test_id("account-menu").click()
    page.get_by_test_id("logout").click()
    page.wait_for_url(server_url + "/")
    expect(page.get_by_test_id("login-link")).to_be_visible()
    context.set_offline(True)
    page.goto("/my-games")
    expect(page.get_by_test_id("offline-empty")).to_be_visible()
    expect(page.get_by_test_id("offline-game")).to_have_count(0)
    assert other  # the opponent's games were never on this device
    assert violations == []


def test_settings_offer_notifications_on_this_device(
    new_context, server_url, artifacts_dir, unique_name
):
    name = unique_name("cy")
    register(server_url, name)
    context = new_context(viewport=SCREEN, service_workers="allow")
    page = context.new_page()
    log_in(page, name)
    page.goto("/settings")
    section = page.get_by_test_id("push-section")
    for kind in ("your_turn", "tournament", "quick", "challenge", "dispute_update"):
        expect(section.get_by_test_id(f"push-kind-{kind}")).to_be_checked()
    expect(section.get_by_test_id("push-state")).to_have_text("Off for this device.")
    expect(section.get_by_test_id("push-on")).to_be_enabled()
    assert axe_violations(page) == []
    section.scroll_into_view_if_needed()
    page.screenshot(path=artifacts_dir / "settings-push-1280.png")
    page.set_viewport_size(PHONE)
    section.scroll_into_view_if_needed()
    page.screenshot(path=artifacts_dir / "settings-push-390.png")
