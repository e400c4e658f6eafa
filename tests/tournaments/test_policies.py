"""No-shows, under each policy; players notified where they sit; rated tournaments rate each of
their games once. (Withdrawing during a round, RULES R25:
tests/games/test_rule_r25_tournament_withdrawal.py.)"""

from __future__ import annotations

from datetime import timedelta

import pytest

from core import clock
from games.models import Game
from notifications.models import Notification
from ratings.models import RatedGame
from ratings.models import RatingChange
from tests.support.factories import bots
from tests.support.factories import new_tournament
from tests.support.factories import person
from tests.support.factories import play_people
from tests.support.factories import register
from tests.support.factories import start
from tournaments import services
from tournaments.models import EntryStatus
from tournaments.models import TournamentSeat
from tournaments.models import TournamentStatus

pytestmark = pytest.mark.django_db


def started_with_a_no_show(org, frozen_clock, policy: str, *, rounds: int):
    """A Swiss at tables of three with check-in, under the no-show ``policy``: ana, bo and three
    bots register, ana checks in and bo does not; started. Return it, ana and bo."""
    ana, bo = person("ana"), person("bo")
    tournament = new_tournament(
        org,
        no_show_policy=policy,
        check_in_opens_at=clock.now() + timedelta(minutes=5),
        format="swiss",
        table_size=3,
        rounds=rounds,
    )
    register(tournament, [ana, bo, *bots(3)])
    frozen_clock.advance(timedelta(minutes=6))
    services.tournament_check_in(tournament_id=tournament.pk, user=ana)
    return start(tournament), ana, bo


def test_a_no_show_is_left_out_under_the_forfeit_policy(frozen_clock, org):
    tournament, ana, bo = started_with_a_no_show(org, frozen_clock, "forfeit", rounds=1)
    play_people(tournament)

    bo_entry = tournament.entries.get(user=bo)
    assert bo_entry.status == EntryStatus.NO_SHOW
    assert not TournamentSeat.objects.filter(entry=bo_entry).exists()
    assert tournament.entries.count() == 5  # no stand-in
    assert TournamentSeat.objects.filter(round__tournament=tournament).count() == 4
    assert Notification.objects.filter(user=bo, key=f"tournament:{tournament.pk}:no-show")
    lines = {line["username"] for line in tournament.standings["lines"]}
    assert bo.username not in lines
    assert ana.username in lines
    assert bo_entry.final_place is None


def test_a_bot_stands_in_for_a_no_show_under_the_bot_policy(frozen_clock, org):
    tournament, ana, bo = started_with_a_no_show(org, frozen_clock, "bot", rounds=2)
    tournament = play_people(tournament)

    bo_entry = tournament.entries.get(user=bo)
    stand_in = bo_entry.stand_in
    assert bo_entry.status == EntryStatus.NO_SHOW
    assert stand_in.user.is_bot
    assert stand_in.status == EntryStatus.CHECKED_IN
    assert stand_in.seed == bo_entry.seed
    # The stand-in plays every round in the no-show's place; the field stays 5.
    assert TournamentSeat.objects.filter(entry=stand_in).count() == 2
    assert TournamentSeat.objects.filter(round__tournament=tournament).count() == 10
    line = next(x for x in tournament.standings["lines"] if x["entry"] == stand_in.pk)
    assert line["stand_in_for"] == bo.username
    assert tournament.status == TournamentStatus.FINISHED


def test_a_rated_tournament_rates_each_game_with_people_once(frozen_clock, org):
    people = [person(n) for n in ("ana", "bo", "cy")]
    tournament = new_tournament(org, format="swiss", table_size=3, rounds=2, rated=True)
    register(tournament, [*people, *bots(3)])

    tournament = play_people(start(tournament))

    games = Game.objects.filter(tournament_table__round__tournament=tournament)
    assert games.count() == 4
    assert all(g.rated for g in games)
    with_people = [g for g in games if g.seats.filter(user__is_bot=False).exists()]
    assert with_people
    assert RatedGame.objects.filter(game__in=with_people, applications=1).count() == len(
        with_people
    )
    for game in with_people:
        people_seated = game.seats.filter(user__is_bot=False).count()
        assert RatingChange.objects.filter(game=game).count() == people_seated
    # Each person: one rating change per game they played.
    for user in people:
        played = TournamentSeat.objects.filter(entry__user=user).count()
        assert RatingChange.objects.filter(user=user).count() == played == 2
