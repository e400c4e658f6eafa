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
from tests.e2e.conftest import manage_shell

pytestmark = pytest.mark.e2e

SEATED_MS = 45_000  # the start (15 s away) is the server's tick

SETUP = """
from datetime import timedelta
from accounts.models import User
from accounts.services import bot_account_get_or_create
from core import clock
from tournaments.services import tournament_create, tournament_register

staff, _ = User.objects.get_or_create(username={staff!r}, defaults={{"is_staff": True}})
t = tournament_create(
    user=staff,
    name={name!r},
    format="swiss",
    starts_at=clock.now() + timedelta(seconds=15),
    table_size=2,
    rounds=3,
    variants={{"set_max": 6, "rounds": 1}},
    time_control={{"kind": "live", "seconds_per_move": 60, "reserve_seconds": 60}},
    ready_seconds=5,
    round_pause_seconds=300,
)
people = [User.objects.create_user(n, password="x-unused-1") for n in {people!r}]
bots = []
for _ in range({bots}):
    bots.append(bot_account_get_or_create(strategy="random", exclude_ids=[b.pk for b in bots]))
for user in [*people, *bots]:
    tournament_register(tournament_id=t.pk, user=user)
print(t.pk)
"""


def tournament(server_env, staff, name, *, people=(), bots=4) -> int:
    code = SETUP.format(staff=staff, name=name, people=list(people), bots=bots)
    return int(manage_shell(server_env, code).strip().splitlines()[-1])


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_the_page_counts_down_to_the_next_round_and_shows_the_tables_still_playing(
    new_context, server_env, artifacts_dir, unique_name, viewport
):
    staff = unique_name("staff")
    paused = tournament(server_env, staff, unique_name("Pause cup"))
    slow = unique_name("slow")
    playing = tournament(server_env, staff, unique_name("Still cup"), people=[slow], bots=3)
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
