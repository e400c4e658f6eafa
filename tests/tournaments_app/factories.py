"""Organizers, bot fields, tournaments and the driver that plays them out, in-process."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db.models import Max
from django.test import TestCase

from accounts.services import bot_account_get_or_create
from core import clock
from games import selectors as game_selectors
from games import services as game_services
from games.models import Game, GameStatus
from tournaments import services, tasks
from tournaments.models import Tournament, TournamentStatus

SMALL = {"set_max": 6, "rounds": 1}  # 7 tiles each, one round of play: a quick game
LIVE = {"kind": "live", "seconds_per_move": 30, "reserve_seconds": 60}


@contextmanager
def committed():
    """Run what commits inside would run (bot turns, game_ended, the tournament's steps): the
    test's own transaction never commits, so its on-commit callbacks are run here."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        yield


def organizer(username: str = "org"):
    return get_user_model().objects.create_user(username, password="x", is_staff=True)


def person(username: str):
    return get_user_model().objects.create_user(username, password="x")


def bots(n: int, strategy: str = "random") -> list:
    out: list = []
    for _ in range(n):
        out.append(bot_account_get_or_create(strategy=strategy, exclude_ids=[b.pk for b in out]))
    return out


def new_tournament(
    by, *, format: str = "swiss", starts_in: timedelta = timedelta(minutes=10), **settings
) -> Tournament:
    options = {
        "name": f"{format} cup",
        "table_size": 4,
        "rounds": 2,
        "variants": SMALL,
        "time_control": LIVE,
        **settings,
    }
    return services.tournament_create(
        user=by, format=format, starts_at=clock.now() + starts_in, **options
    )


def register(tournament: Tournament, users) -> None:
    for user in users:
        services.tournament_register(tournament_id=tournament.pk, user=user)


def seat(tournament: Tournament) -> Tournament:
    """Move the clock to the start and run the beat tick once: round 1 is seated, its tables
    with people in their ready window, the others (bots only) started and played out
    (everything that causes included: each end runs the tournament's step …)."""
    clock.advance(tournament.starts_at - clock.now() + timedelta(seconds=1))
    with committed():
        tasks.tick.run()
    tournament.refresh_from_db()
    return tournament


def waiting_games(tournament: Tournament):
    """The tournament's games still in their ready window (seated, not started)."""
    return Game.objects.filter(
        tournament_table__round__tournament=tournament, status=GameStatus.OPEN
    )


def pass_ready_windows(tournament: Tournament, during=None) -> bool:
    """Move the clock past the latest ready window still open and run the tick (its tables
    start); return whether there was one. ``during(games)`` runs first, inside the windows
    (the people contribute, say)."""
    deadline = waiting_games(tournament).aggregate(last=Max("ready_deadline"))["last"]
    if deadline is None:
        return False
    if during is not None:
        during(list(waiting_games(tournament).prefetch_related("seats__user")))
    clock.advance(max(deadline - clock.now(), timedelta(0)) + timedelta(seconds=1))
    with committed():
        tasks.tick.run()
    tournament.refresh_from_db()
    return True


def start(tournament: Tournament) -> Tournament:
    """Seat round 1 (``seat``) and let its ready windows pass: every table is started."""
    tournament = seat(tournament)
    pass_ready_windows(tournament)
    return tournament


def move_people(tournament: Tournament) -> bool:
    """Make one move (the first legal one) of every person to move in the tournament's active
    games; return whether anyone moved. Bots move by themselves once a move commits."""
    games = Game.objects.filter(
        tournament_table__round__tournament=tournament, status=GameStatus.ACTIVE
    ).prefetch_related("seats__user")
    moved = False
    for game in games:
        if game.to_move is None:
            continue
        seat = game.seats.all()[game.to_move]
        if seat.automatic:
            continue
        moves = game_selectors.game_state_for(game, seat.user)["legal_moves"]
        with committed():
            game_services.game_move(game_id=game.pk, user=seat.user, move=moves[0])
        moved = True
    return moved


def play_people(tournament: Tournament, limit: int = 20000, during_ready=None) -> Tournament:
    """Play the people's moves until the tournament is over; when nobody can move, run the
    beat tick (as beat would) and look again, past the next ready window if need be (with
    ``during_ready`` run inside it, see ``pass_ready_windows``)."""
    for _ in range(limit):
        tournament.refresh_from_db()
        if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
            return tournament
        if not move_people(tournament):
            with committed():
                tasks.tick.run()
            tournament.refresh_from_db()
            if tournament.status not in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
                if not move_people(tournament) and not pass_ready_windows(tournament, during_ready):
                    raise AssertionError("nobody can move and the tournament is not over")
    raise AssertionError("the tournament did not end")
