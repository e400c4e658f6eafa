from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self):
        # Every process that sends or runs Celery tasks (web, worker, beat) sets Django up, so
        # the task-lag instrumentation is connected wherever it is needed.
        from core import logging as request_ids
        from core import metrics
        from core import sentry
        from core import tracing

        metrics.connect_signals()
        request_ids.connect_signals()  # the request id carried into the tasks it schedules
        # Each off, costing nothing, unless its environment variable is set.
        sentry.setup()
        tracing.setup()
