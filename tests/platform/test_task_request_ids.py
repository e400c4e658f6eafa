"""The request id of the work that submits a task is the one the task runs under, wherever it
runs (core.logging, core.tasks): on the embedded runner's thread, in the message's header to a
worker (a real one: tests/games/worker/test_request_id_on_the_worker.py), and not left bound
after the task."""

from __future__ import annotations

import threading
from types import SimpleNamespace

from core import logging as request_ids
from core import tasks


class _Records:
    name = "records"

    def __init__(self) -> None:
        self.seen: list[str | None] = []
        self.done = threading.Event()

    def run(self) -> None:
        self.seen.append(request_ids.current_request_id())
        self.done.set()


def test_a_task_on_the_embedded_runner_runs_under_the_submitters_request_id():
    runner = tasks.EmbeddedRunner(periodic=[]).start()
    task = _Records()
    token = request_ids.bind_request_id("req-embedded-1")
    try:
        runner.put(task, ())
    finally:
        request_ids.unbind_request_id(token)
    try:
        assert task.done.wait(timeout=10)
    finally:
        runner.stop()
    assert task.seen == ["req-embedded-1"]


def test_the_header_is_stamped_at_publish_and_bound_while_the_worker_runs_the_task():
    headers: dict = {}
    token = request_ids.bind_request_id("req-header-1")
    try:
        request_ids.stamp_task_request_id(headers=headers)
    finally:
        request_ids.unbind_request_id(token)
    assert headers == {request_ids.TASK_HEADER: "req-header-1"}

    # A worker's task request carries a message's custom headers as attributes.
    task = SimpleNamespace(request=SimpleNamespace(is_eager=False, **headers))
    request_ids.bind_task_request_id(task=task)
    assert request_ids.current_request_id() == "req-header-1"
    request_ids.unbind_task_request_id(task=task)
    assert request_ids.current_request_id() is None


def test_a_malformed_header_binds_no_request_id():
    task = SimpleNamespace(
        request=SimpleNamespace(is_eager=False, **{request_ids.TASK_HEADER: "bad id\nforged"})
    )
    request_ids.bind_task_request_id(task=task)
    assert request_ids.current_request_id() is None
    request_ids.unbind_task_request_id(task=task)
    assert request_ids.current_request_id() is None
