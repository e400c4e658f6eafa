"""A real Celery worker with a prefork pool in multiprocess mode, started through the image's
entry point: its main process serves on METRICS_PORT the task lag its pool process observed."""

from __future__ import annotations

import os
import sys
import time
import urllib.error
import urllib.request
import uuid
from urllib.parse import urlsplit
from urllib.parse import urlunsplit

import pytest
from celery import Celery
from django.db import connection
from prometheus_client.parser import text_string_to_metric_families

from tests.deploy.conftest import DEPLOY
from tests.deploy.conftest import REPO
from tests.support.celery import database_url_of
from tests.support.celery import redis_url_for_tests
from tests.support.server import free_port
from tests.support.server import spawn
from tests.support.server import stop

TOKEN = "worker-metrics-token"
TASK = "games.tasks.sweep_deadlines"

pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def get(url: str, token: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=3) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, ""
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return 0, ""


def lag_count(text: str) -> float:
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "mexican_train_task_lag_seconds_count" and sample.labels == {
                "task": TASK
            }:
                return sample.value
    return 0.0


def wait_for(predicate, *, timeout: float, what: str, log) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.3)
    log.flush()
    tail = "\n".join(open(log.name, errors="replace").read().splitlines()[-30:])
    pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}\n{tail}", pytrace=False)


def test_a_prefork_worker_serves_its_pools_task_lag_on_its_metrics_port(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: the worker is another process on the same database")
    parts = urlsplit(redis_url_for_tests("the worker metrics test"))
    broker = urlunsplit(parts._replace(path=f"/{(int(parts.path.lstrip('/') or 0) + 2) % 16}"))
    queue = f"deploy-test-{uuid.uuid4().hex}"  # this test's worker takes only this test's tasks
    port = free_port()
    metrics_dir = tmp_path / "prometheus"
    metrics_dir.mkdir()
    (metrics_dir / "counter_999999.db").write_bytes(b"left by a previous run")
    env = {
        k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE", "DJANGO_PROFILE"}
    }
    env.update(
        DATABASE_URL=database_url_of(connection),
        DATABASE_POOL="0",
        CELERY_BROKER_URL=broker,
        CELERY_EAGER="0",
        PROMETHEUS_MULTIPROC_DIR=str(metrics_dir),
        METRICS_PORT=str(port),
        METRICS_TOKEN=TOKEN,
        PYTHONUNBUFFERED="1",
        PYTHONPATH=os.pathsep.join([str(REPO / "platform"), str(REPO)]),
    )
    command = [
        str(DEPLOY / "docker-entrypoint.sh"),
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config",
        "worker",
        "--pool=prefork",
        "--concurrency=1",
        "--loglevel=INFO",
        "--without-gossip",
        "--without-mingle",
        "-Q",
        queue,
        "--hostname",
        f"{queue}@%h",
    ]
    base = f"http://127.0.0.1:{port}"
    # Not the current app: the platform's shared tasks would follow it to this test's broker
    # in every later test of this process (the notification mail never reached its worker).
    sender = Celery("deploy-test", broker=broker, set_as_current=False)
    with open(tmp_path / "worker.log", "w") as log:
        worker = spawn(command, env=env, log=log)
        try:
            wait_for(
                lambda: get(f"{base}/healthz")[0] == 200,
                timeout=60,
                what="the worker's exporter",
                log=log,
            )
            # the entry point emptied the directory: no value of a previous run survives
            assert not (metrics_dir / "counter_999999.db").exists()
            assert get(f"{base}/metrics")[0] == 401
            # one task due in 1 s (lag from its ETA), one due now (lag from its publication)
            sender.send_task(TASK, queue=queue, countdown=1)
            sender.send_task(TASK, queue=queue)
            wait_for(
                lambda: lag_count(get(f"{base}/metrics", TOKEN)[1]) == 2,
                timeout=30,
                what="two task-lag observations",
                log=log,
            )
            # observed in the pool process, served by the main one: through the files
            pids = {p.stem.rsplit("_", 1)[1] for p in metrics_dir.glob("histogram_*.db")}
            assert pids
            assert str(worker.pid) not in pids
        finally:
            sender.close()
            stop(worker, timeout=20)
