"""The table page keeps the player's signed move receipts (localStorage, per game), checks them
against the log and downloads them as JSON that the receipts endpoint accepts as it is."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import api
from tests.e2e.test_live_table import GAME_PATH
from tests.e2e.test_live_table import create_table
from tests.e2e.test_live_table import play_moves
from tests.e2e.test_live_table import seat_of
from tests.e2e.test_live_table import sign_up

pytestmark = pytest.mark.e2e

KEPT = "JSON.parse(localStorage.getItem('mexican-train:receipts:' + {gid!r}) || '[]')"


def test_a_players_receipts_are_kept_checked_and_downloaded(new_context, server_url, unique_name):
    page_a, page_b = new_context().new_page(), new_context().new_page()
    sign_up(page_a, unique_name("ana"))
    game_id = create_table(page_a, players=2, rounds="1")
    sign_up(page_b, unique_name("bo"))
    page_b.goto(f"/games/{game_id}")
    page_b.get_by_test_id("join").click()
    expect(page_b.get_by_test_id("leave")).to_be_visible()
    page_a.get_by_test_id("start").click(timeout=10_000)
    for page in (page_a, page_b):
        expect(page.get_by_test_id("status")).to_have_text("active", timeout=10_000)
    players = {seat_of(page_a): page_a, seat_of(page_b): page_b}
    play_moves(server_url, game_id, players, [], 4, [])

    kept = {seat: page.evaluate(KEPT.format(gid=game_id)) for seat, page in players.items()}
    assert sum(len(receipts) for receipts in kept.values()) == 4, kept  # one per move made
    seat = max(kept, key=lambda s: len(kept[s]))
    page, n = players[seat], len(kept[seat])
    expect(page.get_by_test_id("receipts")).to_contain_text(f"{n} receipts")
    page.get_by_test_id("receipts-check").click()
    expect(page.get_by_test_id("receipts-result")).to_have_text(re.compile(f"matches all {n}"))
    with page.expect_download() as download:
        page.get_by_test_id("receipts-download").click()
    doc = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert doc == {"game": game_id, "receipts": kept[seat]}
    status, body = api(server_url, "POST", f"/api/v1/games/{game_id}/receipts", doc)
    assert status == 200, body
    assert body["matches"] is True, body
    assert GAME_PATH.search(page.url)
