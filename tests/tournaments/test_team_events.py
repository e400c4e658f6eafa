"""Team events: a team-only tournament (entry condition "member of team X", created by a
leader of the team) and team battles — an arena of several teams, each scoring the sum of its
best N players' points (formats.arena.team_scores), the team leaderboard in the standings
that the page socket pushes."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest

from core.errors import ApplicationError
from core.errors import Forbidden
from teams import services as team_services
from tests.support.factories import client_for
from tests.support.factories import move_people
from tests.support.factories import new_tournament
from tests.support.factories import person
from tests.support.factories import register
from tests.support.factories import tick
from tournaments.arena_standings import arena_standings_doc
from tournaments.formats.arena import team_scores
from tournaments.models import TournamentStatus
from tournaments.results import entries_in_seed_order

pytestmark = pytest.mark.django_db


def team_of(name, *members):
    leader, *rest = members
    team = team_services.team_create(user=leader, name=name)
    for user in rest:
        team_services.team_join(team_id=team.pk, user=user)
    return team


def test_a_team_only_tournament_takes_its_members_alone(frozen_clock, org):
    lea, mo, out = person("lea"), person("mo"), person("out")
    team = team_of("Train Spotters", lea, mo)
    # a leader of the team may create it (not an organizer)
    tournament = new_tournament(lea, team=team.slug)
    assert tournament.team_id == team.pk
    with pytest.raises(Forbidden) as refused:
        new_tournament(mo, team=team.slug)  # a member, not a leader
    assert refused.value.code == "not_organizer"
    register(tournament, [lea, mo])
    api = client_for(out)
    answer = api.post(f"/api/v1/tournaments/{tournament.pk}/register")
    assert answer.status_code == 403
    assert answer.json()["code"] == "entry_not_team_member"
    detail = api.get(f"/api/v1/tournaments/{tournament.pk}").json()
    assert detail["team"] == {"slug": team.slug, "name": "Train Spotters"}
    assert detail["entry"]["can_enter"] is False
    # the team's events, for its page
    listed = api.get(f"/api/v1/tournaments?team={team.slug}").json()["results"]
    assert [t["id"] for t in listed] == [tournament.pk]
    assert api.get("/api/v1/tournaments?team=no-such-team").status_code == 404
    page = client_for(out).get(f"/teams/{team.slug}")
    assert page.status_code == 200
    assert f'href="/tournaments/{tournament.pk}"' in page.content.decode()


def test_team_event_settings_are_checked(frozen_clock, org):
    lea = person("lea")
    a = team_of("Alpha", lea)
    b = team_of("Beta", person("bea"))
    arena = {"format": "arena", "duration_minutes": 20}
    cases = [
        ({"team": "nobody"}, "team"),
        ({**arena, "battle_teams": [a.slug]}, "battle_teams"),  # one team is no battle
        ({**arena, "battle_teams": [a.slug, a.slug], "team_best": 2}, "battle_teams"),
        ({**arena, "battle_teams": [a.slug, b.slug]}, "team_best"),
        ({"format": "swiss", "battle_teams": [a.slug, b.slug], "team_best": 2}, "battle_teams"),
        ({"team_best": 3}, "team_best"),
        ({**arena, "team": a.slug, "battle_teams": [a.slug, b.slug], "team_best": 2}, "team"),
    ]
    for options, field in cases:
        with pytest.raises(ApplicationError) as refused:
            new_tournament(org, **options)
        assert refused.value.code == "invalid_tournament", options
        assert field in refused.value.extra["fields"], options
    team_services.team_close(team_id=b.pk, staff=person("staff", staff=True), reason="spam")
    with pytest.raises(ApplicationError):
        new_tournament(org, **arena, battle_teams=[a.slug, b.slug], team_best=2)


def battle(org, teams, best=2, **options):
    return new_tournament(
        org,
        format="arena",
        duration_minutes=5,
        table_size=3,
        ready_seconds=5,
        arena_wait_seconds=10,
        battle_teams=[t.slug for t in teams],
        team_best=best,
        **options,
    )


def test_a_battle_of_three_teams_scores_the_documented_team_scores(frozen_clock, org):
    """Three teams of three, the best two of each counting. Six tables of three (lowest total
    wins; a table of three scores 2, 1, 0; doubled after two wins running):

    1: a1 0, b1 5, c1 9 → a1 2, b1 1, c1 0       2: a2 3, b2 1, c2 8 → b2 2, a2 1, c2 0
    3: a3 4, b3 6, c3 2 → c3 2, a3 1, b3 0       4: a1 1, b2 2, c3 7 → a1 2, b2 1, c3 0
    5: a1 0, b1 3, c2 4 → a1 2 × 2 = 4 (on fire), b1 1, c2 0
    6: b3 2, c1 1, a2 9 → c1 2, b3 1, a2 0

    Players: a1 8, a2 1, a3 1, b1 2, b2 3, b3 1, c1 2, c2 0, c3 2.
    Alpha: a1 8 + a3 1 = 9 (a2 and a3 tie on 1; a3 ranks above a2 on performance,
    a mean share of ½ against ¼, so a3 counts) · Beta: b2 3 + b1 2 = 5 ·
    Gamma: c1 2 + c3 2 = 4. Alpha 9, Beta 5, Gamma 4.
    """
    members = {n: person(n) for n in ("a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3")}
    alpha = team_of("Alpha", members["a1"], members["a2"], members["a3"])
    beta = team_of("Beta", members["b1"], members["b2"], members["b3"])
    gamma = team_of("Gamma", members["c1"], members["c2"], members["c3"])
    tournament = battle(org, [gamma, alpha, beta])
    register(tournament, list(members.values()))
    entries = entries_in_seed_order(tournament)
    by_name = {e.user.username: e for e in entries}
    assert {n: e.team_id for n, e in by_name.items()} == {
        n: {"a": alpha, "b": beta, "c": gamma}[n[0]].pk for n in members
    }

    def table(*seats):
        return {
            "status": "finished",
            "seats": [
                {"entry": by_name[n].pk, "round_scores": [t], "forfeited": False} for n, t in seats
            ],
            "ratings": [1500] * len(seats),
            "berserk": [],
        }

    finished = [
        (1, table(("a1", 0), ("b1", 5), ("c1", 9))),
        (1, table(("a2", 3), ("b2", 1), ("c2", 8))),
        (1, table(("a3", 4), ("b3", 6), ("c3", 2))),
        (2, table(("a1", 1), ("b2", 2), ("c3", 7))),
        (3, table(("a1", 0), ("b1", 3), ("c2", 4))),
        (3, table(("b3", 2), ("c1", 1), ("a2", 9))),
    ]
    doc = arena_standings_doc(tournament, entries, finished, scoring="penalty")
    points = {line["username"]: line["points_exact"] for line in doc["lines"]}
    assert points == {
        "a1": "8",
        "a2": "1",
        "a3": "1",
        "b1": "2",
        "b2": "3",
        "b3": "1",
        "c1": "2",
        "c2": "0",
        "c3": "2",
    }
    ids = {e.pk: n for n, e in by_name.items()}
    got = [(t["name"], t["score_exact"], [ids[e] for e in t["counted"]]) for t in doc["teams"]]
    assert got == [
        ("Alpha", "9", ["a1", "a3"]),
        ("Beta", "5", ["b2", "b1"]),
        ("Gamma", "4", ["c1", "c3"]),
    ]
    assert {line["username"]: line["team"] for line in doc["lines"]}["b3"] == beta.slug


@pytest.mark.slow  # plays every table out: ~30-60 s; run by CI
def test_a_team_battle_played_out_keeps_its_team_leaderboard(frozen_clock, org):
    """A short battle played to its end by the people's moves: every team's score is the sum of
    its best players' points in the final standings, as the socket and the API show them."""
    members = [person(f"{t}{i}") for t in "xyz" for i in (1, 2)]
    teams = [team_of(f"Team {t.upper()}", *members[2 * k : 2 * k + 2]) for k, t in enumerate("xyz")]
    tournament = battle(org, teams, best=1)
    register(tournament, members)
    outsider = client_for(person("loner"))
    refused = outsider.post(f"/api/v1/tournaments/{tournament.pk}/register")
    assert refused.json()["code"] == "entry_not_battle_team"
    frozen_clock.advance(tournament.starts_at - frozen_clock.now() + timedelta(seconds=1))
    for _ in range(2000):
        tournament.refresh_from_db()
        if tournament.status == TournamentStatus.FINISHED:
            break
        if not move_people(tournament):
            tick()
            frozen_clock.advance(timedelta(seconds=5))
    assert tournament.status == TournamentStatus.FINISHED
    standings = client_for().get(f"/api/v1/tournaments/{tournament.pk}/standings").json()
    lines = standings["lines"]
    points = {line["entry"]: Fraction(line["points_exact"]) for line in lines}
    team_of_entry = {line["entry"]: line["team"] for line in lines}
    expected = team_scores(points, team_of_entry, [t.slug for t in teams], best=1)
    assert [(t["team"], Fraction(t["score_exact"])) for t in standings["teams"]] == [
        (slug, score) for slug, score, _ in expected
    ]
    assert sum(line["games"] for line in lines) > 6
