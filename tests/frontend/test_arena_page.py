"""The tournament page of an arena carries the arena's parts (its clock, Join, Pause, Resume,
Leave and Berserk, the leaderboard's columns, the rules and the docs' link); the other formats'
page is unchanged (Register and Withdraw, the standings' tie-break columns, no arena parts)."""

import pytest

from tests.support.factories import new_tournament
from tests.support.factories import organizer
from tests.support.factories import person
from tests.support.pages import rendered

pytestmark = pytest.mark.django_db

ARENA_HOOKS = [
    'data-format="arena"',
    'data-testid="arena-clock"',
    'data-testid="arena-doing"',
    'data-testid="pause"',
    'data-testid="resume"',
    'data-testid="berserk"',
    'data-testid="berserk-done"',
    'data-testid="arena-rules"',
    'data-testid="arena-legend"',
    "players/tournaments/#arena",
    "Perf.",
    ">Join<",
    ">Leave<",
    "Recent waves",
]


def test_an_arena_page_has_its_clock_leaderboard_and_actions(client):
    tournament = new_tournament(organizer(), format="arena", duration_minutes=30, berserk=True)
    client.force_login(person("ana"))
    body = rendered(client, f"/tournaments/{tournament.pk}", ARENA_HOOKS)
    assert ">Register<" not in body
    assert "Table wins" not in body


def test_a_swiss_page_has_none_of_the_arenas_parts(client):
    tournament = new_tournament(organizer())
    client.force_login(person("ana"))
    body = rendered(
        client,
        f"/tournaments/{tournament.pk}",
        ['data-format="swiss"', ">Register<", ">Withdraw<", "Table wins", "Rounds view"],
    )
    for hook in ARENA_HOOKS[1:]:
        assert hook not in body, hook
