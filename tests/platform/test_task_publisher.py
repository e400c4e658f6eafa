"""Tasks reach the broker from a thread of the process's own (core.tasks._Publisher): what
submits them — a move's request after its commit, a bot's task — never waits on the broker.
Before, a frozen Redis held every such move's answer until it woke (the fault suite: 5.9 s of
a 6 s pause)."""

from __future__ import annotations

import logging
import threading

import pytest

from core import tasks
from core.outages import FailureLog


class Blocking:
    """A task whose publish hangs until released, as on a frozen broker."""

    name = "tests.blocking"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.sent: list[tuple] = []

    def apply_async(self, args, eta=None):
        assert self.release.wait(10), "never released"
        self.sent.append(args)


class Failing:
    name = "tests.failing"

    def apply_async(self, args, eta=None):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


@pytest.fixture
def broker(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False  # as in production: tasks go to a broker


def test_a_submit_does_not_wait_for_a_frozen_broker(broker):
    task = Blocking()
    tasks.submit(task, "g1", 5)  # returns although the publish hangs
    tasks.submit(task, "g1", 6)
    assert task.sent == []
    assert not tasks.published(timeout=0.2)  # still waiting on the broker
    task.release.set()
    assert tasks.published(timeout=5)
    assert task.sent == [("g1", 5), ("g1", 6)]  # in the order submitted


class Flaky:
    """A broker away for the first ``failures`` publishes, then back."""

    name = "tests.flaky"

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.sent: list[tuple] = []

    def apply_async(self, args, eta=None):
        if self.failures:
            self.failures -= 1
            raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        self.sent.append(args)


@pytest.fixture
def quick_retries(monkeypatch):
    monkeypatch.setattr(tasks._Publisher, "RETRY_SECONDS", 0.01)
    monkeypatch.setattr(tasks, "publish_failures", FailureLog(tasks.log))  # no earlier outage


def test_a_task_sent_while_the_broker_is_away_goes_once_it_is_back_in_order(
    broker, quick_retries, caplog
):
    """Not dropped for the sweeper to find after its grace: sent as soon as it can be."""
    flaky = Flaky(failures=5)
    with caplog.at_level(logging.WARNING, logger="core.tasks"):
        tasks.submit(flaky, "g3", 1)
        tasks.submit(flaky, "g3", 2)
        assert tasks.published(timeout=5)
    assert flaky.sent == [("g3", 1), ("g3", 2)]
    lines = [r.getMessage() for r in caplog.records if r.name == "core.tasks"]
    assert lines == [
        "sending a task to the broker failed: ConnectionError: Error 111 connecting to "
        "127.0.0.1:6379. Connection refused.",
        lines[1],
    ]
    assert lines[1].startswith("sending a task to the broker works again, after 5 failures")


def test_a_task_the_broker_never_takes_is_given_up_and_the_next_goes_out(
    broker, quick_retries, monkeypatch, caplog
):
    monkeypatch.setattr(tasks._Publisher, "GIVE_UP_SECONDS", 0.2)
    ok = Blocking()
    ok.release.set()
    with caplog.at_level(logging.WARNING, logger="core.tasks"):
        tasks.submit(Failing(), "g2", 1)
        tasks.submit(ok, "g2", 2)
        assert tasks.published(timeout=5)
    assert "task tests.failing('g2', 1) dropped: the broker is still away" in caplog.text
    assert caplog.text.count("sending a task to the broker failed") == 1  # not one per try
    assert ok.sent == [("g2", 2)]
