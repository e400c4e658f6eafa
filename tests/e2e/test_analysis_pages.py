"""The game analysis in the pages (issue 18 items 1-4): a real rated game against a bot, played
to its end over the API and analysed for real (the served platform's budget is tiny: conftest),
then in Chromium, at 1280x800 and 390x844:

- the replay's Analysis panel: each player's accuracy (the bot labelled), the per-decision chart
  (an SVG with its title and description), the list of big losses taking the replay to the move,
  the luck table of the round; no accessibility violation with the panel drawn;
- the profile: accuracy and the skill index, with what the index means;
- the leaderboard: the Skill index column;
- staff see the fair-play signals on the audit page and the dispute page; the player sees no
  such panel on the dispute and is refused the staff endpoint.
"""

from __future__ import annotations

import re
import secrets
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.test_audit import log_in
from tests.e2e.test_audit import make_staff
from tests.e2e.test_audit import register
from tests.e2e.test_axe import violations
from tests.e2e.test_ending import new_game
from tests.e2e.test_ending import play_out
from tests.e2e.test_ending import start
from tests.e2e.test_live_table import shot
from tests.support.commands import manage

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}
ANALYSIS_LIMIT_S = 90
PERCENT = re.compile(r"^\d{1,3}\.\d%$")
SIGNED = re.compile(r"^([+−]\d+\.\d|0\.0)$")


def analysis_of(server_url: str, gid: str, token: str) -> dict:
    status, body = api(server_url, "GET", f"/api/v1/games/{gid}/analysis", token=token)
    assert status == 200, body
    return body


def wait_for_analysis(server_url: str, server_env: dict, gid: str, token: str) -> dict:
    """The analysis the game's end submitted, once done. If the embedded runner has not got to
    it in a while (a busy machine), the operator's command computes it: the pages are under
    test here, not the task queue."""
    started = time.monotonic()
    while time.monotonic() - started < ANALYSIS_LIMIT_S:
        body = analysis_of(server_url, gid, token)
        if body["status"] == "done":
            return body
        assert body["status"] == "pending", body
        if time.monotonic() - started > ANALYSIS_LIMIT_S / 2:
            break
        time.sleep(1)
    proc = manage("analyse_games", "--game", gid, env=server_env, timeout=ANALYSIS_LIMIT_S)
    assert proc.returncode == 0, proc.stderr
    body = analysis_of(server_url, gid, token)
    assert body["status"] == "done", body
    return body


@pytest.fixture(scope="module")
def analysed(server_url, server_env) -> dict:
    """A player's rated one-round game against a random bot, analysed, and a dispute of the
    player's about it (for the staff pages)."""
    name = f"ana{secrets.token_hex(3)}"
    token = register(server_url, name)
    gid = new_game(server_url, token, bots=("random",), rated=True)
    start(server_url, token, gid)
    play_out(server_url, token, gid)
    body = wait_for_analysis(server_url, server_env, gid, token)
    status, dispute = api(
        server_url,
        "POST",
        "/api/v1/disputes",
        {"game": gid, "category": "rules_or_bug", "reason": "Was that bot fair?", "seq": 4},
        token,
    )
    assert status == 201, dispute
    return {"name": name, "token": token, "gid": gid, "analysis": body, "dispute": dispute}


def size_of(viewport) -> str:
    return "desktop" if viewport is DESKTOP_800 else "phone"


def no_sideways_scroll(page) -> None:
    """Nothing on the page is wider than the window (a 390 px phone scrolls only down)."""
    width = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert width <= 0, f"the page is {width}px wider than the window"


@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["desktop", "phone"])
def test_the_replay_shows_the_analysis_of_the_finished_game(
    new_context, server_url, artifacts_dir, analysed, viewport
):
    size = size_of(viewport)
    name, gid, answer = analysed["name"], analysed["gid"], analysed["analysis"]
    page = new_context(viewport).new_page()
    log_in(page, name, f"/games/{gid}/replay")
    panel = page.get_by_test_id("analysis")
    expect(panel).to_be_visible()
    expect(panel).to_have_attribute("data-state", "done")

    # Accuracy per player, the bot labelled a bot.
    rows = page.get_by_test_id("analysis-player")
    expect(rows).to_have_count(2)
    for p in answer["players"]:
        row = page.locator(f'[data-testid="analysis-player"][data-seat="{p["seat"]}"]')
        expect(row).to_contain_text(p["username"])
        expect(row.get_by_test_id("analysis-player-accuracy")).to_have_text(PERCENT)
        expect(row.locator(".badge.bot")).to_have_count(1 if p["is_bot"] else 0)
    mine = next(p for p in answer["analysis"]["players"] if p["seat"] == 0)
    expect(page.locator('[data-testid="analysis-player"][data-seat="0"]')).to_contain_text(
        f"{mine['accuracy']:.1f}%"
    )

    # The per-decision chart: an SVG image with its title and description, and its legend.
    chart = page.get_by_test_id("loss-chart-svg")
    expect(chart).to_have_attribute("role", "img")
    expect(chart.locator("title")).to_have_text("Points lost per decision")
    expect(chart.locator("desc")).to_contain_text("decisions")
    assert chart.locator(".analysis-dots > *").count() >= len(answer["analysis"]["decisions"])
    expect(page.get_by_test_id("loss-chart-legend")).to_contain_text(name)

    # The luck table of the round, every number signed.
    tables = page.get_by_test_id("luck-table")
    expect(tables).to_have_count(len(answer["analysis"]["rounds"]))
    expect(tables.first.locator("caption")).to_have_text("Round 1")
    expect(tables.first.locator("tbody tr")).to_have_count(2)
    for cell in tables.first.get_by_test_id("luck-skill").all_inner_texts():
        assert SIGNED.match(cell), cell
    expect(page.get_by_test_id("analysis-luck")).to_contain_text("against the table average")

    # A big loss, when the game has one, takes the replay to its move.
    big = page.get_by_test_id("big-loss")
    if big.count():
        step = big.first.get_attribute("data-step")
        big.first.get_by_role("button").click()
        expect(page.get_by_test_id("replay-slider")).to_have_value(step)
        expect(page.get_by_test_id("replay-slider")).to_be_focused()
    else:
        expect(page.get_by_test_id("analysis-big-losses")).to_contain_text("No decision lost")

    no_sideways_scroll(page)
    shot(page, artifacts_dir, f"analysis-replay-{size}")
    panel.screenshot(path=artifacts_dir / f"analysis-replay-panel-{size}.png")
    assert not violations(page), violations(page)


@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["desktop", "phone"])
def test_the_profile_and_the_leaderboard_show_accuracy_and_the_skill_index(
    new_context, server_url, artifacts_dir, analysed, viewport
):
    size = size_of(viewport)
    name, token = analysed["name"], analysed["token"]
    status, profile = api(server_url, "GET", f"/api/v1/players/{name}", token=token)
    assert status == 200, profile
    summary = profile["analysis"]
    assert summary["games"] >= 1, summary
    page = new_context(viewport).new_page()
    log_in(page, name, f"/players/{name}")
    box = page.get_by_test_id("profile-analysis")
    expect(box).to_be_visible()
    expect(page.get_by_test_id("profile-accuracy")).to_have_text(f"{summary['accuracy']:.1f}%")
    expect(page.get_by_test_id("profile-skill-index")).to_have_text(SIGNED)
    expect(page.get_by_test_id("skill-index-explained")).to_contain_text("luck of the deal")
    expect(page.get_by_test_id("accuracy-chart").locator("svg[role=img] > title")).to_have_text(
        "Accuracy in recent games"
    )
    page.get_by_text("Analysed games", exact=True).last.click()  # the table of them
    expect(page.get_by_test_id("analysis-recent-row")).to_have_count(len(summary["recent"]))
    no_sideways_scroll(page)
    shot(page, artifacts_dir, f"analysis-profile-{size}")

    # The leaderboard page the player is on: its row has the skill index.
    page_no, row = 1, None
    while row is None:
        status, board = api(
            server_url, "GET", f"/api/v1/ratings/leaderboard?kind=live&page={page_no}"
        )
        assert status == 200, board
        row = next((r for r in board["results"] if r["username"] == name), None)
        if row is None:
            assert page_no < board["pages"], f"{name} is not on the leaderboard"
            page_no += 1
    assert row["skill_index"] is not None, row
    page.goto(f"/leaderboard?page={page_no}")
    expect(page.get_by_test_id("skill-index-head")).to_have_text("Skill index")
    mine = page.get_by_test_id("leaderboard-row").filter(has_text=name)
    expect(mine.get_by_test_id("leaderboard-skill")).to_have_text(SIGNED)
    no_sideways_scroll(page)
    shot(page, artifacts_dir, f"analysis-leaderboard-{size}")


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [DESKTOP_800], ids=["desktop"])
def test_staff_see_the_fair_play_signals_and_players_do_not(
    new_context, server_url, server_env, artifacts_dir, unique_name, analysed, viewport
):
    size = size_of(viewport)
    name, gid, dispute = analysed["name"], analysed["gid"], analysed["dispute"]
    staff = unique_name("fair")
    register(server_url, staff)
    make_staff(server_env, staff)

    page = new_context(viewport).new_page()
    log_in(page, staff, f"/audit/games/{gid}")
    panel = page.get_by_test_id("fair-play")
    expect(panel).to_be_visible()
    expect(page.get_by_test_id("fair-play-note")).to_have_text(
        "Signals only — never an automatic sanction."
    )
    player = page.locator(f'[data-testid="fair-play-player"][data-username="{name}"]')
    expect(player).to_be_visible()
    expect(page.get_by_test_id("fair-play-player")).to_have_count(1)  # the bot is not judged
    expect(player.get_by_test_id("fair-play-accuracy")).to_contain_text("strong bot")
    expect(player.get_by_test_id("fair-play-assistance")).to_contain_text("ssistance signal")
    expect(player.get_by_test_id("fair-play-opponents")).to_be_visible()
    no_sideways_scroll(page)
    shot(page, artifacts_dir, f"analysis-audit-{size}")
    panel.screenshot(path=artifacts_dir / f"analysis-fair-play-{size}.png")

    page.goto(f"/disputes/{dispute['id']}")
    expect(page.get_by_test_id("dispute-staff")).to_be_visible()
    expect(
        page.locator(f'[data-testid="fair-play-player"][data-username="{name}"]')
    ).to_be_visible()
    shot(page, artifacts_dir, f"analysis-dispute-staff-{size}")

    # The player: no such panel on their dispute, and the staff endpoint refused.
    own = new_context(viewport).new_page()
    log_in(own, name, f"/disputes/{dispute['id']}")
    expect(own.get_by_test_id("dispute-facts")).to_contain_text("Was that bot fair?")
    expect(own.get_by_test_id("fair-play")).to_have_count(0)
    status, body = api(
        server_url, "GET", f"/api/v1/audit/players/{name}/fair-play", token=analysed["token"]
    )
    assert status == 403, body
