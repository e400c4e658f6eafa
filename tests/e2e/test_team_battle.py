"""A team battle's page in Chromium, at 1280×800 and 390×844: its teams named in the facts, the
team leaderboard (each team's score the sum of its best players' points, who counts named),
and a line's team on the player leaderboard; the standings pushed over the socket update both
without a reload.

Set up as staff would, in the served platform's database: two teams of two people, a battle
arena counting each team's best player; its standings are then written from three tables'
results (as the scheduler writes them when tables end), and the next change of the
tournament in the served process — a third member of Alpha joining over the API — pushes
them to the page (a shell's own publish reaches the page only through Redis; the README's
`make test` serves with the in-memory layer).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import api
from tests.e2e.conftest import manage_shell
from tests.e2e.conftest import register

pytestmark = pytest.mark.e2e

SIZES = {
    "1280x800": {"width": 1280, "height": 800},
    "390x844": {"width": 390, "height": 844},
}

SETUP = """
from datetime import timedelta
from accounts.models import User
from core import clock
from teams.services import team_create, team_join
from tournaments.services import tournament_create, tournament_register

staff, _ = User.objects.get_or_create(username={staff!r}, defaults={{"is_staff": True}})
people = {{n: User.objects.create_user(username=f"{{n}}{tag}", password=None) for n in ("a1", "a2", "b1", "b2")}}
alpha = team_create(user=people["a1"], name="Alpha {tag}")
team_join(team_id=alpha.pk, user=people["a2"])
team_join(team_id=alpha.pk, user=User.objects.get(username={joiner!r}))
beta = team_create(user=people["b1"], name="Beta {tag}")
team_join(team_id=beta.pk, user=people["b2"])
t = tournament_create(
    user=staff, name={name!r}, format="arena", starts_at=clock.now() + timedelta(hours=1),
    table_size=2, duration_minutes=30, battle_teams=[alpha.slug, beta.slug], team_best=1,
)
for user in people.values():
    tournament_register(tournament_id=t.pk, user=user)
print(t.pk)
"""

# Two tables end (lowest total wins): a1 beats b1, b2 beats a2; then a1 beats b2.
# a1 2 points, b2 1: Alpha 2 (a1), Beta 1 (b2).
RESULTS = """
from django.db import transaction
from tournaments.arena_standings import arena_standings_doc
from tournaments.models import Tournament
from tournaments.results import entries_in_seed_order
from tournaments.service_common import _changed

t = Tournament.objects.get(pk={tid})
entries = entries_in_seed_order(t)
pk = {{e.user.username[:2]: e.pk for e in entries}}

def table(*seats):
    return {{"status": "finished", "ratings": [1500] * len(seats), "berserk": [],
            "seats": [{{"entry": pk[n], "round_scores": [s], "forfeited": False}} for n, s in seats]}}

finished = [(1, table(("a1", 0), ("b1", 5))), (1, table(("b2", 0), ("a2", 3))), (2, table(("a1", 0), ("b2", 4)))]
with transaction.atomic():
    t.standings = arena_standings_doc(t, entries, finished, scoring="penalty")
    _changed(t, "standings")
print(t.standings["teams"][0]["score"])
"""


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_team_battle_shows_its_team_leaderboard_live(
    size, new_context, server_url, server_env, artifacts_dir, unique_name
):
    tag = unique_name("")
    name = f"Battle {tag}"
    joiner = f"a3{tag}"
    token = register(server_url, joiner)
    tid = int(
        manage_shell(
            server_env, SETUP.format(staff=unique_name("org"), name=name, tag=tag, joiner=joiner)
        )
        .strip()
        .splitlines()[-1]
    )
    page = new_context(SIZES[size]).new_page()
    page.goto(f"/tournaments/{tid}")
    battle = page.get_by_test_id("battle")
    expect(battle).to_be_visible()
    expect(page.get_by_test_id("battle-teams")).to_contain_text(f"Alpha {tag}")
    expect(page.get_by_test_id("battle-teams")).to_contain_text(f"Beta {tag}")
    expect(page.get_by_test_id("battle-best")).to_contain_text("best player")
    rows = page.get_by_test_id("battle-row")
    expect(rows).to_have_count(2)
    expect(page.get_by_test_id("battle-score").first).to_have_text("0")

    assert manage_shell(server_env, RESULTS.format(tid=tid)).strip().endswith("2.0")
    status, body = api(server_url, "POST", f"/api/v1/tournaments/{tid}/register", token=token)
    assert status == 200, body

    # Pushed over the socket: no reload.
    expect(rows.first).to_have_attribute("data-team", f"alpha-{tag}".lower(), timeout=15_000)
    expect(page.get_by_test_id("battle-score")).to_have_text(["2", "1"])
    expect(rows.first).to_contain_text(f"a1{tag}")  # who counts for Alpha
    expect(rows.last).to_contain_text(f"b2{tag}")
    first = page.get_by_test_id("standings-row").first
    expect(first).to_have_attribute("data-username", f"a1{tag}")
    expect(first.get_by_test_id("line-team")).to_have_text(f"Alpha {tag}")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], f"the page scrolls sideways: {width}px"
    battle.scroll_into_view_if_needed()
    page.screenshot(path=artifacts_dir / f"battle-{size}.png", full_page=False)
