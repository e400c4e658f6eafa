"""Issue 17, parts 6 and 7, in Chromium against the served platform.

The rounds view (/tournaments/<id>/rounds) of a finished Swiss, an elimination and a duplicate
tournament of bots, at 1280x800 and 390x844: Swiss rounds with their tables and places, the
bracket with who went through, the deal groups. Then a private table: its creator sees the
invite link and copies it, it is not in the lobby for a second player, who joins with the link;
and a challenge sent from a profile, accepted on /challenges, lands both on a started table.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP
from tests.e2e.conftest import PHONE
from tests.e2e.conftest import api
from tests.e2e.conftest import manage_shell
from tests.e2e.test_live_table import sign_up

pytestmark = pytest.mark.e2e

PLAY_OUT = """
# The shell's own clock moves to the start (factories.start); the bots play it out here.
from accounts.models import User
from tests.support.factories import bots, new_tournament, register, start

org, _ = User.objects.get_or_create(username="rounds-org", defaults={{"is_staff": True}})
t = new_tournament(org, format={fmt!r}, name={name!r}, {options})
register(t, bots({players}, "random"))
t = start(t)
print(t.pk, t.status)
"""

CASES = {
    "swiss": (7, "table_size=3, rounds=2"),
    "elimination": (9, "table_size=3"),
    "duplicate": (6, "table_size=3, rounds=2"),
}


def played_out(server_env, server_url, fmt: str) -> int:
    players, options = CASES[fmt]
    out = manage_shell(
        server_env,
        PLAY_OUT.format(fmt=fmt, name=f"{fmt} rounds", options=options, players=players),
    )
    pk, status = out.split()[-2:]
    # The served platform's beat runs beside the shell: its tick may take a table that ended
    # before the shell's own step does, seat the next round and play it out in the server
    # (the shell then prints "running"; seen in CI). Either way the tournament finishes: wait
    # for that state, asked of the server once a second (the anonymous read limit is 2/s).
    deadline = time.monotonic() + 120
    while status != "finished":
        assert status == "running", f"{pk}: {status}\n{out}"
        assert time.monotonic() < deadline, f"{pk}: still running after 120 s\n{out}"
        time.sleep(1)
        code, body = api(server_url, "GET", f"/api/v1/tournaments/{pk}")
        assert code == 200, body
        status = body["status"]
    return int(pk)


@pytest.mark.parametrize("fmt", ["swiss", "elimination", "duplicate"])
def test_the_rounds_view_shows_each_format_at_both_sizes(
    new_context, server_env, server_url, artifacts_dir, fmt
):
    tid = played_out(server_env, server_url, fmt)
    for name, viewport in (("1280", DESKTOP), ("390", PHONE)):
        page = new_context(viewport).new_page()
        page.goto(f"/tournaments/{tid}")
        page.get_by_test_id("rounds-view-link").click()
        page.wait_for_url(f"**/tournaments/{tid}/rounds")
        rounds = page.get_by_test_id("rounds-round")
        expect(rounds.first).to_be_visible()
        tables = page.get_by_test_id("rounds-table")
        expect(tables.first).to_be_visible()
        # Every player of a finished table is placed, best first.
        first = tables.first.get_by_test_id("rounds-player")
        expect(first.first.locator(".r-place")).to_have_text("1st")
        if fmt == "swiss":
            expect(rounds).to_have_count(2)
            expect(tables).to_have_count(2 * 3)  # 7 players at tables of 3: 3, 2, 2
        elif fmt == "elimination":
            expect(page.get_by_test_id("rounds-bracket")).to_be_visible()
            assert rounds.count() >= 2
            expect(page.get_by_test_id("rounds-advanced").first).to_be_visible()
            expect(page.get_by_test_id("rounds-out").first).to_be_visible()
            expect(rounds.last.locator("h2")).to_have_text("Final")
            expect(rounds.last.get_by_test_id("rounds-table")).to_have_count(1)
            expect(rounds.last.get_by_test_id("rounds-winner")).to_have_count(1)
            expect(rounds.last.get_by_test_id("rounds-out")).to_have_count(0)
        else:
            expect(rounds).to_have_count(2)
            groups = page.get_by_test_id("rounds-group")
            assert groups.count() >= 2
            expect(groups.first.get_by_test_id("rounds-table")).to_have_count(2)
            expect(page.get_by_test_id("rounds-hidden")).to_have_count(0)
        # The bracket scrolls inside itself: the page never gets wider than the screen.
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        csv_link = page.get_by_test_id("standings-csv")
        assert csv_link.get_attribute("href") == f"/api/v1/tournaments/{tid}/standings.csv"
        page.screenshot(path=artifacts_dir / f"rounds-{fmt}-{name}.png", full_page=True)
        page.context.close()


def test_a_private_table_is_joined_by_its_link_and_a_challenge_starts_a_game(
    new_context, unique_name, artifacts_dir
):
    host_name, guest_name = unique_name("host"), unique_name("guest")
    host = new_context(permissions=["clipboard-read", "clipboard-write"]).new_page()
    guest = new_context(PHONE).new_page()
    sign_up(host, host_name)
    sign_up(guest, guest_name)

    form = host.get_by_test_id("create-form")
    form.locator("select[name=players]").select_option("2")
    form.get_by_test_id("create-private").check()
    form.get_by_test_id("create-submit").click()
    host.wait_for_url("**/games/*")
    gid = host.url.rstrip("/").split("/")[-1].split("?")[0]
    box = host.get_by_test_id("invite-box")
    expect(box).to_be_visible()
    link = host.get_by_test_id("invite-link").input_value()
    assert f"/games/{gid}?invite=" in link
    host.get_by_test_id("invite-copy").click()
    expect(host.get_by_test_id("invite-copied")).to_have_text("Link copied.")
    assert host.evaluate("navigator.clipboard.readText()") == link
    host.screenshot(path=artifacts_dir / "private-invite-1280.png", full_page=True)

    guest.goto("/lobby")
    # The open tables are listed (or said to be none) before their absence means anything.
    guest.wait_for_function(
        "() => !document.getElementById('open-empty').hidden"
        " || document.getElementById('open-tables').children.length > 0"
    )
    expect(guest.locator(f"#open-tables [data-game-id='{gid}']")).to_have_count(0)
    guest.goto(f"/games/{gid}")
    guest.get_by_test_id("join").click()
    expect(guest.locator("#move-error")).to_contain_text("private")
    guest.goto(link)
    guest.get_by_test_id("join").click()
    expect(guest.get_by_test_id("invite-box")).to_be_visible()  # seated: may pass it on
    guest.screenshot(path=artifacts_dir / "private-joined-390.png", full_page=True)

    # A challenge from the guest's profile page, accepted by the host.
    guest.goto(f"/players/{host_name}")
    guest.get_by_test_id("challenge-open").click()
    challenge = guest.get_by_test_id("challenge-form")
    challenge.get_by_test_id("challenge-players").select_option("3")
    challenge.get_by_test_id("challenge-rounds").select_option("1")
    challenge.get_by_test_id("challenge-submit").click()
    expect(guest.get_by_test_id("challenge-sent")).to_be_visible()
    guest.screenshot(path=artifacts_dir / "challenge-sent-390.png", full_page=True)

    host.goto("/challenges")
    row = host.get_by_test_id("incoming").get_by_test_id("challenge").first
    expect(row).to_contain_text(guest_name)
    host.screenshot(path=artifacts_dir / "challenges-1280.png", full_page=True)
    row.get_by_test_id("challenge-accept").click()
    host.wait_for_url("**/games/*")
    expect(host.get_by_test_id("seat")).to_have_count(3)
    guest.goto("/challenges")
    expect(guest.get_by_test_id("challenge-game").first).to_be_visible()
