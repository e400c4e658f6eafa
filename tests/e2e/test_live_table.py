"""A live table in real browsers: two players and a spectator watch every move arrive over the
WebSocket without reloading; a finished game replays move by move with the arrow keys.

Everything under test goes through the pages (DOM contract: data-testid attributes); the REST
API is only read, to know the authoritative seq and whose turn it is.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.e2e.conftest import PASSWORD
from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api

pytestmark = pytest.mark.e2e

GAME_PATH = re.compile(r"/games/([0-9a-f-]{36})/?$")
LIVE_MS = 5_000  # a move must show on every other open page within this, without a reload
MOVES_BEFORE_SPECTATOR = 8
MOVES_WITH_SPECTATOR = 10  # 18 moves in all
BOT_GAME_MOVE_LIMIT = 150
BOT_GAME_TIME_LIMIT = 90  # seconds


# --- pages -----------------------------------------------------------------------------------


def _enter(page: Page, form: str, username: str) -> None:
    """Send the ``form`` page (signup or login) with ``username`` and PASSWORD; wait for the
    lobby it leads to."""
    page.goto(f"/{form}")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.get_by_test_id(f"{form}-submit").click()
    page.wait_for_url("**/lobby")


def sign_up(page: Page, username: str) -> None:
    _enter(page, "signup", username)


def log_in(page: Page, username: str) -> None:
    _enter(page, "login", username)


def create_table(page: Page, players: int = 2, rounds: str = "1") -> str:
    """Fill the lobby's create form; return the new game's id (the page is on its table)."""
    if not page.url.endswith("/lobby"):
        page.goto("/lobby")
    form = page.get_by_test_id("create-form")
    form.locator("select[name=players]").select_option(str(players))
    form.locator("select[name=rounds]").select_option(rounds)
    # The slowest live clock, so no move of a slow test machine ever times out.
    time_control = form.locator("select[name=time_control]")
    values = time_control.locator("option").evaluate_all("os => os.map(o => o.value)")
    live = [v for v in values if "live" in v.lower()]
    if live:
        time_control.select_option(live[-1])
    page.get_by_test_id("create-submit").click()
    page.wait_for_url(GAME_PATH)
    return GAME_PATH.search(page.url).group(1)


def game_info(server_url: str, game_id: str) -> dict:
    status, body = api(server_url, "GET", f"/api/v1/games/{game_id}")
    assert status == 200, body
    return body


def wait_for_seq_after(server_url: str, game_id: str, seq: int, timeout: float = 5) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        info = game_info(server_url, game_id)
        if info["seq"] > seq or time.monotonic() > deadline:
            return info
        time.sleep(0.05)


def wait_for_turn(server_url: str, game_id: str, seat: int, timeout: float = 10) -> dict:
    """Wait until ``seat`` is to move or the game is over; return the game."""
    deadline = time.monotonic() + timeout
    while True:
        info = game_info(server_url, game_id)
        if info["status"] != "active" or info["to_move"] == seat:
            return info
        if time.monotonic() > deadline:
            return info
        time.sleep(0.05)


def seat_of(page: Page) -> int:
    """The viewer's own seat. The contract names one `seat` element (data-seat); the table page
    renders one `seat` per seat of the table and marks the viewer's with the class `me`."""
    seats = page.get_by_test_id("seat")
    expect(seats.first).to_be_visible()
    mine = seats if seats.count() == 1 else page.locator('[data-testid="seat"].me')
    expect(mine).to_have_attribute("data-seat", re.compile(r"^\d+$"))
    return int(mine.get_attribute("data-seat"))


def usable(page: Page, test_id: str) -> bool:
    button = page.get_by_test_id(test_id)
    return button.count() == 1 and button.is_visible() and button.is_enabled()


# After a click on a legal tile: the trains it may go on light up, or it was played (the page's
# move number is past the one before), or the move was refused (its error line says why).
PLAYED_OR_TARGETS = """(seq) => !!document.querySelector('[data-testid="train"].target')
    || Number(document.getElementById("seq").textContent) > seq
    || !!(document.getElementById("move-error")?.textContent || "").trim()"""
MOVE_WAIT_MS = 30_000  # a bound for a failure only: the wait ends as soon as the page shows it


def click_first_action(page: Page, seq: int) -> str:
    """Make the mover's move the way a person would: place the engine, or play the first legal
    tile (on the first highlighted train if it asks for one), else draw, pass or stop."""
    deadline = time.monotonic() + 5
    while True:
        if usable(page, "place-engine"):
            page.get_by_test_id("place-engine").click()
            return "place-engine"
        legal = page.locator('[data-testid="hand-tile"].legal')
        if legal.count():
            tile = legal.first
            name = tile.get_attribute("data-tile")
            tile.click()
            # Either the tile plays at once (one legal train: the page's move number passes
            # ``seq`` once its events arrive) or the trains light up; a refusal shows in the
            # move's error line. Waited for on the page, however long a loaded server takes
            # (a flake hunt: a 5 s window and the API asked 20 times a second missed a move).
            page.wait_for_function(PLAYED_OR_TARGETS, arg=seq, timeout=MOVE_WAIT_MS)
            targets = page.locator('[data-testid="train"].target')
            if targets.count():
                train = targets.first.get_attribute("data-train")
                targets.first.click()
                return f"play {name} on train {train}"
            if int(page.get_by_test_id("seq").text_content()) > seq:
                return f"play {name} (one legal train)"
            raise AssertionError(
                f"clicking legal hand tile {name}: {page.locator('#move-error').text_content()}"
            )
        for action in ("draw", "pass", "stop"):
            if usable(page, action):
                page.get_by_test_id(action).click()
                return action
        if time.monotonic() > deadline:
            raise AssertionError(
                "it is this seat's turn but no action is offered: no usable place-engine, "
                "hand-tile.legal, draw, pass or stop; turn text: "
                f"{page.get_by_test_id('turn').inner_text()!r}"
            )
        page.wait_for_timeout(100)


def assert_no_move_error(page: Page) -> None:
    error = page.get_by_test_id("move-error")
    if error.count() and error.is_visible() and error.inner_text().strip():
        raise AssertionError(f"move-error shown: {error.inner_text().strip()!r}")


def play_moves(
    server_url: str,
    game_id: str,
    players: dict[int, Page],
    watchers: list[Page],
    count: int,
    moves: list[str],
) -> None:
    """Play ``count`` moves, each by whichever seat is to move; after each, every other open
    page (the other player, any spectator) shows the new seq and a new log entry, live."""
    for _ in range(count):
        info = game_info(server_url, game_id)
        if info["status"] != "active":
            break
        seq, to_move = info["seq"], info["to_move"]
        mover = players[to_move]
        others = [p for s, p in players.items() if s != to_move] + watchers
        expect(mover.get_by_test_id("seq")).to_have_text(str(seq), timeout=LIVE_MS)
        expect(mover.get_by_test_id("turn")).to_have_text(re.compile("Your turn"))
        for page in others:
            expect(page.get_by_test_id("seq")).to_have_text(str(seq), timeout=LIVE_MS)
        logged = [page.get_by_test_id("log-entry").count() for page in others]

        action = click_first_action(mover, seq)
        after = wait_for_seq_after(server_url, game_id, seq)
        assert_no_move_error(mover)
        assert after["seq"] > seq, f"{action} by seat {to_move} at seq {seq} appended nothing"
        moves.append(f"seq {seq}: seat {to_move} {action}")

        for page, before in zip(others, logged, strict=True):
            expect(page.get_by_test_id("seq")).to_have_text(str(after["seq"]), timeout=LIVE_MS)
            expect(page.get_by_test_id("log-entry")).not_to_have_count(before, timeout=LIVE_MS)
        expect(mover.get_by_test_id("seq")).to_have_text(str(after["seq"]), timeout=LIVE_MS)
        if after["status"] == "active":
            for seat, page in players.items():
                expected = "Your turn" if seat == after["to_move"] else "Waiting for"
                expect(page.get_by_test_id("turn")).to_contain_text(expected, timeout=LIVE_MS)


def mark_page(page: Page) -> None:
    """Tag the page's window: the tag survives only as long as the page is never reloaded."""
    page.evaluate("window.__e2eNoReload = true")


def assert_not_reloaded(page: Page) -> None:
    assert page.evaluate("window.__e2eNoReload === true"), f"{page.url} was reloaded"


def settle(page: Page) -> None:
    """Before a screenshot: give the page's socket a moment to say it is connected. Only the
    table and tournament pages have a socket (and the #connection line): on any other page
    there is nothing to wait for (waiting there only ran out the timeout)."""
    connection = page.locator("#connection")  # not in the DOM contract: cosmetic only
    if connection.count() == 0:
        return
    try:
        expect(connection).not_to_contain_text(re.compile("connecting", re.I), timeout=3_000)
    except AssertionError:
        pass


def shot(page: Page, artifacts_dir, name: str) -> None:
    page.screenshot(path=artifacts_dir / f"{name}.png", full_page=True)


# --- tests -----------------------------------------------------------------------------------


def test_the_home_page_is_served_to_a_browser(new_context):
    page = new_context().new_page()
    page.goto("/")
    expect(page).to_have_title(re.compile("Mexican Train"))


def test_two_players_play_live_and_a_spectator_watches(
    new_context, server_url, artifacts_dir, unique_name
):
    page_a = new_context().new_page()
    page_b = new_context().new_page()

    # A signs up and opens a two-player, one-round table.
    sign_up(page_a, unique_name("ana"))
    expect(page_a.get_by_test_id("language")).to_be_visible()
    game_id = create_table(page_a, players=2, rounds="1")
    expect(page_a.get_by_test_id("status")).to_have_text("open")

    # B signs up, finds the table in the lobby and joins it.
    sign_up(page_b, unique_name("bo"))
    table = page_b.locator(f'[data-testid="open-table"][data-game-id="{game_id}"]')
    expect(table).to_be_visible(timeout=10_000)
    shot(page_b, artifacts_dir, "lobby-1280")
    table.get_by_test_id("join").click()
    try:
        page_b.wait_for_url(GAME_PATH, timeout=5_000)
    except Exception:  # the lobby may keep the player there; the table page is one click away
        page_b.goto(f"/games/{game_id}")
    assert game_id in page_b.url

    expect(page_b.get_by_test_id("leave")).to_be_visible()
    expect(page_b.get_by_test_id("join")).to_be_hidden()
    players = {seat_of(page_a): page_a, seat_of(page_b): page_b}
    assert sorted(players) == [0, 1], players
    mark_page(page_a)  # A's page was opened before B joined: it must follow everything live
    expect(page_a.get_by_test_id("start")).to_be_enabled(timeout=LIVE_MS)
    page_a.get_by_test_id("start").click()
    for page in (page_a, page_b):
        expect(page.get_by_test_id("status")).to_have_text("active", timeout=LIVE_MS)
        expect(page.get_by_test_id("hand")).to_be_visible()
        expect(page.get_by_test_id("train").first).to_be_visible()
        # the seed is committed at the start (the hash is published before the first deal)
        expect(page.get_by_test_id("seed-commitment")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    mark_page(page_b)

    moves: list[str] = []
    play_moves(server_url, game_id, players, [], MOVES_BEFORE_SPECTATOR, moves)
    assert len(moves) == MOVES_BEFORE_SPECTATOR, moves

    # A spectator (anonymous) opens the table mid-game: the trains and the log, no hand.
    spectator = new_context().new_page()
    spectator.goto(f"/games/{game_id}")
    info = game_info(server_url, game_id)
    expect(spectator.get_by_test_id("status")).to_have_text("active")
    expect(spectator.get_by_test_id("seq")).to_have_text(str(info["seq"]))
    expect(spectator.locator('[data-testid="train"][data-train="mexican"]')).to_have_count(1)
    for seat in (0, 1):
        expect(spectator.locator(f'[data-testid="train"][data-train="{seat}"]')).to_have_count(1)
    expect(spectator.get_by_test_id("move-log")).to_be_visible()
    expect(spectator.get_by_test_id("log-entry").first).to_be_visible()
    # the same public board as the players see (the engine may still be in someone's hand)
    board = '[data-testid="train"] [data-testid="tile"], [data-testid="train"][data-train]'
    expect(spectator.locator(board)).to_have_count(page_a.locator(board).count())
    expect(spectator.get_by_test_id("hand")).to_have_count(0)
    expect(spectator.get_by_test_id("hand-tile")).to_have_count(0)
    for action in ("draw", "pass", "stop", "place-engine"):
        assert not usable(spectator, action), f"a spectator is offered {action}"
    mark_page(spectator)

    shot(page_a, artifacts_dir, "table-player-a-1280")
    shot(page_b, artifacts_dir, "table-player-b-1280")
    shot(spectator, artifacts_dir, "table-spectator-1280")
    phone = page_a.context.new_page()  # A on a phone, same session
    phone.set_viewport_size(PHONE)
    phone.goto(f"/games/{game_id}")
    expect(phone.get_by_test_id("hand")).to_be_visible()
    expect(phone.get_by_test_id("seq")).to_have_text(str(info["seq"]))
    settle(phone)
    shot(phone, artifacts_dir, "table-player-a-phone-390")
    phone.close()

    play_moves(server_url, game_id, players, [spectator], MOVES_WITH_SPECTATOR, moves)
    assert len(moves) >= 12, moves
    print("\n".join(moves))
    for page in (page_a, page_b, spectator):
        assert_not_reloaded(page)


def test_a_finished_game_replays_with_the_arrow_keys(
    new_context, server_url, artifacts_dir, unique_name
):
    username = unique_name("cy")
    status, body = api(
        server_url, "POST", "/api/v1/auth/register", {"username": username, "password": PASSWORD}
    )
    assert status == 201, body
    page = new_context().new_page()
    log_in(page, username)
    game_id = create_table(page, players=2, rounds="1")
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("start")).to_be_enabled(timeout=LIVE_MS)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("status")).to_have_text(re.compile("active|finished"))
    seat = seat_of(page)

    started, moves = time.monotonic(), []
    while True:
        info = game_info(server_url, game_id)
        if info["status"] == "finished":
            break
        assert info["status"] == "active", info
        assert len(moves) < BOT_GAME_MOVE_LIMIT, moves[-10:]
        assert time.monotonic() - started < BOT_GAME_TIME_LIMIT, moves[-10:]
        if info["to_move"] != seat:  # the bot moves in a task once the move has committed
            info = wait_for_turn(server_url, game_id, seat)
            if info["status"] == "finished":
                break
        assert info["to_move"] == seat, f"the bot did not move: {info}"
        expect(page.get_by_test_id("seq")).to_have_text(str(info["seq"]), timeout=LIVE_MS)
        moves.append(click_first_action(page, info["seq"]))
        after = wait_for_seq_after(server_url, game_id, info["seq"])
        assert_no_move_error(page)
        assert after["seq"] > info["seq"], f"{moves[-1]} appended nothing"
    expect(page.get_by_test_id("status")).to_have_text("finished", timeout=LIVE_MS)
    print(f"{len(moves)} moves against the bot: " + ", ".join(moves))

    page.goto(f"/games/{game_id}/replay")
    slider = page.get_by_test_id("replay-slider")
    expect(slider).to_be_visible()
    expect(slider).not_to_have_attribute("max", "0")  # the record has loaded
    assert int(slider.get_attribute("max")) >= len(moves), (slider.get_attribute("max"), moves)
    board = page.locator("main")
    slider.focus()
    page.keyboard.press("Home")
    start = int(slider.input_value())
    previous = board.inner_html()
    changed = 0
    for step in range(1, 4):
        page.keyboard.press("ArrowRight")
        expect(slider).to_have_value(str(start + step))
        try:  # the position drawn on the board follows the slider
            page.wait_for_function(
                "html => document.querySelector('main').innerHTML !== html",
                arg=previous,
                timeout=LIVE_MS,
            )
            changed += 1
        except PlaywrightTimeoutError:
            pass
        previous = board.inner_html()
    assert changed == 3, f"only {changed} of 3 ArrowRight presses changed the replayed position"
    page.keyboard.press("ArrowLeft")
    expect(slider).to_have_value(str(start + 2))
    shot(page, artifacts_dir, "replay-1280")
    page.keyboard.press("End")
    expect(slider).to_have_value(slider.get_attribute("max"))
