"""Chat at a table in the browser (issue 17, part 5): two players at a casual table chat, one
reports a message (the dispute exists with it), one mutes the other (the next message does not
show, not even after a reload); a rated table offers only the quick buttons. Desktop 1280x800
and phone 390x844, with screenshots in tests/artifacts/."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.conftest import new_table
from tests.e2e.test_live_table import log_in
from tests.e2e.test_table_bugs import DESKTOP_800
from tests.e2e.test_table_bugs import SLOW_TC
from tests.e2e.test_table_bugs import register

pytestmark = pytest.mark.e2e

LIVE_MS = 5_000


def table(server_url: str, creator: str, others: list[str], *, rated: bool = False) -> str:
    """A started double-6 table of ``creator``, ``others`` (tokens) and a bot."""
    body = {
        "players": 2 + len(others),
        "variants": {"set_max": 6, "rounds": 1},
        "time_control": SLOW_TC,
        "rated": rated,
    }
    return new_table(server_url, creator, body, joiners=others, bots=["random"])


def open_chat(page: Page) -> None:
    panel = page.get_by_test_id("chat-panel")
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()
    expect(page.get_by_test_id("chat-quick").first).to_be_visible()


def send(page: Page, text: str) -> None:
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-send").click()


def lines(page: Page):
    return page.get_by_test_id("chat-text")


def test_two_players_chat_report_and_mute(server_url, new_context, unique_name, artifacts_dir):
    ana, bo = unique_name("ana"), unique_name("bo")
    ana_token, bo_token = register(server_url, ana), register(server_url, bo)
    gid = table(server_url, ana_token, [bo_token])
    desk = new_context(DESKTOP_800).new_page()
    phone = new_context(PHONE).new_page()
    # What ana's sockets receive, in order: the mute below is judged by it, not by a pause.
    desk_frames: list[str] = []
    desk.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived",
            lambda frame: desk_frames.append(frame if isinstance(frame, str) else repr(frame)),
        ),
    )
    for page, name in ((desk, ana), (phone, bo)):
        log_in(page, name)
        page.goto(f"/games/{gid}")
        expect(page.get_by_test_id("status")).not_to_have_text("…")
    # On a phone the panel starts folded: the hand and its buttons keep the screen.
    assert phone.get_by_test_id("chat-panel").get_attribute("open") is None
    open_chat(desk)
    open_chat(phone)

    send(desk, "hello <b>bo</b>")
    expect(lines(phone).filter(has_text="hello <b>bo</b>")).to_be_visible(timeout=LIVE_MS)
    send(phone, "you play like a potato")
    expect(lines(desk).filter(has_text="you play like a potato")).to_be_visible(timeout=LIVE_MS)
    phone.get_by_test_id("chat-quick").filter(has_text="Good luck").click()
    expect(lines(desk).filter(has_text="Good luck")).to_be_visible(timeout=LIVE_MS)
    desk.screenshot(path=artifacts_dir / "chat-desktop-1280x800.png")
    phone.screenshot(path=artifacts_dir / "chat-phone-390x844.png")

    # ana reports bo's message: a dispute of category abuse holds it.
    line = desk.get_by_test_id("chat-message").filter(has_text="potato")
    line.get_by_test_id("chat-report").click()
    expect(line.get_by_test_id("chat-report")).to_have_text("Reported")
    status, disputes = api(server_url, "GET", "/api/v1/disputes", token=ana_token)
    assert status == 200, disputes
    [dispute] = [d for d in disputes["results"] if d["game"] == gid]
    assert dispute["category"] == "abuse"
    assert "you play like a potato" in dispute["reason"]

    # ana mutes bo: his messages go, and the next one never shows.
    desk.get_by_test_id("chat-message").filter(has_text="potato").get_by_test_id(
        "chat-mute"
    ).click()
    expect(lines(desk).filter(has_text="potato")).to_have_count(0)
    send(phone, "can you still hear me")
    expect(lines(phone).filter(has_text="can you still hear me")).to_be_visible(timeout=LIVE_MS)
    send(desk, "quiet now")
    expect(lines(phone).filter(has_text="quiet now")).to_be_visible(timeout=LIVE_MS)
    # Whatever ana's socket carried of bo's message came before ana's own later one (one group,
    # in order): once her socket has delivered hers, the page has had his, and did not show it.
    deadline = time.monotonic() + LIVE_MS / 1000
    while not any("quiet now" in f for f in desk_frames):
        assert time.monotonic() < deadline, "ana's socket never delivered her own message"
        desk.wait_for_timeout(50)
    expect(lines(desk).filter(has_text="can you still hear me")).to_have_count(0)
    desk.reload()
    open_chat(desk)
    expect(lines(desk).filter(has_text="quiet now")).to_be_visible()
    expect(lines(desk).filter(has_text="can you still hear me")).to_have_count(0)
    desk.screenshot(path=artifacts_dir / "chat-desktop-muted-1280x800.png")


@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["1280x800", "390x844"])
def test_a_rated_table_offers_only_the_quick_buttons(
    server_url, new_context, unique_name, artifacts_dir, viewport
):
    cy = unique_name("cy")
    token = register(server_url, cy)
    gid = table(server_url, token, [], rated=True)
    page = new_context(viewport).new_page()
    log_in(page, cy)
    page.goto(f"/games/{gid}")
    open_chat(page)
    expect(page.get_by_test_id("chat-input")).to_be_hidden()
    expect(page.get_by_test_id("chat-quick")).to_have_count(5)
    expect(page.get_by_test_id("chat-note")).to_have_text("Only quick messages can be sent here.")
    page.get_by_test_id("chat-quick").filter(has_text="Have fun").click()
    expect(lines(page).filter(has_text="Have fun")).to_be_visible(timeout=LIVE_MS)
    status, body = api(server_url, "POST", f"/api/v1/games/{gid}/chat", {"body": "hi"}, token)
    assert status == 403
    assert body["code"] == "quick_only"
    page.get_by_test_id("chat-panel").scroll_into_view_if_needed()
    page.screenshot(path=artifacts_dir / f"chat-rated-{viewport['width']}x{viewport['height']}.png")
