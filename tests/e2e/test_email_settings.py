"""Email notifications from the browser (issue 16): the settings page's checkbox per kind is
saved; a correspondence game's "your turn" mail (sent by the server's embedded task runner,
read from the file backend) carries a one-click unsubscribe link whose page turns off that kind
only. At 1280x800 and 390x844, with screenshots in tests/artifacts/."""

from __future__ import annotations

import email
import re
import time
from email import policy
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import api
from tests.e2e.test_axe import violations
from tests.e2e.test_live_table import PASSWORD
from tests.e2e.test_live_table import log_in
from tests.e2e.test_live_table import shot

pytestmark = pytest.mark.e2e

CORRESPONDENCE = {"kind": "correspondence", "days_per_move": 3, "vacation_days": 5}


def register(server_url: str, name: str) -> str:
    status, body = api(
        server_url,
        "POST",
        "/api/v1/auth/register",
        {"username": name, "password": PASSWORD, "email": f"{name}@example.org"},
    )
    assert status == 201, body
    return body["token"]


def correspondence_game(server_url: str, host: str, guest: str, tokens: dict) -> dict:
    status, game = api(
        server_url,
        "POST",
        "/api/v1/games",
        {"players": 2, "variants": {"set_max": 6, "rounds": 1}, "time_control": CORRESPONDENCE},
        tokens[host],
    )
    assert status == 201, game
    path = f"/api/v1/games/{game['id']}"
    assert api(server_url, "POST", f"{path}/join", token=tokens[guest])[0] == 200
    assert api(server_url, "POST", f"{path}/start", token=tokens[host])[0] == 200
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        status, info = api(server_url, "GET", path, token=tokens[host])
        if info.get("to_move") is not None:
            return info
        time.sleep(0.2)
    raise AssertionError(f"the game did not start: {info}")


def notice_mail(server_env, address: str, timeout: float = 20):
    """The first mail to ``address`` whose subject says "Your turn" (the verification mail
    comes first), from the server's mail folder."""
    folder = Path(server_env["EMAIL_URL"].removeprefix("file://"))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for path in sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime):
            for chunk in path.read_text().split("-" * 79):
                if not chunk.strip():
                    continue
                message = email.message_from_string(chunk.strip(), policy=policy.default)
                if address in (message["To"] or "") and "Your turn" in (message["Subject"] or ""):
                    return message
        time.sleep(0.2)
    raise AssertionError(f"no 'your turn' mail to {address} within {timeout}s")


def checkbox(page, kind: str):
    """A kind's checkbox (your_turn's is a select: none, each time, the daily digest)."""
    return page.get_by_test_id(f"email-kind-{kind}")


# One size: a flow, not a layout, is under test (the phone's layouts have their own tests).
@pytest.mark.parametrize("viewport", [None], ids=["desktop"])
def test_email_choices_are_saved_and_a_mails_unsubscribe_link_turns_one_kind_off(
    new_context, server_url, server_env, unique_name, artifacts_dir, viewport
):
    size = "phone" if viewport else "desktop"
    host, guest = unique_name("host"), unique_name("guest")
    tokens = {name: register(server_url, name) for name in (host, guest)}
    info = correspondence_game(server_url, host, guest, tokens)
    mover = [p["username"] for p in info["seats"] if p["index"] == info["to_move"]][0]

    # The "your turn" mail, sent after the start by the server's task runner.
    message = notice_mail(server_env, f"{mover}@example.org")
    body = message.get_content()
    assert body.startswith("Your turn at ")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"/games/{info['id']}" in body
    unsubscribe = re.search(r"https?://\S+/unsubscribe/\S+", body).group(0)
    assert message["List-Unsubscribe"].strip() == f"<{unsubscribe}>"

    page = new_context(viewport).new_page()
    log_in(page, mover)
    page.goto("/settings")
    expect(checkbox(page, "your_turn")).to_have_value("on")  # a choice of three (issue 34)
    expect(checkbox(page, "dispute_update")).to_be_checked()
    expect(checkbox(page, "rematch")).not_to_be_checked()
    checkbox(page, "rematch").check()
    checkbox(page, "dispute_update").uncheck()
    page.get_by_test_id("emails-submit").click()
    page.wait_for_url("**/settings")
    expect(page.get_by_test_id("messages")).to_contain_text("Your email choices were saved.")
    page.reload()
    expect(checkbox(page, "rematch")).to_be_checked()
    expect(checkbox(page, "dispute_update")).not_to_be_checked()
    expect(checkbox(page, "your_turn")).to_have_value("on")
    page.get_by_role("heading", name="Email notifications").scroll_into_view_if_needed()
    shot(page, artifacts_dir, f"email-settings-{size}")
    assert violations(page) == []

    # The mail's link, opened in a browser with no session: one button, then done.
    stranger = new_context(viewport).new_page()
    stranger.goto(unsubscribe.removeprefix(re.match(r"https?://[^/]+", unsubscribe).group(0)))
    expect(stranger.get_by_test_id("unsubscribe-what")).to_contain_text(
        "It is my turn in a correspondence game"
    )
    shot(stranger, artifacts_dir, f"unsubscribe-ask-{size}")
    assert violations(stranger) == []
    stranger.get_by_test_id("unsubscribe-submit").click()
    expect(stranger.get_by_test_id("unsubscribe-done")).to_be_visible()
    shot(stranger, artifacts_dir, f"unsubscribe-done-{size}")
    assert violations(stranger) == []

    page.reload()
    expect(checkbox(page, "your_turn")).to_have_value("off")
    expect(checkbox(page, "rematch")).to_be_checked()  # the other choices stand
    expect(checkbox(page, "dispute_update")).not_to_be_checked()

    # A tampered link: a clear page, nothing changed.
    stranger.goto("/unsubscribe/" + "x" + unsubscribe.rsplit("/", 1)[1][1:])
    expect(stranger.get_by_test_id("unsubscribe-invalid")).to_be_visible()
    shot(stranger, artifacts_dir, f"unsubscribe-invalid-{size}")
    assert violations(stranger) == []
