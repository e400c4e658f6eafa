"""Between rounds, in Chromium at both sizes: a tournament page counts down to the next
round during the pause, and while a round is played it lists the tables still playing (links
to watch them) once another table has finished.

Two Swiss tournaments of 2-seat tables are set up in the served platform's database: bots
only, with a 5-minute pause (round 1 ends at once, the countdown runs); and a person who
never moves among bots (the bots' table finishes, the person's is still playing)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP
from tests.e2e.conftest import PHONE
from tests.e2e.conftest import register
from tests.e2e.test_tournament import schedule_tournament

pytestmark = pytest.mark.e2e

SEATED_MS = 45_000  # the start (15 s away) is the server's tick

# Rounds of 2-seat tables with a 5-minute pause between them, starting at the server's tick.
BETWEEN_ROUNDS = {
    "start_in": 15,
    "table_size": 2,
    "rounds": 3,
    "per_move": 60,
    "rated": False,
    "round_pause": 300,
}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_the_page_counts_down_to_the_next_round_and_shows_the_tables_still_playing(
    new_context, server_url, server_env, artifacts_dir, unique_name, viewport
):
    staff = unique_name("staff")
    paused = schedule_tournament(server_env, staff, unique_name("Pause cup"), **BETWEEN_ROUNDS)
    slow = unique_name("slow")
    register(server_url, slow)
    playing = schedule_tournament(
        server_env, staff, unique_name("Still cup"), people=(slow,), bots=3, **BETWEEN_ROUNDS
    )
    page = new_context(viewport).new_page()
    size = viewport["width"]

    page.goto(f"/tournaments/{paused}")
    countdown = page.get_by_test_id("countdown")
    expect(countdown).to_have_text(re.compile(r"Round 2 starts in 0[45]:\d\d"), timeout=SEATED_MS)
    expect(page.get_by_test_id("round-pause")).to_have_text("05:00")
    expect(page.get_by_test_id("late-join")).to_contain_text("0.5 points")
    page.screenshot(path=artifacts_dir / f"between-rounds-countdown-{size}.png", full_page=False)

    page.goto(f"/tournaments/{playing}")
    still = page.get_by_test_id("still-playing-table")
    expect(still).to_have_count(1, timeout=SEATED_MS)
    expect(still).to_contain_text(slow)
    watch = still.get_by_test_id("watch-table")
    href = watch.get_attribute("href")
    assert href
    assert href.startswith("/games/")
    page.get_by_test_id("still-playing").scroll_into_view_if_needed()
    page.screenshot(path=artifacts_dir / f"between-rounds-still-playing-{size}.png")
    watch.click()
    page.wait_for_url(f"**{href}")
