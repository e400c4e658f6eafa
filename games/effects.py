"""What follows a write to a game, in one place: the projections and a snapshot in its
transaction, then — once it has committed, never before — the state cache, the sockets, the
"your turn" notice, the next task (a seat the platform plays, a live deadline) and the
``game_ended`` signal (ratings and tournaments listen).

Every writer (a move, a start, a resignation, a bot's or a timeout's turn, a staff decision)
ends with ``written``. Each task carries the seq it was made for (``games.tasks``), so a late,
repeated or lost task is harmless: the sweeper (``games.tasks.sweep_deadlines``) finds every
deadline that passed — a human's or an overdue automatic seat's — whatever happened to the
tasks. Where tasks run is ``core.tasks``'s business.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import transaction

from core import clock
from core import tasks as runner
from eventstore.store import StoredEvent
from games import projections
from games.broadcast import holders_of
from games.broadcast import publish_game_events
from games.broadcast import publish_seats_changed
from games.domain import SEAT_FORFEITED
from games.domain import SEAT_RESIGNED
from games.domain import Loaded
from games.domain import maybe_snapshot
from games.domain import remember_on_commit
from games.models import Game
from games.models import GameStatus
from games.models import Seat
from notifications.services import notify
from realtime.broadcast import after_sent

log = logging.getLogger(__name__)

_SEAT_CHANGES = frozenset({SEAT_RESIGNED, SEAT_FORFEITED})


def written(
    game: Game,
    seats: list[Seat],
    loaded: Loaded,
    appended: list[StoredEvent],
    *,
    before: int,
    seats_changed: bool = False,
) -> None:
    """Finish a write: ``appended`` (in order) took the game from version ``before`` to
    ``loaded`` (its state after them). ``seats_changed``: who holds a seat changed (a start,
    a resignation), beyond what the events say."""
    if not appended:
        return
    changed = projections.project(game, seats, appended, loaded.state)
    projections.save(game, seats, changed)
    maybe_snapshot(game.stream, before, loaded)
    remember_on_commit(game.stream, loaded)
    if seats_changed or any(e.type in _SEAT_CHANGES for e in appended):
        publish_seats_changed(game)  # every socket checks its seat before the events reach it
    publish_game_events(game, appended, loaded.state, holders_of(seats, game.players))
    if changed.new_turn:
        _notify_turn(game, seats, appended)
    after_commit(game, seats, ended=changed.ended)


def _notify_turn(game: Game, seats: list[Seat], appended: list[StoredEvent]) -> None:
    """A correspondence turn that has just begun is told to its player (live turns are seen
    at the table), with the name of the player whose move ended the turn before, when one did
    (a push names them: notifications.push)."""
    if game.status != GameStatus.ACTIVE or game.to_move is None:
        return
    if game.time_control.get("kind") != "correspondence":
        return
    seat = seats[game.to_move]
    if seat.automatic:
        return
    params = {"table": game.name, "host": game.created_by.username}
    movers = [e.data.get("seat") for e in appended if isinstance(e.data.get("seat"), int)]
    if movers and movers[-1] != game.to_move and 0 <= movers[-1] < len(seats):
        params["player"] = seats[movers[-1]].user.username
    notify(
        user=seat.user,
        kind="your_turn",
        params=params,
        url=f"/games/{game.id}",
        key=f"turn:{game.id}:{game.version}",
    )


def after_commit(game: Game, seats: list[Seat], *, ended: bool) -> None:
    """Schedule what the game's new state calls for, once the transaction commits; ``ended``:
    this write ended the game in play (``game_ended`` is sent)."""
    game_id, seq, status = game.id, game.version, game.status
    to_move, deadline = game.to_move, game.deadline
    automatic = status == "active" and to_move is not None and seats[to_move].automatic
    # A short ETA task times a live deadline to the moment; the sweeper (every SWEEP_INTERVAL
    # seconds) takes every other one. Only near deadlines get a task: a worker holds every ETA
    # task it has received until it is due, and a move makes the one before it moot.
    horizon = clock.now() + timedelta(seconds=settings.ETA_HORIZON_SECONDS)
    live_deadline = (
        deadline
        if status == "active"
        and not automatic
        and game.time_control.get("kind") == "live"
        and deadline is not None
        and deadline <= horizon
        else None
    )
    if not (automatic or live_deadline or ended):
        return

    def dispatch() -> None:
        from games import tasks

        if automatic and runner.to_a_worker():
            # The worker's move must not reach the sockets before this one's update does.
            after_sent(partial(runner.submit, tasks.play_automatic, game_id, seq))
        elif automatic:
            runner.submit(tasks.play_automatic, game_id, seq)
        elif live_deadline is not None:
            runner.submit(tasks.apply_timeout, game_id, seq, eta=live_deadline)
        if ended:
            from games.signals import game_ended

            for receiver, error in game_ended.send_robust(
                sender=None, game_id=str(game_id), status=status, rated=game.rated
            ):
                if error is not None:
                    log.error("game_ended receiver %r failed", receiver, exc_info=error)

    transaction.on_commit(dispatch)


def play_automatic_on_commit(game_id, seq: int) -> None:
    """Play a seat the platform plays at ``seq`` once the transaction commits (its task was
    lost: the sweeper found it overdue)."""
    from games import tasks

    transaction.on_commit(lambda: runner.submit(tasks.play_automatic, game_id, seq))
