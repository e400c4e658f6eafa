"""Reading the analysis: a game's (as its reader may see it), a player's recent figures, the
skill index for the leaderboard, and the fair-play signals staff look at.

The analysis of a game is served only once it has finished — before, the value of each move
would be advice to the players still at it — and, like its record, not while other tables still
play its deal (a duplicate round); staff reading one of those are refused if they have a stake
and are written to the staff trail otherwise. Aggregates leave such games out.
"""

from __future__ import annotations

import math
from statistics import mean
from statistics import pstdev
from typing import Any

from django.conf import settings
from django.db.models import Avg
from django.db.models import Count
from django.db.models import Q

from accounts.names import Names
from analysis.errors import AnalysisError
from analysis.models import AnalysisStatus
from analysis.models import GameAnalysis
from analysis.models import PlayerGameAnalysis
from core.errors import Conflict
from core.errors import Forbidden
from games.bots.analysis import ANALYSIS_VERSION
from games.errors import GameError
from games.models import Game
from games.models import GameStatus
from games.selectors import game_seats
from games.selectors import game_viewer_seat
from games.staff import RECORD_READ
from games.staff import staff_hidden_read
from games.stakes import deal_hidden

RECENT = 20
# The reference for the assistance signal: the strong bot ("mc") as the analysis judges it, at
# this platform's budget, from its own analysed seats here. The figure depends on the budget
# and the bot's (docs/analysis.md), so none is assumed: without ASSISTANCE_MIN_GAMES of them
# there is no reference and no assistance signal.
BOT_STRATEGIES = ("mc", "strong")
ASSISTANCE_MARGIN = 3.0  # accuracy points below the bot's that still raise the signal
ASSISTANCE_MIN_GAMES = 10
GIFT_Z = 2.5
GIFT_MIN_GAMES = 5


def game_analysis_for(game: Game, user) -> dict[str, Any]:
    """Return a finished game's analysis as ``user`` may see it (status pending until done)."""
    seat = game_viewer_seat(game, user)
    if game.status != GameStatus.FINISHED:
        raise Conflict(AnalysisError.GAME_NOT_FINISHED, "a game is analysed once it has finished")
    staff_reader = getattr(user, "is_staff", False) and seat is None
    if game.seed_hidden and not staff_reader:
        raise Forbidden(GameError.SEED_HIDDEN, "other tables are still playing this deal")
    if staff_reader and deal_hidden(game):
        staff_hidden_read(user=user, game=game, action=RECORD_READ, data={"view": "analysis"})
    row = GameAnalysis.objects.filter(game=game).first()
    seats = game_seats(game)
    table = Names(s.user for s in seats)
    figures = {}
    if row is not None and row.status == AnalysisStatus.DONE:
        figures = {p.seat: p for p in row.players.all()}
    players = [
        {
            "seat": s.index,
            "username": table.of(s.user),
            "is_bot": s.user.is_bot,
            "accuracy": figures[s.index].accuracy if s.index in figures else None,
            "skill": figures[s.index].skill if s.index in figures else None,
        }
        for s in seats
    ]
    status = row.status if row is not None else AnalysisStatus.PENDING
    return {
        "status": status,
        "analysis": row.result if status == AnalysisStatus.DONE else None,
        "players": players,
    }


def _visible(rows):
    return rows.filter(game__seed_hidden=False, analysis__status=AnalysisStatus.DONE)


# The rows whose skill is today's index: ANALYSIS_VERSION 1 measured another quantity (result -
# deal - draws); such a game counts again once recomputed (``analyse_games --all``).
CURRENT = Q(analysis__version=ANALYSIS_VERSION)


def player_analysis(user) -> dict[str, Any]:
    """A player's analysed games: how many, mean accuracy and skill index, the recent ones."""
    rows = _visible(PlayerGameAnalysis.objects.filter(user=user))
    totals = rows.aggregate(
        n=Count("pk"),
        accuracy=Avg("accuracy"),
        skill=Avg("skill", filter=CURRENT),  # version 1 measured another skill
    )
    recent = rows.select_related("analysis").order_by("-finished_at", "-pk")[:RECENT]
    return {
        "games": totals["n"],
        "accuracy": _round(totals["accuracy"], 1),
        "skill_index": _round(totals["skill"]),
        "recent": [
            {
                "game": r.game_id,
                "finished_at": r.finished_at,
                "accuracy": r.accuracy,
                "skill": r.skill if r.analysis.version == ANALYSIS_VERSION else None,
            }
            for r in recent
        ],
    }


def skill_indexes(user_ids) -> dict[int, float]:
    """The skill index (mean game skill over analysed games) of each of ``user_ids`` with one."""
    rows = (
        _visible(PlayerGameAnalysis.objects.filter(user_id__in=list(user_ids)))
        .filter(CURRENT)
        .values("user_id")
        .annotate(skill=Avg("skill"))
    )
    return {r["user_id"]: round(r["skill"], 2) for r in rows}


def _round(x: float | None, digits: int = 2) -> float | None:
    return None if x is None else round(x, digits)


def bot_accuracy() -> float | None:
    """The strong bot's mean accuracy as the analysis judges it here (the assistance
    reference); None until ASSISTANCE_MIN_GAMES of its seats are analysed."""
    got = _visible(
        PlayerGameAnalysis.objects.filter(user__bot_strategy__in=BOT_STRATEGIES, decisions__gt=0)
    ).aggregate(n=Count("pk"), accuracy=Avg("accuracy"))
    if got["n"] and got["n"] >= ASSISTANCE_MIN_GAMES:
        return round(got["accuracy"], 2)
    return None


def fair_play(user) -> dict[str, Any]:
    """The fair-play signals of ``user`` over their last FAIR_PLAY_GAMES analysed games.

    - assistance: their accuracy is within ASSISTANCE_MARGIN of the strong bot's over at least
      ASSISTANCE_MIN_GAMES games (play as good as an engine's);
    - per opponent: the points their choices handed that opponent per game together, and its
      z-score against what they handed all their opponents (game by game); a signal at
      z >= GIFT_Z over at least GIFT_MIN_GAMES games together (soft-play, collusion).
    Signals for a person to look into: nothing here acts on them.
    """
    rows = list(
        _visible(PlayerGameAnalysis.objects.filter(user=user)).order_by("-finished_at", "-pk")[
            : settings.FAIR_PLAY_GAMES
        ]
    )
    reference = bot_accuracy()
    accuracy = _round(mean(r.accuracy for r in rows)) if rows else None
    samples: list[float] = []
    by_opponent: dict[int, list[float]] = {}
    for r in rows:
        for g in r.gifts:
            samples.append(g["gift"])
            by_opponent.setdefault(g["user"], []).append(g["gift"])
    spread = pstdev(samples) if len(samples) > 1 else 0.0
    centre = mean(samples) if samples else 0.0
    from django.contrib.auth import get_user_model

    users = get_user_model().objects.in_bulk(list(by_opponent))
    names = Names(users.values())
    opponents = []
    for uid, gifts in by_opponent.items():
        per_game = mean(gifts)
        # The mean of n games against the player's per-game spread: a z of the mean.
        z = (per_game - centre) / (spread / math.sqrt(len(gifts))) if spread > 0 else 0.0
        opponents.append(
            {
                "username": names.of(users[uid]) if uid in users else "?",
                "is_bot": bool(uid in users and users[uid].is_bot),
                "games": len(gifts),
                "gift_per_game": round(per_game, 2),
                "z": round(z, 2),
                "signal": len(gifts) >= GIFT_MIN_GAMES and z >= GIFT_Z,
            }
        )
    opponents.sort(key=lambda o: (-o["z"], o["username"]))
    return {
        "player": user.username,
        "games": len(rows),
        "accuracy": accuracy,
        "bot_accuracy": reference,
        "assistance": bool(
            accuracy is not None
            and reference is not None
            and len(rows) >= ASSISTANCE_MIN_GAMES
            and accuracy >= reference - ASSISTANCE_MARGIN
        ),
        "opponents": opponents,
        "thresholds": {
            "assistance_margin": ASSISTANCE_MARGIN,
            "assistance_min_games": ASSISTANCE_MIN_GAMES,
            "gift_z": GIFT_Z,
            "gift_min_games": GIFT_MIN_GAMES,
        },
    }
