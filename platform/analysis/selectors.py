"""Reading game analyses: a game's (as the record's visibility rules allow), a player's
aggregates (profile, leaderboard) and the staff's fair-play signals. Signals only: nothing
here sanctions or changes anything."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Avg, Count

from accounts.names import Names, public_name
from analysis.errors import AnalysisError
from analysis.models import AnalysisStatus, GameAnalysis, PlayerGameAnalysis
from core.errors import Conflict, Forbidden
from games.errors import GameError
from games.models import Game, GameStatus
from games.selectors import game_seats, game_viewer_seat
from games.staff import RECORD_READ, staff_hidden_read
from games.stakes import deal_hidden

RECENT = 20
# The reference when no mc-bot seat has been analysed yet. A placeholder, not a measurement:
# replace it with the mc bot's accuracy measured by the core (games.bots.analysis) when known.
BOT_ACCURACY_DEFAULT = 90.0
BOT_POLICIES = ("mc", "strong")
ASSISTANCE_MARGIN = 3.0  # accuracy points below the bot's that still count as "as good as"
ASSISTANCE_MIN_GAMES = 10
GIFT_Z = 2.5
GIFT_MIN_GAMES = 5


def game_analysis_for(game: Game, user) -> dict[str, Any]:
    """Return a finished game's analysis as ``user`` may see it: 409 ``game_not_finished``
    before the end; 403 ``seed_hidden`` while other tables play its deal (its players and staff
    without a stake may look, staff in the staff trail), as for the record."""
    if game.status != GameStatus.FINISHED:
        raise Conflict(AnalysisError.GAME_NOT_FINISHED, "the game has not finished")
    seat = game_viewer_seat(game, user)
    staff = bool(getattr(user, "is_staff", False))
    if game.seed_hidden and seat is None and not staff:
        raise Forbidden(GameError.SEED_HIDDEN, "other tables are still playing this deal")
    if staff and seat is None and deal_hidden(game):
        staff_hidden_read(user=user, game=game, action=RECORD_READ, data={"view": "analysis"})
    row = GameAnalysis.objects.filter(game=game).first()
    status = row.status if row is not None else AnalysisStatus.PENDING
    seats = game_seats(game)
    names = Names(s.user for s in seats)
    per_seat = {p.seat: p for p in PlayerGameAnalysis.objects.filter(game=game)}
    players = []
    for s in seats:
        p = per_seat.get(s.index) if status == AnalysisStatus.DONE else None
        players.append(
            {
                "seat": s.index,
                "username": names.of(s.user),
                "is_bot": bool(s.user and s.user.is_bot),
                "accuracy": p.accuracy if p else None,
                "skill": p.skill if p else None,
            }
        )
    return {
        "status": status,
        "analysis": row.result if row is not None and status == AnalysisStatus.DONE else None,
        "players": players,
    }


def _visible(rows):
    """A player's analysed games others may see: finished, deal no longer hidden."""
    return rows.filter(game__status=GameStatus.FINISHED, game__seed_hidden=False)


def player_analysis(user) -> dict[str, Any]:
    """A profile's ``analysis``: games analysed, mean accuracy and skill index, the recent."""
    rows = _visible(PlayerGameAnalysis.objects.filter(user=user))
    agg = rows.aggregate(n=Count("id"), accuracy=Avg("accuracy"), skill=Avg("skill"))
    recent = rows.order_by("-finished_at")[:RECENT]
    return {
        "games": agg["n"],
        "accuracy": _r(agg["accuracy"]),
        "skill_index": _r(agg["skill"]),
        "recent": [
            {
                "game": r.game_id,
                "finished_at": r.finished_at,
                "accuracy": r.accuracy,
                "skill": r.skill,
            }
            for r in recent
        ],
    }


def skill_indexes(user_ids) -> dict[int, float]:
    """Each user's mean skill over their analysed games (leaderboard rows); absent if none."""
    rows = (
        _visible(PlayerGameAnalysis.objects.filter(user_id__in=list(user_ids)))
        .values("user_id")
        .annotate(skill=Avg("skill"))
    )
    return {r["user_id"]: round(r["skill"], 3) for r in rows}


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


def bot_accuracy() -> float:
    """The reference accuracy: the mc bot's mean over analysed games, or the core's measure."""
    mean = PlayerGameAnalysis.objects.filter(
        is_bot=True, policy__in=BOT_POLICIES, decisions__gt=0
    ).aggregate(a=Avg("accuracy"))["a"]
    return round(mean, 3) if mean is not None else BOT_ACCURACY_DEFAULT


def fair_play(user) -> dict[str, Any]:
    """Staff's fair-play signals of ``user`` over their last FAIR_PLAY_GAMES analysed games:
    accuracy near the mc bot's over enough games (``assistance``), and gifts to one opponent
    far above their gifts to the others (``opponents``' ``z`` and ``signal``). Signals only."""
    rows = list(
        PlayerGameAnalysis.objects.filter(user=user, game__status=GameStatus.FINISHED).order_by(
            "-finished_at"
        )[: settings.FAIR_PLAY_GAMES]
    )
    games = len(rows)
    accuracy = sum(r.accuracy for r in rows) / games if games else None
    reference = bot_accuracy()
    assistance = bool(
        games >= ASSISTANCE_MIN_GAMES
        and accuracy is not None
        and accuracy >= reference - ASSISTANCE_MARGIN
    )
    per_opponent: dict[int, list[float]] = defaultdict(list)
    samples: list[float] = []
    for r in rows:
        for entry in (r.gifts or {}).values():
            opponent = entry.get("user")
            gift = float(entry.get("gift", 0.0))
            samples.append(gift)
            if opponent is not None and opponent != user.pk:
                per_opponent[opponent].append(gift)
    mean = sum(samples) / len(samples) if samples else 0.0
    var = sum((g - mean) ** 2 for g in samples) / (len(samples) - 1) if len(samples) > 1 else 0.0
    sd = math.sqrt(var)
    users = get_user_model().objects.in_bulk(list(per_opponent))
    opponents = []
    for uid, gifts in per_opponent.items():
        n = len(gifts)
        per_game = sum(gifts) / n
        z = (per_game - mean) / (sd / math.sqrt(n)) if sd > 0 else 0.0
        opponents.append(
            {
                "username": public_name(users.get(uid)),
                "is_bot": bool(getattr(users.get(uid), "is_bot", False)),
                "games": n,
                "gift_per_game": round(per_game, 3),
                "z": round(z, 2),
                "signal": bool(n >= GIFT_MIN_GAMES and z >= GIFT_Z),
            }
        )
    opponents.sort(key=lambda o: (-o["z"], o["username"]))
    return {
        "player": public_name(user),
        "games": games,
        "accuracy": _r(accuracy),
        "bot_accuracy": reference,
        "assistance": assistance,
        "opponents": opponents,
    }


def fair_play_of_game(game: Game) -> list[dict[str, Any]]:
    """Fair-play signals of a game's human players (for the staff's dispute and audit pages)."""
    out = []
    for s in game_seats(game):
        if s.user is None or s.user.is_bot:
            continue
        out.append({"seat": s.index, **fair_play(s.user)})
    return out
