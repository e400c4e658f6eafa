"""Accessibility of the pages in use, not only at rest: axe-core (WCAG 2.1 A and AA) finds no
violation on the active table (as the player to move, with a tile picked so the trains are
targets, and as a spectator), an open table (lobby actions, the contribution box), the finished
table, the replay half-way, a running tournament with standings, the audit page as staff, a
dispute's page, the profile, my games and the lobby with tables listed — at 1280x800 and 390x844.

The board reads as a labelled list: one list item per train, named like "ana's train, 14 tiles,
open end 7, marker out"; tiles read "6–3".
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import manage_shell
from tests.e2e.conftest import new_table
from tests.e2e.test_audit import disputed_game
from tests.e2e.test_audit import log_in
from tests.e2e.test_axe import DESKTOP_800
from tests.e2e.test_axe import violations
from tests.e2e.test_live_table import click_first_action
from tests.e2e.test_live_table import game_info
from tests.e2e.test_live_table import wait_for_seq_after
from tests.e2e.test_table_bugs import bot_game
from tests.e2e.test_table_bugs import my_seat
from tests.e2e.test_table_bugs import my_turn_on_page

pytestmark = pytest.mark.e2e

TOURNAMENT = """
from datetime import timedelta
from accounts.models import User
from accounts.services import bot_account_get_or_create
from core import clock
from tournaments.models import Tournament
from tournaments.services import tournament_create, tournament_register

staff = User.objects.get(username={staff!r})
t = tournament_create(
    user=staff, name={name!r}, format="swiss", starts_at=clock.now() + timedelta(hours=1),
    table_size=3, rounds=1, variants={{"set_max": 6, "rounds": 1}},
    time_control={{"kind": "live", "seconds_per_move": 600, "reserve_seconds": 0}},
    rated=False, ready_seconds=5,
)
tournament_register(tournament_id=t.pk, user=User.objects.get(username={player!r}))
bots = []
for _ in range(4):
    bots.append(bot_account_get_or_create(strategy="random", exclude_ids=[b.pk for b in bots]))
    tournament_register(tournament_id=t.pk, user=bots[-1])
# Everyone is in: it starts now (at the scheduler's next tick). A start 2 s after the creation
# closed registration before the bots were in on a loaded machine (registration_closed).
now = clock.now()
Tournament.objects.filter(pk=t.pk).update(registration_closes_at=now, starts_at=now)
print(t.pk)
"""

SETTLED_JS = """() => document.getAnimations().every((a) => a.playState !== "running"
  || a.effect.getComputedTiming().endTime === Infinity)"""
TRAIN_NAME = re.compile(r"^.+, \d+ tiles?, open end \d+(, marker out)?(, .+)?$")


def tile_choices(page: Page) -> dict[str, int]:
    """The viewer's legal tiles and how many trains each may go on."""
    legal = json.loads(page.locator("#table").get_attribute("data-legal") or "[]")
    count: dict[str, int] = {}
    for m in legal:
        if m["action"] == "play":
            key = f"{max(m['tile'])}-{min(m['tile'])}"
            count[key] = count.get(key, 0) + 1
    return count


def multi_train_tile(page: Page) -> str | None:
    """A legal tile of the viewer's with more than one train to play it on, if any."""
    return next((k for k, n in tile_choices(page).items() if n > 1), None)


def assert_board_reads_as_lists(page: Page) -> None:
    trains = page.locator("#trains")
    expect(trains).to_have_attribute("role", "list")
    items = trains.get_by_role("listitem")
    expect(items.first).to_be_visible()
    assert items.count() == page.locator("#trains > [data-testid=train]").count()
    for i in range(items.count()):
        name = items.nth(i).evaluate("e => e.getAttribute('aria-label')")
        assert name, f"train {i} has no name"
        assert TRAIN_NAME.match(name), f"train {i} is named {name!r}"
    # No second name repeating it inside the train.
    assert page.locator("#trains .train-tiles[aria-label*='open end']").count() == 0
    tile = page.locator('#trains [data-testid="tile"], #station [data-testid="engine"]').first
    expect(tile).to_have_attribute("aria-label", re.compile(r"^\d+–\d+$"))
    expect(page.get_by_test_id("hand-tile").first).to_have_attribute(
        "aria-label", re.compile(r"^\d+–\d+( – playable)?$")
    )


DEALS_TRIED = 8


def pick_a_tile_with_choices(page, server_url, active, seat, size, check):
    """Play the viewer's turns until one offers a tile with several trains to go on: pick it,
    check the page with the targets shown and the board as read, play it. Return (picked, the
    board's problem or None); (False, None) when the game ended first."""
    picked = False
    board_problem = None
    while (info := my_turn_on_page(page, server_url, active, seat)) is not None:
        key = multi_train_tile(page)
        if key and not picked:
            page.locator(f'[data-testid="hand-tile"][data-tile="{key}"]').click()
            expect(page.locator('[data-testid="train"].target')).to_have_count(
                len(
                    [
                        1
                        for m in json.loads(page.locator("#table").get_attribute("data-legal"))
                        if m["action"] == "play" and f"{max(m['tile'])}-{min(m['tile'])}" == key
                    ]
                )
            )
            check(page, "table-tile-picked")
            print(f"{size}, the board as read:\n{page.locator('#trains').aria_snapshot()}")
            try:
                assert_board_reads_as_lists(page)
            except AssertionError as exc:
                board_problem = str(exc)
            picked = True
            page.locator('[data-testid="train"].target').first.click()
        else:
            click_first_action(page, info["seq"])
        wait_for_seq_after(server_url, active, info["seq"])
        if picked:
            break
    return picked, board_problem


@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["desktop", "phone"])
@pytest.mark.heavy(65)  # seconds, loaded machine
def test_no_page_in_use_has_an_accessibility_violation(
    new_context, server_url, server_env, artifacts_dir, unique_name, viewport
):
    size = "desktop" if viewport is DESKTOP_800 else "phone"
    found: dict[str, list] = {}

    def check(page: Page, label: str) -> None:
        # Colours are judged settled: with motion reduced (as the site honours) a badge drawn
        # by an update that lands while axe runs is not caught half-way through its pop-in,
        # blended with what was under it (a bot's pass arrived mid-check once in CI).
        page.emulate_media(reduced_motion="reduce")
        page.wait_for_load_state("networkidle")
        # A badge popping in is checked once it is drawn, not half-way (its colours blend).
        page.wait_for_function(SETTLED_JS)
        found[label] = violations(page)
        page.screenshot(path=artifacts_dir / f"axe-live-{size}-{label}.png", full_page=True)

    player, staff = unique_name("axp"), unique_name("axs")
    token, finished, dispute = disputed_game(
        server_url, server_env, player, staff, reason="A draw looked odd"
    )
    open_table = {"players": 3, "variants": {"set_max": 6, "rounds": 1}}
    open_id = new_table(server_url, token, open_table, start=False)
    active = bot_game(server_url, token, ["greedy"], set_max=9, hand_size=8, rounds=1)

    page = new_context(viewport).new_page()
    log_in(page, player, "/lobby")
    watcher = new_context(viewport).new_page()
    log_in(watcher, staff, "/disputes")  # a staff page: the second factor is enrolled first

    # The active table: the player to move, then a tile picked with several trains to go on.
    page.goto(f"/games/{active}")
    seat = my_seat(game_info(server_url, active), player)
    info = my_turn_on_page(page, server_url, active, seat)
    assert info is not None
    check(page, "table-my-turn")
    watcher.goto(f"/games/{active}")
    expect(watcher.get_by_test_id("seq")).to_have_text(str(info["seq"]))
    check(watcher, "table-spectator")
    picked = False
    board_problem = None
    # A deal may never offer a tile with two trains to go on: then play another game. Played as
    # here (the first legal tile, against greedy bots), about a quarter of the deals never do
    # (the engine, 2,000 deals of each of these tables: 26-28%), so 4 deals missed one run in
    # 200 or so (CI, once); 8 miss about one in 35,000.
    for attempt in range(DEALS_TRIED):
        if attempt:
            active = bot_game(
                server_url, token, ["greedy", "greedy"], set_max=9, hand_size=8, rounds=1
            )
            page.goto(f"/games/{active}")
            seat = my_seat(game_info(server_url, active), player)
        picked, board_problem = pick_a_tile_with_choices(
            page, server_url, active, seat, size, check
        )
        if picked:
            break
    assert picked, f"no turn of {DEALS_TRIED} games offered a tile with two trains to play it on"

    # An open table: the creator's lobby actions, and a visitor's join with the contribution box.
    page.goto(f"/games/{open_id}")
    expect(page.get_by_test_id("add-bot")).to_be_visible()
    expect(page.get_by_test_id("contribution-box")).to_be_visible()
    check(page, "table-open-creator")
    watcher.goto(f"/games/{open_id}")
    expect(watcher.get_by_test_id("join")).to_be_visible()
    check(watcher, "table-open-visitor")

    # The finished table and its replay half-way.
    page.goto(f"/games/{finished}")
    expect(page.get_by_test_id("replay-link")).to_be_visible()
    check(page, "table-finished")
    page.goto(f"/games/{finished}/replay")
    slider = page.get_by_test_id("replay-slider")
    expect(slider).not_to_have_attribute("max", "0")
    half = int(slider.get_attribute("max")) // 2
    for _ in range(half):
        page.get_by_test_id("replay-next").click()
    expect(slider).to_have_value(str(half))
    check(page, "replay-half-way")

    # A running tournament with standings (the all-bot table has finished).
    name = f"Axe cup {unique_name('')}"
    code = TOURNAMENT.format(staff=staff, name=name, player=player)
    tid = int(manage_shell(server_env, code).strip().splitlines()[-1])
    page.goto(f"/tournaments/{tid}")
    expect(page.get_by_test_id("tournament-status")).to_have_attribute(
        "data-status", "running", timeout=30_000
    )
    expect(page.get_by_test_id("standings-row")).to_have_count(5, timeout=30_000)
    check(page, "tournament-running")

    # Staff: the audit of the disputed game, the dispute's page; the player's own pages.
    watcher.goto(f"/audit/games/{finished}?seq=4")
    expect(watcher.get_by_test_id("verdict")).to_have_attribute("data-ok", "true")
    check(watcher, "audit")
    watcher.goto(f"/disputes/{dispute['id']}")
    check(watcher, "dispute-staff")
    page.goto(f"/disputes/{dispute['id']}")
    check(page, "dispute-player")
    page.goto(f"/players/{player}")
    check(page, "profile")
    page.goto("/my-games")
    check(page, "my-games")
    page.goto("/lobby")
    expect(page.locator(f'a[href="/games/{open_id}"]').first).to_be_attached()
    check(page, "lobby")

    bad = {label: v for label, v in found.items() if v}
    print(f"{size}: {len(found)} pages checked, {len(bad)} with violations: {sorted(bad)}")
    assert not bad, json.dumps(bad, indent=1)
    assert board_problem is None, board_problem
