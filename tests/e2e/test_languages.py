"""The table and a tournament page in each of the five languages (issue 16): the interface is
translated (the navigation too), Thai and Japanese are drawn with real glyphs (the fonts are
installed with the browser: `make browser`), and each page is kept as a screenshot at both sizes
to look at."""

from __future__ import annotations

import subprocess

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import in_ci
from tests.e2e.test_audit import log_in
from tests.e2e.test_audit import register
from tests.e2e.test_table_bugs import bot_game
from tests.e2e.test_tournament import schedule_tournament

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}
# What the navigation's "My games" link reads, per language (the catalogs' translations).
EXPECTED = {
    "th": "เกมของฉัน",
    "hu": "Játszmáim",
    "ja": "マイゲーム",
    "it": "Le mie partite",
    "tl": "Mga laro ko",
}
SCRIPTS = {"th": "th", "ja": "ja"}  # fontconfig languages whose fonts must be there


def fonts_for(lang: str) -> int:
    done = subprocess.run(["fc-list", f":lang={lang}"], capture_output=True, text=True)
    return len([line for line in done.stdout.splitlines() if line.strip()])


@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["desktop", "phone"])
def test_the_table_and_a_tournament_in_every_language(
    new_context, server_url, server_env, unique_name, artifacts_dir, viewport
):
    for lang, script in SCRIPTS.items():
        if not fonts_for(script):
            message = f"no font for {lang} (fonts-thai-tlwg, fonts-noto-cjk: `make browser`)"
            if in_ci():
                pytest.fail(message, pytrace=False)
            pytest.skip(message)
    size = "desktop" if viewport is DESKTOP_800 else "phone"
    player, staff = unique_name("lang"), unique_name("lorg")
    token = register(server_url, player)
    game_id = bot_game(server_url, token, ["greedy", "greedy"], set_max=6, hand_size=7, rounds=2)
    tournament_id = schedule_tournament(
        server_env, staff, f"Cup {player}", start_in=3600, people=(player,), bots=2
    )
    context = new_context(viewport)
    page = context.new_page()
    log_in(page, player, "/lobby")
    english = page.locator("header nav a[href='/my-games']").first.text_content().strip()
    for lang, my_games in EXPECTED.items():
        context.add_cookies([{"name": "django_language", "value": lang, "url": server_url}])
        page.goto(f"/games/{game_id}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.get_by_test_id("hand")).to_be_visible()
        text = page.locator("header nav a[href='/my-games']").first.text_content().strip()
        assert text != english, f"{lang}: the navigation is in English"
        assert text == my_games, (lang, text)
        # The table's own strings, from the JavaScript catalog: the turn line is not English.
        turn = page.get_by_test_id("turn")
        expect(turn).not_to_be_empty()
        said = turn.inner_text().strip()
        assert said != "Your turn", lang
        assert not said.startswith("Waiting for"), (lang, said)
        if viewport is PHONE:  # brand, bell and Menu share one line, however long the words
            tops = page.evaluate(
                """() => ['.brand', '.bell', '#menu-button'].map(
                    (q) => Math.round(document.querySelector(q).getBoundingClientRect().top))"""
            )
            assert max(tops) - min(tops) < 20, (lang, tops)
        page.screenshot(path=artifacts_dir / f"lang-{lang}-{size}-table.png")
        page.goto(f"/tournaments/{tournament_id}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.wait_for_load_state("networkidle")
        page.screenshot(path=artifacts_dir / f"lang-{lang}-{size}-tournament.png")
