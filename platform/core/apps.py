from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self):
        # Every process that sends or runs Celery tasks (web, worker, beat) sets Django up, so
        # the task-lag instrumentation is connected wherever it is needed.
        from core import metrics

        metrics.connect_signals()
