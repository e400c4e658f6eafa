"""A turn's task that meets a database outage is tried again (issue 19), not dropped: the
connection refused twice, the third attempt plays. Anything else is not retried."""

from __future__ import annotations

import pytest
from django.db import OperationalError

from config import celery_app
from games import automatic
from games import tasks


@pytest.fixture(autouse=True)
def _eager_retries_do_not_raise(monkeypatch):
    """Run eagerly (``apply``), a retry is run at once inside the attempt it retries; with the
    test settings' propagation each nested attempt would raise its Retry instead."""
    monkeypatch.setitem(celery_app.conf, "task_eager_propagates", False)


def flaky(monkeypatch, name: str, failures: int, exc: Exception):
    calls = []

    def run(*, game_id, seq):
        calls.append(seq)
        if len(calls) <= failures:
            raise exc
        return None

    monkeypatch.setattr(automatic, name, run)
    return calls


@pytest.mark.parametrize(
    ("task", "service"),
    [(tasks.play_automatic, "game_play_automatic"), (tasks.apply_timeout, "game_apply_timeout")],
)
def test_an_outage_is_retried_until_the_database_answers(monkeypatch, task, service):
    calls = flaky(monkeypatch, service, 2, OperationalError("connection refused"))
    task.apply(args=("g", 7), throw=False)  # eagerly, each retry runs at once, nested
    assert calls == [7, 7, 7]


def test_a_bug_is_not_retried(monkeypatch):
    calls = flaky(monkeypatch, "game_play_automatic", 1, ValueError("a bug"))
    result = tasks.play_automatic.apply(args=("g", 7), throw=False)
    assert result.failed()
    assert calls == [7]


def test_the_retries_end(monkeypatch):
    calls = flaky(monkeypatch, "game_play_automatic", 100, OperationalError("down"))
    tasks.play_automatic.apply(args=("g", 7), throw=False)
    assert len(calls) == tasks.play_automatic.max_retries + 1
