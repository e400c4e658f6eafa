"""The last rough edges (issue 31, items 5, 6, 7, 9), in Chromium at 1280x800 and 390x844:

- the lobby's Rated box says beforehand what a new account needs, and joining a rated table
  is refused with that same plain sentence, in the reader's language (a second server on the
  same database, with the platform's default gate for rated play);
- the replay plays itself at a chosen speed and pauses (the page's clock is Playwright's, so
  every step is waited for on the step counter, never on time), each move is a step of its
  own, and a round's first step shows the engine double;
- the home page says what to do next; no choice of the lobby's forms is cut off in any
  language;
- the header is one line at 1280 px for a staff member in each of the six languages, the
  account's links in a menu under the name (keyboard included); on a phone, in its menu.

Screenshots: tests/artifacts/edges-*.png.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.conftest import PASSWORD
from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.conftest import new_table
from tests.e2e.test_audit import log_in
from tests.e2e.test_audit import make_staff
from tests.e2e.test_audit import played_game
from tests.e2e.test_audit import register
from tests.e2e.test_axe import violations
from tests.support.server import ServerError
from tests.support.server import served
from tests.support.xdist import worker_name

pytestmark = pytest.mark.e2e

DESKTOP_800 = {"width": 1280, "height": 800}
SIZES = [DESKTOP_800, PHONE]
LANGUAGES = ["en", "hu", "it", "ja", "th", "tl"]


def size_of(viewport: dict) -> str:
    return str(viewport["width"])


def set_language(context, server_url: str, lang: str) -> None:
    context.add_cookies([{"name": "django_language", "value": lang, "url": server_url}])


# -- item 5: the Rated box and the refusal ------------------------------------------------------


@pytest.fixture(scope="module")
def gated_url(server_env, server_url, artifacts_dir):
    """A second web process on the served platform's database with the platform's default
    gate for rated play (3 finished games against people, or an account 7 days old): the
    served one lets every account play rated."""
    env = {**server_env, "RATED_MIN_GAMES": "3", "RATED_MIN_ACCOUNT_DAYS": "7"}
    try:
        with served(env, artifacts_dir / f"e2e-gated-server{worker_name()}.log") as url:
            yield url
    except ServerError as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.mark.parametrize("viewport", SIZES, ids=["desktop", "phone"])
def test_the_rated_box_says_what_a_new_account_needs_and_the_refusal_says_it_plainly(
    new_context, server_url, gated_url, unique_name, artifacts_dir, viewport
):
    host = register(server_url, unique_name("host"))  # the served platform rates anyone
    rated = new_table(server_url, host, {"players": 2, "rated": True}, start=False)
    name = unique_name("new")
    register(gated_url, name)
    context = new_context(viewport)
    page = context.new_page()
    page.goto(f"{gated_url}/login?next=/lobby")
    page.locator("input[name=username]").fill(name)
    page.locator("input[name=password]").fill(PASSWORD)
    page.get_by_test_id("login-submit").click()
    page.wait_for_url(f"{gated_url}/lobby")

    box = page.get_by_test_id("create-form").get_by_test_id("rated")
    hint = page.get_by_test_id("rated-hint")
    expect(box).to_be_disabled()
    expect(hint).to_have_text(
        re.compile(
            r"Rated games open to you after 3 finished games against other people; you have "
            r"finished 0\. Or wait until your account is 7 days old, on \d{4}-\d\d-\d\d \d\d:\d\d "
            r"UTC\. Unrated tables are open to you now\."
        )
    )
    expect(box).to_have_attribute("aria-describedby", "create-rated-hint")
    hint.scroll_into_view_if_needed()
    page.screenshot(path=artifacts_dir / f"edges-lobby-rated-{size_of(viewport)}.png")
    assert not violations(page), json.dumps(violations(page), indent=1)

    # Joining a rated table anyway: the same sentence, not a log line.
    row = page.locator(f'[data-testid="open-table"][data-game-id="{rated}"]')
    row.get_by_test_id("join").click()
    expect(row.locator(".form-error")).to_have_text(hint.inner_text())

    # In Japanese, both are Japanese, with the numbers.
    set_language(context, gated_url, "ja")
    page.goto(f"{gated_url}/lobby")
    expect(hint).to_contain_text("3")
    assert "Rated" not in hint.inner_text()
    row.get_by_test_id("join").click()
    expect(row.locator(".form-error")).to_have_text(hint.inner_text())
    page.screenshot(path=artifacts_dir / f"edges-lobby-rated-ja-{size_of(viewport)}.png")


# -- item 6: the replay -------------------------------------------------------------------------


def step_of(page: Page):
    return page.get_by_test_id("replay-step")


def test_the_replay_plays_itself_at_the_chosen_speed_and_pauses(
    new_context, server_url, unique_name, artifacts_dir
):
    token = register(server_url, unique_name("auto"))
    # A game with room for the speeds below: more than 12 steps (every move is a step, and so
    # are each round's deal and result). A round can end in 10 moves (a flake hunt met one):
    # such a game is not the one this test replays.
    for _ in range(5):
        gid = played_game(server_url, token)
        status, record = api(server_url, "GET", f"/api/v1/games/{gid}/record", token=token)
        assert status == 200, record
        moves = sum(len(r["moves"]) for r in record["rounds"])
        steps = moves + 2 * len(record["rounds"])
        if steps > 12:
            break
    assert steps > 12, "five games in a row ended within 10 moves"

    page = new_context(DESKTOP_800).new_page()
    page.clock.install()
    page.goto(f"/games/{gid}/replay")
    slider = page.get_by_test_id("replay-slider")
    expect(slider).to_have_attribute("max", str(steps - 1))
    now = page.evaluate("Date.now()")
    page.clock.pause_at(now + 1000)  # from here only run_for moves the page's time

    # Step 0 is the round's start: the engine double is drawn, waiting to be placed.
    expect(step_of(page)).to_have_attribute("data-step", "0")
    engine = page.locator('#station [data-testid="engine"]')
    expect(engine).to_be_visible()
    expect(page.locator("#station")).to_contain_text("waiting to be placed")
    page.screenshot(path=artifacts_dir / "edges-replay-1280.png", full_page=True)

    play = page.get_by_test_id("replay-play")
    play.click()
    expect(play).to_have_attribute("data-playing", "1")
    expect(play).to_have_text("⏸︎ Pause")
    for expected in (1, 2):  # 1x: a step a second
        page.clock.run_for(1000)
        expect(step_of(page)).to_have_attribute("data-step", str(expected))
    page.get_by_test_id("replay-speed").select_option("4")  # 4x: a step each 250 ms
    page.clock.run_for(250)
    expect(step_of(page)).to_have_attribute("data-step", "3")
    page.clock.run_for(500)
    expect(step_of(page)).to_have_attribute("data-step", "5")
    page.get_by_test_id("replay-speed").select_option("0.5")  # 0.5x: one each 2 s
    page.clock.run_for(1999)
    expect(step_of(page)).to_have_attribute("data-step", "5")
    page.clock.run_for(1)
    expect(step_of(page)).to_have_attribute("data-step", "6")

    # Pause stops it, however long one waits.
    play.click()
    expect(play).to_have_attribute("data-playing", "0")
    page.clock.run_for(60_000)
    expect(step_of(page)).to_have_attribute("data-step", "6")
    expect(slider).to_have_value("6")

    # The keyboard: the button takes Space, the speed its arrows; a step by hand pauses.
    play.focus()
    page.keyboard.press("Space")
    expect(play).to_have_attribute("data-playing", "1")
    page.clock.run_for(2000)
    expect(step_of(page)).to_have_attribute("data-step", "7")
    page.get_by_test_id("replay-speed").focus()
    page.keyboard.press("ArrowDown")  # 0.5x -> 1x
    expect(page.get_by_test_id("replay-speed")).to_have_value("1")
    page.clock.run_for(1000)
    expect(step_of(page)).to_have_attribute("data-step", "8")
    page.get_by_test_id("replay-next").click()
    expect(play).to_have_attribute("data-playing", "0")
    page.clock.run_for(10_000)
    expect(step_of(page)).to_have_attribute("data-step", "9")

    # To the end: the round's result is a step of its own, after the last move; there it stops.
    page.get_by_test_id("replay-speed").select_option("4")
    play.click()
    page.clock.run_for(250 * steps)
    expect(step_of(page)).to_have_attribute("data-step", str(steps - 1))
    expect(play).to_have_attribute("data-playing", "0")
    expect(page.get_by_test_id("replay-position")).to_contain_text("the result")
    expect(page.get_by_test_id("replay-move")).to_contain_text("The match is over.")
    page.keyboard.press("ArrowLeft")  # the last move, before the result
    expect(page.get_by_test_id("replay-position")).to_contain_text(f"move {moves} of {moves}")


def test_the_replay_at_the_phones_size(new_context, server_url, unique_name, artifacts_dir):
    token = register(server_url, unique_name("rph"))
    gid = played_game(server_url, token)
    page = new_context(PHONE).new_page()
    page.goto(f"/games/{gid}/replay")
    expect(page.get_by_test_id("replay-slider")).not_to_have_attribute("max", "0")
    expect(page.locator('#station [data-testid="engine"]')).to_be_visible()
    for testid in ("replay-prev", "replay-play", "replay-next", "replay-speed"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box is not None, testid
        assert 0 <= box["x"] <= PHONE["width"] - box["width"], (testid, box)
    page.screenshot(path=artifacts_dir / "edges-replay-390.png")


# -- item 7: the home page and the lobby's choices ------------------------------------------------

# The widest text of each choice against the room its select has (less its arrow): a select
# shows its choice on one line, cut off if it is wider.
CUT_OFF = """() => {
  const ctx = document.createElement("canvas").getContext("2d");
  const cut = [];
  for (const sel of document.querySelectorAll("#create-form select, #quick-form select")) {
    const cs = getComputedStyle(sel);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    for (const o of sel.options) {
      const wide = ctx.measureText(o.text).width;
      if (wide > room) cut.push(`${sel.name}: "${o.text}" ${Math.round(wide)} > ${Math.round(room)}`);
    }
  }
  return cut;
}"""


@pytest.mark.parametrize("viewport", SIZES, ids=["desktop", "phone"])
def test_the_home_page_says_what_to_do_next_and_no_lobby_choice_is_cut_off(
    new_context, server_url, unique_name, artifacts_dir, viewport
):
    name = unique_name("home")
    token = register(server_url, name)
    gid = new_table(
        server_url,
        token,
        {"players": 2, "time_control": {"kind": "correspondence", "days_per_move": 3}},
        bots=["random"],
    )
    context = new_context(viewport)
    page = context.new_page()
    log_in(page, name, "/")
    status, state = api(server_url, "GET", f"/api/v1/games/{gid}/state", token=token)
    if state["legal_moves"]:  # whoever holds the engine double moves first
        expect(page.get_by_test_id("news-turn")).to_contain_text("It is your turn in 1 game.")
    expect(page.get_by_test_id("news-live")).to_contain_text("being played now.")
    expect(page.get_by_test_id("news-tournament")).to_be_visible()
    expect(page.get_by_text("The platform is running.")).to_have_count(0)
    page.screenshot(path=artifacts_dir / f"edges-home-{size_of(viewport)}.png")

    for lang in LANGUAGES:
        set_language(context, server_url, lang)
        page.goto("/lobby")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        cut = page.evaluate(CUT_OFF)
        assert not cut, (lang, cut)
        if lang in ("en", "hu"):
            form = page.get_by_test_id("create-form")
            form.scroll_into_view_if_needed()
            page.screenshot(
                path=artifacts_dir / f"edges-lobby-{lang}-{size_of(viewport)}.png", full_page=True
            )
    set_language(context, server_url, "en")
    page.goto("/lobby")
    # A rated table offers no free chat: the chat follows the Rated box.
    form = page.get_by_test_id("create-form")
    chat = form.get_by_test_id("create-chat")
    expect(chat).to_have_value("free")
    form.get_by_test_id("rated").check()
    expect(chat).to_have_value("quick")
    expect(chat.locator('option[value="free"]')).to_be_disabled()
    form.get_by_test_id("rated").uncheck()
    expect(chat).to_have_value("free")


# -- item 9: the header --------------------------------------------------------------------------

# The header's items (brand, links, the account's button, bell, language) and its height.
HEADER = """() => {
  const header = document.querySelector(".site-header");
  const items = [...header.querySelectorAll(
    ".brand, .site-nav > a, .account-button, .bell-button, .lang-form select")]
    .filter((el) => el.getClientRects().length)
    .map((el) => el.getBoundingClientRect());
  return {
    height: header.getBoundingClientRect().height,
    tops: items.map((r) => Math.round(r.top)),
    bottoms: items.map((r) => Math.round(r.bottom)),
    tallest: Math.max(...items.map((r) => r.height)),
    right: Math.max(...items.map((r) => r.right)),
  };
}"""


def test_the_header_is_one_line_at_1280_for_staff_in_every_language(
    new_context, server_url, server_env, unique_name, artifacts_dir
):
    staff = unique_name("staffwithalongname")
    register(server_url, staff)
    make_staff(server_env, staff)
    context = new_context(DESKTOP_800)
    page = context.new_page()
    log_in(page, staff, "/lobby")
    for lang in LANGUAGES:
        set_language(context, server_url, lang)
        page.goto("/lobby")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        h = page.evaluate(HEADER)
        # One line: every item starts on the first line, and the header is as tall as its
        # tallest item and its padding (two lines were 71 px; one is 63).
        assert max(h["bottoms"]) - min(h["tops"]) <= h["tallest"] + 2, (lang, h)
        assert h["height"] <= h["tallest"] + 20, (lang, h)
        assert h["right"] <= DESKTOP_800["width"], (lang, h)
        page.screenshot(
            path=artifacts_dir / f"edges-header-staff-{lang}-1280.png",
            clip={"x": 0, "y": 0, "width": 1280, "height": 160},
        )

    # The account's links: under the name, by mouse and by keyboard.
    set_language(context, server_url, "en")
    page.goto("/lobby")
    button = page.get_by_test_id("account-menu")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(page.get_by_test_id("disputes-link")).to_be_hidden()
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_test_id("disputes-link")).to_have_text("Disputes queue")
    for testid in ("profile-link", "settings-link", "logout"):
        expect(page.get_by_test_id(testid)).to_be_visible()
    page.screenshot(
        path=artifacts_dir / "edges-header-staff-menu-1280.png",
        clip={"x": 0, "y": 0, "width": 1280, "height": 320},
    )
    assert not violations(page), json.dumps(violations(page), indent=1)
    page.keyboard.press("Escape")
    expect(button).to_be_focused()
    expect(page.get_by_test_id("profile-link")).to_be_hidden()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("profile-link")).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("profile-link")).to_be_focused()
    page.get_by_role("heading", name="Lobby").click()  # a click elsewhere closes it
    expect(page.get_by_test_id("profile-link")).to_be_hidden()
    page.get_by_test_id("settings-link").evaluate("a => a")  # still in the page
    button.click()
    page.get_by_test_id("settings-link").click()
    expect(page).to_have_url(f"{server_url}/settings")


def test_on_a_phone_the_account_links_are_in_the_menu(
    new_context, server_url, server_env, unique_name, artifacts_dir
):
    staff = unique_name("staffph")
    register(server_url, staff)
    make_staff(server_env, staff)
    context = new_context(PHONE)
    page = context.new_page()
    log_in(page, staff, "/lobby")
    set_language(context, server_url, "ja")
    page.goto("/lobby")
    expect(page.get_by_test_id("account-menu")).to_be_hidden()
    page.get_by_test_id("menu").click()
    for testid in ("profile-link", "settings-link", "disputes-link", "logout"):
        expect(page.get_by_test_id(testid)).to_be_visible()
    page.screenshot(path=artifacts_dir / "edges-header-staff-ja-390.png")
