"""The worker reconnects to a lost broker every BROKER_RECONNECT_SECONDS (config.celery.Consumer),
not after kombu's growing steps (2, 4, 6 ... 30 s), which after a Redis restart stalled every
bot seat and clock for up to 10.8 s once Redis was back."""

from __future__ import annotations

import pytest
from celery.worker.consumer import consumer as celery_consumer
from kombu import Connection
from kombu.exceptions import OperationalError
from kombu.utils import functional as kombu_functional

from config.celery import Consumer
from config.celery import app
from tests.support.server import free_port


def test_the_worker_tries_a_lost_broker_again_every_broker_reconnect_seconds(settings, monkeypatch):
    settings.BROKER_RECONNECT_SECONDS = 0.5
    slept: list[float] = []  # kombu's waits between the attempts, recorded, not slept
    monkeypatch.setattr(kombu_functional, "sleep", slept.append)
    said: list[str] = []  # Celery's line for each failed attempt
    monkeypatch.setattr(celery_consumer, "error", lambda fmt, *args: said.append(fmt % args))
    monkeypatch.setitem(app.conf, "broker_connection_max_retries", 4)
    consumer = Consumer.__new__(Consumer)  # only what ensure_connected reads
    consumer.app = app
    consumer.first_connection_attempt = False
    consumer.broker_connection_retry_attempt = 0
    nobody = Connection(f"redis://127.0.0.1:{free_port()}/0", connect_timeout=1)

    with pytest.raises(OperationalError):  # kombu's, once the retries are used up
        consumer.ensure_connected(nobody)

    assert len(said) == 4, said
    assert [w for w in slept if w] == [0.5, 0.5, 0.5, 0.5]
