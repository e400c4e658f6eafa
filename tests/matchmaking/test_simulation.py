"""200 simulated players in the quick-pairing pools, through the services with the clock
frozen and advanced: players of various ratings join various pools (rated and casual) over
four minutes, each with a "fill with bots after N seconds" choice or people only, while the
beat tick runs every 2 seconds. Checked:

- every player is seated, nobody twice, nobody at two pools' tables;
- every table's people were inside each other's rating windows when it formed;
- the documented bounds (docs/players/quick-pairing.md): a player who chose bots after N
  seconds is seated within N seconds plus one tick; after any tick no queue holds ``seats``
  players who have all waited the max wait (whose windows are all open, so they must have
  been seated together), nor a player whose bots are due.

A person who chose people only has no bound of their own: alone in a pool they wait for the
next arrivals, as on any platform. So the stream (fixed seed) ends with company for the
people-only players still waiting, 60 s before everyone's windows open; the run prints the
waits it saw.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from datetime import timedelta

import pytest

from games.models import Seat
from matchmaking import pairing
from matchmaking import services
from matchmaking.models import QuickTable
from matchmaking.models import Ticket
from matchmaking.pools import POOLS
from matchmaking.selectors import queues_waiting
from ratings.models import Rating
from tests.support.factories import committed
from tests.support.factories import person

pytestmark = pytest.mark.django_db

PLAYERS = 200
STREAM_SECONDS = 240
TICK = 2  # seconds between two beat ticks (TOURNAMENT_TICK_SECONDS' default)
BUSY = [
    ("4p-60s", False),
    ("4p-60s", True),
    ("3p-30s", False),
    ("3p-3m", True),
    ("4p-1d", False),
    ("3p-60s", False),
]
CHOICES = (10, 20, 30, 60)
RESERVE = 24  # players kept for the stream's end (closers)


@dataclass
class Sim:
    user: object
    pool: str
    rated: bool
    rating: int
    joins_at: datetime
    bots_after: int | None
    seated_at: datetime | None = None


def plan(start: datetime, count: int) -> list[Sim]:
    rng = random.Random(20261207)
    queues = [(key, rated) for key in POOLS for rated in (False, True)]
    sims = []
    for i in range(count):
        busy = rng.random() < 0.7
        pool, rated = rng.choice(BUSY) if busy else rng.choice(queues)
        offset = rng.uniform(0, STREAM_SECONDS)
        people_only = busy and rng.random() < 0.35
        rating = max(800, min(2400, int(rng.gauss(1500, 250))))
        sims.append(
            new_sim(
                f"sim{i}",
                pool,
                rated,
                rating,
                start + timedelta(seconds=offset),
                None if people_only else rng.choice(CHOICES),
            )
        )
    return sorted(sims, key=lambda s: s.joins_at)


def new_sim(name, pool, rated, rating, joins_at, bots_after) -> Sim:
    user = person(name)
    # display = 1500 + 20 * (mu - 3 sigma), sigma 1
    Rating.objects.create(user=user, kind=POOLS[pool].kind, mu=(rating - 1500) / 20 + 3, sigma=1.0)
    return Sim(user, pool, rated, rating, joins_at, bots_after)


def closers(now: datetime, reserve: int) -> list[Sim]:
    """The stream's last arrivals, all at ``now``, once only people-only players wait: their
    company (a queue of ``k`` gets enough players choosing bots after 60 s to make a multiple
    of its seats; 60 s on, every window is open and the step seats people before it fills with
    bots); the rest of the reserve joins a pool of its own with bots."""
    out = []
    for (pool, rated), k in Counter(Ticket.objects.values_list("pool", "rated")).items():
        for _ in range(-k % POOLS[pool].seats):
            out.append(new_sim(f"late{len(out)}", pool, rated, 1500, now, 60))
    assert len(out) <= reserve, "the reserve is too small for this stream"
    for i in range(reserve - len(out)):
        out.append(new_sim(f"late{len(out)}", "3p-3m", False, 1400 + 10 * i, now, 10))
    return out


def match_all() -> None:
    """The beat tick's match half (``services.pools_tick`` also starts the tables whose ready
    window closed: the tables' games are not played here)."""
    for pool, rated in queues_waiting():
        services.pool_match(pool=pool, rated=rated)


def check_after_tick(now: datetime) -> None:
    """The step's guarantees (matchmaking.pairing): nothing left that it must have seated."""
    left = Counter()
    for ticket in Ticket.objects.all():
        waited = (now - ticket.joined_at).total_seconds()
        assert not (ticket.bots_after is not None and waited >= ticket.bots_after), ticket
        if waited >= pairing.MAX_WAIT:
            left[(ticket.pool, ticket.rated)] += 1
    for (pool, _), count in left.items():
        assert count < POOLS[pool].seats


def test_two_hundred_players_are_all_seated_within_the_documented_bounds(frozen_clock):
    start = frozen_clock.now()
    sims = plan(start, PLAYERS - RESERVE)
    by_user = {s.user.pk: s for s in sims}
    pending = list(sims)
    end = start + timedelta(seconds=STREAM_SECONDS + 10 * pairing.MAX_WAIT)
    seen_tables: set = set()
    late = False

    def record_tables(at: datetime) -> None:
        """Note who the tables formed at ``at`` seated."""
        for table in QuickTable.objects.exclude(pk__in=seen_tables):
            seen_tables.add(table.pk)
            assert table.formed_at == at
            for member in table.members:
                by_user[member["user"]].seated_at = at

    while frozen_clock.now() <= end:
        now = frozen_clock.now()
        stream_over = not pending and now >= start + timedelta(seconds=STREAM_SECONDS)
        if not late and stream_over and not Ticket.objects.filter(bots_after__isnull=False):
            late = True
            pending = closers(now, RESERVE)
            sims += pending
            by_user.update({s.user.pk: s for s in pending})
        while pending and pending[0].joins_at <= now:
            sim = pending.pop(0)
            frozen_clock.freeze(sim.joins_at)  # each join at its own time, since the last tick
            with committed():  # the join's own match step runs once it commits
                services.pool_join(
                    user=sim.user, pool=sim.pool, rated=sim.rated, bots_after=sim.bots_after
                )
            record_tables(sim.joins_at)
        frozen_clock.freeze(now)
        with committed():
            match_all()
        check_after_tick(now)
        record_tables(now)
        if late and not pending and not Ticket.objects.exists():
            break
        frozen_clock.advance(timedelta(seconds=TICK))

    # Everyone seated, once, at one table.
    left = [
        (
            t.pool,
            t.rated,
            t.rating,
            t.bots_after,
            (frozen_clock.now() - t.joined_at).total_seconds(),
        )
        for t in Ticket.objects.all()
    ]
    assert not left, left
    assert all(s.seated_at is not None for s in sims)
    seats = Counter(Seat.objects.filter(user__is_bot=False).values_list("user_id", flat=True))
    assert set(seats) == set(by_user)
    assert set(seats.values()) == {1}

    tables = list(QuickTable.objects.select_related("game"))
    for table in tables:
        pool = POOLS[table.pool]
        assert table.game.players == pool.seats
        assert len(table.members) + table.bots == pool.seats
        assert table.game.rated == (table.bots == 0 and table.rated)
        sims_here = [by_user[m["user"]] for m in table.members]
        assert [m["rating"] for m in table.members] == [s.rating for s in sims_here]
        assert {(s.pool, s.rated) for s in sims_here} == {(table.pool, table.rated)}
        # Ratings inside every other member's window at the time it formed (the waits counted
        # here from the stream, not taken from what the service recorded).
        waited = {s.user.pk: (table.formed_at - s.joins_at).total_seconds() for s in sims_here}
        for member in table.members:  # what the service recorded agrees
            assert abs(member["waited"] - waited[member["user"]]) < 1e-5
        for a in sims_here:
            for b in sims_here:
                limit = min(pairing.window(waited[a.user.pk]), pairing.window(waited[b.user.pk]))
                assert abs(a.rating - b.rating) <= limit, (table.pool, table.members)
        if table.bots:
            assert all(s.bots_after is not None for s in sims_here)
            assert all(waited[s.user.pk] >= s.bots_after for s in sims_here)

    # The waits.
    waits = {s.user.pk: (s.seated_at - s.joins_at).total_seconds() for s in sims}
    for sim in sims:
        if sim.bots_after is not None:
            assert waits[sim.user.pk] <= sim.bots_after + TICK, sim
    people_only = [s for s in sims if s.bots_after is None]
    assert people_only  # the stream has some
    longest = max(waits.values())
    print(  # noqa: T201 — the figures of the run, for the report
        f"{len(tables)} tables ({sum(t.bots > 0 for t in tables)} with bots), "
        f"{len(people_only)} people-only players, longest wait {longest:.0f} s, "
        f"people-only longest {max(waits[s.user.pk] for s in people_only):.0f} s"
    )
