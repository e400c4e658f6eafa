"""Notify players in the app and, when asked and they have an address, by email."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.db import connection, transaction

from core import clock
from notifications.models import Notification


def notify(*, user, kind: str, text: str, url: str = "", key: str = "", email: bool = False):
    """Record a notification for ``user``; return it, or None if ``key`` was already notified.

    The email (if asked and the user has an address) is sent once the transaction commits, so
    a rolled-back change never mails anyone. Bots are never notified.
    """
    if user.is_bot:
        return None
    note = Notification(
        user=user, kind=kind, text=text[:300], url=url, key=key, created_at=clock.now()
    )
    if not key:
        note.save(force_insert=True)
    elif not _insert_new(note):
        return None  # this key was notified before (e.g. a task delivered twice)
    if email and user.email:
        transaction.on_commit(lambda: _send_email(note.pk))
    return note


def _insert_new(note: Notification) -> bool:
    """Insert ``note`` unless its (user, key) is there already; True if it was inserted. One
    statement (``ON CONFLICT DO NOTHING``, PostgreSQL and SQLite alike), where catching the
    unique violation would need a savepoint around it: two more round trips on the move
    that hands a correspondence turn over."""
    fields = [f for f in Notification._meta.concrete_fields if not f.primary_key]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    values = [f.get_db_prep_save(f.pre_save(note, True), connection) for f in fields]
    table = connection.ops.quote_name(Notification._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(fields))}) "
            "ON CONFLICT DO NOTHING RETURNING id",
            values,
        )
        row = cursor.fetchone()
    if row is None:
        return False
    note.pk = row[0]
    return True


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
