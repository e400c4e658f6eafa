"""One log line per kind of failure per interval (core.outages), as a Redis outage needs."""

from __future__ import annotations

import logging

import pytest

from core.outages import FailureLog
from core.outages import OncePerInterval


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


def lines(caplog, name: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == name]


def test_a_failure_storm_is_one_line_an_interval_with_the_count(caplog, clock):
    failures = FailureLog(logging.getLogger("t.storm"), interval=10, clock=clock)
    with caplog.at_level(logging.WARNING, logger="t.storm"):
        for _ in range(500):  # a broadcast's every failure during 9.98 s of outage
            failures.failed("broadcasting", ConnectionError("Error 111 connecting to 127.0.0.1"))
            clock.now += 0.02
        clock.now = 110.0
        failures.failed("broadcasting", ConnectionError("Error 111 connecting to 127.0.0.1"))

    assert lines(caplog, "t.storm") == [
        "broadcasting failed: ConnectionError: Error 111 connecting to 127.0.0.1",
        "broadcasting failed: ConnectionError: Error 111 connecting to 127.0.0.1 "
        "(500 failures since the last line)",
    ]
    assert all(r.exc_info is None for r in caplog.records)


def test_each_kind_has_its_own_line_and_says_when_it_works_again(caplog, clock):
    failures = FailureLog(logging.getLogger("t.kinds"), interval=10, clock=clock)
    with caplog.at_level(logging.WARNING, logger="t.kinds"):
        failures.failed("broadcasting", OSError("gone"))
        failures.failed("sending a task", OSError("gone"))
        failures.failed("broadcasting", OSError("gone"))
        clock.now += 4.5
        failures.succeeded("broadcasting")
        failures.succeeded("broadcasting")  # nothing more: it was already back

    assert lines(caplog, "t.kinds") == [
        "broadcasting failed: OSError: gone",
        "sending a task failed: OSError: gone",
        "broadcasting works again, after 2 failures over 4.5 s",
    ]
    assert failures.failing("sending a task")
    assert not failures.failing("broadcasting")


def test_a_librarys_repeated_traceback_becomes_one_line_an_interval(caplog, clock):
    logger = logging.getLogger("t.library")
    once = OncePerInterval(interval=10, clock=clock)
    logger.addFilter(once)
    try:
        with caplog.at_level(logging.ERROR, logger="t.library"):
            for _ in range(30):  # a receive loop failing every second, with its traceback
                try:
                    raise ConnectionError("Connection closed by server.")
                except ConnectionError:
                    logger.exception("Unexpected exception in receive task")
                clock.now += 1
    finally:
        logger.removeFilter(once)

    assert lines(caplog, "t.library") == [
        "Unexpected exception in receive task: ConnectionError: Connection closed by server.",
        "Unexpected exception in receive task: ConnectionError: Connection closed by server. "
        "(9 more like it since the last line)",
        "Unexpected exception in receive task: ConnectionError: Connection closed by server. "
        "(9 more like it since the last line)",
    ]
    assert all(r.exc_info is None for r in caplog.records)


def test_a_filter_for_some_messages_leaves_the_loggers_others_whole(caplog, clock):
    """Celery's request logger says "Couldn't ack" once per task running when the broker went
    away (held to one line an interval), and also a task handler's own error (kept whole)."""
    logger = logging.getLogger("t.request")
    once = OncePerInterval(interval=10, clock=clock, only=("Couldn't ack",))
    logger.addFilter(once)
    try:
        with caplog.at_level(logging.ERROR, logger="t.request"):
            for tag in range(5):
                try:
                    raise ConnectionError("network")
                except ConnectionError as exc:
                    logger.critical("Couldn't ack %r, reason:%r", tag, exc, exc_info=True)
            for _ in range(2):
                try:
                    raise ValueError("a bug in a task")
                except ValueError:
                    logger.exception("Task handler raised error")
    finally:
        logger.removeFilter(once)

    acks = [r for r in caplog.records if r.getMessage().startswith("Couldn't ack")]
    assert len(acks) == 1
    assert acks[0].exc_info is None
    handler = [r for r in caplog.records if r.getMessage() == "Task handler raised error"]
    assert len(handler) == 2
    assert all(r.exc_info is not None for r in handler)
