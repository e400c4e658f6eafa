"""The JavaScript catalog in a browser: a deferred script at /jsi18n/<lang>/<version>/, cached
for a year, another URL when the language changes, and the pages' modules still translated."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_audit import log_in
from tests.e2e.test_audit import register
from tests.e2e.test_table_bugs import bot_game

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}
CATALOG = re.compile(r"/jsi18n/(?P<lang>[a-z]+)/(?P<version>[0-9a-f]{12})/$")


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [DESKTOP_800], ids=["desktop"])
def test_the_catalog_is_cached_per_language_and_the_page_still_translated(
    new_context, server_url, unique_name, artifacts_dir, viewport
):
    size = "desktop" if viewport is DESKTOP_800 else "phone"
    player = unique_name("cat")
    token = register(server_url, player)
    game_id = bot_game(server_url, token, ["greedy", "greedy"], set_max=6, hand_size=7, rounds=2)
    context = new_context(viewport)
    page = context.new_page()
    log_in(page, player, "/lobby")
    seen: dict[str, object] = {}
    page.on("response", lambda r: seen.__setitem__(r.url, r) if "/jsi18n/" in r.url else None)
    urls = {}
    for lang, turn in (("ja", "あなたの番です"), ("it", None)):
        context.add_cookies([{"name": "django_language", "value": lang, "url": server_url}])
        seen.clear()
        page.goto(f"/games/{game_id}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.wait_for_function("typeof window.gettext === 'function'")
        (url, response), *others = seen.items()
        assert not others, list(seen)
        match = CATALOG.search(url)
        assert match, url
        assert match["lang"] == lang
        assert response.status == 200
        cache_control = response.headers["cache-control"]
        assert "immutable" in cache_control, cache_control
        assert "max-age=31536000" in cache_control, cache_control
        said = page.evaluate("window.gettext('Your turn')")
        assert said != "Your turn", (lang, said)
        if turn:
            assert said == turn
        # The table's modules ran after it: their turn line is in the language too.
        line = page.get_by_test_id("turn")
        expect(line).not_to_be_empty()
        assert not line.inner_text().startswith(("Your turn", "Waiting for")), lang
        urls[lang] = url
        page.screenshot(path=artifacts_dir / f"catalog-{lang}-{size}-table.png")
    assert urls["ja"] != urls["it"]
