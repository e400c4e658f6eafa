"""The grid's pace (matchmaking.broadcast): sent only when its counts changed, at most once
every GRID_MIN_SECONDS; a change held back goes out with the next tick."""

from __future__ import annotations

import json
import time

import pytest

from matchmaking import broadcast
from matchmaking import services
from matchmaking import tasks
from tests.support.factories import committed
from tests.support.factories import person

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch, settings):
    settings.POOLS_GRID_MIN_SECONDS = 60  # nothing twice in a row but through the tick
    out: list[dict] = []

    def send_on_commit(build):
        messages = build()
        out.extend(json.loads(m["text"]) for m in messages.values())

    monkeypatch.setattr(broadcast, "send_on_commit", send_on_commit)
    return out


def casual(grid: dict, key: str) -> int:
    return next(p["waiting"]["casual"] for p in grid["pools"] if p["key"] == key)


def test_a_change_soon_after_another_waits_for_the_tick(sent):
    ana, bo = person("ana"), person("bo")
    with committed():
        services.pool_join(user=ana, pool="4p-60s")
    assert [casual(g, "4p-60s") for g in sent] == [1]
    with committed():
        services.pool_join(user=bo, pool="4p-60s")
    assert len(sent) == 1  # too soon: held back
    tasks.tick.run()
    assert [casual(g, "4p-60s") for g in sent] == [1, 2]
    tasks.tick.run()
    assert len(sent) == 2  # nothing changed since


def test_a_change_after_the_interval_goes_at_once(sent, settings):
    settings.POOLS_GRID_MIN_SECONDS = 0.05
    ana = person("ana")
    with committed():
        services.pool_join(user=ana, pool="3p-30s")
    time.sleep(0.06)
    with committed():
        services.pool_leave(user=ana)
    assert [casual(g, "3p-30s") for g in sent] == [1, 0]
