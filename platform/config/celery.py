"""The Celery application: clocks, timeouts, bot seats and tournament steps run as its tasks.

With REDIS_URL set, a worker (`celery -A config worker`) and a single beat (`celery -A config
beat`) run them on Redis. Without it (the embedded default) tasks run eagerly in the calling
process and `core.embedded` starts an in-process sweeper in place of beat.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("mexican_train")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
