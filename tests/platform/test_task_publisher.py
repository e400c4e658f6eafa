"""Tasks reach the broker from a thread of the process's own (core.tasks._Publisher): what
submits them — a move's request after its commit, a bot's task — never waits on the broker.
Before, a frozen Redis held every such move's answer until it woke (the fault suite: 5.9 s of
a 6 s pause)."""

from __future__ import annotations

import logging
import threading

import pytest

from core import tasks


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


def test_a_publish_that_fails_is_logged_and_the_next_goes_out(broker, caplog):
    ok = Blocking()
    ok.release.set()
    with caplog.at_level(logging.ERROR, logger="core.tasks"):
        tasks.submit(Failing(), "g2", 1)
        tasks.submit(ok, "g2", 2)
        assert tasks.published(timeout=5)
    assert "could not queue tests.failing" in caplog.text
    assert ok.sent == [("g2", 2)]
