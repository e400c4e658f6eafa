"""Quick pairing's services, the only code that writes its tickets and tables: join a pool,
leave it, the match step of one pool (form its tables), and a formed table's start once its
ready window has closed (docs/players/quick-pairing.md).

After a join commits, the pool's match step is submitted as a task (``core.tasks``: a worker,
the embedded runner, or inline); beat's tick (``matchmaking.tasks.tick``) runs every pool's
step and starts the tables whose ready window closed, so a lost task costs a few seconds.
"""

from __future__ import annotations

import logging
import threading
import zlib
from contextlib import contextmanager
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError
from django.db import connection
from django.db import transaction

from accounts.services import bot_account_get_or_create
from core import clock
from core import tasks as runner
from core.errors import ApplicationError
from core.errors import Conflict
from core.errors import Forbidden
from core.errors import NotFound
from games.eligibility import rated_eligibility_check
from games.extensions import play_gates_check
from games.models import Game
from games.models import GameStatus
from games.services import game_create_seated
from games.services import game_start_ready
from matchmaking import broadcast
from matchmaking import pairing
from matchmaking.errors import PoolError
from matchmaking.models import QuickTable
from matchmaking.models import Ticket
from matchmaking.pools import POOLS
from matchmaking.pools import Pool
from matchmaking.pools import pool_get
from matchmaking.selectors import live_seat_unfinished
from matchmaking.selectors import live_seats_unfinished
from matchmaking.selectors import queues_waiting
from matchmaking.selectors import quick_tables_ready_due
from notifications.services import notify
from ratings import skill
from ratings.models import Rating

# "Fill with bots after N seconds": the choices offered (None: people only).
BOTS_AFTER_CHOICES = (10, 20, 30, 60)
BOT_STRATEGY = "greedy"
# A live table's ready window: its players' pages open it and send their contributions to the
# seed (record version 2), then it starts. A correspondence table starts once every person has
# opened it, or after an hour at the latest (as a tournament's does).
READY_SECONDS = 10
CORRESPONDENCE_READY_SECONDS = 3600
# A ticket older than this is dropped by the tick: its player is surely gone (a live pool's
# page leaves it on exit; a crashed tab or a lost phone does not), and a live table must not
# start for nobody. A correspondence wait may be long, a week at most.
TICKET_MAX_AGE = {"live": timedelta(minutes=30), "correspondence": timedelta(days=7)}

log = logging.getLogger(__name__)
_embedded_lock = threading.Lock()  # SQLite (the embedded default): one process, one step


def _pool(key: str) -> Pool:
    pool = pool_get(key)
    if pool is None:
        raise NotFound(PoolError.UNKNOWN_POOL, f"no pool {key!r}")
    return pool


def display_rating(user, kind: str) -> int:
    """Return ``user``'s display rating of ``kind`` (a newcomer's default if none yet)."""
    rating = Rating.objects.filter(user=user, kind=kind).first()
    if rating is None:
        return skill.display(skill.MU, skill.SIGMA)
    return rating.display


def _lock_user(user) -> None:
    """Lock the user's row: a join and the match step that seats the user run one after the
    other, so a join never misses the table the step just formed (nor the step a new ticket
    it must not see twice)."""
    list(get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).values("pk"))


@transaction.atomic
def pool_join(*, user, pool: str, rated: bool = False, bots_after: int | None = None) -> Ticket:
    """Wait in ``pool`` (rated or casual), with bots after ``bots_after`` seconds if given.

    Refused: a bot (403 ``bots_not_allowed``), an unknown pool (404), a ``bots_after`` not
    offered (400), a rated join by an account not yet eligible (403), a player under a play
    ban (403 ``play_ban``, with the ban's end: games.extensions' play gates), a player who already
    waits in any pool (409 ``already_waiting``: one ticket per user, a database constraint)
    or who still plays an unfinished live game — quick pairing's, a tournament's or an
    arena's, or one of the lobby once started (409 ``at_a_live_table``: one live table at a
    time). Once committed, the pool's match step runs.
    """
    if user.is_bot:
        raise Forbidden(PoolError.BOTS_NOT_ALLOWED, "quick pairing is for people")
    found = _pool(pool)
    if bots_after is not None and bots_after not in BOTS_AFTER_CHOICES:
        choices = ", ".join(str(c) for c in BOTS_AFTER_CHOICES)
        raise ApplicationError(
            PoolError.INVALID_BOTS_AFTER, f"bots_after must be one of {choices}, or null"
        )
    if rated:
        rated_eligibility_check(user)
    play_gates_check(user)  # a play ban (tournaments.bans) bars new tables here too: 403
    _lock_user(user)
    waiting = Ticket.objects.filter(user=user).values_list("pool", flat=True).first()
    if waiting is not None:
        raise Conflict(
            PoolError.ALREADY_WAITING, "you are already waiting in a pool", extra={"pool": waiting}
        )
    seat = live_seat_unfinished(user)
    if seat is not None:
        raise Conflict(
            PoolError.AT_A_LIVE_TABLE,
            "finish your live game first",
            extra={"game": str(seat.game_id)},
        )
    try:
        with transaction.atomic():
            ticket = Ticket.objects.create(
                user=user,
                pool=found.key,
                rated=rated,
                bots_after=bots_after,
                rating=display_rating(user, found.kind),
                joined_at=clock.now(),
            )
    except IntegrityError:  # a join elsewhere won the race
        raise Conflict(PoolError.ALREADY_WAITING, "you are already waiting in a pool") from None
    broadcast.publish_grid()
    _submit_match(found.key, rated)
    return ticket


@transaction.atomic
def pool_leave(*, user) -> None:
    """Stop waiting, at once; 404 ``not_waiting`` without a ticket (one already seated has
    none: the table was formed first)."""
    deleted, _ = Ticket.objects.filter(user=user).delete()
    if not deleted:
        raise NotFound(PoolError.NOT_WAITING, "you are not waiting in any pool")
    broadcast.publish_grid()


def _submit_match(pool: str, rated: bool) -> None:
    def dispatch() -> None:
        from matchmaking import tasks

        runner.submit(tasks.match, pool, rated)

    transaction.on_commit(dispatch)


@contextmanager
def _process_lock():
    """In the embedded default (SQLite, one process) hold a lock of the process around the
    step's whole transaction; PostgreSQL has the queue's advisory lock (``_queue_lock``)."""
    if connection.vendor == "postgresql":
        yield
        return
    with _embedded_lock:
        yield


def _queue_lock(pool: str, rated: bool) -> None:
    """Take the queue's PostgreSQL advisory lock until the transaction ends."""
    if connection.vendor == "postgresql":
        key = zlib.crc32(f"matchmaking:{pool}:{int(rated)}".encode()) - 2**31
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


def pool_match(*, pool: str, rated: bool) -> list[str]:
    """Form the tables one queue (a pool, rated or casual) allows now; return their game ids.

    Concurrency: the queue's lock serializes steps (two workers, the tick and a join's task),
    and its tickets are read under row locks, so a ticket is seated once; a leave waits for
    the step and then finds no ticket. The seated players' rows are locked (``_lock_user``)
    before their tables are made, and their tickets deleted in the same transaction.
    """
    found = _pool(pool)
    with _process_lock(), transaction.atomic():
        _queue_lock(found.key, rated)
        queue = Ticket.objects.filter(pool=found.key, rated=rated)
        gone = queue.filter(user__is_active=False)  # deactivated while waiting
        if found.live:  # seated meanwhile at another live table (an arena's, a tournament's)
            busy = live_seats_unfinished().filter(user_id__in=queue.values("user_id"))
            gone = gone | queue.filter(user_id__in=busy.values("user_id"))
        if gone.delete()[0]:
            broadcast.publish_grid()
        rows = list(
            Ticket.objects.select_for_update()
            .filter(pool=found.key, rated=rated)
            .order_by("joined_at", "user_id")
        )
        if not rows:
            return []
        now = clock.now()
        pure = [pairing.Ticket(r.user_id, r.rating, r.joined_at, r.bots_after) for r in rows]
        tables = pairing.pair(pure, found.seats, now)
        if not tables:
            return []
        ids = sorted(i for t in tables for i in t.user_ids)
        users = {
            u.pk: u
            for u in get_user_model()
            .objects.select_for_update(no_key=True)
            .filter(pk__in=ids)
            .order_by("pk")
        }
        by_user = {r.user_id: r for r in rows}
        games = [_form(found, rated, table, by_user, users, now) for table in tables]
        Ticket.objects.filter(user_id__in=ids).delete()
        broadcast.publish_grid()
        return games


def _form(pool: Pool, rated: bool, table: pairing.Table, by_user, users, now) -> str:
    """Create one table (start deferred to its ready window), record it, tell its people."""
    people = [users[i] for i in table.user_ids]
    taken = {u.pk for u in people}
    bots = []
    for _ in range(table.bots):
        bot = bot_account_get_or_create(strategy=BOT_STRATEGY, exclude_ids=taken)
        taken.add(bot.pk)
        bots.append(bot)
    game = game_create_seated(
        created_by=people[0],
        users=people + bots,
        variants=pool.variants,
        time_control=pool.time_control,
        rated=rated and table.rated,
        # The pool's key names it in every language (the lobby would say "<first>'s table").
        name=f"Quick pairing {pool.key}",
        start=False,
    )
    ready = READY_SECONDS if pool.live else CORRESPONDENCE_READY_SECONDS
    deadline = now + timedelta(seconds=ready)
    Game.objects.filter(pk=game.pk).update(ready_deadline=deadline)
    QuickTable.objects.create(
        game=game,
        pool=pool.key,
        kind=pool.kind,
        rated=rated,
        bots=table.bots,
        formed_at=now,
        members=[
            {
                "user": u.pk,
                "rating": by_user[u.pk].rating,
                "waited": round(pairing.waited(_pure(by_user[u.pk]), now), 6),
            }
            for u in people
        ],
    )
    for user in people:
        notify(
            user=user,
            kind="quick_seated",
            params={"pool": pool.key, "live": pool.live, "seconds": ready, "bots": table.bots},
            url=f"/games/{game.pk}",
            key=f"quick:{game.pk}",
        )
        broadcast.publish_seated(user.pk, game.pk, pool.key)
    if pool.live:
        _start_at(str(game.pk), deadline)
    return str(game.pk)


def _pure(ticket: Ticket) -> pairing.Ticket:
    return pairing.Ticket(ticket.user_id, ticket.rating, ticket.joined_at, ticket.bots_after)


def _start_at(game_id: str, deadline) -> None:
    """Queue a live table's start at its ready window's end; the tick starts it if lost."""

    def dispatch() -> None:
        from matchmaking import tasks

        runner.submit(tasks.start_table, game_id, 0, eta=deadline)

    transaction.on_commit(dispatch)


def quick_table_start(*, game_id, version: int = 0) -> bool:
    """Start a quick table whose ready window has closed, if its game is still at
    ``version``; return whether it started. Early, late or repeated, it starts it once: the
    game's row lock (``game_start_ready``) and its status decide."""
    with transaction.atomic():
        table = QuickTable.objects.filter(game_id=game_id).first()
        if table is None:
            return False
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != GameStatus.OPEN or game.version != version:
            return False
        if not _window_closed(table, game, clock.now()):
            return False
        return game_start_ready(game_id=game.pk) is not None


def _window_closed(table: QuickTable, game: Game, now) -> bool:
    if game.ready_deadline is None or now >= game.ready_deadline:
        return True
    if table.kind != "correspondence":
        return False
    people = game.seats.filter(user__is_bot=False)
    return not people.filter(opened_at__isnull=True).exists()


def tickets_expire() -> int:
    """Drop the tickets older than their kind's ``TICKET_MAX_AGE``; return how many."""
    now = clock.now()
    dropped = 0
    for kind, age in TICKET_MAX_AGE.items():
        keys = [p.key for p in POOLS.values() if p.kind == kind]
        with transaction.atomic():
            count, _ = Ticket.objects.filter(pool__in=keys, joined_at__lte=now - age).delete()
            if count:
                broadcast.publish_grid()
        dropped += count
    return dropped


def pools_tick() -> int:
    """Run every waiting queue's match step and start every quick table whose ready window
    closed; return how many tables were formed or started (beat runs this every few
    seconds). Idempotent: a second run finds nothing due."""
    done = 0
    tickets_expire()
    for pool, rated in queues_waiting():
        try:
            done += len(pool_match(pool=pool, rated=rated))
        except Exception:  # noqa: BLE001 — one broken queue must not stop the others
            log.exception("the match step of %s (rated %s) failed", pool, rated)
    for game_id in quick_tables_ready_due():
        try:
            done += quick_table_start(game_id=game_id)
        except Exception:  # noqa: BLE001 — nor one table that cannot start
            log.exception("starting quick table %s failed", game_id)
    broadcast.publish_grid(from_tick=True)  # a change held back as too soon after another
    return done
