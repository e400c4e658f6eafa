"""In-process services of the embedded default (no broker: tasks run in the server process)."""

from django.conf import settings


def start_embedded_services() -> None:
    """Start the in-process task runner when tasks run eagerly.

    It runs in the `serve` process after migrations and before the ASGI server starts: a
    thread runs the tasks the services submit (bot turns, live timeouts, ratings, tournament
    steps) and Celery beat's schedule (the deadline sweeper, the tournaments tick), as a Celery
    worker and beat would. With a broker (REDIS_URL or CELERY_BROKER_URL, CELERY_EAGER not
    set) a separate worker and beat do this work, so nothing is started here.
    """
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        return
    from core.tasks import start_embedded_runner

    start_embedded_runner()
