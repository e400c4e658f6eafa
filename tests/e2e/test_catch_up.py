"""A table that missed a live update catches up by itself (issue 19, deliver 3).

The page's socket loses one live ``events`` message on its way in (as an update published while
the server's Redis was away is lost), and then the game goes quiet: nobody moves. The page's
next ping is answered with the game's seq; the page sees it is behind and syncs, so it shows
the move within a ping interval (5 s) — before, it stayed stale until the game's next event.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import api
from tests.e2e.test_live_table import log_in
from tests.e2e.test_table_bugs import SLOW_TC
from tests.e2e.test_table_bugs import register

pytestmark = pytest.mark.e2e

# Drops the next N ``events`` messages beyond seq MT_DROP_AFTER that any socket of the page
# receives, once armed (a late answer to the page's own first sync is left alone).
DROP_EVENTS_JS = """(() => {
  window.MT_DROP_EVENTS = 0;
  window.MT_DROP_AFTER = 0;
  window.MT_DROPPED = [];
  const add = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (type, listener, options) {
    if (type !== "message") return add.call(this, type, listener, options);
    return add.call(this, type, function (ev) {
      if (window.MT_DROP_EVENTS > 0) {
        let msg = null;
        try { msg = JSON.parse(ev.data); } catch (e) { /* not ours */ }
        if (msg && msg.type === "events" && msg.seq > window.MT_DROP_AFTER) {
          window.MT_DROP_EVENTS -= 1;
          window.MT_DROPPED.push(msg.seq);
          return undefined;
        }
      }
      return listener.call(this, ev);
    }, options);
  };
})();"""


def state(server_url: str, gid: str, token: str) -> dict:
    status, body = api(server_url, "GET", f"/api/v1/games/{gid}/state", token=token)
    assert status == 200, body
    return body


def test_a_page_that_missed_an_update_shows_it_while_the_game_is_quiet(
    new_context, server_url, unique_name
):
    ana, bo = unique_name("cu"), unique_name("cu")
    tokens = {ana: register(server_url, ana), bo: register(server_url, bo)}
    status, body = api(
        server_url,
        "POST",
        "/api/v1/games",
        {"players": 2, "variants": {"set_max": 6, "rounds": 1}, "time_control": SLOW_TC},
        token=tokens[ana],
    )
    assert status == 201, body
    gid = body["id"]
    assert api(server_url, "POST", f"/api/v1/games/{gid}/join", {}, tokens[bo])[0] == 200
    assert api(server_url, "POST", f"/api/v1/games/{gid}/start", {}, tokens[ana])[0] == 200

    context = new_context()
    context.add_init_script(DROP_EVENTS_JS)
    page = context.new_page()
    log_in(page, ana)
    page.goto(f"/games/{gid}")
    before = state(server_url, gid, tokens[ana])
    expect(page.get_by_test_id("seq")).to_have_text(str(before["seq"]))
    expect(page.locator("#connection")).to_have_text("Live")

    # The next live update is lost on its way; then whoever is to move moves, once.
    page.evaluate(f"window.MT_DROP_AFTER = {before['seq']}; window.MT_DROP_EVENTS = 1")
    mover = next(t for t in tokens.values() if state(server_url, gid, t)["legal_moves"])
    st = state(server_url, gid, mover)
    move = {**st["legal_moves"][0], "expected_seq": st["seq"]}
    status, answer = api(server_url, "POST", f"/api/v1/games/{gid}/moves", move, mover)
    assert status in (200, 201), answer
    after = state(server_url, gid, mover)["seq"]
    assert after > before["seq"]

    page.wait_for_function("() => window.MT_DROPPED.length === 1", timeout=5_000)
    # Nothing else happens in the game: the page catches up from its ping's answer.
    expect(page.get_by_test_id("seq")).to_have_text(str(after), timeout=12_000)
    assert page.evaluate("window.MT_DROPPED") == [after]
