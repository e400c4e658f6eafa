"""A player barred by a tournament's entry conditions opens its page and sees exactly why (every
reason, with the numbers), tries to register anyway and is refused with the first reason; a
player who meets them sees "You can enter". The calendar page lists what is coming, a series'
occurrences included, with its iCal link. At the desktop and the phone size, with screenshots.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP
from tests.e2e.conftest import manage_shell
from tests.e2e.test_live_table import sign_up

pytestmark = pytest.mark.e2e

SETUP = """
from datetime import timedelta
from accounts.models import User
from core import clock
from tournaments.series import series_create
from tournaments.services import tournament_create

staff, _ = User.objects.get_or_create(username={staff!r}, defaults={{"is_staff": True}})
guarded = tournament_create(
    user=staff, name={name!r}, format="swiss", table_size=4, rounds=2,
    starts_at=clock.now() + timedelta(hours=2),
    min_rated_games=5, min_account_days=3, verified_email=True,
)
free = tournament_create(
    user=staff, name={name!r} + " open", format="swiss", table_size=4, rounds=2,
    starts_at=clock.now() + timedelta(hours=3),
)
series_create(
    user=staff, name={name!r} + " nightly", rule="FREQ=DAILY;BYHOUR=21;BYMINUTE=0;BYSECOND=0",
    dtstart=clock.now().replace(hour=21, minute=0, second=0, microsecond=0), lead_hours=30,
)
print("IDS", guarded.pk, free.pk)
"""


@pytest.fixture(scope="module")
def tournaments(server_env) -> tuple[int, int]:
    out = manage_shell(server_env, SETUP.format(staff="cond-staff", name="Guarded cup"))
    _, guarded, free = next(line for line in out.splitlines() if line.startswith("IDS")).split()
    return int(guarded), int(free)


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP)])
def test_a_barred_player_sees_why_and_is_refused(
    new_context, artifacts_dir, tournaments, unique_name, size, viewport
):
    guarded, free = tournaments
    page = new_context(viewport).new_page()
    sign_up(page, unique_name("barred"))
    page.goto(f"/tournaments/{guarded}")
    verdict = page.get_by_test_id("entry-verdict")
    expect(verdict).to_have_text("You cannot enter this tournament:")
    reasons = page.get_by_test_id("entry-reason")
    expect(reasons).to_have_count(3)
    expect(reasons.nth(0)).to_have_text("Needs 5 rated live games; you have 0.")
    expect(reasons.nth(1)).to_contain_text("Needs an account at least 3 days old")
    expect(reasons.nth(2)).to_have_text(
        "Needs a verified email address; verify yours in your settings."
    )
    expect(page.get_by_test_id("entry-rules")).to_contain_text("5 rated live games")
    page.get_by_test_id("register").click()
    error = page.get_by_test_id("entry-error")
    expect(error).to_have_text("Needs 5 rated live games; you have 0.")
    page.get_by_test_id("entry-conditions").scroll_into_view_if_needed()
    page.screenshot(path=artifacts_dir / f"entry-conditions-barred-{size}.png", full_page=True)

    page.goto(f"/tournaments/{free}")
    expect(page.get_by_test_id("entry-verdict")).to_have_text("You can enter.")
    expect(page.get_by_test_id("entry-reason")).to_have_count(0)
    expect(page.get_by_test_id("register")).to_be_visible()
    page.screenshot(path=artifacts_dir / f"entry-conditions-free-{size}.png")


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP)])
def test_the_calendar_lists_what_is_coming_with_a_feed(
    new_context, artifacts_dir, tournaments, size, viewport
):
    page = new_context(viewport).new_page()
    page.goto("/tournaments")
    page.get_by_test_id("calendar-link").click()
    page.wait_for_url("**/tournaments/calendar")
    expect(page.get_by_test_id("calendar-day").first).to_be_visible()
    expect(
        page.get_by_test_id("calendar-event-link").filter(has_text="Guarded cup open")
    ).to_be_visible()
    expect(page.get_by_test_id("calendar-scheduled").first).to_be_visible()
    expect(page.get_by_test_id("calendar-subscribe")).to_have_attribute("href", "/tournaments.ics")
    page.screenshot(path=artifacts_dir / f"calendar-{size}.png")
