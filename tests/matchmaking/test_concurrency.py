"""Two match steps of one pool at once (two workers: the tick and a join's task), and one
player joining two pools at once, on PostgreSQL with real concurrent transactions: every
waiting player is seated once, and a player holds one ticket."""

from __future__ import annotations

import threading
from collections import Counter
from datetime import timedelta

import pytest
from django.db import connection

from core.errors import ApplicationError
from games.models import Seat
from matchmaking import pairing
from matchmaking import services
from matchmaking.models import QuickTable
from matchmaking.models import Ticket
from ratings.models import Rating
from tests.support.factories import person

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def at_once(*calls):
    """Run each call in a thread of its own, released together; return results or errors."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except Exception as exc:  # noqa: BLE001 — returned for the test to look at
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def test_two_match_steps_at_once_seat_each_player_once(frozen_clock):
    players = []
    for i in range(9):  # far apart: no table forms before the max wait
        user = person(f"p{i}")
        Rating.objects.create(user=user, kind="live", mu=10.0 + 5 * i, sigma=1.0)
        services.pool_join(user=user, pool="3p-60s")
        players.append(user)
    assert Ticket.objects.count() == 9
    assert not QuickTable.objects.exists()
    frozen_clock.advance(timedelta(seconds=pairing.MAX_WAIT))
    for _ in range(3):
        results = at_once(
            lambda: services.pool_match(pool="3p-60s", rated=False),
            lambda: services.pool_match(pool="3p-60s", rated=False),
        )
        assert not [r for r in results if isinstance(r, Exception)], results
        if not Ticket.objects.exists():
            break
    formed = [g for r in results for g in r]
    assert QuickTable.objects.count() == 3
    assert len(formed) <= 3
    seated = Counter(Seat.objects.values_list("user_id", flat=True))
    assert set(seated) == {u.pk for u in players}
    assert set(seated.values()) == {1}
    assert not Ticket.objects.exists()


def test_joining_two_pools_at_once_leaves_one_ticket():
    ana = person("ana")
    results = at_once(
        lambda: services.pool_join(user=ana, pool="4p-30s"),
        lambda: services.pool_join(user=ana, pool="3p-1d"),
    )
    errors = [r for r in results if isinstance(r, ApplicationError)]
    assert len(errors) == 1
    assert errors[0].code == "already_waiting"
    assert Ticket.objects.filter(user=ana).count() == 1
