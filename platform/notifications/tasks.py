"""Celery tasks of notifications: one mail, sent after the notification's transaction
committed (never in the request that made it), and the sweeper of mails still owed."""

from __future__ import annotations

import logging
import smtplib
from datetime import timedelta

from celery import shared_task
from django.conf import settings

log = logging.getLogger(__name__)

# What a retry can cure: the SMTP server refusing for now, a connection lost or timed out
# (socket.timeout and ConnectionError are OSErrors).
TRANSIENT = (smtplib.SMTPException, OSError)


@shared_task(
    name="notifications.tasks.send_email",
    autoretry_for=TRANSIENT,
    retry_backoff=settings.NOTIFICATION_EMAIL_RETRY_BACKOFF,
    retry_backoff_max=600,
    retry_jitter=True,
    max_retries=settings.NOTIFICATION_EMAIL_MAX_ATTEMPTS - 1,
    soft_time_limit=120,
    time_limit=180,
)
def send_email(notification_id: int) -> bool:
    """Send the mail notification ``notification_id`` owes (at most once)."""
    from notifications.services import notification_email_send

    return notification_email_send(notification_id=int(notification_id))


@shared_task(name="notifications.tasks.sweep_emails", soft_time_limit=300, time_limit=360)
def sweep_emails() -> int:
    """Send the mails still owed a while after their notification (beat, every
    NOTIFICATION_EMAIL_SWEEP_SECONDS): a task lost with its broker or worker, a mail whose
    retries were left to the embedded runner, or the tasks run without any runner."""
    from notifications.services import notification_email_send
    from notifications.services import notification_emails_owed

    sent = 0
    owed = notification_emails_owed(
        older_than=timedelta(seconds=settings.NOTIFICATION_EMAIL_SWEEP_AFTER_SECONDS)
    )
    for notification_id in owed:
        try:
            sent += notification_email_send(notification_id=notification_id)
        except TRANSIENT as exc:  # counted as an attempt; the next sweep tries again
            log.warning("mail of notification %s failed: %s", notification_id, exc)
    return sent


@shared_task(name="notifications.tasks.send_pushes", soft_time_limit=120, time_limit=180)
def send_pushes(notification_id: int) -> int:
    """Push notification ``notification_id`` to each of its reader's devices that opted in
    for its kind (notifications.push); a device whose push service failed for now gets a
    ``send_push`` later."""
    from notifications.push import push_notification_send

    return push_notification_send(notification_id=int(notification_id))


# Not Celery's own retry: on the embedded runner (which calls a task's run() itself) a task's
# retry() raises instead of retrying. Each attempt is a task of its own, submitted with an ETA
# (core.tasks.submit) the same way wherever tasks run, carrying its number.
@shared_task(name="notifications.tasks.send_push", soft_time_limit=60, time_limit=90)
def send_push(notification_id: int, subscription_id: int, attempt: int) -> str:
    """Try again the push of notification ``notification_id`` to one device."""
    from notifications.push import push_send

    return push_send(
        notification_id=int(notification_id),
        subscription_id=int(subscription_id),
        attempt=int(attempt),
    )
