"""Table results and standings, built from the games' events through ``tournaments.formats``.

A table's result is read from its game's event stream: every RoundEnded's scores (R22; V4)
give each seat's round scores, SeatResigned / SeatForfeited say which seats left (R25). A seat
that left ranks last at its table (the formats' ``forfeited``), as the ratings count it — except
a player who withdrew from a tournament whose withdrawal policy is "bot": the bot that played
the rest of their game stood in for them, and its result stands. A game staff annulled (void)
has no result: every seat of it is forfeited, so the table shares its points evenly.

Results are cached as JSON on the table (``TournamentTable.result``) and the standings on the
tournament and its rounds; ``standings_from_games`` rebuilds both from the events alone, and
``manage.py recompute_standings`` compares or rewrites them.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from django.db.models import F

from eventstore import store
from games import domain
from games.domain import SEAT_FORFEITED
from games.domain import SEAT_RESIGNED
from games.domain import engine_events
from games.engine.events import RoundEnded
from games.models import Game
from games.models import GameStatus
from tournaments import formats
from tournaments.arena_standings import arena_standings_doc
from tournaments.models import AbsencePolicy
from tournaments.models import EntryStatus
from tournaments.models import Tournament
from tournaments.models import TournamentFormat

ENDED = (GameStatus.FINISHED, GameStatus.ABANDONED, GameStatus.VOID)


def scoring_of(tournament: Tournament) -> str:
    """Return the ruleset's scoring (V4): "penalty" unless the variants say "positive"."""
    return (tournament.variants or {}).get("scoring") or "penalty"


def points_scheme(tournament: Tournament) -> str:
    """Return the standings' points: matchpoints for duplicate, placement shares otherwise."""
    return "duplicate" if tournament.format == TournamentFormat.DUPLICATE else "share"


def deal_group_key(round_number: int, group: int | None) -> str | None:
    """Return the key that makes a duplicate deal group unique across the tournament's rounds."""
    return None if group is None else f"{round_number}:{group}"


def table_doc_from_game(
    game: Game,
    seat_entries: Sequence[int],
    *,
    deal_group: str | None,
    stood_in: Iterable[int] = (),
) -> dict[str, Any]:
    """Return a finished table's result from its game's events (module docstring).

    ``seat_entries`` are the entry ids in seat order; ``stood_in`` the entries whose seat a bot
    played on after they withdrew under the "bot" policy (their result stands).
    """
    stored = store.read(game.stream)
    left = {e.data.get("seat") for e in stored if e.type in (SEAT_RESIGNED, SEAT_FORFEITED)}
    rounds = [e.scores for e in engine_events(stored) if isinstance(e, RoundEnded)]
    void = game.status == GameStatus.VOID
    stood_in = set(stood_in)
    seats = []
    for index, entry in enumerate(seat_entries):
        forfeited = void or (index in left and entry not in stood_in)
        scores = [] if void else [r[index] for r in rounds]
        seats.append({"entry": entry, "round_scores": scores, "forfeited": forfeited})
    return {"status": game.status, "deal_group": deal_group, "seats": seats}


def arena_table_doc(table, seats: Sequence, stood_in: Iterable[int]) -> dict[str, Any]:
    """Return an arena table's result: the formats' doc, with the seats' ratings when seated
    and the seats that went berserk (read from the game's events)."""
    doc = table_doc_from_game(
        table.game, [s.entry_id for s in seats], deal_group=None, stood_in=stood_in
    )
    doc["ratings"] = [s.rating for s in seats]
    doc["berserk"] = sorted(_berserk_seats(table.game))
    return doc


def _berserk_seats(game: Game) -> set[int]:
    return domain.berserk_seats(store.read(game.stream))


def table_result(doc: dict[str, Any]) -> formats.TableResult:
    """Return the formats' TableResult of a cached table result."""
    return formats.TableResult(
        tuple(
            formats.SeatResult(s["entry"], tuple(s["round_scores"]), s["forfeited"])
            for s in doc["seats"]
        ),
        deal_group=doc.get("deal_group"),
    )


def _number(f: Fraction) -> float:
    return round(float(f), 4)


def standings_doc(
    tournament: Tournament,
    entries: Sequence,
    finished: Sequence[tuple[int, dict[str, Any]]],
    *,
    final: bool = False,
    upto_round: int | None = None,
) -> dict[str, Any]:
    """Return the standings after the ``finished`` tables ((round number, result doc) pairs).

    ``entries`` are the tournament's entries in seed order; those who never played and no
    longer take part (withdrawn before the start, no-shows) are left out. A late joiner's
    missed rounds (before its ``joined_round``) count as byes (``formats.bye_points``) from
    the standings of that round on (``upto_round``: the round they are for, by default the
    latest with a finished table), so the standings after a round are the same whenever they
    are computed, and a late joiner is paired by its byes' points.
    Ranked by the published tie-break chain (``formats.standings``); an elimination tournament
    ranks by the round reached first (``formats.elimination_ranking``).
    """
    if tournament.format == TournamentFormat.ARENA:
        return arena_standings_doc(
            tournament, entries, finished, scoring=scoring_of(tournament), final=final
        )
    results_by_round: dict[int, list[formats.TableResult]] = {}
    last_round: dict[int, int] = {}
    for number, doc in sorted(finished, key=lambda pair: pair[0]):
        if (
            doc.get("status") == GameStatus.VOID
            and tournament.format != TournamentFormat.ELIMINATION
        ):
            # A game staff annulled counts for nothing: no points, no win, no game played.
            # (Elimination still needs the table to say who goes through: its seats count as
            # forfeited, see table_doc.)
            continue
        result = table_result(doc)
        results_by_round.setdefault(number, []).append(result)
        for seat in result.seats:
            last_round[seat.player] = number
    upto = max(results_by_round, default=0) if upto_round is None else upto_round
    entrants = [
        e for e in entries if (e.id in last_round or e.active) and e.joined_round <= max(upto, 1)
    ]
    ids = [e.id for e in entrants]
    scoring = scoring_of(tournament)
    results = [r for number in sorted(results_by_round) for r in results_by_round[number]]
    lines = formats.compute_standings(
        ids,
        results,
        scoring=scoring,
        points=points_scheme(tournament),
        byes={e.id: e.joined_round - 1 for e in entrants if e.joined_round > 1},
        bye_table_size=tournament.table_size,
    )
    if tournament.format == TournamentFormat.ELIMINATION and results:
        rounds = [results_by_round[n] for n in sorted(results_by_round)]
        order = formats.elimination_ranking(rounds, seed_order=ids, scoring=scoring)
        position = {player: i for i, player in enumerate(order)}
        fallback = len(position)
        lines = sorted(lines, key=lambda s: (position.get(s.player, fallback), s.rank))
    by_id = {e.id: e for e in entrants}
    out = []
    for rank, line in enumerate(lines, start=1):
        entry = by_id[line.player]
        out.append(
            {
                "rank": rank,
                "entry": entry.id,
                "username": entry.user.username,
                "is_bot": entry.user.is_bot,
                "stand_in_for": entry.stand_in_for.user.username if entry.stand_in_for else None,
                "points": _number(line.points),
                "points_exact": str(line.points),
                "table_wins": line.table_wins,
                "opponent_points": _number(line.opponent_points),
                "game_score": line.game_score,
                "head_to_head": line.head_to_head,
                "games": line.games,
                "forfeits": line.forfeits,
                "byes": line.byes,
                "last_round": last_round.get(entry.id),
            }
        )
    return {
        "round": max(results_by_round, default=0),
        "tables": len(results),
        "final": final,
        "points": points_scheme(tournament),
        "lines": out,
    }


def finished_docs(tournament: Tournament) -> list[tuple[int, dict[str, Any]]]:
    """Return the finished tables' (round number, result doc) pairs, in play order."""
    from tournaments.models import TournamentTable

    return list(
        TournamentTable.objects.filter(round__tournament=tournament, finished_at__isnull=False)
        .order_by("round__number", "number")
        .values_list("round__number", "result")
    )


def entries_in_seed_order(tournament: Tournament) -> list:
    """Return the tournament's entries, seeds first (those never seeded last)."""
    return list(
        tournament.entries.select_related("user", "stand_in_for__user").order_by(
            F("seed").asc(nulls_last=True), "registered_at", "id"
        )
    )


def stood_in_entries(tournament: Tournament, round_number: int, entries: Iterable) -> set[int]:
    """Return the entries that withdrew during round ``round_number`` under the "bot" policy:
    the bot that played their seat on stood in for them."""
    if tournament.withdrawal_policy != AbsencePolicy.BOT:
        return set()
    # A no-show withdrawn at its table (tournaments.absence) had no bot stand in: its seat
    # was handed over for timeouts.
    return {
        e.id
        for e in entries
        if e.withdrawn_round == round_number and e.status != EntryStatus.NO_SHOW
    }


def standings_from_games(tournament: Tournament) -> tuple[dict[str, Any] | None, dict]:
    """Return the standings and every finished table's result, rebuilt from the games' events.

    The second value maps table ids to their result docs. Standings are None before any table
    has finished.
    """
    from tournaments.models import TournamentTable

    entries = entries_in_seed_order(tournament)
    tables = (
        TournamentTable.objects.filter(round__tournament=tournament, finished_at__isnull=False)
        .select_related("game", "round")
        .prefetch_related("seats")
        .order_by("round__number", "number")
    )
    docs: dict[int, dict[str, Any]] = {}
    finished = []
    for table in tables:
        seats = sorted(table.seats.all(), key=lambda s: s.index)
        stood_in = stood_in_entries(tournament, table.round.number, entries)
        if tournament.format == TournamentFormat.ARENA:
            doc = arena_table_doc(table, seats, stood_in)
        else:
            doc = table_doc_from_game(
                table.game,
                [s.entry_id for s in seats],
                deal_group=deal_group_key(table.round.number, table.deal_group),
                stood_in=stood_in,
            )
        docs[table.id] = doc
        finished.append((table.round.number, doc))
    if not finished:
        return None, docs
    final = tournament.status == "finished"
    return standings_doc(tournament, entries, finished, final=final), docs
