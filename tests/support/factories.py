"""Users, bots, games and tournaments for every test package, made through the services.

One home for what the packages used to build each their own way: people (straight rows, or
registered through the account services), staff and organizers, bot accounts, tables opened and
started (timed, on a fixed deal, rated …), games played by their people to some point, finished
games written straight to the database for the ratings, and tournaments played out in-process.

The pure engine's state builders (tests/games/engine/factories.py) are another kind of thing —
no database, engine values only — and stay with the engine's tests. The API's drivers
(tests/games/api/factories.py: players registered over HTTP, tables opened by POSTs) and the
sockets' (tests/realtime/helpers.py) drive the platform from outside and stay with theirs.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max
from django.test import TestCase
from rest_framework.test import APIClient

from accounts.services import bot_account_get_or_create
from accounts.services import user_register
from core import clock
from eventstore import store
from games import selectors
from games import services
from games.engine import Ruleset
from games.engine import event_to_dict
from games.engine.events import MatchEnded
from games.engine.events import TurnPassed
from games.engine.scoring import places as engine_places
from games.models import Game
from games.models import GameStatus
from games.models import Seat
from notifications.services import notify
from tournaments import services as tournament_services
from tournaments import tasks as tournament_tasks
from tournaments.models import TournamentStatus
from tournaments.models import TournamentTable

PASSWORD = "pw-correct-horse-1"
SMALL = {"set_max": 6, "rounds": 1}  # 7 tiles each, one round of play: a quick game
TOURNAMENT_LIVE = {"kind": "live", "seconds_per_move": 30, "reserve_seconds": 60}
TIME_CONTROLS = {
    "live": {"kind": "live", "seconds_per_move": 60, "reserve_seconds": 300},
    "correspondence": {"kind": "correspondence", "days_per_move": 3, "vacation_days": 14},
}


# -- committing --------------------------------------------------------------------------------


@contextmanager
def committed() -> Iterator[None]:
    """Run what the commits inside would run (bot turns, emails, ratings, a tournament's
    steps): the test's own transaction never commits, so its captured on-commit callbacks are
    run here instead. In a transactional test nothing is captured: each commit runs its own."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        yield


def run_committed(service, **kwargs):
    """Call a service inside ``committed()``; return what it returned."""
    with committed():
        return service(**kwargs)


# -- people and bots ---------------------------------------------------------------------------


def person(username: str, *, email: str = "", staff: bool = False):
    """A player's row, created straight (no account checks: the cheapest kind of player)."""
    return get_user_model().objects.create_user(
        username, email=email, password=PASSWORD, is_staff=staff
    )


def organizer(username: str = "org"):
    """Staff, who may organise tournaments."""
    return person(username, staff=True)


def make_user(name: str, *, staff: bool = False):
    """A player registered through the account services (their checks included)."""
    user = user_register(username=name, password=PASSWORD)
    if staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    return user


def bot(strategy: str = "greedy", *, exclude=()):
    """A bot account playing ``strategy``, none of ``exclude``."""
    return bot_account_get_or_create(strategy=strategy, exclude_ids=[u.pk for u in exclude])


def bots(n: int, strategy: str = "random") -> list:
    """``n`` different bot accounts playing ``strategy``."""
    out: list = []
    for _ in range(n):
        out.append(bot(strategy, exclude=out))
    return out


def client_for(user=None) -> APIClient:
    """An API client authenticated as ``user`` (anonymous if None); staff by a session that
    passed the second factor, as every staff power demands (accounts.second_factor)."""
    client = APIClient()
    if user is not None and user.is_staff:
        second_factor_login(client, user)
    elif user is not None:
        client.force_authenticate(user)
    return client


# -- the second factor (allauth.mfa), the way a person passes it ------------------------------

LOGIN_API = "/api/v1/auth/login"
TOTP_ACTIVATE = "/accounts/2fa/totp/activate/"


def totp_now(secret: str) -> str:
    """The current TOTP code of ``secret``, computed by allauth's own functions.

    Never one about to expire: allauth accepts only the current period's code (no tolerance),
    so a code computed in a period's last moments was refused once its request reached the
    server in the next one (a CI run). Within ``TOTP_MARGIN`` seconds of a period's end this
    waits for the next period first."""
    import time

    from allauth.mfa import app_settings
    from allauth.mfa.totp.internal.auth import format_hotp_value
    from allauth.mfa.totp.internal.auth import hotp_value
    from allauth.mfa.totp.internal.auth import yield_hotp_counters_from_time

    period = app_settings.TOTP_PERIOD
    left = period - time.time() % period
    if left < TOTP_MARGIN:
        time.sleep(left + 0.05)
    return format_hotp_value(hotp_value(secret, next(iter(yield_hotp_counters_from_time()))))


TOTP_MARGIN = 3.0


def unused_recovery_code(user) -> str:
    """One of ``user``'s recovery codes not used yet (as shown on the recovery codes page)."""
    from allauth.mfa.models import Authenticator

    codes = Authenticator.objects.get(user=user, type=Authenticator.Type.RECOVERY_CODES)
    unused = codes.wrap().get_unused_codes()
    if not unused:  # all spent: a new set, as the recovery codes page makes one
        from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes

        codes.delete()
        unused = RecoveryCodes.activate(user).get_unused_codes()
    return unused[0]


def form_post(client, url: str, data: dict):
    """POST a form as a browser does (with the CSRF token when the client checks it)."""
    if "csrftoken" in client.cookies:
        data = {"csrfmiddlewaretoken": client.cookies["csrftoken"].value, **data}
    return client.post(url, data)


def enrol_totp(client) -> str:
    """Enrol TOTP for the client's (freshly logged in) user on allauth's page: read the secret
    it shows, enter its code. Return the secret."""
    r = client.get(TOTP_ACTIVATE)
    assert r.status_code == 200, r
    secret = r.context["form"].secret
    r = form_post(client, TOTP_ACTIVATE, {"code": totp_now(secret)})
    assert r.status_code == 302, r
    return secret


def second_factor_login(client, user, *, password: str = PASSWORD) -> None:
    """Log ``client`` in as ``user`` by the password (the login API, as the /login page does)
    and pass the second factor: enrol TOTP the first time, else enter an unused recovery code
    at allauth's login stage."""
    body = json.dumps({"username": user.username, "password": password})
    r = client.post(LOGIN_API, body, content_type="application/json")
    if r.status_code == 401 and r.json()["code"] == "second_factor_pending":
        r = form_post(client, r.json()["next"], {"code": unused_recovery_code(user)})
        assert r.status_code == 302, r
        return
    assert r.status_code == 200, r.json()
    enrol_totp(client)


def token_client(key: str) -> APIClient:
    """An API client sending ``Authorization: Token <key>``."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


# -- games -------------------------------------------------------------------------------------


def open_table(
    creator,
    others=(),
    *,
    bots: int = 1,
    strategy: str = "random",
    rated: bool = False,
    rounds: int = 1,
    variants: dict | None = None,
    time_control: dict | None = None,
    deal: bytes | None = None,
    start: bool = True,
) -> Game:
    """Open a double-6 table of ``rounds`` rounds: ``creator``, ``others``, then ``bots`` bots
    playing ``strategy``; started (its commit callbacks run) unless ``start`` is False.

    ``deal`` names a fixed deal (the server seed is its hash): a test about a given turn then
    plays the same hands every run, where a random deal may end the game before that turn.
    """
    extra = {"server_seed": hashlib.sha256(deal).digest()} if deal is not None else {}
    if time_control is not None:
        extra["time_control"] = time_control
    game = services.game_create(
        user=creator,
        players=1 + len(others) + bots,
        variants={"set_max": 6, "rounds": rounds, **(variants or {})},
        rated=rated,
        **extra,
    )
    for user in others:
        services.game_join(game_id=game.id, user=user)
    for _ in range(bots):
        services.game_add_bot(game_id=game.id, user=creator, strategy=strategy)
    if start:
        run_committed(services.game_start, game_id=game.id, user=creator)
    return Game.objects.get(pk=game.id)


def play(game: Game, users, *, moves: int | None = None) -> Game:
    """Make the people's moves (the first legal one each time; bots answer by themselves)
    until the game is over, or ``moves`` moves have been made."""
    made = 0
    while moves is None or made < moves:
        game = Game.objects.get(pk=game.pk)
        if game.status != "active":
            break
        seat = game.seats.get(index=game.to_move)
        user = next((u for u in users if u.pk == seat.user_id), None)
        assert user is not None, f"seat {game.to_move} is not played by a person: {seat.user}"
        st = selectors.game_state_for(game, user)
        run_committed(
            services.game_move,
            game_id=game.pk,
            user=user,
            move=st["legal_moves"][0],
            expected_seq=st["seq"],
        )
        made += 1
    return Game.objects.get(pk=game.pk)


def finished_game(
    users: Sequence,
    places: Sequence[int],
    *,
    kind: str = "live",
    rated: bool = True,
    resigned: Sequence[int] = (),
    forfeited: Sequence[int] = (),
    status: str = GameStatus.FINISHED,
    turns: Sequence[int] | None = None,
) -> Game:
    """Return a finished game with ``users`` in seat order that ended in ``places`` (by seat),
    written straight to the database (no play: what the ratings read of a game, cheaply).

    One round is scored so that the engine ranks the seats in ``places``: a seat's penalty
    score is ten times its place, equal places tying on every R23 tie-break; the result is the
    data of the ``MatchEnded`` event the engine makes of it, exactly what ``games.services``
    projects when a match ends. The log holds just a turn of each seat in ``turns`` (default:
    every person's), a pass in their name: what ``ratings.services`` looks for before rating.
    """
    n = len(users)
    ruleset = Ruleset.for_players(n)
    totals, zeros, ranked = engine_places([tuple(10 * p for p in places)], ruleset)
    assert list(ranked) == list(places), "places must be ranked 1, 1, 3 style"
    result = event_to_dict(MatchEnded(totals, zeros, ranked))["data"]
    now = clock.now()
    game = Game.objects.create(
        created_by=users[0],
        created_at=now,
        players=n,
        ruleset=ruleset.to_dict(),
        time_control=TIME_CONTROLS[kind],
        rated=rated,
        status=status,
        started_at=now,
        finished_at=now if status == GameStatus.FINISHED else None,
        result=result if status == GameStatus.FINISHED else None,
    )
    Seat.objects.bulk_create(
        Seat(
            game=game,
            index=i,
            user=u,
            joined_at=now,
            resigned_at=now if i in resigned else None,
            forfeited_at=now if i in forfeited else None,
        )
        for i, u in enumerate(users)
    )
    turns = [i for i, u in enumerate(users) if not u.is_bot] if turns is None else turns
    for n, i in enumerate(turns):
        u = users[i]
        store.append(
            game.stream,
            expected_version=n,
            events=[event_to_dict(TurnPassed(i))],
            actor={"kind": "player", "user": u.pk, "name": u.username},
        )
    game.version = len(turns)
    game.save(update_fields=["version"])
    return game


def open_dispute(user, about: Game, **body):
    """Open a dispute about the game ``about`` as ``user`` over the API; return the response."""
    body = {"game": str(about.pk), "category": "rules_or_bug", "reason": "that draw", **body}
    return client_for(user).post("/api/v1/disputes", body, format="json")


def notify_dispute_resolved(user):
    """Tell ``user``, committed, that the dispute about game 7 is resolved (a mail is owed if
    they have an address); return the notification."""
    with transaction.atomic():
        return notify(
            user=user,
            kind="dispute_update",
            params={"what": "status", "game": "game 7", "status": "resolved"},
            url="/disputes/7",
        )


# -- tournaments -------------------------------------------------------------------------------


def new_tournament(
    by, *, format: str = "swiss", starts_in: timedelta = timedelta(minutes=10), **settings
):
    """A tournament ``by`` organises, starting in ``starts_in``: by default a Swiss of two
    rounds at tables of four, quick live games, the next round seated as soon as one ends
    (no pause between rounds unless given)."""
    options = {
        "name": f"{format} cup",
        "round_pause_seconds": 0,
        "table_size": 4,
        "rounds": 2,
        "variants": SMALL,
        "time_control": TOURNAMENT_LIVE,
        **settings,
    }
    return tournament_services.tournament_create(
        user=by, format=format, starts_at=clock.now() + starts_in, **options
    )


def register(tournament, users) -> None:
    for user in users:
        tournament_services.tournament_register(tournament_id=tournament.pk, user=user)


def tick() -> None:
    """Run the tournaments' beat tick once, with what its commits run."""
    with committed():
        tournament_tasks.tick.run()


def seat(tournament):
    """Move the clock to the start and run the beat tick once: round 1 is seated, its tables
    with people in their ready window, the others (bots only) started and played out
    (everything that causes included: each end runs the tournament's step …)."""
    clock.advance(tournament.starts_at - clock.now() + timedelta(seconds=1))
    tick()
    tournament.refresh_from_db()
    return tournament


def waiting_games(tournament):
    """The tournament's games still in their ready window (seated, not started)."""
    return Game.objects.filter(
        tournament_table__round__tournament=tournament, status=GameStatus.OPEN
    )


def dealt(tournament) -> list[Game]:
    """Return the tournament's games once dealt (past any ready window before the start), in
    table order."""
    for _ in range(5):
        games = [
            t.game
            for t in TournamentTable.objects.filter(round__tournament=tournament)
            .order_by("number")
            .select_related("game")
        ]
        if games and all(g.status != "open" for g in games):
            return games
        wait = getattr(tournament, "ready_seconds", 15) or 15
        clock.advance(timedelta(seconds=wait + 1))
        with committed():
            tournament_tasks.tick.run()
    raise AssertionError("the tournament's tables were never dealt")


def pass_ready_windows(tournament, during=None) -> bool:
    """Move the clock past the latest ready window still open and run the tick (its tables
    start); return whether there was one. ``during(games)`` runs first, inside the windows
    (the people contribute, say)."""
    deadline = waiting_games(tournament).aggregate(last=Max("ready_deadline"))["last"]
    if deadline is None:
        return False
    if during is not None:
        during(list(waiting_games(tournament).prefetch_related("seats__user")))
    clock.advance(max(deadline - clock.now(), timedelta(0)) + timedelta(seconds=1))
    tick()
    tournament.refresh_from_db()
    return True


def pass_pause(tournament) -> bool:
    """Move the clock past the pause before the next round and run the tick (it is seated);
    return whether the tournament was pausing."""
    tournament.refresh_from_db()
    if tournament.next_round_at is None:
        return False
    clock.advance(max(tournament.next_round_at - clock.now(), timedelta(0)) + timedelta(seconds=1))
    tick()
    tournament.refresh_from_db()
    return True


def start(tournament):
    """Seat round 1 (``seat``) and let its ready windows pass: every table is started."""
    tournament = seat(tournament)
    pass_ready_windows(tournament)
    return tournament


def move_people(tournament) -> bool:
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
        moves = selectors.game_state_for(game, seat.user)["legal_moves"]
        run_committed(services.game_move, game_id=game.pk, user=seat.user, move=moves[0])
        moved = True
    return moved


def play_people(tournament, limit: int = 20000, during_ready=None):
    """Play the people's moves until the tournament is over; when nobody can move, run the
    beat tick (as beat would) and look again, past the next ready window if need be (with
    ``during_ready`` run inside it, see ``pass_ready_windows``)."""
    over = (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)
    for _ in range(limit):
        tournament.refresh_from_db()
        if tournament.status in over:
            return tournament
        if not move_people(tournament):
            tick()
            tournament.refresh_from_db()
            if tournament.status not in over:
                if (
                    not move_people(tournament)
                    and not pass_ready_windows(tournament, during_ready)
                    and not pass_pause(tournament)
                ):
                    raise AssertionError("nobody can move and the tournament is not over")
    raise AssertionError("the tournament did not end")
