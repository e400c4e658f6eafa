"""The Celery application: clocks, timeouts, bot seats and tournament steps run as its tasks.

With REDIS_URL set, a worker (`celery -A config worker`) and a single beat (`celery -A config
beat`) run them on Redis. Without it (the embedded default) tasks run eagerly in the calling
process and `core.embedded` starts an in-process sweeper in place of beat.
"""

import functools
import os
import warnings

from celery import Celery
from celery.exceptions import CPendingDeprecationWarning
from celery.signals import beat_init
from celery.worker.consumer import consumer as celery_consumer
from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def _connparams_of_a_live_connection(self, asynchronous=False):
    """kombu's Redis ``Channel._connparams``, raising a connection error, not AttributeError,
    for a channel whose connection was closed.

    When Redis goes away under a worker holding unacknowledged tasks (``acks_late``), the
    consumer closes its connection to reconnect. Closing the channel then requeues those tasks
    through that connection, and a task that finishes meanwhile is acknowledged through it:
    both reach here with the connection gone and raise ``AttributeError: 'NoneType' object
    has no attribute 'hostname'``, which neither path expects (they ignore connection errors),
    so the worker exits with "Unrecoverable error" instead of reconnecting (kombu 5.7; 4 of 12
    Redis restarts in the issue's repro, and tests/games/worker/test_recovery.py). Raised as a
    connection error, both are ignored as kombu means them to be, and the worker reconnects.
    The tasks not requeued went with Redis's data anyway: the sweeper plays their turns from
    the game rows (games.projections.automatic_grace).
    """
    connection = self.connection
    if connection is None or connection.client is None:
        raise RedisConnectionError("the channel's broker connection is closed")
    return _connparams(self, asynchronous=asynchronous)


_connparams = kombu_redis.Channel._connparams
kombu_redis.Channel._connparams = _connparams_of_a_live_connection


class Consumer(celery_consumer.Consumer):
    """Celery's worker consumer, reconnecting to a broker that went away every
    ``BROKER_RECONNECT_SECONDS`` (CELERY_WORKER_CONSUMER names this class).

    Celery asks kombu's ``Connection.ensure_connection`` without intervals, so kombu's defaults
    apply: 2 s after the loss, then 4, 6, 8 ... up to 30 s apart. After a Redis restart every
    bot seat and clock waited out the step it was in: an outage of 12 s stalled the tables for
    8.7 s after Redis was back, one of 20 s for 10.8 s. A broker connection is cheap to try; a
    short, fixed interval brings the worker back within it, whatever the outage's length.
    ``ensure_connection``'s interval arguments are public (kombu.Connection); the method
    overridden here, ``ensure_connected``, is Celery's public consumer API, bounded in
    pyproject.toml to Celery 5 (tests/platform/test_private_apis.py checks its call).
    """

    def ensure_connected(self, conn):
        from django.conf import settings

        interval = float(settings.BROKER_RECONNECT_SECONDS)
        conn.ensure_connection = functools.partial(
            conn.ensure_connection,
            interval_start=interval,
            interval_step=0,
            interval_max=interval,
        )
        return super().ensure_connected(conn)


# A task running when the broker connection is lost finishes (its acknowledgement is lost with
# the connection; each carries its seq, so a redelivery is a no-op): Celery 5's behaviour, kept.
# Celery warns at every reconnect that version 6 may cancel such tasks instead, a page each
# time; the choice is made, and Celery is bounded to 5 in pyproject.toml.
warnings.filterwarnings(
    "ignore",
    message=r"\s*In Celery 5\.1 we introduced an optional breaking change",
    category=CPendingDeprecationWarning,
)

app = Celery("mexican_train")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@beat_init.connect
def _start_the_sweeper(sender=None, **kwargs) -> None:
    """Beat's process also runs the sweeper (core.sweeper): one per platform, as beat is, and
    on the database alone, so a broker away or a worker stopped does not stop it."""
    from core import sweeper

    sweeper.start()
