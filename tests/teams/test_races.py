"""Races the team services decide one after the other (each locks the team's row, a join the
joining player's row too): two leaders leaving at once, a player joining two teams at once at
the limit, two players taking the same name at once."""

from __future__ import annotations

import pytest

from core.errors import ApplicationError
from teams import selectors
from teams import services
from teams.models import Team
from teams.models import TeamRole
from tests.support.factories import person
from tests.support.threads import run_together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def outcome(call, **kwargs):
    def run():
        try:
            call(**kwargs)
        except ApplicationError as exc:
            return exc.code
        return "ok"

    return run


def test_two_leaders_leaving_at_once_leave_one_leader_behind():
    ana, bo, cy = person("ana"), person("bo"), person("cy")
    team = services.team_create(user=ana, name="Racers")
    services.team_join(team_id=team.pk, user=bo)
    services.team_join(team_id=team.pk, user=cy)
    services.team_leader_promote(team_id=team.pk, user=ana, username="bo")
    results = run_together(
        [
            outcome(services.team_leave, team_id=team.pk, user=ana),
            outcome(services.team_leave, team_id=team.pk, user=bo),
        ]
    )
    assert sorted(results) == ["last_leader", "ok"]
    leaders = [m for m in selectors.team_members(team) if m.role == TeamRole.LEADER]
    assert len(leaders) == 1


def test_joining_two_teams_at_once_at_the_limit_lets_one_in():
    bo, ana, cy = person("bo"), person("ana"), person("cy")
    for n in range(services.MAX_TEAMS_PER_USER - 1):
        services.team_create(user=bo, name=f"Bo {n}")
    first = services.team_create(user=ana, name="First")
    second = services.team_create(user=cy, name="Second")
    results = run_together(
        [
            outcome(services.team_join, team_id=first.pk, user=bo),
            outcome(services.team_join, team_id=second.pk, user=bo),
        ]
    )
    assert sorted(results) == ["ok", "too_many_teams"]
    assert selectors.teams_of_user(bo).count() == services.MAX_TEAMS_PER_USER


def test_the_same_name_created_twice_at_once_makes_one_team():
    ana, bo = person("ana"), person("bo")
    results = run_together(
        [
            outcome(services.team_create, user=ana, name="Twins"),
            outcome(services.team_create, user=bo, name="TWINS"),
        ]
    )
    assert sorted(results) == ["name_taken", "ok"]
    assert Team.objects.filter(name__iexact="twins").count() == 1
