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


# No finite animation or transition is running (an endless one, such as a spinner, never ends).
SETTLED = """() => document.getAnimations().every(
  a => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity)"""


def violations(page) -> list[dict]:
    """axe's WCAG 2.1 AA violations on the page as it is, its motion settled: axe is run with
    reduced motion (the site's two animations, a tile's slide and a seat's action badge popping
    in, are then off), after every animation still running has ended. Mid-animation, a badge
    fading in measured as too little contrast (the phone table's flake hunt, 1 run in 5)."""
    if not AXE.exists():
        pytest.fail("axe-core is missing: run `make axe` (npm)", pytrace=False)
    reduced = page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    page.emulate_media(reduced_motion="reduce")
    try:
        page.wait_for_function(SETTLED)
        page.evaluate(AXE.read_text())
        result = page.evaluate(
            "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", RULES
        )
    finally:
        page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
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


def test_a_badge_popping_in_is_judged_by_its_settled_colours(new_context):
    """A seat's action badge fades in (``pb-pop``); axe run while it fades measures the text
    against a blend and reports too little contrast. ``violations`` judges the settled page.
    The fade is held half-way (nearly transparent, axe calls the contrast undecidable)."""
    page = new_context(DESKTOP_800).new_page()
    page.goto("/rules")
    opacity = page.evaluate(
        """() => {
        const seat = document.createElement("div");
        seat.className = "seat";
        seat.innerHTML = '<span class="badge seat-action">Drew</span>';
        document.querySelector("main").prepend(seat);
        const badge = seat.firstChild;
        const [fade] = badge.getAnimations();
        fade.pause();
        const length = fade.effect.getComputedTiming().duration;
        for (let at = 0; at <= length; at += length / 50) {  // to where it is half there
            fade.currentTime = at;
            if (Number(getComputedStyle(badge).opacity) >= 0.5) break;
        }
        return Number(getComputedStyle(badge).opacity);
    }"""
    )
    assert 0.5 <= opacity < 0.7, opacity
    page.evaluate(AXE.read_text())
    fading = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", RULES
    )
    assert "color-contrast" in {v["id"] for v in fading["violations"]}  # the blend, mid-fade
    assert violations(page) == []
    assert page.evaluate("matchMedia('(prefers-reduced-motion: no-preference)').matches")
