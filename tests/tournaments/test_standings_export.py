"""The standings export (GET /api/v1/tournaments/<id>/standings.json and .csv): every line with
every tie-break by name, a CSV with a header row and a file name, and the page's hiding: a
duplicate deal group's finished table stays out while another table still plays its deal.
"""

from __future__ import annotations

import csv
import io

import pytest

from tests.support.factories import bots
from tests.support.factories import client_for
from tests.support.factories import new_tournament
from tests.support.factories import person
from tests.support.factories import play_people
from tests.support.factories import register
from tests.support.factories import start
from tournaments import selectors
from tournaments.exports import COLUMNS
from tournaments.exports import TIE_BREAKS
from tournaments.models import TournamentTable

pytestmark = pytest.mark.django_db
API = "/api/v1/tournaments"


def rows_of(response) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8"))))


def test_a_finished_swiss_exports_every_line_with_every_tie_break(frozen_clock, org):
    tournament = new_tournament(org, format="swiss", table_size=3, rounds=2)
    register(tournament, bots(6))
    tournament = start(tournament)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    stored = selectors.tournament_standings(tournament)["lines"]

    r = client_for().get(f"{API}/{tournament.pk}/standings.json")

    assert r.status_code == 200, r.content
    doc = r.json()
    assert r["Content-Disposition"] == (
        f'attachment; filename="tournament-{tournament.pk}-standings.json"'
    )
    assert doc["final"] is True
    assert doc["tie_breaks"] == list(TIE_BREAKS)
    assert [line["player"] for line in doc["lines"]] == [s["username"] for s in stored]
    assert [line["place"] for line in doc["lines"]] == list(range(1, 7))
    seeds = dict(tournament.entries.values_list("user__username", "seed"))
    for line, want in zip(doc["lines"], stored, strict=True):
        assert line["points_exact"] == want["points_exact"]
        assert line["games"] == want["games"] == 2
        assert set(line["tie_breaks"]) == set(TIE_BREAKS)
        for name in TIE_BREAKS[:-1]:
            assert line["tie_breaks"][name] == want[name], name
        assert line["tie_breaks"]["seed"] == seeds[line["player"]]

    r = client_for().get(f"{API}/{tournament.pk}/standings.csv")

    assert r.status_code == 200
    assert r["Content-Type"].startswith("text/csv")
    assert r["Content-Disposition"] == (
        f'attachment; filename="tournament-{tournament.pk}-standings.csv"'
    )
    header = r.content.decode().splitlines()[0].split(",")
    assert tuple(header) == COLUMNS
    rows = rows_of(r)
    assert [row["player"] for row in rows] == [line["player"] for line in doc["lines"]]
    for row, line in zip(rows, doc["lines"], strict=True):
        assert row["place"] == str(line["place"])
        assert row["points_exact"] == line["points_exact"]
        assert row["game_score"] == str(line["tie_breaks"]["game_score"])
        assert row["head_to_head"] == str(line["tie_breaks"]["head_to_head"])


def test_a_duplicate_groups_scores_stay_out_of_the_export_until_its_deal_is_done(frozen_clock, org):
    people = [person(n) for n in ("ana", "bo", "cy")]
    tournament = new_tournament(org, format="duplicate", table_size=3, rounds=1)
    register(tournament, [*people, *bots(3)])  # the bots' table ends at once; the people's plays
    tournament = start(tournament)
    bots_table = TournamentTable.objects.filter(round__tournament=tournament).order_by("number")[0]
    bots_table.game.refresh_from_db()
    assert bots_table.game.status == "finished"
    assert bots_table.game.seed_hidden
    bot_names = {s.user.username for s in bots_table.game.seats.select_related("user")}

    # A player at the other table of the deal, mid-round, fetches both exports.
    for client in (client_for(people[0]), client_for()):
        doc = client.get(f"{API}/{tournament.pk}/standings.json").json()
        assert doc["lines"] == []
        assert doc["tables"] == 0
        csv_body = client.get(f"{API}/{tournament.pk}/standings.csv").content.decode()
        assert csv_body.splitlines() == [",".join(COLUMNS)]
        assert not bot_names & set(csv_body.replace("\r\n", ",").split(","))

    play_people(tournament)

    doc = client_for(people[0]).get(f"{API}/{tournament.pk}/standings.json").json()
    assert {line["player"] for line in doc["lines"]} == bot_names | {p.username for p in people}
    assert doc["tables"] == 2


def test_an_unknown_tournament_is_404():
    for ext in ("json", "csv"):
        r = client_for().get(f"{API}/999999/standings.{ext}")
        assert (r.status_code, r.json()["code"]) == (404, "not_found")
