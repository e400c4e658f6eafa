"""Notify players in the app and, when asked and they have an address, by email."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction

from core import clock
from core.errors import NotFound
from notifications.models import Notification


def notify(*, user, kind: str, text: str, url: str = "", key: str = "", email: bool = False):
    """Record a notification for ``user``; return it, or None if ``key`` was already notified.

    The email (if asked and the user has an address) is sent once the transaction commits, so
    a rolled-back change never mails anyone. Bots are never notified.
    """
    if getattr(user, "is_bot", False):
        return None
    try:
        with transaction.atomic():
            note = Notification.objects.create(
                user=user, kind=kind, text=text[:300], url=url, key=key, created_at=clock.now()
            )
    except IntegrityError:
        return None  # this key was notified before (e.g. a task delivered twice)
    if email and user.email:
        transaction.on_commit(lambda: _send_email(note.pk))
    return note


def _send_email(note_id: int) -> None:
    note = Notification.objects.select_related("user").get(pk=note_id)
    link = f"{settings.SITE_URL.rstrip('/')}{note.url}" if note.url else settings.SITE_URL
    send_mail(
        subject=f"Mexican Train: {note.text}",
        message=f"{note.text}\n\n{link}\n",
        from_email=None,
        recipient_list=[note.user.email],
        fail_silently=True,
    )
    Notification.objects.filter(pk=note_id).update(emailed=True)


def notifications_mark_read(*, user, ids: list[int] | None = None) -> int:
    """Mark ``user``'s notifications read (all unread ones if ``ids`` is None)."""
    qs = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        qs = qs.filter(pk__in=ids)
        if not ids:
            return 0
    return qs.update(read_at=clock.now())


def notification_get(*, user, notification_id: int) -> Notification:
    try:
        return Notification.objects.get(pk=notification_id, user=user)
    except Notification.DoesNotExist:
        raise NotFound("not_found", "no such notification") from None
