"""A staff decision about a tournament game moves the tournament's standings (issue 7 with 6)."""

from __future__ import annotations

import pytest

from disputes import adjudication
from tests.support.factories import bots
from tests.support.factories import committed
from tests.support.factories import new_tournament
from tests.support.factories import register
from tests.support.factories import start
from tournaments.models import TournamentStatus
from tournaments.models import TournamentTable

pytestmark = pytest.mark.django_db


def test_voiding_a_finished_tournament_game_rebuilds_the_standings_once(frozen_clock, org):
    tournament = new_tournament(org, format="swiss", table_size=2, rounds=1)
    register(tournament, bots(4))
    tournament = start(tournament)
    assert tournament.status == TournamentStatus.FINISHED
    before = tournament.standings
    table = TournamentTable.objects.filter(round__tournament=tournament).order_by("number")[0]
    winners = {line["entry"] for line in before["lines"] if line["table_wins"]}
    assert winners

    with committed():
        adjudication.adjudicate_void(game_id=table.game_id, by=org, reason="a rules dispute")

    tournament.refresh_from_db()
    table.refresh_from_db()
    assert tournament.standings != before
    assert all(seat["forfeited"] for seat in table.result["seats"])  # counts for nothing
    voided = {seat["entry"] for seat in table.result["seats"]}
    lines = {line["entry"]: line for line in tournament.standings["lines"]}
    # An annulled game counts for nothing: no game, no points, no win for its players.
    assert all(
        (lines[e]["games"], lines[e]["points"], lines[e]["table_wins"]) == (0, 0, 0) for e in voided
    ), [(lines[e]["games"], lines[e]["points"], lines[e]["table_wins"]) for e in voided]
    again = tournament.standings
    from tournaments.services import tournament_recompute_standings

    assert tournament_recompute_standings(tournament_id=tournament.pk) is False  # applied once
    tournament.refresh_from_db()
    assert tournament.standings == again
