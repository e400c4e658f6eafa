"""A whole Swiss with a late joiner, a no-show and a withdrawal, played out by bots and people
in-process (issue 17's "done when"): the late joiner is seated from round 2 with a bye for
round 1; nora, who never moves, times out at her round 1 table and is out of every later
round; will withdraws during his round 2 game and is seated no more. The final standings are
checked line by line against the tables' results, and rebuilt from the games' events."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest

from games.models import Game
from games.models import GameStatus
from games.selectors import game_state_for
from games.services import game_move
from tests.support.clocks import sweep
from tests.support.factories import bot
from tests.support.factories import bots
from tests.support.factories import new_tournament
from tests.support.factories import pass_pause
from tests.support.factories import pass_ready_windows
from tests.support.factories import person
from tests.support.factories import register
from tests.support.factories import run_committed
from tests.support.factories import start
from tests.support.factories import tick
from tournaments import bans
from tournaments import formats
from tournaments import services
from tournaments import tasks
from tournaments.models import EntryStatus
from tournaments.models import TournamentSeat
from tournaments.models import TournamentStatus
from tournaments.models import TournamentTable

pytestmark = pytest.mark.django_db

QUICK_LIVE = {"kind": "live", "seconds_per_move": 10, "timeouts_allowed": 1}


def games_of(tournament, status=GameStatus.ACTIVE):
    return Game.objects.filter(
        tournament_table__round__tournament=tournament, status=status
    ).prefetch_related("seats__user")


def move_people_but(tournament, absent) -> bool:
    """Play one move of every person to move, except ``absent``; return whether one moved."""
    moved = False
    for game in games_of(tournament):
        if game.to_move is None:
            continue
        seat = game.seats.all()[game.to_move]
        if seat.automatic or seat.user == absent:
            continue
        move = game_state_for(game, seat.user)["legal_moves"][0]
        run_committed(game_move, game_id=game.pk, user=seat.user, move=move)
        moved = True
    return moved


def run_out_a_clock(frozen_clock, tournament) -> bool:
    """Move the clock past the earliest deadline of an active game and sweep."""
    deadlines = [g.deadline for g in games_of(tournament) if g.deadline is not None]
    if not deadlines:
        return False
    frozen_clock.advance(max(min(deadlines) - frozen_clock.now(), timedelta(0)) + timedelta(1))
    sweep()
    tick()
    return True


def seated(tournament, number: int) -> set[str]:
    return set(
        TournamentSeat.objects.filter(
            round__tournament=tournament, round__number=number
        ).values_list("entry__user__username", flat=True)
    )


@pytest.mark.slow
def test_a_swiss_with_a_late_joiner_a_no_show_and_a_withdrawal_plays_to_its_final_places(
    frozen_clock, org
):
    nora, will = person("nora"), person("will")
    field = [nora, will, *bots(4)]
    tournament = new_tournament(
        org,
        format="swiss",
        table_size=3,
        rounds=4,
        round_pause_seconds=30,
        ready_seconds=5,
        time_control=QUICK_LIVE,
    )
    register(tournament, field)
    tournament = start(tournament)
    late = bot("greedy", exclude=field)
    services.tournament_register(tournament_id=tournament.pk, user=late)  # during round 1
    withdrew = False

    for _ in range(2000):
        tournament.refresh_from_db()
        if tournament.status != TournamentStatus.RUNNING:
            break
        if tournament.current_round == 2 and not withdrew:
            mine = games_of(tournament).filter(seats__user=will).first()
            if mine is not None:  # his round 2 game is on: he leaves it
                services.tournament_withdraw(tournament_id=tournament.pk, user=will)
                withdrew = True
                continue
        if move_people_but(tournament, absent=nora):
            continue
        tick()
        if (
            not pass_ready_windows(tournament)
            and not pass_pause(tournament)
            and not run_out_a_clock(frozen_clock, tournament)
        ):
            raise AssertionError("nothing to do and the tournament is not over")
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert withdrew

    # Who sat in which round.
    everyone = {u.username for u in field}
    assert seated(tournament, 1) == everyone
    assert seated(tournament, 2) == everyone - {"nora"} | {late.username}
    assert (
        seated(tournament, 3)
        == seated(tournament, 4)
        == everyone - {"nora", "will"} | {late.username}
    )
    entries = {e.user.username: e for e in tournament.entries.select_related("user")}
    assert (entries["nora"].status, entries["nora"].withdrawn_round) == (EntryStatus.NO_SHOW, 1)
    assert (entries["will"].status, entries["will"].withdrawn_round) == (
        EntryStatus.WITHDRAWN,
        2,
    )
    assert entries[late.username].joined_round == 2
    assert list(bans.PlayOffence.objects.filter(user=nora).values_list("kind", flat=True)) == [
        "no_show"
    ]
    assert list(bans.PlayOffence.objects.filter(user=will).values_list("kind", flat=True)) == [
        "early_leave"
    ]

    # Every line's points: its tables' placement points, plus 1/2 a bye.
    earned: dict[int, Fraction] = {}
    tables = TournamentTable.objects.filter(round__tournament=tournament)
    for doc in tables.values_list("result", flat=True):
        result = formats.TableResult(
            tuple(
                formats.SeatResult(s["entry"], tuple(s["round_scores"]), s["forfeited"])
                for s in doc["seats"]
            )
        )
        for s, points in zip(doc["seats"], formats.seat_points([result])[0], strict=True):
            earned[s["entry"]] = earned.get(s["entry"], Fraction(0)) + points
    lines = tournament.standings["lines"]
    assert tournament.standings["final"] is True
    assert {line["entry"] for line in lines} == {e.pk for e in entries.values()}
    for line in lines:
        byes = 1 if line["entry"] == entries[late.username].pk else 0
        assert line["byes"] == byes
        assert Fraction(line["points_exact"]) == earned[line["entry"]] + Fraction(byes, 2)
    by_name = {line["username"]: line for line in lines}
    assert by_name["nora"]["games"] == 1
    assert by_name["will"]["games"] == 2
    assert by_name[late.username]["games"] == 3
    # Ranked by points first; places follow the standings; a rebuild from the events agrees.
    points = [Fraction(line["points_exact"]) for line in lines]
    assert points == sorted(points, reverse=True)
    assert [line["rank"] for line in lines] == list(range(1, len(lines) + 1))
    assert {e.pk: e.final_place for e in entries.values()} == {
        line["entry"]: line["rank"] for line in lines
    }
    assert (
        services.tournament_recompute_standings(tournament_id=tournament.pk, write=False) is False
    )
    with_tick = tasks.tick.run()
    assert with_tick == 0
    assert services.tournament_advance(tournament_id=tournament.pk) is False
