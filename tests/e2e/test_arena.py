"""An arena in Chromium against the served platform, at 1280×800 and 390×844: a new player
opens an arena that bots already play (started by the server's own tick), taps Join, is seated
at a table that forms for them (the wait rule: after the arena's wait, bots fill it), taps
Berserk in the table's ready window, taps Pause and Resume, and watches the leaderboard change
over the socket as tables end (no reload). A paused player in a field larger than the
leaderboard's top sees their own line below it, then the arena end (its last tables finish) and
the final leaderboard; an organizer schedules an arena with the form.

The arena is set up as staff would, in the served platform's database (tables of 3, one-round
games on the double-6 set, a 5 s wait, bots allowed, berserk allowed); the other entrants are
random bots. Everything under test goes through the page (DOM contract: data-testid).

Screenshots (tests/artifacts/): arena-<size>.png (the page), arena-top-<size>.png (its first
screen: the clock, the entry), arena-seated-<size>.png (seated, Berserk offered),
arena-leaderboard-<size>.png (the live leaderboard) and arena-final-1280x800.png (the end).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP
from tests.e2e.conftest import api
from tests.e2e.conftest import manage_shell
from tests.e2e.test_audit import make_staff
from tests.e2e.test_axe import violations
from tests.e2e.test_live_table import sign_up

pytestmark = pytest.mark.e2e

SIZES = {
    "1280x800": {"width": 1280, "height": 800},
    "390x844": {"width": 390, "height": 844},
}
START_IN_S = 3
READY_S = 15  # the player's table: its ready window, long enough to tap Berserk in
WAIT_S = 5  # a table that cannot fill forms after this (bots filling it)
BOTS = 8
STARTED_MS = 30_000  # the start is the server's tick (every SWEEP_INTERVAL)
SEATED_MS = 30_000  # the pool is paired at once, or after the wait: a few seconds
TABLES_MS = 120_000  # bots' one-round games on the double-6 set end within this
TABLES_SHOWN = 8  # finished tables before the leaderboard's screenshot
BIG_FIELD = 23  # more than the leaderboard's top (BOARD_TOP in tournament_arena.js)
BOARD_TOP = 20

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
    format="arena",
    starts_at=clock.now() + timedelta(seconds={start_in}),
    table_size=3,
    duration_minutes=10,
    arena_wait_seconds={wait},
    arena_bots=True,
    berserk=True,
    variants={{"set_max": 6, "rounds": 1}},
    time_control={{"kind": "live", "seconds_per_move": 30, "reserve_seconds": 60}},
    ready_seconds={ready},
)
bots = []
for _ in range({bots}):
    bots.append(bot_account_get_or_create(strategy="random", exclude_ids=[b.pk for b in bots]))
    tournament_register(tournament_id=t.pk, user=bots[-1])
print(t.pk)
"""

BERSERK = """
from games.models import Seat
print(Seat.objects.get(game_id={game!r}, user__username={username!r}).berserk)
"""


def create_arena(server_env: dict, staff: str, name: str, bots: int = BOTS) -> int:
    code = SETUP.format(
        staff=staff, name=name, start_in=START_IN_S, wait=WAIT_S, ready=READY_S, bots=bots
    )
    return int(manage_shell(server_env, code).strip().splitlines()[-1])


def tables_finished(text: str) -> int:
    found = re.search(r"(\d+) tables? finished", text)
    return int(found.group(1)) if found else 0


@pytest.mark.heavy(120)  # seconds, loaded machine
@pytest.mark.parametrize("size", list(SIZES))
def test_a_player_joins_a_running_arena_goes_berserk_pauses_resumes_and_sees_it_live(
    size, new_context, server_url, server_env, artifacts_dir, unique_name
):
    username, staff = unique_name("ari"), unique_name("org")
    page = new_context(viewport=SIZES[size]).new_page()
    sign_up(page, username)
    tournament_id = create_arena(server_env, staff, f"Arena {unique_name('')}")
    page.goto(f"/tournaments/{tournament_id}")

    # Running (the server's tick started it): the clock counts down to the end.
    expect(page.get_by_test_id("tournament-status")).to_have_attribute(
        "data-status", "running", timeout=STARTED_MS
    )
    clock = page.get_by_test_id("arena-clock")
    expect(clock).to_have_text(re.compile(r"^(09|10):\d\d$"))
    first = clock.inner_text()
    expect(clock).not_to_have_text(first, timeout=3_000)  # it ticks
    facts = page.get_by_test_id("tournament-facts")
    expect(facts).to_contain_text("Arena")
    expect(page.get_by_test_id("arena-duration")).to_have_text("10 minutes")
    expect(page.get_by_test_id("arena-wait")).to_contain_text("after 5 seconds, bots filling it")
    page.evaluate("window.__e2eNoReload = true")

    # Join while it runs: into the pool, then seated at a table still in its ready window.
    expect(page.get_by_test_id("entry-verdict")).to_have_text("You can enter.")
    join = page.get_by_test_id("register")
    expect(join).to_have_text("Join")
    join.click()
    doing = page.get_by_test_id("arena-doing")
    expect(doing).to_have_attribute("data-state", re.compile("^(waiting|seated)$"))
    expect(page.get_by_test_id("entrants")).to_contain_text(username)
    expect(page.get_by_test_id("withdraw")).to_have_text("Leave")
    expect(page.get_by_test_id("entry-verdict")).to_be_hidden()  # in: nothing to ask
    my_table = page.get_by_test_id("my-table")
    expect(my_table).to_be_visible(timeout=SEATED_MS)
    expect(doing).to_have_attribute("data-state", "seated")
    expect(doing).to_have_text("Seated: your table starts in a moment.")
    game_id = my_table.get_attribute("href").rsplit("/", 1)[-1]

    # Berserk before the table starts: the button gives way to what it did.
    berserk = page.get_by_test_id("berserk")
    expect(berserk).to_be_visible()
    page.get_by_test_id("my-entry").scroll_into_view_if_needed()
    page.screenshot(path=artifacts_dir / f"arena-seated-{size}.png")
    berserk.click()
    expect(page.get_by_test_id("berserk-done")).to_be_visible()
    expect(berserk).to_be_hidden()
    expect(page.get_by_test_id("entry-error")).to_be_hidden()
    code = BERSERK.format(game=game_id, username=username)
    assert manage_shell(server_env, code).strip().splitlines()[-1] == "True"

    # Pause: the table in play is still theirs; no new table after it. Then Resume.
    page.get_by_test_id("pause").click()
    expect(page.get_by_test_id("resume")).to_be_visible()
    expect(page.get_by_test_id("pause")).to_be_hidden()
    expect(doing).to_contain_text("You are paused: no new table after this one.")
    page.get_by_test_id("resume").click()
    expect(page.get_by_test_id("pause")).to_be_visible()
    expect(doing).not_to_contain_text("paused")
    expect(doing).to_have_attribute("data-state", re.compile("^(seated|playing)$"))

    # The leaderboard, live: each table that ends reaches it over the socket.
    note = page.get_by_test_id("standings-note")
    expect(note).to_have_text(re.compile(r"\d+ tables? finished"), timeout=TABLES_MS)
    before = tables_finished(note.inner_text())
    expect(note).not_to_have_text(note.inner_text(), timeout=TABLES_MS)
    assert tables_finished(note.inner_text()) > before
    page.wait_for_function(
        """(n) => {
            const m = /(\\d+) tables? finished/.exec(
                document.querySelector('[data-testid="standings-note"]').textContent);
            return m && Number(m[1]) >= n;
        }""",
        arg=TABLES_SHOWN,
        timeout=TABLES_MS,
    )
    assert page.evaluate("window.__e2eNoReload === true")
    expect(page.get_by_test_id("my-entry")).to_have_text(
        re.compile(r"^You are in the arena: \d+(st|nd|rd|th), \d*½? pts?\.$")
    )
    rows = page.get_by_test_id("standings-row")
    expect(rows.first).to_be_visible()
    assert rows.count() >= BOTS  # every ranked player, house bots not among them
    assert page.get_by_test_id("standings").get_by_text(username).count() == 1
    first_line = rows.first
    expect(first_line.get_by_test_id("arena-sheet")).not_to_be_empty()
    expect(first_line.get_by_test_id("standings-points")).to_have_text(re.compile(r"^\d+½?$"))
    fires = page.get_by_test_id("on-fire")
    for i in range(fires.count()):
        assert fires.nth(i).get_attribute("aria-label") == "On fire: the next table scores double"

    # Nothing is wider than the screen; nothing of WCAG 2.1 AA is missed.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert violations(page) == []
    page.evaluate("window.scrollTo(0, 0)")
    # The seating's notice may still be on screen (the bell's toast): not in the pictures.
    for close in page.get_by_test_id("toast").locator(".toast-close").all():
        close.click()
    expect(page.get_by_test_id("toast")).to_have_count(0)
    page.screenshot(path=artifacts_dir / f"arena-top-{size}.png")
    page.screenshot(path=artifacts_dir / f"arena-{size}.png", full_page=True)
    board = page.locator("section.panel").filter(has=page.get_by_test_id("standings"))
    board.scroll_into_view_if_needed()
    board.screenshot(path=artifacts_dir / f"arena-leaderboard-{size}.png")

    # Leave (asked first): out of the arena, the points kept; Join again is offered.
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("withdraw").click()
    expect(doing).to_have_attribute("data-state", "left")
    expect(doing).to_have_text("You left the arena; your points are kept. Join again to play on.")
    expect(page.get_by_test_id("register")).to_be_visible()
    expect(page.get_by_test_id("pause")).to_be_hidden()
    expect(page.get_by_test_id("my-table")).to_be_hidden()


def test_an_organizer_schedules_an_arena_with_the_form(
    new_context, server_url, server_env, unique_name
):
    username = unique_name("aro")
    page = new_context(DESKTOP).new_page()
    sign_up(page, username)
    make_staff(server_env, username)  # staff schedule tournaments
    page.goto("/tournaments")
    form = page.get_by_test_id("tournament-form")
    fields = form.get_by_test_id("arena-fields")
    rounds = form.locator("input[name=rounds]")
    expect(fields).to_be_hidden()
    expect(rounds).to_be_visible()

    # The arena's fields show for an arena only; rounds and check-in are not its.
    form.locator("select[name=format]").select_option("arena")
    expect(fields).to_be_visible()
    expect(rounds).to_be_hidden()
    expect(form.locator("input[name=check_in]")).to_be_hidden()
    name = unique_name("Evening arena ")
    form.locator("input[name=name]").fill(name)
    form.get_by_test_id("arena-duration").fill("45")
    form.get_by_test_id("arena-wait").fill("20")
    form.get_by_test_id("arena-bots").check()
    form.locator("select[name=time_control]").select_option("live-30-120")
    page.get_by_test_id("tournament-create").click()
    page.wait_for_url(re.compile(r"/tournaments/\d+$"))
    tid = page.url.rsplit("/", 1)[1]
    status, tournament = api(server_url, "GET", f"/api/v1/tournaments/{tid}")
    assert status == 200, tournament
    assert tournament["format"] == "arena"
    assert tournament["arena"] == {
        **tournament["arena"],
        "duration_minutes": 45,
        "wait_seconds": 20,
        "bots": True,
        "berserk": True,
    }

    # Its page before the start: how long it plays, and Join; the list names its format.
    expect(page.get_by_test_id("arena-clock")).to_have_text("45:00")
    expect(page.get_by_test_id("tournament-facts")).to_contain_text("Arena")
    expect(page.get_by_test_id("register")).to_have_text("Join")
    expect(page.get_by_test_id("standings")).to_contain_text("Perf.")
    page.goto("/tournaments")
    row = page.get_by_test_id("tournament-row").filter(has_text=name)
    expect(row).to_contain_text("Arena · ")


JOIN_PAUSED = """
from django.db import transaction
from accounts.models import User
from tournaments.services import tournament_pause, tournament_register
user = User.objects.get(username={username!r})
with transaction.atomic():  # the pool is paired once this commits: never seated
    tournament_register(tournament_id={tid}, user=user)
    tournament_pause(tournament_id={tid}, user=user)
"""

END_SOON = """
from datetime import timedelta
from core import clock
from tournaments.models import Tournament
t = Tournament.objects.get(pk={tid})
# The arena's end a few seconds from now (ends_at is its start + its duration); its
# registration window moves with the start (it must close by then).
start = clock.now() + timedelta(seconds={seconds}) - timedelta(minutes=t.duration_minutes)
Tournament.objects.filter(pk=t.pk).update(
    starts_at=start, registration_opens_at=start, registration_closes_at=start
)
"""


@pytest.mark.heavy(60)
def test_a_paused_player_sees_their_line_below_the_top_and_the_arena_end(
    new_context, server_url, server_env, artifacts_dir, unique_name
):
    username = unique_name("arp")
    page = new_context(DESKTOP).new_page()
    sign_up(page, username)
    name = f"Arena {unique_name('')}"
    tournament_id = create_arena(server_env, unique_name("org"), name, bots=BIG_FIELD)
    page.goto(f"/tournaments/{tournament_id}")
    expect(page.get_by_test_id("tournament-status")).to_have_attribute(
        "data-status", "running", timeout=STARTED_MS
    )
    # In, and paused at once (never seated): no points, last on the leaderboard.
    manage_shell(server_env, JOIN_PAUSED.format(tid=tournament_id, username=username))
    doing = page.get_by_test_id("arena-doing")
    expect(doing).to_have_attribute("data-state", "paused", timeout=TABLES_MS)
    expect(page.get_by_test_id("resume")).to_be_visible()

    # The top 20 and, below a gap, the player's own line, marked paused.
    rows = page.get_by_test_id("standings-row")
    expect(rows).to_have_count(BOARD_TOP + 1, timeout=TABLES_MS)
    expect(page.get_by_test_id("leaderboard-gap")).to_be_visible()
    mine = rows.last
    expect(mine).to_have_attribute("data-username", username)
    expect(mine).to_have_attribute("data-paused", "1")
    expect(mine.get_by_test_id("standings-paused")).to_have_text("paused")

    # Its time runs out: no new table; those playing finish and count; then it is over.
    manage_shell(server_env, END_SOON.format(tid=tournament_id, seconds=3))
    expect(page.get_by_test_id("tournament-status")).to_have_attribute(
        "data-status", "finished", timeout=TABLES_MS
    )
    expect(page.get_by_test_id("arena-clock-note")).to_contain_text("Played from")
    expect(page.get_by_test_id("standings-note")).to_have_text("final")
    expect(doing).to_be_hidden()
    expect(page.get_by_test_id("entry-verdict")).to_be_hidden()  # it takes nobody now
    status, detail = api(server_url, "GET", f"/api/v1/tournaments/{tournament_id}")
    assert status == 200, detail
    lines = detail["standings"]["lines"]
    assert len(lines) == BIG_FIELD + 1
    assert lines[-1]["username"] == username
    expect(rows.first).to_have_attribute("data-username", lines[0]["username"])
    # Everyone, on asking.
    more = page.get_by_test_id("leaderboard-more")
    expect(more).to_have_text(f"Show all {BIG_FIELD + 1} players")
    more.click()
    expect(rows).to_have_count(BIG_FIELD + 1)
    expect(page.get_by_test_id("leaderboard-gap")).to_have_count(0)
    expect(more).to_have_text(f"Show the top {BOARD_TOP}")
    expect(page.get_by_test_id("final-place")).to_have_count(
        sum(1 for e in detail["entries"] if e["final_place"] is not None)
    )
    assert violations(page) == []
    page.screenshot(path=artifacts_dir / "arena-final-1280x800.png", full_page=True)

    # The waves view: the arena's recent waves, the latest first.
    page.get_by_test_id("rounds-view-link").click()
    expect(page.get_by_test_id("rounds-format")).to_have_text("Arena")
    expect(page.get_by_test_id("rounds-hint")).to_contain_text("a wave is the tables formed")
    waves = page.get_by_test_id("rounds-round").locator("h2")
    expect(waves).to_have_count(len(detail["rounds_detail"]))
    expect(waves.first).to_have_text(re.compile(rf"^Wave {detail['current_round']} · "))
