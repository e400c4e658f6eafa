"""Writing game analyses: the core (games.bots.analysis) runs outside any transaction, then
one short transaction stores its verdict, once per game and analysis version."""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from analysis.models import AnalysisStatus, GameAnalysis, PlayerGameAnalysis
from eventstore import store
from games.bots.analysis import ANALYSIS_VERSION, Budget, analyse
from games.domain import effective_engine_stored, engine_events
from games.models import Game, GameStatus

log = logging.getLogger(__name__)


def analysis_budget() -> Budget:
    """The budget of settings ANALYSIS_WORLDS / ANALYSIS_LUCK_ROLLOUTS."""
    return Budget(worlds=settings.ANALYSIS_WORLDS, luck_rollouts=settings.ANALYSIS_LUCK_ROLLOUTS)


def _done(game_id) -> bool:
    return GameAnalysis.objects.filter(
        game_id=game_id, status=AnalysisStatus.DONE, version=ANALYSIS_VERSION
    ).exists()


def analyse_game(game_id, *, recompute: bool = False) -> bool:
    """Analyse a finished game and store the result; return True if this call wrote it.

    Idempotent: a game already analysed at this version is left alone unless ``recompute``;
    two runs at once write one row set (the game's analysis row is locked while writing). A
    failure of the core is stored as ``failed`` with its error, and logged."""
    game = Game.objects.get(pk=game_id)
    if game.status != GameStatus.FINISHED:
        return False
    if not recompute and _done(game.pk):
        return False
    budget = analysis_budget()
    started = time.monotonic()
    try:
        events = engine_events(effective_engine_stored(store.read(game.stream)))
        seed = bytes.fromhex(game.head_hash) if game.head_hash else game.pk.bytes
        result = analyse(events, budget=budget, seed=seed)
    except Exception as exc:  # the core's failure is recorded, the worker carries on
        log.exception("analysis of game %s failed", game.pk)
        _record_failure(game, budget, f"{type(exc).__name__}: {exc}")
        return False
    seconds = result.get("seconds", time.monotonic() - started)
    return _store(game, budget, result, seconds, recompute=recompute)


def _record_failure(game: Game, budget: Budget, error: str) -> None:
    with transaction.atomic():
        row = _locked_row(game)
        if row.status == AnalysisStatus.DONE and row.version == ANALYSIS_VERSION:
            return  # another run succeeded meanwhile
        row.status = AnalysisStatus.FAILED
        row.version = ANALYSIS_VERSION
        row.budget = budget.to_dict()
        row.error = error[:2000]
        row.computed_at = timezone.now()
        row.save()


def _locked_row(game: Game) -> GameAnalysis:
    """Return the game's analysis row locked for update, creating it (pending) if missing."""
    try:
        with transaction.atomic():
            GameAnalysis.objects.get_or_create(game=game)
    except IntegrityError:
        pass  # created by a concurrent run
    return GameAnalysis.objects.select_for_update().get(game=game)


def _store(game: Game, budget: Budget, result: dict[str, Any], seconds: float, *, recompute):
    seats = list(game.seats.select_related("user").order_by("index"))
    by_seat = {s.index: s.user for s in seats}
    skills = result.get("skill") or []
    with transaction.atomic():
        row = _locked_row(game)
        if not recompute and row.status == AnalysisStatus.DONE and row.version == ANALYSIS_VERSION:
            return False  # a concurrent run stored it first
        row.status = AnalysisStatus.DONE
        row.version = result.get("version", ANALYSIS_VERSION)
        row.budget = result.get("budget", budget.to_dict())
        row.result = result
        row.seconds = seconds
        row.computed_at = timezone.now()
        row.error = ""
        row.save()
        gifts = _gifts(result, len(seats))
        PlayerGameAnalysis.objects.filter(game=game).delete()
        finished_at = game.finished_at or timezone.now()
        for p in result.get("players", []):
            seat = p["seat"]
            user = by_seat.get(seat)
            PlayerGameAnalysis.objects.create(
                game=game,
                user=user,
                seat=seat,
                is_bot=bool(user and user.is_bot),
                policy=(user.bot_strategy if user else "")[:32],
                accuracy=p.get("accuracy", 100.0),
                skill=skills[seat] if seat < len(skills) else 0.0,
                decisions=p.get("decisions", 0),
                mean_loss=p.get("mean_loss", 0.0),
                gifts={
                    str(j): {"user": by_seat[j].pk if by_seat.get(j) else None, "gift": g}
                    for j, g in enumerate(gifts.get(seat, []))
                    if j != seat
                },
                finished_at=finished_at,
            )
    return True


def _gifts(result: dict[str, Any], seats: int) -> dict[int, list[float]]:
    """Sum each seat's gifts to every other seat over its decisions."""
    out: dict[int, list[float]] = {}
    for d in result.get("decisions", []):
        row = out.setdefault(d["seat"], [0.0] * seats)
        for j, g in enumerate(d.get("gifts", [])[:seats]):
            row[j] += g
    return {s: [round(g, 4) for g in row] for s, row in out.items()}
