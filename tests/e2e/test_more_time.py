"""More time, weekends off and the digest from the browser (issue 34), at 1280x800 and 390x844
with screenshots in tests/artifacts/time-*.png:

- /settings: the time zone (the browser's at sign-up) and the your-turn mails as one choice of
  three (none, each time, the daily digest), saved and shown again;
- a correspondence table with no clock at weekends: the mover's vacation stops their clock and
  the table says so; the other player gives them a day more with the table's button, and both
  tables log it and push the deadline back.

Whether a weekend pause shows depends on the server's real clock: a vacation stops the clock
now, but in a weekend (a UTC one: the players keep the default zone) the table says "weekend",
which the vacation falls in and costs nothing. The weekends themselves are tested with a frozen
clock in tests/games/clocks/test_weekend_games.py.
"""

from __future__ import annotations

import re
from datetime import datetime
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PASSWORD
from tests.e2e.conftest import api
from tests.e2e.conftest import new_table
from tests.e2e.conftest import register
from tests.e2e.test_axe import violations
from tests.e2e.test_live_table import shot
from tests.e2e.test_live_table import sign_up

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
WEEKENDS_OFF = {"kind": "correspondence", "days_per_move": 3, "weekend_pause": True}
STANDS_STILL = re.compile(r"paused: (vacation|weekend) until")


def token_of(server_url: str, username: str) -> str:
    status, body = api(
        server_url, "POST", "/api/v1/auth/token", {"username": username, "password": PASSWORD}
    )
    assert status == 200, body
    return body["token"]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_settings_page_sets_the_time_zone_and_the_daily_digest(
    new_context, unique_name, artifacts_dir, viewport, server_url
):
    size = "phone" if viewport is PHONE else "desktop"
    name = unique_name("kei")
    page = new_context(viewport, timezone_id="Asia/Tokyo").new_page()
    sign_up(page, name)
    status, me = api(server_url, "GET", "/api/v1/me", token=token_of(server_url, name))
    assert (status, me["time_zone"]) == (200, "Asia/Tokyo")  # the browser's, at sign-up
    page.goto("/settings")
    zone = page.get_by_test_id("settings-time-zone")
    expect(zone).to_have_value("Asia/Tokyo")
    turn_mails = page.get_by_test_id("email-kind-your_turn")
    expect(turn_mails).to_have_value("on")
    assert page.get_by_test_id("email-kind-turn_digest").count() == 0  # one choice, not two
    zone.select_option("America/New_York")
    page.get_by_test_id("preferences-submit").click()
    page.wait_for_url("**/settings")
    expect(page.get_by_test_id("settings-time-zone")).to_have_value("America/New_York")
    page.get_by_test_id("email-kind-your_turn").select_option("digest")
    page.get_by_test_id("emails-submit").click()
    page.wait_for_url("**/settings")
    expect(page.get_by_test_id("messages")).to_contain_text("Your email choices were saved.")
    expect(page.get_by_test_id("email-kind-your_turn")).to_have_value("digest")
    page.get_by_role("heading", name="Preferences").scroll_into_view_if_needed()
    shot(page, artifacts_dir, f"time-settings-{size}")
    assert violations(page) == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_vacation_stops_the_clock_and_the_opponent_gives_a_day_more(
    new_context, server_url, unique_name, artifacts_dir, viewport
):
    size = "phone" if viewport is PHONE else "desktop"
    names = [unique_name("ana"), unique_name("bo")]
    pages = {}
    for name in names:
        pages[name] = new_context(viewport).new_page()
        sign_up(pages[name], name)
    tokens = {name: token_of(server_url, name) for name in names}
    gid = new_table(
        server_url,
        tokens[names[0]],
        {"players": 2, "variants": {"set_max": 6, "rounds": 1}, "time_control": WEEKENDS_OFF},
        joiners=[tokens[names[1]]],
    )
    status, info = api(server_url, "GET", f"/api/v1/games/{gid}")
    mover = next(s["username"] for s in info["seats"] if s["index"] == info["to_move"])
    giver = next(n for n in names if n != mover)
    deadline = datetime.fromisoformat(info["deadline"].replace("Z", "+00:00"))
    # The mover goes on vacation for a day: their clock stands still.
    status, _ = api(server_url, "POST", "/api/v1/me/vacation", {"days": 1}, tokens[mover])
    assert status == 200
    for name in names:
        pages[name].goto(f"/games/{gid}")
        clock = pages[name].get_by_test_id("clock")
        expect(clock).to_contain_text("no clock at weekends")
        expect(clock).to_contain_text(STANDS_STILL)
    mover_page, giver_page = pages[mover], pages[giver]
    expect(mover_page.get_by_test_id("more-time")).to_be_hidden()  # not for yourself

    box = giver_page.get_by_test_id("more-time")
    expect(box).to_be_visible()
    expect(giver_page.get_by_test_id("more-time-give")).to_have_text(f"Give {mover} more time")
    giver_page.get_by_test_id("more-time-amount").select_option(str(86400))
    giver_page.get_by_test_id("more-time-give").click()
    expect(giver_page.get_by_test_id("more-time-status")).to_have_text(
        f"You gave {mover} 1 day more."
    )
    line = f"{giver} gave {mover} 1 day more for this move."
    for page in (giver_page, mover_page):
        expect(page.get_by_test_id("move-log")).to_contain_text(line)
    status, after = api(server_url, "GET", f"/api/v1/games/{gid}")
    assert after["clock"]["extra_seconds"] == 86400
    assert after["clock"]["paused"] in ("vacation", "weekend")
    moved = datetime.fromisoformat(after["deadline"].replace("Z", "+00:00"))
    assert moved - deadline >= timedelta(
        days=1
    )  # the day given, and the vacation's outside a weekend
    expect(giver_page.get_by_test_id("clock-paused")).to_have_text(STANDS_STILL)
    for name, page in pages.items():
        role = "giver" if name == giver else "mover"
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, artifacts_dir, f"time-table-{role}-{size}")
        assert violations(page) == []
    assert re.search(r"\d", giver_page.get_by_test_id("clock").inner_text())


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_lobby_opens_a_correspondence_table_with_no_clock_at_weekends(
    new_context, server_url, unique_name, artifacts_dir, viewport
):
    size = "phone" if viewport is PHONE else "desktop"
    page = new_context(viewport).new_page()
    sign_up(page, unique_name("dora"))
    form = page.get_by_test_id("create-form")
    form.locator("select[name=players]").select_option("2")
    form.locator("select[name=time_control]").select_option("correspondence-3")
    page.get_by_test_id("create-weekend-pause").check()
    page.get_by_test_id("create-weekend-pause").scroll_into_view_if_needed()
    shot(page, artifacts_dir, f"time-lobby-{size}")
    assert violations(page) == []
    page.get_by_test_id("create-submit").click()
    page.wait_for_url(re.compile(r"/games/[0-9a-f-]{36}$"))
    gid = page.url.rsplit("/", 1)[1]
    status, game = api(server_url, "GET", f"/api/v1/games/{gid}")
    assert status == 200
    assert game["time_control"]["kind"] == "correspondence"
    assert game["time_control"]["weekend_pause"] is True


# One size: the forms' fields are the same flow at both (the lobby's test above takes both).
def test_a_challenge_and_a_tournament_may_have_no_clock_at_weekends(
    new_context, server_url, server_env, unique_name
):
    """The challenge form and the tournament form share their time control
    (frontend/_time_control.html, time_control.js): its weekend box reaches the API."""
    from tests.e2e.test_audit import make_staff

    host, guest = unique_name("hana"), unique_name("ivo")
    register(server_url, host)
    page = new_context(DESKTOP).new_page()
    sign_up(page, guest)
    page.goto(f"/players/{host}")
    page.get_by_test_id("challenge-open").click()
    challenge = page.get_by_test_id("challenge-form")
    challenge.locator("select[name=time_control]").select_option("correspondence-1")
    challenge.get_by_test_id("weekend-pause").check()
    challenge.get_by_test_id("challenge-submit").click()
    expect(page.get_by_test_id("challenge-sent")).to_be_visible()
    status, body = api(server_url, "GET", "/api/v1/challenges", token=token_of(server_url, host))
    assert status == 200, body
    (sent,) = body["incoming"]
    assert sent["time_control"]["days_per_move"] == 1
    assert sent["time_control"]["weekend_pause"] is True

    make_staff(server_env, guest)  # staff schedule tournaments
    page.goto("/tournaments")
    form = page.get_by_test_id("tournament-form")
    name = unique_name("Weekends off cup ")
    form.locator("input[name=name]").fill(name)
    form.locator("select[name=time_control]").select_option("correspondence-3")
    form.get_by_test_id("weekend-pause").check()
    page.get_by_test_id("tournament-create").click()
    page.wait_for_url(re.compile(r"/tournaments/\d+$"))
    tid = page.url.rsplit("/", 1)[1]
    status, tournament = api(server_url, "GET", f"/api/v1/tournaments/{tid}")
    assert status == 200, tournament
    assert tournament["name"] == name
    assert tournament["time_control"]["days_per_move"] == 3
    assert tournament["time_control"]["weekend_pause"] is True
