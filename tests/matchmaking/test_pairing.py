"""The pure pairing (matchmaking.pairing): the rating window, who sits with whom, oldest
first, bots after N seconds, and nobody twice. No Django."""

from __future__ import annotations

import math
import random
from datetime import UTC
from datetime import datetime
from datetime import timedelta

from matchmaking import pairing
from matchmaking.pairing import Ticket
from matchmaking.pairing import pair
from matchmaking.pairing import window

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def t(user: int, rating: int, joined: float = 0, bots_after: int | None = None) -> Ticket:
    return Ticket(user, rating, at(joined), bots_after)


def test_the_window_widens_by_50_every_10_seconds_to_its_cap_then_opens_at_the_max_wait():
    assert window(0) == 100
    assert window(9.9) == 100
    assert window(10) == 150
    assert window(25) == 200
    assert window(59.9) == 350
    assert window(pairing.MAX_WAIT) == math.inf
    assert all(window(s) <= pairing.WINDOW_CAP for s in range(pairing.MAX_WAIT))


def test_a_table_forms_only_when_every_member_is_inside_every_other_members_window():
    tickets = [t(1, 1500), t(2, 1590), t(3, 1610)]
    # 1 and 3 are 110 apart: outside both fresh windows (±100).
    assert pair(tickets, 3, at(0)) == []
    # After 10 s every window is ±150.
    assert pair(tickets, 3, at(10)) == [pairing.Table((1, 2, 3), 0)]


def test_the_narrower_window_decides():
    old, new = t(1, 1500, joined=0), t(2, 1700, joined=50)
    # 1 has waited 50 s (±350) and accepts 2; 2 has waited 0 s (±100) and does not accept 1.
    assert pair([old, new], 2, at(50)) == []
    # 2 at 20 s (±200): both accept.
    assert pair([old, new], 2, at(70)) == [pairing.Table((1, 2), 0)]


def test_after_the_max_wait_any_rating_is_accepted():
    far = [t(1, 800), t(2, 2400), t(3, 1500)]
    assert pair(far, 3, at(pairing.MAX_WAIT - 1)) == []
    assert pair(far, 3, at(pairing.MAX_WAIT)) == [pairing.Table((1, 2, 3), 0)]


def test_the_oldest_waiters_are_seated_first():
    tickets = [t(5, 1500, joined=4), t(1, 1500, joined=0), t(3, 1500, joined=2), t(4, 1500, 3)]
    assert pair(tickets, 3, at(5)) == [pairing.Table((1, 3, 4), 0)]


def test_bots_fill_the_table_once_the_players_choice_has_passed_and_such_a_table_is_casual():
    alone = [t(1, 1500, joined=0, bots_after=20)]
    assert pair(alone, 4, at(19)) == []
    tables = pair(alone, 4, at(20))
    assert tables == [pairing.Table((1,), 3)]
    assert not tables[0].rated


def test_bots_seat_together_the_players_whose_choice_has_passed_and_no_one_else():
    tickets = [
        t(1, 1500, joined=0, bots_after=10),
        t(2, 1520, joined=1, bots_after=10),
        t(3, 1700, joined=2),  # people only (and too far for a table of four)
        t(4, 1700, joined=8, bots_after=10),  # its 10 s have not passed
    ]
    assert pair(tickets, 4, at(12)) == [pairing.Table((1, 2), 2)]


def test_people_fill_a_table_before_bots_do():
    tickets = [t(i, 1500, joined=0, bots_after=10) for i in range(1, 5)]
    assert pair(tickets, 4, at(30)) == [pairing.Table((1, 2, 3, 4), 0)]


def test_a_repeated_user_is_seated_once():
    tickets = [t(1, 1500, 0), t(1, 1500, 1), t(2, 1500, 2), t(3, 1500, 3)]
    assert pair(tickets, 3, at(4)) == [pairing.Table((1, 2, 3), 0)]


def test_random_pools_keep_the_invariants():
    rng = random.Random(33)
    for _ in range(300):
        seats = rng.choice((3, 4, 5, 8))
        tickets = [
            t(
                i,
                rng.randint(900, 2100),
                joined=rng.uniform(0, 120),
                bots_after=rng.choice((None, 10, 30, 60)),
            )
            for i in range(rng.randint(0, 30))
        ]
        now = at(rng.uniform(0, 150))
        tickets = [x for x in tickets if x.joined_at <= now]
        tables = pair(tickets, seats, now)
        seated = [u for table in tables for u in table.user_ids]
        assert len(seated) == len(set(seated))  # nobody twice
        by_id = {x.user_id: x for x in tickets}
        for table in tables:
            assert len(table.user_ids) + table.bots == seats
            members = [by_id[u] for u in table.user_ids]
            for a in members:
                for b in members:
                    assert pairing.compatible(a, b, now)
            if table.bots:
                assert all(pairing.bots_due(m, now) for m in members)
        left = [x for x in tickets if x.user_id not in seated]
        # The guarantee: never `seats` players left who have all waited the max wait ...
        assert sum(pairing.waited(x, now) >= pairing.MAX_WAIT for x in left) < seats
        # ... nor anyone whose bots are due.
        assert not [x for x in left if pairing.bots_due(x, now)]


def naive_pair(tickets, seats, now):
    """The pairing as the module states it, without its index by rating: every candidate in
    serving order for every anchor."""
    order, seen = [], set()
    for x in sorted(tickets, key=lambda x: (x.joined_at, x.user_id)):
        if x.user_id not in seen:
            seen.add(x.user_id)
            order.append(x)
    taken, tables = set(), []

    def fill(anchor, pick):
        group = [anchor]
        for other in order:
            if len(group) == seats:
                break
            if other.user_id in taken or other is anchor or not pick(other):
                continue
            if all(pairing.compatible(other, m, now) for m in group):
                group.append(other)
        return group

    for anchor in order:
        if anchor.user_id not in taken:
            group = fill(anchor, lambda x: True)
            if len(group) == seats:
                taken.update(x.user_id for x in group)
                tables.append(pairing.Table(tuple(x.user_id for x in group), 0))
    for anchor in order:
        if anchor.user_id not in taken and pairing.bots_due(anchor, now):
            group = fill(anchor, lambda x: pairing.bots_due(x, now))
            taken.update(x.user_id for x in group)
            tables.append(pairing.Table(tuple(x.user_id for x in group), seats - len(group)))
    return tables


def test_the_index_by_rating_changes_no_table():
    rng = random.Random(7)
    for _ in range(300):
        seats = rng.choice((3, 4, 6))
        tickets = [
            t(
                rng.randint(1, 60),  # repeated users too
                rng.randint(1000, 2000),
                joined=rng.uniform(0, 90),
                bots_after=rng.choice((None, 10, 30)),
            )
            for _ in range(rng.randint(0, 60))
        ]
        now = at(rng.uniform(0, 120))
        tickets = [x for x in tickets if x.joined_at <= now]
        assert pair(tickets, seats, now) == naive_pair(tickets, seats, now)
