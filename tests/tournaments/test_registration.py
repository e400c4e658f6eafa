"""Creating, registering, checking in and withdrawing before the start: each refusal has its
stable code."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group

from core import clock
from core.errors import ApplicationError
from notifications.models import Notification
from tests.support.factories import bots
from tests.support.factories import committed
from tests.support.factories import new_tournament
from tests.support.factories import person
from tests.support.factories import start
from tournaments import services
from tournaments.models import EntryStatus
from tournaments.models import TournamentStatus

pytestmark = pytest.mark.django_db


def code_of(call, **kwargs) -> str:
    with pytest.raises(ApplicationError) as caught:
        call(**kwargs)
    return caught.value.code


def test_only_staff_and_organizers_create_tournaments(frozen_clock, org):
    ana = person("ana")
    assert code_of(new_tournament, by=ana) == "not_organizer"

    ana.groups.add(Group.objects.create(name=services.ORGANIZERS_GROUP))
    assert new_tournament(ana).created_by == ana
    assert new_tournament(org).status == TournamentStatus.REGISTRATION


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"table_size": 9}, "invalid_tournament"),
        ({"starts_in": timedelta(minutes=-1)}, "invalid_tournament"),
        ({"rounds": 0}, "invalid_tournament"),
        ({"min_players": 5, "max_players": 4}, "invalid_tournament"),
        ({"advance": 2}, "invalid_tournament"),  # swiss: advance is elimination's
        ({"no_show_policy": "maybe"}, "invalid_tournament"),
        ({"variants": {"set_max": 6, "rounds": 1, "colour": "red"}}, "invalid_ruleset"),
        # 5 players x 7 tiles do not fit a double-6 set (R3): a table of 5 is refused.
        ({"table_size": 5}, "invalid_ruleset"),
        ({"variants": {"set_max": 6, "rounds": 9}}, "invalid_ruleset"),  # V6
        ({"time_control": {"kind": "blitz"}}, "invalid_time_control"),
    ],
)
def test_a_tournament_games_could_not_be_played_is_refused(frozen_clock, org, options, code):
    assert code_of(new_tournament, by=org, **options) == code


def test_registration_opens_and_closes_at_its_times(frozen_clock, org):
    ana = person("ana")
    now = clock.now()
    tournament = new_tournament(
        org,
        registration_opens_at=now + timedelta(minutes=1),
        registration_closes_at=now + timedelta(minutes=5),
    )
    assert tournament.status == TournamentStatus.SCHEDULED
    register = services.tournament_register
    assert code_of(register, tournament_id=tournament.pk, user=ana) == "registration_not_open"

    frozen_clock.advance(timedelta(minutes=2))
    assert services.tournament_advance(tournament_id=tournament.pk) is True
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.REGISTRATION
    assert register(tournament_id=tournament.pk, user=ana).status == EntryStatus.REGISTERED
    assert code_of(register, tournament_id=tournament.pk, user=ana) == "already_registered"

    frozen_clock.advance(timedelta(minutes=4))
    assert code_of(register, tournament_id=tournament.pk, user=person("bo")) == (
        "registration_closed"
    )


def test_a_full_tournament_refuses_one_more_until_someone_withdraws(frozen_clock, org):
    tournament = new_tournament(org, max_players=2)
    ana, bo, cy = person("ana"), person("bo"), person("cy")
    services.tournament_register(tournament_id=tournament.pk, user=ana)
    services.tournament_register(tournament_id=tournament.pk, user=bo)
    register = services.tournament_register
    assert code_of(register, tournament_id=tournament.pk, user=cy) == "tournament_full"

    entry = services.tournament_withdraw(tournament_id=tournament.pk, user=bo)
    assert (entry.status, entry.withdrawn_round) == (EntryStatus.WITHDRAWN, 0)
    withdraw = services.tournament_withdraw
    assert code_of(withdraw, tournament_id=tournament.pk, user=bo) == "already_withdrawn"
    assert code_of(withdraw, tournament_id=tournament.pk, user=cy) == "not_registered"
    assert register(tournament_id=tournament.pk, user=cy).status == EntryStatus.REGISTERED
    # Who withdrew may come back while there is room.
    assert code_of(register, tournament_id=tournament.pk, user=bo) == "tournament_full"
    services.tournament_withdraw(tournament_id=tournament.pk, user=ana)
    assert register(tournament_id=tournament.pk, user=bo).status == EntryStatus.REGISTERED


def test_check_in_is_taken_only_in_its_window(frozen_clock, org):
    ana = person("ana")
    no_check_in = new_tournament(org)
    services.tournament_register(tournament_id=no_check_in.pk, user=ana)
    check_in = services.tournament_check_in
    assert code_of(check_in, tournament_id=no_check_in.pk, user=ana) == "no_check_in"

    now = clock.now()
    tournament = new_tournament(org, check_in_opens_at=now + timedelta(minutes=5))
    assert code_of(check_in, tournament_id=tournament.pk, user=ana) == "check_in_not_open"
    frozen_clock.advance(timedelta(minutes=6))
    assert code_of(check_in, tournament_id=tournament.pk, user=ana) == "not_registered"
    services.tournament_register(tournament_id=tournament.pk, user=ana)
    assert check_in(tournament_id=tournament.pk, user=ana).status == EntryStatus.CHECKED_IN
    assert code_of(check_in, tournament_id=tournament.pk, user=ana) == "already_checked_in"
    frozen_clock.advance(timedelta(minutes=5))
    assert code_of(check_in, tournament_id=tournament.pk, user=ana) == "check_in_closed"


def test_too_few_players_at_the_start_cancel_the_tournament(frozen_clock, org):
    ana = person("ana")
    tournament = new_tournament(org, min_players=3)
    services.tournament_register(tournament_id=tournament.pk, user=ana)
    services.tournament_register(tournament_id=tournament.pk, user=bots(1)[0])

    tournament = start(tournament)

    assert tournament.status == TournamentStatus.CANCELLED
    assert "3 needed" in tournament.cancelled_reason
    assert not tournament.round_set.exists()
    assert Notification.objects.filter(user=ana, key=f"tournament:{tournament.pk}:cancelled")
    over = services.tournament_register
    assert code_of(over, tournament_id=tournament.pk, user=person("bo")) == "tournament_over"
    assert code_of(services.tournament_withdraw, tournament_id=tournament.pk, user=ana) == (
        "tournament_over"
    )
    with committed():
        assert services.tournament_advance(tournament_id=tournament.pk) is False


def test_an_unknown_tournament_is_not_found(org):
    assert code_of(services.tournament_register, tournament_id=999, user=org) == "not_found"
    assert services.tournament_advance(tournament_id=999) is False
