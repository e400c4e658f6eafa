"""Every Celery task of the platform, run twice in a row and run concurrently, has one effect.

Tasks are delivered at least once (acks late, redelivery after a lost worker, the sweeper
repeating an ETA task), so each must be idempotent. The services' own scheduling is replaced by
a recorder here: the test decides when, and how often, each task runs. The concurrent runs use
threads, each with its own database connection (PostgreSQL).
"""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest

from accounts.services import user_register
from analysis import tasks as analysis_tasks
from analysis.models import GameAnalysis
from analysis.models import PlayerGameAnalysis
from config.celery import app
from core import clock
from core import tasks as runner
from eventstore import store
from games import selectors
from games import services
from games import tasks
from games.models import Game
from notifications import tasks as notification_tasks
from notifications.models import EmailPreference
from notifications.models import Notification
from ratings import tasks as rating_tasks
from ratings.models import RatedGame
from ratings.models import RatingChange
from tests.support import factories as tf
from tests.support.threads import run_together
from tournaments import series as series_services
from tournaments import services as tournament_services
from tournaments import tasks as tournament_tasks
from tournaments.models import Tournament
from tournaments.models import TournamentTable

pytestmark = pytest.mark.django_db(transaction=True)

LIVE = {"kind": "live", "seconds_per_move": 5, "reserve_seconds": 0}
THREADS = 4


@pytest.fixture
def tiny_analysis(settings):
    """The analysis at a budget of a few rollouts: the same code, in a fraction of a second."""
    settings.ANALYSIS_WORLDS = 2
    settings.ANALYSIS_LUCK_ROLLOUTS = 2
    settings.ANALYSIS_GAIN_WORLDS = 2


@pytest.fixture
def submitted(monkeypatch):
    """The tasks the services scheduled, as (task name, args), instead of running them."""
    out: list[tuple[str, tuple]] = []

    def record(task, *args, eta=None, background=False):
        out.append((task.name, tuple(str(a) if not isinstance(a, int | str) else a for a in args)))

    monkeypatch.setattr(runner, "submit", record)
    return out


def people(*names):
    return [user_register(username=n, password="pw-correct-horse-1") for n in names]


def new_game(users, *, bots=0, time_control=None, rated=False) -> Game:
    game = services.game_create(
        user=users[0],
        players=len(users) + bots,
        variants={"set_max": 6, "rounds": 1},
        time_control=time_control,
        rated=rated,
    )
    for user in users[1:]:
        services.game_join(game_id=game.id, user=user)
    for _ in range(bots):
        services.game_add_bot(game_id=game.id, user=users[0], strategy="random")
    services.game_start(game_id=game.id, user=users[0])
    return Game.objects.get(pk=game.id)


def person_moves(game: Game, users) -> Game:
    """Make the person to move play their first legal move; return the game after it."""
    seat = game.seats.get(index=game.to_move)
    user = next(u for u in users if u.pk == seat.user_id)
    st = selectors.game_state_for(game, user)
    services.game_move(
        game_id=game.id, user=user, move=st["legal_moves"][0], expected_seq=st["seq"]
    )
    return Game.objects.get(pk=game.id)


def bot_to_move(users) -> Game:
    """A started game of ``users`` and one bot, with the bot to move and its task not run."""
    game = new_game(users, bots=1)
    while game.seats.get(index=game.to_move).user.is_bot is False:
        game = person_moves(game, users)
    assert game.status == "active"
    return game


def finished_rated(users) -> Game:
    game = new_game(users, rated=True)
    while game.status == "active":
        game = person_moves(game, users)
    assert game.status == "finished"
    return game


def log(game: Game) -> list[tuple[int, str]]:
    return [(e.seq, e.type) for e in store.read(game.stream)]


def concurrently(fn, *args) -> list:
    """Run ``fn(*args)`` in THREADS threads released together; return their results."""
    return run_together([lambda: fn(*args)] * THREADS, timeout=60)


def timeout_batches(game: Game) -> int:
    """How many turns the timeout action played."""
    batches, previous = 0, None
    for e in store.read(game.stream):
        kind = e.actor.get("kind")
        batches += kind == "timeout" and previous != "timeout"
        previous = kind
    return batches


# -- the tasks ---------------------------------------------------------------------------------


def test_every_task_of_the_platform_is_covered_here():
    app.loader.import_default_modules()
    apps = {"games", "ratings", "tournaments", "notifications", "analysis"}
    ours = {name for name in app.tasks if name.split(".")[0] in apps}
    assert ours == set(COVERED), "add the new task's twice-and-concurrent test here"


def test_play_automatic_twice_plays_the_bots_turn_once(submitted):
    game = bot_to_move(people("ana"))
    seq = game.version
    assert ("games.tasks.play_automatic", (str(game.id), seq)) in submitted
    first = tasks.play_automatic.run(str(game.id), seq)
    after = log(game)
    assert first is not None
    assert first > seq
    assert tasks.play_automatic.run(str(game.id), seq) is None
    assert log(game) == after


@pytest.mark.postgres
def test_play_automatic_run_concurrently_plays_the_bots_turn_once(submitted):
    game = bot_to_move(people("ana"))
    seq = game.version
    results = concurrently(tasks.play_automatic.run, str(game.id), seq)
    played = [r for r in results if r is not None]
    assert len(played) == 1, results
    game.refresh_from_db()
    assert game.version == played[0]
    bot_events = [e for e in store.read(game.stream, after=seq)]
    assert bot_events
    assert all(e.actor.get("kind") in ("bot", "system") for e in bot_events)


def test_apply_timeout_twice_times_the_turn_out_once(submitted, frozen_clock):
    game = new_game(people("ana", "bo"), time_control=LIVE)
    seq, seat = game.version, game.to_move
    frozen_clock.advance(timedelta(seconds=6))
    assert tasks.apply_timeout.run(str(game.id), seq) is not None
    after = log(game)
    assert tasks.apply_timeout.run(str(game.id), seq) is None
    assert log(game) == after
    assert timeout_batches(game) == 1
    assert game.seats.get(index=seat).timeouts_in_row == 1


@pytest.mark.postgres
def test_apply_timeout_run_concurrently_times_the_turn_out_once(submitted, frozen_clock):
    game = new_game(people("ana", "bo"), time_control=LIVE)
    seq, seat = game.version, game.to_move
    frozen_clock.advance(timedelta(seconds=6))
    results = concurrently(tasks.apply_timeout.run, str(game.id), seq)
    assert len([r for r in results if r is not None]) == 1, results
    assert timeout_batches(game) == 1
    assert game.seats.get(index=seat).timeouts_in_row == 1


def test_sweep_deadlines_twice_times_each_due_turn_out_once(submitted, frozen_clock):
    games = [new_game(people(f"a{i}", f"b{i}"), time_control=LIVE) for i in range(2)]
    frozen_clock.advance(timedelta(seconds=6))
    assert tasks.sweep_deadlines.run() == 2
    after = [log(g) for g in games]
    assert tasks.sweep_deadlines.run() == 0
    assert [log(g) for g in games] == after
    assert [timeout_batches(g) for g in games] == [1, 1]


@pytest.mark.postgres
def test_sweep_deadlines_run_concurrently_times_each_due_turn_out_once(submitted, frozen_clock):
    games = [new_game(people(f"a{i}", f"b{i}"), time_control=LIVE) for i in range(3)]
    frozen_clock.advance(timedelta(seconds=6))
    results = concurrently(tasks.sweep_deadlines.run)
    assert sum(results) == 3, results
    assert [timeout_batches(g) for g in games] == [1, 1, 1]


def test_apply_game_ratings_twice_rates_the_game_once(submitted):
    ana, bo = people("ana", "bo")
    game = finished_rated([ana, bo])
    assert ("ratings.tasks.apply_game_ratings", (str(game.id),)) in submitted
    assert rating_tasks.apply_game_ratings.run(str(game.id)) is True
    changes = list(RatingChange.objects.filter(game=game).values_list("id", "mu_after"))
    assert rating_tasks.apply_game_ratings.run(str(game.id)) is False
    assert list(RatingChange.objects.filter(game=game).values_list("id", "mu_after")) == changes
    assert len(changes) == 2
    assert RatedGame.objects.filter(game=game).count() == 1
    assert ana.ratings.get().games == 1


@pytest.mark.postgres
def test_apply_game_ratings_run_concurrently_rates_the_game_once(submitted):
    ana, bo = people("ana", "bo")
    game = finished_rated([ana, bo])
    results = concurrently(rating_tasks.apply_game_ratings.run, str(game.id))
    assert results.count(True) == 1, results
    assert RatingChange.objects.filter(game=game).count() == 2
    assert ana.ratings.get().games == 1
    assert bo.ratings.get().games == 1


def analysis_rows(game: Game) -> tuple:
    row = GameAnalysis.objects.get(game=game)
    seats = list(
        PlayerGameAnalysis.objects.filter(game=game)
        .order_by("seat")
        .values_list("pk", "seat", "accuracy", "skill")
    )
    return row.pk, row.computed_at, row.result, seats


@pytest.mark.usefixtures("tiny_analysis")
def test_analyse_game_twice_analyses_the_game_once(submitted):
    ana, bo = people("ana", "bo")
    game = finished_rated([ana, bo])
    assert ("analysis.tasks.analyse_game", (str(game.id),)) in submitted
    assert analysis_tasks.analyse_game.run(str(game.id)) == "done"
    first = analysis_rows(game)
    assert analysis_tasks.analyse_game.run(str(game.id)) == "done"
    assert analysis_rows(game) == first
    assert len(first[3]) == 2


@pytest.mark.postgres
@pytest.mark.usefixtures("tiny_analysis")
def test_analyse_game_run_concurrently_analyses_the_game_once(submitted):
    ana, bo = people("ana", "bo")
    game = finished_rated([ana, bo])
    assert concurrently(analysis_tasks.analyse_game.run, str(game.id)) == ["done"] * THREADS
    assert GameAnalysis.objects.filter(game=game).count() == 1
    assert PlayerGameAnalysis.objects.filter(game=game).count() == 2


# -- tournaments ---------------------------------------------------------------------------------


def due_tournament(name: str = "cup"):
    """A Swiss tournament of four people whose start has come (the tick has not run)."""
    organizer = user_register(username=f"org-{name}", password="pw-correct-horse-1")
    organizer.is_staff = True
    organizer.save(update_fields=["is_staff"])
    tournament = tournament_services.tournament_create(
        user=organizer,
        name=name,
        format="swiss",
        starts_at=clock.now() + timedelta(minutes=5),
        table_size=2,
        rounds=2,
        variants={"set_max": 6, "rounds": 1},
    )
    for user in people(*(f"{name}{i}" for i in range(4))):
        tournament_services.tournament_register(tournament_id=tournament.pk, user=user)
    clock.advance(timedelta(minutes=6))
    return tournament


def tournament_effects(tournament) -> tuple:
    """What a tournament step writes: the row's state and the tables it seated."""
    tournament.refresh_from_db()
    tables = TournamentTable.objects.filter(round__tournament=tournament)
    return (
        tournament.status,
        tournament.current_round,
        tournament.version,
        sorted(tables.values_list("pk", "game_id")),
    )


def test_tournament_tick_twice_starts_the_tournament_once(submitted, frozen_clock):
    tournament = due_tournament()
    assert tournament_tasks.tick.run() == 1
    after = tournament_effects(tournament)
    assert after[0] == "running"
    assert len(after[3]) == 2
    assert tournament_tasks.tick.run() == 0
    assert tournament_effects(tournament) == after


def test_tournament_advance_twice_starts_the_tournament_once(submitted, frozen_clock):
    tournament = due_tournament()
    assert tournament_tasks.advance.run(tournament.pk) is True
    after = tournament_effects(tournament)
    assert tournament_tasks.advance.run(tournament.pk) is False
    assert tournament_effects(tournament) == after


@pytest.mark.postgres
def test_tournament_tick_and_advance_run_concurrently_start_it_once(submitted, frozen_clock):
    tournament = due_tournament()
    results = concurrently(tournament_tasks.tick.run)
    assert sum(results) == 1, results
    after = tournament_effects(tournament)
    assert len(after[3]) == 2
    assert Game.objects.count() == 2
    assert concurrently(tournament_tasks.advance.run, tournament.pk) == [False] * THREADS
    assert tournament_effects(tournament) == after


def finished_tournament():
    """A tournament of four bots played to its end (tasks run as the services schedule them),
    then its standings wiped, as if an adjudication had changed a game under them."""
    tournament = tf.new_tournament(tf.organizer(), table_size=2, rounds=1)
    tf.register(tournament, tf.bots(4))
    tournament = tf.start(tournament)
    assert tournament.status == "finished", tournament.status
    Tournament.objects.filter(pk=tournament.pk).update(standings=None)
    TournamentTable.objects.filter(round__tournament=tournament).update(result=None)
    return tournament


def standings_effects(tournament) -> tuple:
    tournament.refresh_from_db()
    tables = TournamentTable.objects.filter(round__tournament=tournament)
    return tournament.version, tournament.standings, sorted(tables.values_list("pk", "result"))


def test_recompute_standings_twice_rebuilds_them_once(frozen_clock):
    tournament = finished_tournament()
    assert tournament_tasks.recompute_standings.run(tournament.pk) is True
    after = standings_effects(tournament)
    assert after[1] is not None
    assert after[1]["final"]
    assert tournament_tasks.recompute_standings.run(tournament.pk) is False
    assert standings_effects(tournament) == after


@pytest.mark.postgres
def test_recompute_standings_run_concurrently_rebuilds_them_once(frozen_clock):
    tournament = finished_tournament()
    results = concurrently(tournament_tasks.recompute_standings.run, tournament.pk)
    assert results.count(True) == 1, results
    assert standings_effects(tournament)[1]["final"]


def seated_round(name: str = "ready"):
    """A tournament's round 1 seated, its tables in their ready window; return a table's game."""
    tournament = due_tournament(name)
    assert tournament_tasks.tick.run() == 1
    table = TournamentTable.objects.filter(round__tournament=tournament).order_by("number")[0]
    return tournament, Game.objects.get(pk=table.game_id)


def test_start_table_twice_starts_the_table_once(submitted, frozen_clock):
    tournament, game = seated_round()
    assert ("tournaments.tasks.start_table", (str(game.id), 0)) in submitted
    assert tournament_tasks.start_table.run(str(game.id), 0) is False  # its window is open
    clock.advance(timedelta(seconds=tournament.ready_seconds))
    assert tournament_tasks.start_table.run(str(game.id), 0) is True
    after = log(game)
    assert after
    assert after[0][1] == "MatchStarted"
    assert tournament_tasks.start_table.run(str(game.id), 0) is False
    assert log(game) == after


@pytest.mark.postgres
def test_start_table_run_concurrently_starts_the_table_once(submitted, frozen_clock):
    tournament, game = seated_round()
    clock.advance(timedelta(seconds=tournament.ready_seconds))
    results = concurrently(tournament_tasks.start_table.run, str(game.id), 0)
    assert results.count(True) == 1, results
    assert [t for _, t in log(game)].count("MatchStarted") == 1


# -- reminders and mail ------------------------------------------------------------------------


def reminded_tournament(frozen_clock):
    """A tournament whose check-in has just opened, two players registered."""
    now = frozen_clock.now()
    tournament = tf.new_tournament(
        tf.organizer(), starts_in=timedelta(hours=3), check_in_opens_at=now - timedelta(minutes=1)
    )
    tf.register(tournament, [tf.person("ana", email="a@example.org"), tf.person("bo")])
    return tournament


def reminders_sent() -> list[tuple[str, str]]:
    rows = Notification.objects.filter(kind__startswith="tournament_")
    return sorted(rows.values_list("user__username", "kind"))


def test_reminders_twice_tell_each_player_once(submitted, frozen_clock):
    reminded_tournament(frozen_clock)
    assert tournament_tasks.reminders.run() == 2
    after = reminders_sent()
    assert after == [("ana", "tournament_checkin_open"), ("bo", "tournament_checkin_open")]
    assert tournament_tasks.reminders.run() == 0
    assert reminders_sent() == after


@pytest.mark.postgres
def test_reminders_run_concurrently_tell_each_player_once(submitted, frozen_clock):
    reminded_tournament(frozen_clock)
    results = concurrently(tournament_tasks.reminders.run)
    assert sum(results) == 2, results
    assert reminders_sent() == [
        ("ana", "tournament_checkin_open"),
        ("bo", "tournament_checkin_open"),
    ]


def owed_mail() -> Notification:
    """A notification whose mail is owed (its task recorded, not run)."""
    note = tf.notify_dispute_resolved(tf.person("ana", email="ana@example.org"))
    assert note.email_pending
    return note


def test_send_email_twice_sends_the_mail_once(submitted, mailoutbox):
    note = owed_mail()
    assert ("notifications.tasks.send_email", (note.pk,)) in submitted
    assert notification_tasks.send_email.run(note.pk) is True
    assert notification_tasks.send_email.run(note.pk) is False
    assert len(mailoutbox) == 1
    note.refresh_from_db()
    assert note.emailed_at is not None


@pytest.mark.postgres
def test_send_email_run_concurrently_sends_the_mail_once(submitted, mailoutbox):
    note = owed_mail()
    results = concurrently(notification_tasks.send_email.run, note.pk)
    assert sorted(results) == [False] * (THREADS - 1) + [True], results
    assert len(mailoutbox) == 1


def test_sweep_emails_twice_sends_an_owed_mail_once(submitted, mailoutbox, frozen_clock):
    note = owed_mail()
    frozen_clock.advance(timedelta(hours=1))  # the task was lost: the sweeper's turn
    assert notification_tasks.sweep_emails.run() == 1
    assert notification_tasks.sweep_emails.run() == 0
    assert len(mailoutbox) == 1
    note.refresh_from_db()
    assert note.emailed_at is not None


# -- Web Push (notifications.push) ---------------------------------------------------------------


@pytest.fixture
def push_service(settings):
    """A push service of the tests' own (tests.support.push_endpoint) the platform may POST to."""
    from tests.support.push_endpoint import PushEndpoint

    settings.WEB_PUSH_ENDPOINT_HOSTS = ["127.0.0.1"]
    settings.WEB_PUSH_INSECURE_ENDPOINTS = True
    with PushEndpoint(settings.WEB_PUSH_VAPID_PUBLIC_KEY) as endpoint:
        yield endpoint


def pushed_notice(push_service, devices: int = 1):
    """A dispute notice for a player with ``devices`` subscribed browsers, committed."""
    from notifications.push import push_subscription_save

    user = tf.person("pushed")
    for _ in range(devices):
        sub = push_service.subscription()
        push_subscription_save(
            user=user,
            endpoint=sub["endpoint"],
            p256dh=sub["keys"]["p256dh"],
            auth=sub["keys"]["auth"],
            kinds=["dispute_update"],
        )
    return tf.notify_dispute_resolved(user)


def test_send_pushes_twice_pushes_each_device_once(submitted, push_service):
    note = pushed_notice(push_service, devices=2)
    assert ("notifications.tasks.send_pushes", (note.pk,)) in submitted
    assert notification_tasks.send_pushes.run(note.pk) == 2
    assert notification_tasks.send_pushes.run(note.pk) == 0
    assert len(push_service.wait(2)) == 2


@pytest.mark.postgres
def test_send_pushes_run_concurrently_pushes_each_device_once(submitted, push_service):
    note = pushed_notice(push_service, devices=2)
    results = concurrently(notification_tasks.send_pushes.run, note.pk)
    assert sum(results) == 2, results  # each device by one run or another
    assert sorted(p.path for p in push_service.wait(2)) == sorted(
        d.endpoint.removeprefix(push_service.origin) for d in note.user.push_subscriptions.all()
    )


def test_send_push_twice_sends_the_retry_once(submitted, push_service):
    note = pushed_notice(push_service)
    device = note.user.push_subscriptions.get()
    push_service.answer(device.endpoint, 503)
    assert notification_tasks.send_pushes.run(note.pk) == 0
    retry = ("notifications.tasks.send_push", (note.pk, device.pk, 2))
    assert submitted.count(retry) == 1
    assert notification_tasks.send_push.run(note.pk, device.pk, 2) == "sent"
    assert notification_tasks.send_push.run(note.pk, device.pk, 2) == "skipped"
    assert notification_tasks.send_pushes.run(note.pk) == 0  # the first attempt, again
    assert push_service.posts(device.endpoint) == 2
    assert len(push_service.received) == 1


@pytest.mark.postgres
def test_send_push_run_concurrently_sends_the_retry_once(submitted, push_service):
    note = pushed_notice(push_service)
    device = note.user.push_subscriptions.get()
    push_service.answer(device.endpoint, 503)
    notification_tasks.send_pushes.run(note.pk)
    results = concurrently(notification_tasks.send_push.run, note.pk, device.pk, 2)
    assert sorted(results) == ["sent"] + ["skipped"] * (THREADS - 1), results
    assert len(push_service.received) == 1


# -- tournament series -------------------------------------------------------------------------


def daily_series():
    """A daily series (18:00 UTC, two days ahead) defined a week before its clock moves on:
    its next occurrences are due, their tournaments not made yet."""
    clock.freeze(datetime(2031, 3, 3, 8, 0, tzinfo=UTC))  # a Monday morning
    start = datetime(2031, 3, 3, 18, 0, tzinfo=UTC)
    series = series_services.series_create(
        user=tf.organizer("series-org"),
        name="daily",
        rule="FREQ=DAILY",
        dtstart=start,
        lead_hours=48,
        template={"table_size": 2, "rounds": 1, "variants": {"set_max": 6, "rounds": 1}},
    )
    made = Tournament.objects.filter(series=series).count()
    assert made == 2, made  # Monday's and Tuesday's
    clock.advance(timedelta(days=2))  # Wednesday morning: Wednesday's and Thursday's are due
    return series


def series_tournaments(series) -> list:
    return sorted(Tournament.objects.filter(series=series).values_list("occurrence", flat=True))


def test_series_fill_twice_creates_each_occurrence_once(submitted, frozen_clock):
    series = daily_series()
    assert tournament_tasks.series_fill.run() == 2
    after = series_tournaments(series)
    assert len(after) == len(set(after)) == 4
    assert tournament_tasks.series_fill.run() == 0
    assert series_tournaments(series) == after


@pytest.mark.postgres
def test_series_fill_run_concurrently_creates_each_occurrence_once(submitted, frozen_clock):
    series = daily_series()
    results = concurrently(tournament_tasks.series_fill.run)
    assert sum(results) == 2, results
    after = series_tournaments(series)
    assert len(after) == len(set(after)) == 4


def digest_waiting(frozen_clock) -> list:
    """A player who chose the daily digest, at 09:00 UTC (their zone), with a correspondence
    game waiting for their move."""
    frozen_clock.freeze(datetime(2026, 3, 9, 9, tzinfo=UTC))
    kei, bo = people("kei", "bo")
    kei.email = "kei@example.org"
    kei.save(update_fields=["email"])
    EmailPreference.objects.create(
        user=kei, kind="turn_digest", enabled=True, updated_at=clock.now()
    )
    game = new_game([kei, bo], time_control={"kind": "correspondence"})
    while game.status == "active" and game.seats.get(index=game.to_move).user_id != kei.pk:
        game = person_moves(game, [kei, bo])
    assert game.status == "active"
    return kei


def test_send_turn_digests_twice_sends_each_player_one_digest(submitted, frozen_clock):
    kei = digest_waiting(frozen_clock)
    assert tasks.send_turn_digests.run() == 1
    assert tasks.send_turn_digests.run() == 0
    assert Notification.objects.filter(user=kei, kind="turn_digest").count() == 1


@pytest.mark.postgres
def test_send_turn_digests_run_concurrently_sends_each_player_one_digest(submitted, frozen_clock):
    kei = digest_waiting(frozen_clock)
    results = concurrently(tasks.send_turn_digests.run)
    assert sum(results) == 1, results
    assert Notification.objects.filter(user=kei, kind="turn_digest").count() == 1


COVERED = {
    "games.tasks.play_automatic": test_play_automatic_twice_plays_the_bots_turn_once,
    "games.tasks.apply_timeout": test_apply_timeout_twice_times_the_turn_out_once,
    "games.tasks.sweep_deadlines": test_sweep_deadlines_twice_times_each_due_turn_out_once,
    "ratings.tasks.apply_game_ratings": test_apply_game_ratings_twice_rates_the_game_once,
    "analysis.tasks.analyse_game": test_analyse_game_twice_analyses_the_game_once,
    "tournaments.tasks.tick": test_tournament_tick_twice_starts_the_tournament_once,
    "tournaments.tasks.advance": test_tournament_advance_twice_starts_the_tournament_once,
    "tournaments.tasks.recompute_standings": test_recompute_standings_twice_rebuilds_them_once,
    "tournaments.tasks.reminders": test_reminders_twice_tell_each_player_once,
    "notifications.tasks.send_email": test_send_email_twice_sends_the_mail_once,
    "notifications.tasks.sweep_emails": test_sweep_emails_twice_sends_an_owed_mail_once,
    "notifications.tasks.send_pushes": test_send_pushes_twice_pushes_each_device_once,
    "notifications.tasks.send_push": test_send_push_twice_sends_the_retry_once,
    "tournaments.tasks.start_table": test_start_table_twice_starts_the_table_once,
    "tournaments.tasks.series_fill": test_series_fill_twice_creates_each_occurrence_once,
    "games.tasks.send_turn_digests": test_send_turn_digests_twice_sends_each_player_one_digest,
}
