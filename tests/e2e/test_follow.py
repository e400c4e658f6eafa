"""You can follow the game (issue 15, deliver 3): the events that reach the table are played back
paced, each seat's last play is highlighted on its train, draws and passes show on the seat's
card, sounds have a remembered mute toggle, a round summary follows a round's end, and the
engine-placement phase is explained.

The page records what it reveals in ``window.MT_PLAYBACK.reveals`` ({seq, type, at, motion}) and
counts the sounds it starts in ``window.MT_SOUNDS_PLAYED`` (and those a mute held back in
``window.MT_SOUNDS_MUTED``): the tests assert order and counts, and print the pacing figures.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.conftest import new_table
from tests.e2e.test_live_table import click_first_action
from tests.e2e.test_live_table import game_info
from tests.e2e.test_live_table import log_in
from tests.e2e.test_live_table import wait_for_seq_after
from tests.e2e.test_live_table import wait_for_turn
from tests.e2e.test_table_bugs import at_bot_table
from tests.e2e.test_table_bugs import bot_game
from tests.e2e.test_table_bugs import my_seat
from tests.e2e.test_table_bugs import my_turn_on_page
from tests.e2e.test_table_bugs import register

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}
LIVE_MS = 5_000
SMALL = {"set_max": 6, "hand_size": 5, "rounds": 1}


def events(server_url: str, game_id: str, token: str) -> list[dict]:
    status, body = api(server_url, "GET", f"/api/v1/games/{game_id}/events?after=0", token=token)
    assert status == 200, body
    return body


def drained(page: Page) -> None:
    """Wait until the page has played back every event it holds."""
    page.wait_for_function(
        "() => window.MT_PLAYBACK && window.MT_PLAYBACK.pending() === 0"
        " && window.MT_PLAYBACK.lastSeq() >= Number(document.getElementById('table').dataset.seq)",
        timeout=15_000,
    )


def last_plays(evs: list[dict]) -> dict[int, str]:
    """Each seat's last tile played in the current round, as "a-b"."""
    out: dict[int, str] = {}
    for e in evs:
        if e["type"] == "RoundStarted":
            out = {}
        if e["type"] == "TilePlayed":
            a, b = e["data"]["tile"]
            out[e["data"]["seat"]] = f"{max(a, b)}-{min(a, b)}"
    return out


def assert_last_plays_shown(page: Page, evs: list[dict], me: int) -> int:
    """Every other seat's last play of the round is on a train, marked as its last play."""
    checked = 0
    for seat, key in last_plays(evs).items():
        tile = page.locator(f'#trains [data-testid="train"] .domino[data-tile="{key}"]')
        expect(tile).to_be_visible()
        expect(tile.get_by_test_id("last-play")).to_have_attribute("data-seat", str(seat))
        checked += seat != me
    return checked


NEWEST_LOG_ENTRY_IN_VIEW_JS = """() => {
  const ol = document.getElementById('move-log');
  const li = ol.lastElementChild;
  const fold = ol.closest('details');
  if (!li || (fold && !fold.open)) return true;
  const box = ol.getBoundingClientRect(), r = li.getBoundingClientRect();
  return r.height > 0 && r.bottom <= box.bottom + 1 && r.top >= box.top - 1;
}"""


def pacing(page: Page) -> list[dict]:
    return page.evaluate("window.MT_PLAYBACK.reveals")


def print_pacing(label: str, reveals: list[dict]) -> None:
    gaps = [
        round(b["at"] - a["at"])
        for a, b in zip(reveals, reveals[1:], strict=False)
        if b["batch"] == a["batch"] and b["motion"]
    ]
    if gaps:
        print(f"{label}: {len(gaps)} paced gaps, ms min {min(gaps)} max {max(gaps)}: {gaps[:40]}")
    else:
        print(f"{label}: no paced gaps")


def follow_one_game(page: Page, server_url, token, username, artifacts_dir, shot_taken: bool):
    """Play a small game of the viewer and two bots on the page, checking the playback and each
    other seat's last play at every turn of the viewer's; return how many last plays of other
    seats were checked, whether the mid-game screenshot was taken, and the game's events."""
    game_id = bot_game(server_url, token, ["greedy", "greedy"], **SMALL)
    seat = my_seat(game_info(server_url, game_id), username)
    # The first load is what was played before the page came: the bots' opening turns, when
    # they lead, are over first (else they reached the page live, paced: a flake hunt's run).
    info = wait_for_turn(server_url, game_id, seat, timeout=30)
    assert info["status"] != "active" or info["to_move"] == seat, info
    page.goto(f"/games/{game_id}")
    expect(page.get_by_test_id("seq")).not_to_have_text("0")
    drained(page)
    first_load = pacing(page)
    assert first_load, "nothing was played back on the first load"
    assert not any(r["motion"] for r in first_load), "the first load is paced"
    expect(page.get_by_test_id("round-summary")).to_have_count(0)

    checked = 0
    actions_seen: set[str] = set()
    while (info := my_turn_on_page(page, server_url, game_id, seat)) is not None:
        drained(page)
        evs = events(server_url, game_id, token)
        checked += assert_last_plays_shown(page, evs, seat)
        assert page.evaluate(NEWEST_LOG_ENTRY_IN_VIEW_JS), "the newest log entry is out of view"
        if checked and not shot_taken:
            page.screenshot(path=artifacts_dir / "follow-desktop-midgame.png", full_page=False)
            shot_taken = True
        action = click_first_action(page, info["seq"])
        if action in ("draw", "pass"):
            # The viewer's own draw or pass is on their card at once.
            card = page.locator(f'[data-testid="seat"][data-seat="{seat}"]')
            expect(card.get_by_test_id("seat-action")).to_have_text(
                "drew" if action == "draw" else "passed", timeout=LIVE_MS
            )
        wait_for_seq_after(server_url, game_id, info["seq"])
        actions_seen.update(
            r["action"]
            for r in page.evaluate("window.MT_PLAYBACK.seatActions")
            if r["seat"] != seat
        )

    drained(page)
    reveals = pacing(page)
    seqs = [r["seq"] for r in reveals]
    assert seqs == sorted(seqs), f"revealed out of order: {seqs}"
    assert len(seqs) == len(set(seqs)), f"revealed twice: {seqs}"
    evs = events(server_url, game_id, token)
    assert seqs == [e["seq"] for e in evs], "not every event was played back once"
    # The finished board keeps each seat's last play marked. This also checks a game in which
    # the viewer never saw a bot's play on their own turn: with five tiles a bot may go out on
    # its first turn (all on its own train) before the viewer moves (seen once in CI).
    checked += assert_last_plays_shown(page, evs, seat)
    paced = [r for r in reveals if r["motion"]]
    batches = {}
    for r in paced:
        batches.setdefault(r["batch"], []).append(r)
    assert any(len(b) >= 2 for b in batches.values()), "no queue of several events was paced"
    print_pacing("bot moves", reveals)
    print(f"last plays checked on other seats: {checked}; bot seat actions: {actions_seen}")
    return checked, shot_taken, evs


def test_bot_moves_are_played_back_in_order_highlighted_and_summed_up(
    new_context, server_url, unique_name, artifacts_dir
):
    """A deal of five tiles can end with no bot playing a tile at all (drawing and passing
    until the viewer goes out: seen in CI): then there is no bot's play to check, and another
    game is dealt, up to five."""
    username = unique_name("fo")
    token = register(server_url, username)
    page = new_context(viewport=DESKTOP_800).new_page()
    log_in(page, username)
    checked, shot_taken = 0, False
    for _ in range(5):
        found, shot_taken, evs = follow_one_game(
            page, server_url, token, username, artifacts_dir, shot_taken
        )
        checked += found
        if checked:
            break
    assert checked, "in five games no bot's last play was ever checked"

    # The round (the only one) ended while the page watched: the summary shows its scores.
    summary = page.get_by_test_id("round-summary")
    expect(summary).to_be_visible(timeout=LIVE_MS)
    ended = next(e for e in evs if e["type"] == "RoundEnded")["data"]
    for score in ended["scores"]:
        expect(summary).to_contain_text(str(score))
    expect(summary).to_contain_text("blocked" if ended["blocked"] else "went out")
    expect(summary.locator("tbody tr")).to_have_count(3)
    # Non-modal: focus stays where it was; the close button is reachable and closes it.
    assert page.evaluate(
        "() => !document.getElementById('round-summary')?.contains(document.activeElement)"
    )
    page.screenshot(path=artifacts_dir / "follow-desktop-round-summary.png", full_page=False)
    summary.get_by_role("button", name=re.compile("Close")).focus()
    page.keyboard.press("Enter")
    expect(summary).to_have_count(0)

    # An old game loaded afresh: nothing is paced and no summary pops up.
    page.reload()
    expect(page.get_by_test_id("status")).to_have_text("finished", timeout=LIVE_MS)
    drained(page)
    assert not any(r["motion"] for r in pacing(page))
    expect(page.get_by_test_id("round-summary")).to_have_count(0)


def test_bot_draws_and_passes_show_on_their_seat_card(new_context, server_url, unique_name):
    """A random bot on a small set draws and passes often: its card says so for a moment."""
    page, token, game_id, seat = at_bot_table(
        new_context, server_url, unique_name("fd"), ["random"], set_max=6, hand_size=5, rounds=2
    )
    expect(page.get_by_test_id("seq")).not_to_have_text("0")
    loaded = int(page.get_by_test_id("seq").inner_text())
    # Every badge that appears on a card is recorded (the DOM, not the playback's own log).
    page.evaluate("""() => {
      window.MT_BADGES = [];
      new MutationObserver(() => {
        for (const b of document.querySelectorAll('#seats [data-testid="seat-action"]')) {
          const rec = b.closest('[data-testid="seat"]').dataset.seat + ':' + b.textContent;
          if (!window.MT_BADGES.includes(rec)) window.MT_BADGES.push(rec);
        }
      }).observe(document.getElementById('seats'), { subtree: true, childList: true });
    }""")
    while (info := my_turn_on_page(page, server_url, game_id, seat)) is not None:
        click_first_action(page, info["seq"])
        wait_for_seq_after(server_url, game_id, info["seq"])
    drained(page)
    evs = events(server_url, game_id, token)
    bot = 1 - seat
    word = {"TileDrawn": "drew", "TurnPassed": "passed"}
    bot_did = {
        word[e["type"]]
        for e in evs
        if e["type"] in word and e["data"]["seat"] == bot and e["seq"] > loaded
    }
    shown = {b.split(":")[1] for b in page.evaluate("window.MT_BADGES") if b.startswith(f"{bot}:")}
    print(f"the bot did {bot_did}; its card showed {shown}")
    assert bot_did, "the bot never drew nor passed: the test proved nothing"
    assert bot_did <= shown, f"the bot's card did not show {bot_did - shown}"


def test_with_reduced_motion_tiles_show_at_once(
    new_context, server_url, unique_name, artifacts_dir
):
    page, token, game_id, seat = at_bot_table(
        new_context,
        server_url,
        unique_name("fr"),
        ["greedy", "greedy"],
        browser={"viewport": PHONE, "reduced_motion": "reduce"},
        **{**SMALL, "rounds": 2},
    )
    summary = page.get_by_test_id("round-summary")
    turns = 0
    while (info := my_turn_on_page(page, server_url, game_id, seat)) is not None:
        click_first_action(page, info["seq"])
        wait_for_seq_after(server_url, game_id, info["seq"])
        turns += 1
        if turns == 3:
            drained(page)
            check_shown_at_once(page, server_url, game_id, token, seat)
            page.screenshot(path=artifacts_dir / "follow-phone-reduced-motion.png")
        if summary.count():
            break
    # Round 1 of 2 ended: the summary says the next round is dealt (the server deals at once).
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("Round 1 of 2 is over")
    expect(summary).to_contain_text("Round 2 is dealt")
    summary.scroll_into_view_if_needed()
    page.screenshot(path=artifacts_dir / "follow-phone-round-summary.png")
    drained(page)
    check_shown_at_once(page, server_url, game_id, token, seat)


def check_shown_at_once(page: Page, server_url: str, game_id: str, token: str, seat: int) -> None:
    reveals = pacing(page)
    assert len(reveals) > 5
    assert not any(r["motion"] for r in reveals), "a reveal was paced under reduced motion"
    assert page.locator("#board .pb-pending").count() == 0
    # No tile on the board is animated. The check is polled for up to 2 s: a CI run once saw 6
    # tiles animated at this point (with every reveal above unpaced), which no run since has
    # shown again; a wait that was needed is printed, and a lasting animation fails with what
    # each animated tile was.
    animated_js = (
        "() => [...document.querySelectorAll('#board .domino')]"
        ".filter(e => getComputedStyle(e).animationName !== 'none')"
        ".map(e => [e.className, e.dataset.tile, getComputedStyle(e).animationName])"
    )
    animated = page.evaluate(animated_js)
    if animated:
        print("animated tiles under reduced motion, waiting:", animated)
        try:
            page.wait_for_function(f"({animated_js})().length === 0", timeout=2_000)
        except PlaywrightTimeoutError:
            reduce = page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
            raise AssertionError(
                f"tiles animated under reduced motion (matches: {reduce}): "
                f"{page.evaluate(animated_js)}; last reveals {reveals[-12:]}"
            ) from None
    # Highlights still show.
    assert_last_plays_shown(page, events(server_url, game_id, token), seat)


def play_until(page: Page, server_url: str, game_id: str, seat: int, done: str) -> None:
    """Play the viewer's turns until the page says ``done`` (a JS expression) or the game ends.
    A draw keeps the turn and sounds nothing, so a sound may take several turns to be due."""
    for _ in range(8):
        info = my_turn_on_page(page, server_url, game_id, seat)
        if info is None:
            return
        click_first_action(page, info["seq"])
        wait_for_seq_after(server_url, game_id, info["seq"])
        drained(page)
        if page.evaluate(done):
            return


def test_the_mute_toggle_is_remembered_and_silences(new_context, server_url, unique_name):
    page, _, game_id, seat = at_bot_table(
        new_context, server_url, unique_name("fm"), ["greedy"], set_max=6, hand_size=7, rounds=1
    )
    toggle = page.get_by_test_id("sound-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")  # sounds are on by default
    expect(toggle).to_have_accessible_name(re.compile("Mute sounds"))
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.reload()
    toggle = page.get_by_test_id("sound-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('mt-sounds-muted')") == "1"

    # Muted: the moves that would sound start nothing.
    play_until(page, server_url, game_id, seat, "window.MT_SOUNDS_MUTED > 0")
    played, muted = page.evaluate("[window.MT_SOUNDS_PLAYED, window.MT_SOUNDS_MUTED]")
    print(f"muted: {played} sounds started, {muted} held back")
    assert muted > 0, "no sound was due: the test proved nothing"
    assert played == 0

    # Unmuted (the click is the gesture that lets audio start): the next moves sound.
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("localStorage.getItem('mt-sounds-muted')") == "0"
    # Every sound due from now on (a bot's play, the viewer's next turn, the round's end) starts.
    held_before = page.evaluate("window.MT_SOUNDS_MUTED")
    play_until(page, server_url, game_id, seat, "window.MT_SOUNDS_PLAYED > 0")
    played, muted = page.evaluate("[window.MT_SOUNDS_PLAYED, window.MT_SOUNDS_MUTED]")
    print(f"unmuted: {played} sounds started, {muted - held_before} held back")
    assert played > 0, "no sound started after unmuting"
    assert muted == held_before, "a sound was held back while unmuted"


def test_the_low_time_sound_plays_once_per_turn_of_the_viewer(new_context, server_url, unique_name):
    """12 s a move and no reserve: 0:09 comes within seconds of each turn of the viewer's."""
    username = unique_name("fl")
    token = register(server_url, username)
    table = {
        "players": 2,
        # Three rounds: a first turn may lay a whole hand of 7 and end its round (a flake hunt's
        # run: sounds "low", seven "play", "round", and the one-round game was over); the next
        # round's deal still gives the viewer a second turn.
        "variants": {"set_max": 6, "hand_size": 7, "rounds": 3},
        "time_control": {"kind": "live", "seconds_per_move": 12, "reserve_seconds": 0},
    }
    game_id = new_table(server_url, token, table, bots=["greedy"], start=False)
    page = new_context(viewport=DESKTOP_800).new_page()
    log_in(page, username)
    status, body = api(server_url, "POST", f"/api/v1/games/{game_id}/start", {}, token)
    assert status == 200, body
    page.goto(f"/games/{game_id}")
    seat = my_seat(game_info(server_url, game_id), username)
    page.locator("#game-name").click()  # a gesture: the browser lets audio start
    mine = page.locator('[data-testid="seat"].me')
    lows = "() => window.MT_SOUNDS_LOG.filter((n) => n === 'low').length"
    for turn in (1, 2):
        info = my_turn_on_page(page, server_url, game_id, seat)
        if info is None:
            break
        expect(mine).to_have_class(re.compile(r"\bclock-low\b"), timeout=15_000)
        page.wait_for_function(f"() => ({lows})() === {turn}", timeout=LIVE_MS)
        # The clock ticks on twice, still low: no second warning.
        clock = mine.get_by_test_id("seat-clock")
        for _ in range(2):
            shown = clock.inner_text()
            expect(clock).not_to_have_text(shown, timeout=LIVE_MS)
        assert page.evaluate(lows) == turn, page.evaluate("window.MT_SOUNDS_LOG")
        # Play the turn out (a draw may be followed by a play or a stop).
        deadline = info["deadline"]  # the same for the whole turn
        while (
            info["status"] == "active" and info["to_move"] == seat and info["deadline"] == deadline
        ):
            click_first_action(page, info["seq"])
            info = wait_for_seq_after(server_url, game_id, info["seq"])
            page.wait_for_function(
                f"() => Number(document.getElementById('table').dataset.seq) >= {info['seq']}",
                timeout=LIVE_MS,
            )
    print(f"sounds: {page.evaluate('window.MT_SOUNDS_LOG')}")
    assert page.evaluate(lows) == 2, "the game ended before a second turn of the viewer's"


ENGINE_TEXT = {
    "mine": re.compile(r"You hold \[6\|6\]"),
    "nobody": re.compile(r"Nobody holds \[6\|6\] yet: drawing until someone does"),
}


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [DESKTOP_800], ids=["desktop"])
def test_the_engine_placement_is_explained(
    new_context, server_url, unique_name, artifacts_dir, viewport
):
    username = unique_name("fe")
    token = register(server_url, username)
    page = new_context(viewport=viewport).new_page()
    log_in(page, username)
    seen = set()
    # A deal leaves [6|6] in the boneyard with the viewer to draw first about one time in three
    # (18 of the 28 tiles stay undealt, and the viewer leads half the time): five deals missed
    # it about one time in seven (0.68^5), as in one CI run; up to 30 miss it under one time in
    # 100,000 (0.68^30).
    for _ in range(30):
        game_id = bot_game(server_url, token, ["greedy"], set_max=6, hand_size=5, rounds=1)
        page.goto(f"/games/{game_id}")
        expect(page.get_by_test_id("seq")).not_to_have_text("0")
        info = game_info(server_url, game_id)
        seat = my_seat(info, username)
        state = page.evaluate("JSON.parse(document.getElementById('table').dataset.legal)")
        actions = {m["action"] for m in state}
        text = page.get_by_test_id("engine-phase")
        if info["to_move"] != seat or not actions & {"engine", "draw"}:
            expect(text).to_have_count(0)  # the bot held the engine and placed it
            continue
        if "engine" in actions:
            case = "mine"
        else:
            case = "nobody"
        expect(text).to_have_text(ENGINE_TEXT[case])
        seen.add(case)
        name = "desktop" if viewport is DESKTOP_800 else "phone"
        page.screenshot(path=artifacts_dir / f"follow-{name}-engine-{case}.png", full_page=False)
        if case == "nobody":
            break
    print(f"engine cases seen: {seen}")
    assert "nobody" in seen
