"""An arena's standings (tournaments.results builds every format's; this is the arena's part):
each player's tables in the order they played them, scored and ranked by formats.arena."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from games.models import GameStatus
from tournaments import formats
from tournaments.formats import arena as rules
from tournaments.models import ACTIVE_ENTRY
from tournaments.models import Tournament


def _number(f: Fraction) -> float:
    return round(float(f), 4)


def arena_standings_doc(
    tournament: Tournament,
    entries: Sequence,
    finished: Sequence[tuple[int, dict[str, Any]]],
    *,
    scoring: str,
    final: bool = False,
) -> dict[str, Any]:
    """Return an arena's standings from its finished tables ((wave, result doc) pairs): each
    player's tables in the order they played them (formats.arena: points, streaks, berserk,
    performance), ranked by points, performance, wins, then the earliest entry."""
    played: dict[int, list[rules.Played]] = {}
    tables = 0
    for _, doc in sorted(finished, key=lambda pair: pair[0]):
        if doc.get("status") == GameStatus.VOID:
            continue  # annulled by staff: not counted at all
        tables += 1
        result = formats.TableResult(
            tuple(
                formats.SeatResult(s["entry"], tuple(s["round_scores"]), s["forfeited"])
                for s in doc["seats"]
            )
        )
        places = formats.table_places(result, scoring)
        ratings = doc.get("ratings") or [None] * len(places)
        berserk = set(doc.get("berserk") or ())
        for index, seat in enumerate(doc["seats"]):
            opponents = tuple(
                float(r) for i, r in enumerate(ratings) if i != index and r is not None
            )
            played.setdefault(seat["entry"], []).append(
                rules.Played(
                    place=places[index],
                    size=len(places),
                    forfeited=seat["forfeited"],
                    berserk=index in berserk,
                    opponents=opponents,
                    places=places,
                )
            )
    ranked_entries = [
        e for e in entries if not e.house_bot and (e.id in played or e.status in ACTIVE_ENTRY)
    ]
    by_id = {e.id: e for e in ranked_entries}
    lines = []
    standings = rules.arena_standings([e.id for e in ranked_entries], played)
    for rank, (entry_id, score) in enumerate(standings, start=1):
        entry = by_id[entry_id]
        lines.append(
            {
                "rank": rank,
                "entry": entry.id,
                "username": entry.user.username,
                "is_bot": entry.user.is_bot,
                "stand_in_for": None,
                "points": _number(score.points),
                "points_exact": str(score.points),
                "games": score.tables,
                "table_wins": score.wins,
                "on_fire": score.on_fire,
                "berserk_wins": score.berserk_wins,
                "performance": score.performance,
                "sheet": [_number(p) for p in score.per_table],
                "sheet_doubled": list(score.doubled),
                "sheet_berserk": list(score.berserk_won),
                "paused": entry.paused or entry.status not in ACTIVE_ENTRY,
            }
        )
    doc = {
        "round": max((n for n, _ in finished), default=0),
        "tables": tables,
        "final": final,
        "points": "arena",
        "lines": lines,
    }
    if tournament is not None and tournament.team_best is not None:
        doc["teams"] = _team_lines(tournament, ranked_entries, lines)
    return doc


def _team_lines(
    tournament: Tournament, entries: Sequence, lines: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """A team battle's leaderboard: each team's score (its best players' points), best first,
    with the players who make it; every line also names its player's team."""
    teams = list(tournament.battle_teams.order_by("name", "pk"))
    slug = {t.pk: t.slug for t in teams}
    team_of = {e.id: e.team_id for e in entries if e.team_id in slug}
    for line in lines:
        line["team"] = slug.get(team_of.get(line["entry"]))
    points = {line["entry"]: Fraction(line["points_exact"]) for line in lines}
    by_team = {t.pk: t for t in teams}
    out = []
    scored = rules.team_scores(points, team_of, [t.pk for t in teams], tournament.team_best)
    for rank, (team_id, score, top) in enumerate(scored, start=1):
        team = by_team[team_id]
        out.append(
            {
                "rank": rank,
                "team": team.slug,
                "name": team.name,
                "score": _number(score),
                "score_exact": str(score),
                "players": sum(1 for t in team_of.values() if t == team_id),
                "counted": list(top),  # entry ids: the lines name them (names as now)
            }
        )
    return out
