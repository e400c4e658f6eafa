"""Late join, rejoin, the pause between rounds and absence at a round's table (issue 17).

- **Late join** (Swiss only): registration stays open while the tournament runs until half of
  its rounds have started (``current_round * 2 < rounds``, Lichess Swiss). A late joiner is
  seated from the next round to be seated; each round before it counts as a bye, the points
  of a middle place (``formats.bye_points``: 1/2 of a table's 1).
- **Withdraw and rejoin**: a player who withdrew during the tournament may register again
  until the next round is seated (``current_round`` still the round they withdrew in) and late
  join is open; they are seated from that round and keep what they played.
- **Pause between rounds**: once a round's last table has ended, the next round is seated
  ``round_pause`` later (``Tournament.next_round_at``), the time the page counts down.
- **Absence at a table**: when a table's game has ended, a seat handed over for timeouts is
  withdrawn from the later rounds (``no_show`` status): a no-show if its player never made a
  move, else an early leave (a player who never moved and only timed out is a no-show even if
  the game ended before the hand-over); a seat its player resigned, or left by withdrawing, is
  an early leave. Each is an offence (``tournaments.bans``) that may earn a play ban.

These run inside the tournament services' transaction, under the tournament's row lock.
"""

from __future__ import annotations

from datetime import datetime
from datetime import timedelta
from typing import Any

from eventstore import store
from games.domain import SEAT_FORFEITED
from games.domain import SEAT_RESIGNED
from tournaments import bans
from tournaments.models import ACTIVE_ENTRY
from tournaments.models import CORRESPONDENCE_ROUND_PAUSE_SECONDS
from tournaments.models import ROUND_PAUSE_SECONDS
from tournaments.models import EntryStatus
from tournaments.models import Tournament
from tournaments.models import TournamentEntry
from tournaments.models import TournamentFormat
from tournaments.models import TournamentStatus
from tournaments.models import TournamentTable
from tournaments.notices import result_notify

ROUND_PAUSE_RANGE = (0, 7 * 24 * 3600)  # seconds: none up to a week (correspondence)
LEFT = (SEAT_RESIGNED, SEAT_FORFEITED)


def correspondence(tournament: Tournament) -> bool:
    return (tournament.time_control or {}).get("kind") == "correspondence"


def round_pause(tournament: Tournament) -> timedelta:
    """Return the pause between a round's end and the next round's seating."""
    seconds = tournament.round_pause_seconds
    if seconds is None:
        live = not correspondence(tournament)
        seconds = ROUND_PAUSE_SECONDS if live else CORRESPONDENCE_ROUND_PAUSE_SECONDS
    return timedelta(seconds=seconds)


def late_join_open(tournament: Tournament) -> bool:
    """Whether a running Swiss still takes new players: fewer than half its rounds started."""
    return (
        tournament.format == TournamentFormat.SWISS
        and tournament.status == TournamentStatus.RUNNING
        and tournament.current_round * 2 < tournament.rounds
    )


def seconds_until_next_round(tournament: Tournament, now: datetime) -> float | None:
    """Return the seconds left before the next round is seated; None unless pausing."""
    if tournament.next_round_at is None or tournament.status != TournamentStatus.RUNNING:
        return None
    return round(max((tournament.next_round_at - now).total_seconds(), 0.0), 1)


def join_round(tournament: Tournament) -> int:
    """Return the round a player joining the running tournament now is first seated in."""
    return tournament.current_round + 1


def next_seed(tournament: Tournament) -> int:
    """Return the seed after every seed given: a late joiner is seeded last."""
    last = tournament.entries.exclude(seed=None).order_by("-seed").values_list("seed", flat=True)
    return (last.first() or 0) + 1


def _moved(stored) -> set[int]:
    """Return the users who made a move of their own in a game's events."""
    return {
        e.actor.get("user")
        for e in stored
        if e.actor.get("kind") == "player" and e.type not in LEFT
    }


def table_departures(table: TournamentTable) -> list[dict[str, Any]]:
    """Return the seats that left a table's game before it ended: each its ``seat``, ``user``
    id, ``reason`` ("timeouts", "withdrawn", "" for a resignation) and whether its player had
    ``moved``.

    A seat whose player never moved and whose turns all ran out on the clock counts as handed
    over for timeouts too, though the game ended before the hand-over (the timeout that would
    have handed it over ended the match, or the match ended first): absent the whole game, its
    player is a no-show like one whose seat was handed over. Its place in the game's result is
    untouched (it did not leave the game, the game ended)."""
    stored = store.read(table.game.stream)
    moved = _moved(stored)
    timed_out = {e.actor.get("user") for e in stored if e.actor.get("kind") == "timeout"}
    users = dict(table.game.seats.values_list("index", "user_id"))
    out = []
    for e in stored:
        if e.type in LEFT and e.data.get("seat") in users:
            user = users[e.data["seat"]]
            out.append(
                {
                    "seat": e.data["seat"],
                    "user": user,
                    "reason": e.data.get("reason", ""),
                    "moved": user in moved,
                }
            )
    left = {d["seat"] for d in out}
    for seat, user in sorted(users.items()):
        if seat not in left and user in timed_out and user not in moved:
            out.append({"seat": seat, "user": user, "reason": "timeouts", "moved": False})
    return out


def table_ended(
    tournament: Tournament,
    round_number: int,
    table: TournamentTable,
    entries: dict[int, TournamentEntry],
    now: datetime,
) -> None:
    """Handle who left a table whose game has just ended (module docstring): withdraw the
    seats handed over for timeouts from the later rounds, and record every offence."""
    seat_entries = {s.index: s.entry_id for s in table.seats.all()}
    for left in table_departures(table):
        entry = entries.get(seat_entries.get(left["seat"]))
        if entry is None or entry.user.is_platform_bot or entry.stand_in_for_id is not None:
            continue
        timed_out = left["reason"] == "timeouts"
        kind = (
            bans.OffenceKind.NO_SHOW
            if timed_out and not left["moved"]
            else bans.OffenceKind.EARLY_LEAVE
        )
        if timed_out and entry.status in ACTIVE_ENTRY:
            entry.status = EntryStatus.NO_SHOW
            entry.withdrawn_at = now
            entry.withdrawn_round = round_number
            entry.save(update_fields=["status", "withdrawn_at", "withdrawn_round"])
            result_notify(entry.user, tournament, "no_show_table")
        bans.offence_record(
            user=entry.user,
            kind=kind,
            key=f"table:{table.game_id}",
            tournament=tournament,
            now=now,
        )


def check_in_missed(tournament: Tournament, entry: TournamentEntry, now: datetime) -> None:
    """Record the offence of a registered player absent at a check-in tournament's start."""
    bans.offence_record(
        user=entry.user,
        kind=bans.OffenceKind.NO_SHOW,
        key=f"checkin:{tournament.pk}",
        tournament=tournament,
        now=now,
    )
