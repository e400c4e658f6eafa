"""Long lists come a page at a time (core.pagination): the lobby's open tables and "My games"
show a first page and a "Show more" button that loads the rest, every row once, until the
server names no next page; the button is then gone. Both sizes, with screenshots.

The rows are written straight into the served platform's database (one shell, not a hundred
requests): more open tables than a page holds, and more games of one player.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from core.pagination import PAGE_SIZE
from tests.e2e.conftest import PHONE
from tests.e2e.conftest import manage_shell
from tests.e2e.test_audit import register
from tests.e2e.test_live_table import log_in

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}
EXTRA = 7  # rows past the first page


def write_games(server_env: dict, username: str, count: int, status: str, prefix: str) -> None:
    """Write ``count`` tables of ``status`` created by ``username`` (seated), named
    ``prefix`` and a number, a minute apart."""
    code = f"""
from datetime import timedelta
from core import clock
from accounts.models import User
from games.models import Game, Seat
user = User.objects.get(username={username!r})
now = clock.now()
for i in range({count}):
    g = Game.objects.create(
        created_by=user, created_at=now - timedelta(minutes=i), name=f"{prefix}{{i:03d}}",
        players=2, ruleset={{"set_max": 6, "hand_size": 7, "rounds": 1}},
        time_control={{"kind": "correspondence", "days_per_move": 3}}, status={status!r},
    )
    Seat.objects.create(game=g, index=0, user=user, joined_at=now)
"""
    manage_shell(server_env, code)


def shot_here(page, artifacts_dir, name: str) -> None:
    """Screenshot the viewport where it is scrolled (a page of 50 rows is too long to see)."""
    page.screenshot(path=artifacts_dir / f"{name}.png")


def show_all(page, row_testid: str, button_testid: str) -> list[str]:
    """Click "Show more" until it goes; return the names of the list's rows."""
    rows = page.get_by_test_id(row_testid)
    button = page.get_by_test_id(button_testid)
    expect(rows.first).to_be_visible()
    while button.is_visible():
        before = rows.count()
        button.click()
        expect(rows).not_to_have_count(before)
    return rows.locator(".table-name").all_inner_texts()


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [DESKTOP_800], ids=["desktop"])
def test_a_long_lobby_and_my_games_show_more_until_every_row_is_there(
    new_context, server_url, server_env, unique_name, artifacts_dir, viewport
):
    label = "phone" if viewport is PHONE else "desktop"
    host, player = unique_name("host"), unique_name("many")
    register(server_url, host)
    register(server_url, player)
    write_games(server_env, host, PAGE_SIZE + EXTRA, "open", f"{host}-")
    write_games(server_env, player, PAGE_SIZE + EXTRA, "finished", f"{player}-")

    page = new_context(viewport).new_page()
    log_in(page, player)  # lands on the lobby
    open_rows = page.get_by_test_id("open-table")
    more = page.get_by_test_id("show-more-open")
    expect(more).to_be_visible()
    expect(open_rows).to_have_count(PAGE_SIZE)
    expect(more).to_have_accessible_name("Show more")
    more.scroll_into_view_if_needed()
    shot_here(page, artifacts_dir, f"show-more-lobby-{label}")
    names = show_all(page, "open-table", "show-more-open")
    mine = [n for n in names if n.startswith(f"{host}-")]
    assert mine == [f"{host}-{i:03d}" for i in range(PAGE_SIZE + EXTRA)]  # newest first, once
    expect(more).to_be_hidden()

    page.goto("/my-games")
    games = page.get_by_test_id("my-game")
    more = page.get_by_test_id("show-more-games")
    expect(games).to_have_count(PAGE_SIZE)
    expect(more).to_be_visible()
    more.scroll_into_view_if_needed()
    shot_here(page, artifacts_dir, f"show-more-my-games-before-{label}")
    more.focus()
    page.keyboard.press("Enter")  # the keyboard works it too
    expect(games).to_have_count(PAGE_SIZE + EXTRA)
    expect(more).to_be_hidden()
    # The list's end: focus is on the first row the last page brought, not lost.
    expect(page.locator(":focus")).to_have_text(f"{player}-{PAGE_SIZE:03d}")
    assert games.locator(".table-name").all_inner_texts() == [
        f"{player}-{i:03d}" for i in range(PAGE_SIZE + EXTRA)
    ]
    page.get_by_test_id("my-game").nth(PAGE_SIZE).scroll_into_view_if_needed()
    shot_here(page, artifacts_dir, f"show-more-my-games-{label}")
