"""Accessibility: axe-core (WCAG 2.1 A and AA rules) finds no violation on the site's pages, at
1280x800 and 390x844. axe-core comes from npm (tests/e2e/axe, ``make axe``); it is evaluated
into the page over the DevTools protocol, so the pages' own CSP stays as it is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.conftest import PHONE
from tests.e2e.test_audit import log_in
from tests.e2e.test_audit import played_game
from tests.e2e.test_audit import register

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
DESKTOP_800 = {"width": 1280, "height": 800}
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def violations(page) -> list[dict]:
    if not AXE.exists():
        pytest.fail("axe-core is missing: run `make axe` (npm)", pytrace=False)
    page.evaluate(AXE.read_text())
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", RULES
    )
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "nodes": [n["target"] for n in v["nodes"]][:5],
            "count": len(v["nodes"]),
        }
        for v in result["violations"]
    ]


PUBLIC = [
    "/",
    "/rules",
    "/leaderboard",
    "/tournaments",
    "/tournaments/calendar",
    "/login",
    "/signup",
]


@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["desktop", "phone"])
def test_no_page_has_an_accessibility_violation(new_context, server_url, unique_name, viewport):
    name = unique_name("axe")
    token = register(server_url, name)
    gid = played_game(server_url, token)
    page = new_context(viewport).new_page()
    found = {}
    for path in PUBLIC:
        page.goto(path)
        page.wait_for_load_state("networkidle")
        found[path] = violations(page)
    log_in(page, name, "/lobby")
    for path in [
        "/lobby",
        "/my-games",
        f"/players/{name}",
        "/disputes",
        f"/games/{gid}",
        f"/games/{gid}/replay",
    ]:
        page.goto(path)
        page.wait_for_load_state("networkidle")
        found[path] = violations(page)
    bad = {path: v for path, v in found.items() if v}
    assert not bad, json.dumps(bad, indent=1)
