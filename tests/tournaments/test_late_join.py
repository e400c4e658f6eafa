"""Late join in Swiss, withdraw and rejoin, the pause between rounds, no-shows at a table
(tournaments.absence): who may enter when, who is seated in which round, what a bye scores."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest

from core.errors import ApplicationError
from tests.support.factories import bots
from tests.support.factories import new_tournament
from tests.support.factories import pass_pause
from tests.support.factories import pass_ready_windows
from tests.support.factories import person
from tests.support.factories import register
from tests.support.factories import start
from tests.support.factories import tick
from tests.support.threads import run_together
from tournaments import bans
from tournaments import formats
from tournaments import services
from tournaments.models import EntryStatus
from tournaments.models import TournamentSeat
from tournaments.models import TournamentStatus

pytestmark = pytest.mark.django_db


def code_of(call, **kwargs) -> str:
    with pytest.raises(ApplicationError) as caught:
        call(**kwargs)
    return caught.value.code


def rounds_of(entry) -> list[int]:
    return sorted(
        TournamentSeat.objects.filter(entry=entry).values_list("round__number", flat=True)
    )


def paused_swiss(org, *, rounds: int, players: int = 4, **options):
    """A Swiss of bots whose round 1 has been played; it pauses before round 2."""
    tournament = new_tournament(
        org, format="swiss", table_size=2, rounds=rounds, round_pause_seconds=30, **options
    )
    register(tournament, bots(players))
    tournament = start(tournament)
    assert tournament.status == TournamentStatus.RUNNING
    assert tournament.current_round == 1
    assert tournament.next_round_at is not None
    return tournament


def to_round(tournament, number: int):
    while tournament.current_round < number:
        assert pass_pause(tournament)
    return tournament


@pytest.mark.parametrize(
    ("rounds", "current", "open_"),
    [(3, 1, True), (3, 2, False), (4, 1, True), (4, 2, False), (5, 2, True), (5, 3, False)],
)
def test_late_join_is_open_while_fewer_than_half_of_the_rounds_have_started(
    frozen_clock, org, rounds, current, open_
):
    tournament = to_round(paused_swiss(org, rounds=rounds), current)
    late = person("late")

    if open_:
        entry = services.tournament_register(tournament_id=tournament.pk, user=late)
        assert entry.joined_round == current + 1
        assert entry.status == EntryStatus.REGISTERED
    else:
        code = code_of(services.tournament_register, tournament_id=tournament.pk, user=late)
        assert code == "late_join_closed"
        assert not tournament.entries.filter(user=late).exists()


def test_only_a_swiss_takes_late_joiners(frozen_clock, org):
    tournament = new_tournament(
        org, format="duplicate", table_size=2, rounds=4, round_pause_seconds=30
    )
    register(tournament, bots(4))
    tournament = start(tournament)
    code = code_of(services.tournament_register, tournament_id=tournament.pk, user=person("x"))
    assert code == "registration_closed"


def test_a_late_joiner_is_seated_from_the_next_round_and_scores_a_bye_for_each_missed(
    frozen_clock, org
):
    tournament = paused_swiss(org, rounds=3)
    late = bots(1, strategy="greedy")[0]
    entry = services.tournament_register(tournament_id=tournament.pk, user=late)
    assert entry.seed == 5  # after the four seeded at the start

    while tournament.status == TournamentStatus.RUNNING:
        assert pass_pause(tournament)

    assert rounds_of(entry) == [2, 3]
    line = next(x for x in tournament.standings["lines"] if x["entry"] == entry.pk)
    assert line["byes"] == 1
    assert line["games"] == 2
    # Their points: one middle place (1/2) plus what their two tables gave them.
    tables = [
        s.table.result for s in TournamentSeat.objects.filter(entry=entry).select_related("table")
    ]
    earned = Fraction(0)
    for doc in tables:
        result = formats.TableResult(
            tuple(
                formats.SeatResult(s["entry"], tuple(s["round_scores"]), s["forfeited"])
                for s in doc["seats"]
            )
        )
        points = formats.seat_points([result])[0]
        earned += next(
            p for s, p in zip(doc["seats"], points, strict=False) if s["entry"] == entry.pk
        )
    assert Fraction(line["points_exact"]) == Fraction(1, 2) + earned
    assert (
        services.tournament_recompute_standings(tournament_id=tournament.pk, write=False) is False
    )


def test_the_next_round_waits_for_its_pause_and_the_tick_seats_it(frozen_clock, org):
    tournament = paused_swiss(org, rounds=2)
    ends = tournament.next_round_at
    assert tournament.round_set.count() == 1

    frozen_clock.advance(ends - frozen_clock.now() - timedelta(seconds=1))
    tick()
    tournament.refresh_from_db()
    assert tournament.round_set.count() == 1
    assert tournament.next_round_at == ends

    frozen_clock.advance(timedelta(seconds=2))
    tick()
    tournament.refresh_from_db()
    assert tournament.round_set.count() == 2
    assert tournament.status == TournamentStatus.FINISHED  # bots played round 2 at once
    assert tournament.next_round_at is None


def test_the_pause_defaults_by_time_control_and_is_checked(frozen_clock, org):
    live = new_tournament(org, round_pause_seconds=None)
    slow = new_tournament(
        org,
        round_pause_seconds=None,
        time_control={"kind": "correspondence", "days_per_move": 1},
    )
    from tournaments.selectors import tournament_summary

    assert tournament_summary(live)["round_pause_seconds"] == 30
    assert tournament_summary(slow)["round_pause_seconds"] == 12 * 3600
    for bad in (-1, 7 * 24 * 3600 + 1, True, "10"):
        code = code_of(new_tournament, by=org, round_pause_seconds=bad)
        assert code == "invalid_tournament"


def test_a_player_who_withdrew_may_rejoin_until_the_next_round_is_seated(frozen_clock, org):
    tournament = paused_swiss(org, rounds=8, players=3)
    ana = person("ana")
    entry = services.tournament_register(tournament_id=tournament.pk, user=ana)  # late
    services.tournament_withdraw(tournament_id=tournament.pk, user=ana)
    entry = services.tournament_register(tournament_id=tournament.pk, user=ana)
    assert (entry.status, entry.joined_round) == (EntryStatus.REGISTERED, 2)  # late again

    assert pass_pause(tournament)
    assert rounds_of(entry) == [2]  # her table waits in its ready window
    services.tournament_withdraw(tournament_id=tournament.pk, user=ana)
    entry = services.tournament_register(tournament_id=tournament.pk, user=ana)
    assert entry.status == EntryStatus.REGISTERED  # round 3 is not seated: she is back

    services.tournament_withdraw(tournament_id=tournament.pk, user=ana)
    pass_ready_windows(tournament)  # her table starts without her: a bot plays her seat
    tournament.refresh_from_db()
    assert tournament.next_round_at is not None
    assert pass_pause(tournament)
    assert tournament.current_round == 3

    code = code_of(services.tournament_register, tournament_id=tournament.pk, user=ana)
    assert code == "rejoin_closed"
    entry.refresh_from_db()
    assert entry.status == EntryStatus.WITHDRAWN
    assert rounds_of(entry) == [2]
    # Leaving her round 2 table by withdrawing is an early leave.
    assert list(bans.PlayOffence.objects.filter(user=ana).values_list("kind", flat=True)) == [
        "early_leave"
    ]


@pytest.mark.postgres  # two threads racing on row locks: SQLite has one writer and no such locks
@pytest.mark.django_db(transaction=True)
def test_a_rejoin_racing_the_seating_of_the_next_round_is_seated_or_refused_never_half(
    frozen_clock, org
):
    """Two connections: the tick seats round 2 while ana rejoins. Both take the tournament's
    row lock, so she is either registered before the seating (and seated in round 2) or
    refused after it (and in no seat of round 2)."""
    tournament = paused_swiss(org, rounds=8, players=3)
    ana = person("ana")
    services.tournament_register(tournament_id=tournament.pk, user=ana)
    assert pass_pause(tournament)  # ana is seated in round 2
    services.tournament_withdraw(tournament_id=tournament.pk, user=ana)
    pass_ready_windows(tournament)
    tournament.refresh_from_db()
    assert tournament.next_round_at is not None  # round 2 over, pausing before round 3
    frozen_clock.advance(tournament.next_round_at - frozen_clock.now() + timedelta(seconds=1))

    def rejoin():
        try:
            services.tournament_register(tournament_id=tournament.pk, user=ana)
        except ApplicationError as exc:
            return exc.code
        return "ok"

    def seat_next():
        return services.tournament_advance(tournament_id=tournament.pk)

    rejoined, advanced = run_together([rejoin, seat_next])

    assert advanced is True
    entry = tournament.entries.get(user=ana)
    seated = 3 in rounds_of(entry)
    if rejoined == "ok":
        assert seated
        assert entry.status == EntryStatus.REGISTERED
    else:
        assert rejoined == "rejoin_closed"
        assert not seated
        assert entry.status == EntryStatus.WITHDRAWN


def test_a_seat_that_never_moved_and_timed_out_is_withdrawn_from_the_next_rounds(frozen_clock, org):
    """An attacker's view: nora sits at her round 1 table and never moves; the timeout hands
    her seat to a bot; she is out of round 2 (status no_show) and owes an offence."""
    nora = person("nora")
    tournament = new_tournament(
        org,
        format="swiss",
        table_size=2,
        rounds=3,
        round_pause_seconds=30,
        ready_seconds=5,
        time_control={"kind": "live", "seconds_per_move": 10, "timeouts_allowed": 1},
    )
    register(tournament, [nora, *bots(3)])
    tournament = start(tournament)
    from games.models import Game
    from tests.support.clocks import sweep

    for _ in range(50):
        tournament.refresh_from_db()
        if tournament.next_round_at is not None:
            break
        game = Game.objects.filter(
            tournament_table__round__tournament=tournament, status="active"
        ).first()
        frozen_clock.advance(game.deadline - frozen_clock.now() + timedelta(seconds=1))
        sweep()
        tick()
    entry = tournament.entries.get(user=nora)
    assert entry.status == EntryStatus.NO_SHOW
    assert entry.withdrawn_round == 1
    offences = list(bans.PlayOffence.objects.filter(user=nora))
    assert [o.kind for o in offences] == ["no_show"]
    assert bans.active_ban(nora) is None  # a first offence is a warning

    assert pass_pause(tournament)
    assert rounds_of(entry) == [1]
    code = code_of(services.tournament_register, tournament_id=tournament.pk, user=nora)
    assert code == "no_show_withdrawn"
    # The step again: the offence is not counted twice.
    services.tournament_advance(tournament_id=tournament.pk)
    assert bans.PlayOffence.objects.filter(user=nora).count() == 1
