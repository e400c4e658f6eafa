"""Standings out: every line with every tie-break, as JSON and CSV (issue 17).

Built from ``selectors.tournament_standings``: the standings as anyone may see them now, so a
duplicate deal group's finished tables stay out of the export while another table still plays
that deal, as on the tournament page. The tie-breaks are named in the published chain's order
(tournaments/formats/standings.py): after the points, table wins, opponents' points, game
score, head to head, and the seed.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from tournaments import selectors
from tournaments.models import Tournament

# The tie-break chain after the points, in the order it breaks ties.
TIE_BREAKS = ("table_wins", "opponent_points", "game_score", "head_to_head", "seed")
COLUMNS = (
    "place",
    "player",
    "is_bot",
    "stand_in_for",
    "points",
    "points_exact",
    "games",
    "forfeits",
    *TIE_BREAKS,
    "last_round",
)
# A cell a spreadsheet would run as a formula (OWASP "CSV injection") starts with one of these.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def standings_export(tournament: Tournament) -> dict[str, Any]:
    """Return the export's document: the tournament, what the standings count, the tie-break
    names in order, and one line per player, best first."""
    doc = selectors.tournament_standings(tournament)
    seeds = dict(tournament.entries.values_list("pk", "seed"))
    lines = []
    for line in (doc or {}).get("lines") or []:
        breaks = {name: line.get(name) for name in TIE_BREAKS if name != "seed"}
        breaks["seed"] = seeds.get(line["entry"])
        lines.append(
            {
                "place": line["rank"],
                "player": line["username"],
                "is_bot": line["is_bot"],
                "stand_in_for": line.get("stand_in_for"),
                "points": line["points"],
                "points_exact": line["points_exact"],
                "games": line["games"],
                "forfeits": line["forfeits"],
                "tie_breaks": breaks,
                "last_round": line.get("last_round"),
            }
        )
    return {
        "tournament": tournament.pk,
        "name": tournament.name,
        "format": tournament.format,
        "status": tournament.status,
        "round": doc["round"] if doc else 0,
        "tables": doc["tables"] if doc else 0,
        "final": bool(doc and doc["final"]),
        "points_scheme": doc["points"] if doc else None,
        "tie_breaks": list(TIE_BREAKS),
        "lines": lines,
    }


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if isinstance(value, str) and text.startswith(FORMULA_STARTS):
        return "'" + text
    return text


def standings_csv(export: dict[str, Any]) -> str:
    """Return the export as CSV: a header row of ``COLUMNS``, then one row per line."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for line in export["lines"]:
        flat = {**line, **line["tie_breaks"]}
        writer.writerow([_cell(flat.get(column)) for column in COLUMNS])
    return out.getvalue()


def export_filename(tournament: Tournament, extension: str) -> str:
    return f"tournament-{tournament.pk}-standings.{extension}"
