"""The Celery application: clocks, timeouts, bot seats and tournament steps run as its tasks.

With REDIS_URL set, a worker (`celery -A config worker`) and a single beat (`celery -A config
beat`) run them on Redis. Without it (the embedded default) tasks run eagerly in the calling
process and `core.embedded` starts an in-process sweeper in place of beat.
"""

import os

from celery import Celery
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

app = Celery("mexican_train")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
