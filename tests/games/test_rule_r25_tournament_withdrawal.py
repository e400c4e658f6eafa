"""RULES R25: "A player who leaves a tournament game is not removed from the record: their seat
keeps its history, and a bot or forfeit continues it as the game's rules say."

Here: a player who withdraws from a tournament during a round leaves its game, not its record —
under the "bot" policy a bot plays the seat on, under "forfeit" the timeout action does and the
seat ranks last at its table — and is not seated in later rounds.
"""

from __future__ import annotations

import pytest

from games.models import Seat
from notifications.models import Notification
from tests.support.factories import bots
from tests.support.factories import committed
from tests.support.factories import new_tournament
from tests.support.factories import organizer
from tests.support.factories import person
from tests.support.factories import play_people
from tests.support.factories import register
from tests.support.factories import start
from tournaments import services
from tournaments.models import EntryStatus
from tournaments.models import TournamentSeat
from tournaments.models import TournamentStatus

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    """Broadcast through the in-memory channel layer: nobody listens here, and each round trip
    to Redis would cost more than the move it announces."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture
def org(db):
    return organizer()


@pytest.mark.parametrize("policy", ["bot", "forfeit"])
def test_withdrawing_during_a_round_leaves_the_game_and_later_rounds(frozen_clock, org, policy):
    ana, bo = person("ana"), person("bo")
    tournament = new_tournament(
        org, format="swiss", table_size=2, rounds=2, withdrawal_policy=policy
    )
    register(tournament, [ana, bo, *bots(2)])
    tournament = start(tournament)
    seat = TournamentSeat.objects.select_related("table__game").get(entry__user=ana)
    game = seat.table.game
    assert game.status == "active"
    assert Notification.objects.filter(
        user=ana, key=f"tournament:{tournament.pk}:round:1", url=f"/games/{game.pk}"
    )

    with committed():
        entry = services.tournament_withdraw(tournament_id=tournament.pk, user=ana)

    assert (entry.status, entry.withdrawn_round) == (EntryStatus.WITHDRAWN, 1)
    # R25: the seat keeps its history; a bot plays it on, or (forfeit) the timeout action.
    left = Seat.objects.get(game=game, user=ana)
    if policy == "forfeit":
        assert left.forfeited_at is not None
        assert left.resigned_at is None
    else:
        assert left.resigned_at is not None
        assert left.forfeited_at is None
    tournament = play_people(tournament)
    assert tournament.status == TournamentStatus.FINISHED
    assert not TournamentSeat.objects.filter(entry=entry, round__number=2).exists()
    assert TournamentSeat.objects.filter(round__tournament=tournament, round__number=2).count() == 3
    result = seat.table.__class__.objects.get(pk=seat.table_id).result
    mine = next(s for s in result["seats"] if s["entry"] == entry.pk)
    # Forfeit: ranked last at the table; bot: the stand-in's result stands.
    assert mine["forfeited"] is (policy == "forfeit")
    line = next(x for x in tournament.standings["lines"] if x["entry"] == entry.pk)
    assert line["games"] == 1
    assert line["forfeits"] == (1 if policy == "forfeit" else 0)
    assert (
        services.tournament_recompute_standings(tournament_id=tournament.pk, write=False) is False
    )
