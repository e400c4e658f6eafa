"""Analyse a finished game (games.bots.analysis) and keep the result.

Off the move path: the ``game_ended`` receiver only submits the task. The computation runs
outside any transaction (it takes minutes at the default budget); one short transaction then
writes the rows, under the game's analysis row locked, so two runs at once — a retried task and
the sweeper, two workers — leave one set of rows. A game already analysed at this analysis
version is left as it is unless ``recompute``. The analysis is deterministic for a game's log
and budget (its seed is the log's head hash), so recomputing it gives the same figures.
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import IntegrityError
from django.db import close_old_connections
from django.db import transaction

from analysis.models import AnalysisStatus
from analysis.models import GameAnalysis
from analysis.models import PlayerGameAnalysis
from core import clock
from eventstore import store
from games.bots.analysis import ANALYSIS_VERSION
from games.bots.analysis import Budget
from games.bots.analysis import analyse
from games.domain import effective_engine_stored
from games.domain import engine_events
from games.models import Game
from games.models import GameStatus

log = logging.getLogger(__name__)


def budget() -> Budget:
    return Budget(
        worlds=settings.ANALYSIS_WORLDS,
        luck_rollouts=settings.ANALYSIS_LUCK_ROLLOUTS,
        gain_worlds=settings.ANALYSIS_GAIN_WORLDS,
    )


def _row(game: Game) -> GameAnalysis:
    try:
        row, _ = GameAnalysis.objects.get_or_create(game=game)
    except IntegrityError:  # created by a concurrent run between the get and the create
        row = GameAnalysis.objects.get(game=game)
    return row


def _current(row: GameAnalysis) -> bool:
    return row.status == AnalysisStatus.DONE and row.version == ANALYSIS_VERSION


def analyse_game(*, game_id, recompute: bool = False) -> GameAnalysis:
    """Analyse finished game ``game_id`` unless it is already (at this version); return its
    analysis row. Raises Game.DoesNotExist / ValueError for a game that cannot be analysed."""
    game = Game.objects.get(pk=game_id)
    if game.status != GameStatus.FINISHED:
        raise ValueError("only a finished game is analysed")
    row = _row(game)
    if _current(row) and not recompute:
        return row
    spent = budget()
    t0 = time.perf_counter()
    try:
        events = engine_events(effective_engine_stored(store.read(game.stream)))
        seed = bytes.fromhex(game.head_hash) if game.head_hash else str(game.pk).encode()
        result = analyse(events, budget=spent, seed=seed)
    except Exception as exc:  # noqa: BLE001 — recorded on the row, logged, not retried
        log.exception("analysis of game %s failed", game_id)
        with transaction.atomic():
            locked = GameAnalysis.objects.select_for_update().get(pk=row.pk)
            if not _current(locked):
                locked.status = AnalysisStatus.FAILED
                locked.error = f"{type(exc).__name__}: {exc}"[:2000]
                locked.save(update_fields=["status", "error"])
            return locked
    seconds = time.perf_counter() - t0
    seats = {s.index: s for s in game.seats.select_related("user")}
    with transaction.atomic():
        locked = GameAnalysis.objects.select_for_update().get(pk=row.pk)
        if _current(locked) and not recompute:
            return locked  # a concurrent run wrote it first
        locked.status = AnalysisStatus.DONE
        locked.version = ANALYSIS_VERSION
        locked.budget = spent.to_dict()
        locked.result = result
        locked.seconds = seconds
        locked.computed_at = clock.now()
        locked.error = ""
        locked.save()
        locked.players.all().delete()
        finished_at = game.finished_at or clock.now()
        PlayerGameAnalysis.objects.bulk_create(
            [
                PlayerGameAnalysis(
                    analysis=locked,
                    game=game,
                    user=seats[p["seat"]].user,
                    seat=p["seat"],
                    is_bot=seats[p["seat"]].user.is_bot,
                    decisions=p["decisions"],
                    accuracy=p["accuracy"],
                    mean_loss=p["mean_loss"],
                    skill=result["skill"][p["seat"]],
                    gifts=[
                        {"seat": j, "user": seats[j].user_id, "gift": g}
                        for j, g in enumerate(p["gifts"])
                        if j != p["seat"]
                    ],
                    finished_at=finished_at,
                )
                for p in result["players"]
                if p["seat"] in seats
            ]
        )
    return locked


# -- the embedded default ------------------------------------------------------------------------
# Without Celery (`make run`), the in-process runner has one thread for every task: an analysis
# of minutes there would hold back the bots' turns and the deadlines. It runs in a thread of
# its own instead, one game at a time.

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _run_in_thread(game_id: str) -> None:
    close_old_connections()
    try:
        analyse_game(game_id=game_id)
    except Exception:  # noqa: BLE001
        log.exception("analysis of game %s failed", game_id)
    finally:
        close_old_connections()


def analyse_later(game_id: str) -> None:
    """Analyse a game in the analysis thread of this process (the embedded default)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="analysis")
    _pool.submit(_run_in_thread, str(game_id))


def games_to_analyse(limit: int):
    """Finished games without a current analysis (never analysed, or at an older version),
    newest first; failed ones are left to the operator's ``analyse_games --recompute``."""
    from django.db.models import Q

    return (
        Game.objects.filter(status=GameStatus.FINISHED)
        .filter(
            Q(analysis__isnull=True)
            | Q(analysis__status=AnalysisStatus.PENDING)
            | (Q(analysis__status=AnalysisStatus.DONE) & ~Q(analysis__version=ANALYSIS_VERSION))
        )
        .order_by("-finished_at")
        .values_list("pk", flat=True)[:limit]
    )
