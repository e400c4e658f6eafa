"""The table page's fair deal (record version 2) in a real browser: the commitment shown as the
table opens, a contribution generated with Web Crypto at join that the player may change until
the start, everyone's once fixed, and after the end the server seed and how to verify offline.

The moves themselves are made through the REST API (the live table test plays through the
page); the pages are only watched.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from games.engine.deal import derive_seed_v2
from games.engine.record import verify_record
from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.conftest import register
from tests.e2e.test_live_table import create_table
from tests.e2e.test_live_table import log_in
from tests.e2e.test_live_table import settle
from tests.e2e.test_live_table import shot

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 800}
HEX32 = re.compile(r"^[0-9a-f]{32}$")
HEX64 = re.compile(r"^[0-9a-f]{64}$")
LIVE_MS = 5_000
GAME_TIME_LIMIT = 120  # seconds for the scripted players to finish one round


def game_info(server_url: str, game_id: str, token: str | None = None) -> dict:
    status, body = api(server_url, "GET", f"/api/v1/games/{game_id}", token=token)
    assert status == 200, body
    return body


def play_out(server_url: str, game_id: str, tokens: dict[int, str]) -> int:
    """Make the first legal move of whoever is to move until the match is over."""
    moves, deadline = 0, time.monotonic() + GAME_TIME_LIMIT
    while game_info(server_url, game_id)["status"] == "active":
        assert time.monotonic() < deadline, f"the game did not end after {moves} moves"
        info = game_info(server_url, game_id)
        if info["status"] != "active" or info["to_move"] is None:
            continue
        token = tokens[info["to_move"]]
        _, st = api(server_url, "GET", f"/api/v1/games/{game_id}/state", token=token)
        if st["seq"] != info["seq"] or not st["legal_moves"]:
            continue
        body = {**st["legal_moves"][0], "expected_seq": st["seq"]}
        status, answer = api(
            server_url, "POST", f"/api/v1/games/{game_id}/moves", body, token=token
        )
        assert status in (201, 409), answer
        moves += 1
    return moves


def contribution_of(page: Page, seat: int):
    return page.locator(f'[data-testid="contribution"][data-seat="{seat}"]')


def test_a_player_sees_the_commitment_contributes_and_can_verify_the_deal(
    new_context, server_url, artifacts_dir, unique_name
):
    ana_name, bo_name = unique_name("ana"), unique_name("bo")
    tokens = {0: register(server_url, ana_name), 1: register(server_url, bo_name)}
    page_a = new_context(DESKTOP).new_page()
    page_b = new_context(DESKTOP).new_page()
    log_in(page_a, ana_name)
    log_in(page_b, bo_name)

    # Ana opens a table from the lobby: the commitment is on the page before anyone joins, and
    # her seat already holds the random contribution the lobby generated for her.
    game_id = create_table(page_a, players=2, rounds="1")
    commitment = page_a.get_by_test_id("seed-commitment")
    expect(commitment).to_have_text(HEX64)
    shown = commitment.inner_text()
    assert game_info(server_url, game_id)["fairness"]["server_seed_commitment"] == shown
    expect(page_a.get_by_test_id("committed-at")).to_contain_text("published")
    expect(page_a.get_by_test_id("contribution-input")).to_have_value(HEX32)
    expect(page_a.get_by_test_id("contribution-box")).to_have_attribute("data-saved", "true")

    # Bo opens the table: before joining, his browser has picked a value with Web Crypto; he
    # replaces it with his own words and joins with them.
    page_b.goto(f"/games/{game_id}")
    expect(page_b.get_by_test_id("seed-commitment")).to_have_text(shown)
    box_b = page_b.get_by_test_id("contribution-input")
    expect(box_b).to_have_value(HEX32)
    generated = box_b.input_value()
    page_b.get_by_test_id("contribution-random").click()
    expect(box_b).not_to_have_value(generated)
    expect(box_b).to_have_value(HEX32)
    box_b.fill("bo's lucky words ✓")
    page_b.get_by_test_id("join").click()
    expect(page_b.get_by_test_id("leave")).to_be_visible()
    expect(page_b.get_by_test_id("contribution-box")).to_have_attribute("data-saved", "true")
    mine = game_info(server_url, game_id, tokens[1])["fairness"]["contributions"]
    assert [c["value"] for c in mine] == [None, "bo's lucky words ✓"]
    # Before the start each player sees their own value and only that the other contributed.
    expect(contribution_of(page_b, 1)).to_contain_text("bo's lucky words ✓")
    expect(contribution_of(page_b, 0)).to_contain_text("contributed")

    # Ana changes hers until the start.
    box_a = page_a.get_by_test_id("contribution-input")
    box_a.fill("ana: my own salt")
    expect(page_a.get_by_test_id("contribution-save")).to_be_visible()
    page_a.get_by_test_id("contribution-save").click()
    expect(page_a.get_by_test_id("contribution-box")).to_have_attribute("data-saved", "true")
    settle(page_b)
    shot(page_b, artifacts_dir, "fairness-open-1280")
    phone = page_b.context.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(f"/games/{game_id}")
    expect(phone.get_by_test_id("contribution-input")).to_have_value("bo's lucky words ✓")
    settle(phone)
    shot(phone, artifacts_dir, "fairness-open-phone-390")
    phone.close()

    # The start fixes both values and shows them to both players; the commitment stays.
    expect(page_a.get_by_test_id("start")).to_be_enabled(timeout=LIVE_MS)
    page_a.get_by_test_id("start").click()
    for page in (page_a, page_b):
        expect(page.get_by_test_id("status")).to_have_text("active", timeout=LIVE_MS)
        expect(page.get_by_test_id("contribution-box")).to_be_hidden()
        expect(page.get_by_test_id("contributions")).to_have_attribute(
            "data-fixed", "true", timeout=LIVE_MS
        )
        expect(contribution_of(page, 0)).to_contain_text("ana: my own salt")
        expect(contribution_of(page, 1)).to_contain_text("bo's lucky words ✓")
        expect(page.get_by_test_id("seed-commitment")).to_have_text(shown)
        expect(page.get_by_test_id("verify-offline")).to_be_hidden()
    status, _ = api(
        server_url,
        "POST",
        f"/api/v1/games/{game_id}/contribution",
        {"value": "too late"},
        token=tokens[1],
    )
    assert status == 409

    # After the end: the server seed, the seed, and how to check it all offline.
    assert play_out(server_url, game_id, tokens) > 0
    info = game_info(server_url, game_id)
    assert info["status"] == "finished"
    for page in (page_a, page_b):
        expect(page.get_by_test_id("status")).to_have_text("finished", timeout=LIVE_MS)
        expect(page.get_by_test_id("server-seed")).to_have_text(
            info["fairness"]["server_seed"], timeout=LIVE_MS
        )
        expect(page.get_by_test_id("seed")).to_have_text(info["seed"])
        expect(page.get_by_test_id("verify-command")).to_have_text(
            "python -m games.engine verify record.json --keys mexican-train-keys.json"
        )
        expect(page.get_by_test_id("keys-link")).to_have_attribute(
            "href", "/.well-known/mexican-train-keys.json"
        )
    server_seed = bytes.fromhex(info["fairness"]["server_seed"])
    values = ["ana: my own salt", "bo's lucky words ✓"]
    assert derive_seed_v2(server_seed, values).hex() == info["seed"]
    # The page's download link serves the version 2 record, which verifies.
    href = page_b.get_by_test_id("record-link").get_attribute("href")
    status, record = api(server_url, "GET", href)
    assert status == 200
    assert record["version"] == 2
    verdict = verify_record(record)
    assert verdict.ok, verdict.problem
    assert verdict.seed_checked, verdict.problem
    settle(page_b)
    page_b.get_by_test_id("verify-offline").scroll_into_view_if_needed()
    shot(page_b, artifacts_dir, "fairness-finished-1280")
    phone = page_b.context.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(f"/games/{game_id}")
    expect(phone.get_by_test_id("server-seed")).to_have_text(info["fairness"]["server_seed"])
    settle(phone)
    shot(phone, artifacts_dir, "fairness-finished-phone-390")
    phone.close()
