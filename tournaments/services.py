"""Tournament services: the only code that writes tournaments.

Each runs in one transaction that starts by locking the tournament's row
(``select_for_update``): registrations, withdrawals, check-ins and the scheduler's steps of one
tournament run one after the other, so a capacity check, a seating or a round's close is never
done twice. Unique constraints back this up where the lock cannot (SQLite has no row locks):
one round per (tournament, number), one table per (round, number), one seat per (round, entry).

``tournament_advance`` is the scheduler's one step, run by the beat tick and whenever a
tournament game ends: it does whatever is due and nothing else, so running it twice, late or
concurrently changes nothing the second time. Lock order: the tournament row, then (withdrawal,
a table's start) the game rows, in id order; game services never take a tournament lock while
holding a game lock.

Tables are seated as lobby tables open (record version 2): each game is created with its
server seed's commitment published, waits out its ready window for the seated players'
contributions, then starts (``_seat_round``, ``seating.start_ready_unit``). A duplicate deal group
has one server seed and one contribution list (``group_contributions``).

This module is the services' one door; each lives in the room of its sub-domain:
``creation`` (tournament_create), ``registration`` (register, check in, withdraw),
``arena_play`` (an arena's pause, resume and berserk),
``scheduling`` (the scheduler's step, a table's start, standings recomputed), ``reminders``;
``service_common`` holds the row lock and the versioned save they share.
"""

from __future__ import annotations

from tournaments.arena_play import tournament_berserk
from tournaments.arena_play import tournament_pause
from tournaments.arena_play import tournament_resume
from tournaments.creation import tournament_create
from tournaments.registration import tournament_check_in
from tournaments.registration import tournament_register
from tournaments.registration import tournament_withdraw
from tournaments.reminders import tournament_reminders_send
from tournaments.scheduling import tournament_advance
from tournaments.scheduling import tournament_recompute_standings
from tournaments.scheduling import tournament_table_start
from tournaments.seating import group_contributions
from tournaments.service_common import ARENA_MINUTES_RANGE
from tournaments.service_common import ARENA_WAIT_RANGE
from tournaments.service_common import MAX_ROUNDS
from tournaments.service_common import ORGANIZERS_GROUP
from tournaments.service_common import READY_SECONDS_RANGE
from tournaments.service_common import can_organize

__all__ = [
    "ARENA_MINUTES_RANGE",
    "ARENA_WAIT_RANGE",
    "MAX_ROUNDS",
    "ORGANIZERS_GROUP",
    "READY_SECONDS_RANGE",
    "can_organize",
    "group_contributions",
    "tournament_advance",
    "tournament_berserk",
    "tournament_pause",
    "tournament_resume",
    "tournament_check_in",
    "tournament_create",
    "tournament_recompute_standings",
    "tournament_register",
    "tournament_reminders_send",
    "tournament_table_start",
    "tournament_withdraw",
]
