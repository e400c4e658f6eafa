"""The scheduler's step: idempotent, driven by game_ended and caught up by the beat tick when
that signal is lost, safe when two run at once, and the recompute command."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.core.management import CommandError
from django.core.management import call_command
from django.db import connection

from games.signals import game_ended
from tests.support.factories import bots
from tests.support.factories import committed
from tests.support.factories import move_people
from tests.support.factories import new_tournament
from tests.support.factories import person
from tests.support.factories import play_people
from tests.support.factories import register
from tests.support.factories import start
from tests.tournaments.test_whole_tournaments import snapshot
from tournaments import services
from tournaments import tasks
from tournaments.models import Tournament
from tournaments.models import TournamentRound
from tournaments.models import TournamentStatus
from tournaments.models import TournamentTable
from tournaments.receivers import on_game_ended
from tournaments.selectors import tournaments_due


@pytest.mark.django_db
def test_the_start_run_twice_seats_round_one_once(frozen_clock, org):
    people = [person(n) for n in ("ana", "bo", "cy", "di")]
    tournament = new_tournament(org, format="swiss", table_size=2)
    register(tournament, people)
    frozen_clock.advance(tournament.starts_at - frozen_clock.now())

    with committed():
        assert services.tournament_advance(tournament_id=tournament.pk) is True
    before = snapshot(tournament)
    with committed():
        assert services.tournament_advance(tournament_id=tournament.pk) is False
        assert tasks.tick.run() == 0
        assert tasks.advance.run(tournament.pk) is False

    assert snapshot(tournament) == before
    assert before["tournament"][:2] == (TournamentStatus.RUNNING, 1)
    assert TournamentTable.objects.filter(round__tournament=tournament).count() == 2


@pytest.mark.django_db
def test_the_tick_takes_a_table_whose_game_ended_signal_was_lost(frozen_clock, org):
    ana = person("ana")
    tournament = new_tournament(org, format="swiss", table_size=3, rounds=1)
    register(tournament, [ana, *bots(2)])
    game_ended.disconnect(dispatch_uid="tournaments.on_game_ended")
    try:
        tournament = start(tournament)
        while move_people(tournament):
            pass
    finally:
        game_ended.connect(on_game_ended, dispatch_uid="tournaments.on_game_ended")
    table = TournamentTable.objects.select_related("game").get(round__tournament=tournament)
    assert table.game.status == "finished"
    assert table.finished_at is None
    assert tournaments_due() == [tournament.pk]

    with committed():
        assert tasks.tick.run() == 1

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert tournaments_due() == []


@pytest.mark.django_db
def test_only_tournaments_with_something_due_are_ticked(frozen_clock, org):
    ana = person("ana")
    later = new_tournament(org, starts_in=timedelta(hours=1))
    running = new_tournament(org, format="swiss", table_size=2, rounds=1)
    register(running, [ana, bots(1)[0]])
    start(running)
    assert tournaments_due() == []  # ana has not moved: nothing to do

    play_people(running)
    assert tournaments_due() == []
    frozen_clock.advance(later.starts_at - frozen_clock.now())
    assert tournaments_due() == [later.pk]


@pytest.mark.django_db
def test_recompute_standings_command_finds_and_repairs_stale_standings(frozen_clock, org):
    tournament = new_tournament(org, format="swiss", table_size=3, rounds=2)
    register(tournament, bots(6))
    start(tournament)
    call_command("recompute_standings", str(tournament.pk), "--check")

    stale = Tournament.objects.get(pk=tournament.pk).standings
    stale["lines"][0], stale["lines"][1] = stale["lines"][1], stale["lines"][0]
    Tournament.objects.filter(pk=tournament.pk).update(standings=stale)
    TournamentRound.objects.filter(tournament=tournament, number=1).update(standings=None)
    with pytest.raises(CommandError):
        call_command("recompute_standings", str(tournament.pk), "--check")

    call_command("recompute_standings", str(tournament.pk))
    call_command("recompute_standings", "--check")
    tournament.refresh_from_db()
    assert [line["rank"] for line in tournament.standings["lines"]] == list(range(1, 7))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_ticks_at_once_seat_round_one_once(frozen_clock):
    from tests.support.factories import organizer

    people = [person(n) for n in ("ana", "bo", "cy", "di", "ed", "flo")]
    tournament = new_tournament(organizer(), format="swiss", table_size=3)
    register(tournament, people)
    frozen_clock.advance(tournament.starts_at - frozen_clock.now())
    barrier = threading.Barrier(2)
    results: list = []
    errors: list = []

    def step():
        try:
            barrier.wait(timeout=10)
            results.append(services.tournament_advance(tournament_id=tournament.pk))
        except Exception as exc:  # noqa: BLE001 — reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=step) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)

    assert errors == []
    assert sorted(results) == [False, True]
    assert TournamentRound.objects.filter(tournament=tournament).count() == 1
    assert TournamentTable.objects.filter(round__tournament=tournament).count() == 2
