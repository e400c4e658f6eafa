"""Notify players in the app and, when they want it and have an address, by email.

``notify`` only inserts the row (in the caller's transaction: a move's request never talks to
an SMTP server); once that commits, ``notifications.tasks.send_email`` is queued and sends the
mail in the recipient's language (``notification_email_send``), retried with backoff by
Celery; ``notifications.tasks.sweep_emails`` (beat) sends what a lost task left owed. The
devices that opted in get it as a Web Push the same way (notifications.push).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import connection
from django.db import transaction
from django.db.models import F
from django.db.models import Q
from django.template.loader import render_to_string
from django.utils import translation

from core import clock
from notifications.kinds import KINDS
from notifications.kinds import render
from notifications.models import EmailPreference
from notifications.models import Notification
from notifications.models import PushSubscription
from notifications.push import push_queue

log = logging.getLogger(__name__)

UNSUBSCRIBE_SALT = "notifications.unsubscribe"


def notify(*, user, kind: str, params: dict, url: str = "", key: str = "", read: bool = False):
    """Record a notification for ``user``; return it, or None if ``key`` was already notified.

    ``params`` are the names and numbers the kind's words take (notifications.kinds), never
    English text. A mail is owed when the player wants this kind by email and has an address;
    it is queued once the transaction commits, so a rolled-back change never mails anyone.
    ``read``: recorded as read already (a digest repeats notices the app has shown). Bots are
    never notified.
    """
    if user.is_bot:
        return None
    with translation.override(settings.LANGUAGE_CODE):
        text = render(kind, params)
    note = Notification(
        user=user,
        kind=kind,
        params=params,
        text=text[:300],
        url=url,
        key=key,
        created_at=clock.now(),
        read_at=clock.now() if read else None,
        email_pending=bool(user.email) and email_wanted(user, kind),
    )
    has_device = None  # not known yet: push_queue reads it after the commit
    if not key:
        note.save(force_insert=True)
    else:
        inserted, has_device = _insert_new(note)
        if not inserted:
            return None  # this key was notified before (e.g. a task delivered twice)
    if note.email_pending:
        transaction.on_commit(lambda: _queue_email(note.pk))
    push_queue(note, has_device=has_device)  # to the devices that opted in, once committed
    return note


def _queue_email(note_id: int) -> None:
    from core.tasks import submit
    from notifications.tasks import send_email

    # In the background even where tasks otherwise run inline (no broker, no runner): the
    # sweeper sends it then. Never in the request that made the notification.
    submit(send_email, note_id, background=True)


def _insert_new(note: Notification) -> tuple[bool, bool]:
    """Insert ``note`` unless its (user, key) is there already; return whether it was
    inserted and whether its reader has a push device. One statement (``ON CONFLICT DO
    NOTHING``, PostgreSQL and SQLite alike), where catching the unique violation would need a
    savepoint around it: two more round trips on the move that hands a correspondence turn
    over; the device is asked in the same statement, not in a read or a task of its own."""
    fields = [f for f in Notification._meta.concrete_fields if not f.primary_key]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    values = [f.get_db_prep_save(f.pre_save(note, True), connection) for f in fields]
    table = connection.ops.quote_name(Notification._meta.db_table)
    devices = connection.ops.quote_name(PushSubscription._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(fields))}) "
            "ON CONFLICT DO NOTHING RETURNING id, "
            f"EXISTS (SELECT 1 FROM {devices} WHERE {connection.ops.quote_name('user_id')} = %s)",
            [*values, note.user_id],
        )
        row = cursor.fetchone()
    if row is None:
        return False, False
    note.pk = row[0]
    return True, bool(row[1])


# -- preferences ---------------------------------------------------------------------------------


def email_preferences(user) -> dict[str, bool]:
    """Every kind's email choice of ``user`` (the kind's default where there is no row)."""
    chosen = dict(EmailPreference.objects.filter(user=user).values_list("kind", "enabled"))
    return {name: chosen.get(name, kind.email_default) for name, kind in KINDS.items()}


def email_wanted(user, kind: str) -> bool:
    if kind not in KINDS:
        return False
    row = EmailPreference.objects.filter(user=user, kind=kind).values_list("enabled", flat=True)
    chosen = row.first()
    return KINDS[kind].email_default if chosen is None else chosen


def email_preferences_set(*, user, choices: dict[str, bool]) -> None:
    """Store ``user``'s email choice for each kind named in ``choices`` (others unchanged)."""
    now = clock.now()
    for kind, enabled in choices.items():
        if kind in KINDS:
            EmailPreference.objects.update_or_create(
                user=user, kind=kind, defaults={"enabled": bool(enabled), "updated_at": now}
            )


def unsubscribe_token(user, kind: str) -> str:
    """A signed token that turns off ``kind`` by email for ``user`` (the mails' link)."""
    return signing.dumps({"u": user.pk, "k": kind}, salt=UNSUBSCRIBE_SALT)


def unsubscribe_token_read(token: str) -> tuple[int, str]:
    """Return (user id, kind) of a token; ``signing.BadSignature`` (tampered, expired, or
    not one of ours) otherwise."""
    max_age = timedelta(days=settings.UNSUBSCRIBE_TOKEN_DAYS)
    data = signing.loads(token, salt=UNSUBSCRIBE_SALT, max_age=max_age)
    if (
        not isinstance(data, dict)
        or data.get("k") not in KINDS
        or not isinstance(data.get("u"), int)
    ):
        raise signing.BadSignature("not an unsubscribe token")
    return data["u"], data["k"]


def email_unsubscribe(*, token: str):
    """Turn off by email the kind a token names, for the user it names; return (user, kind).
    Raises ``signing.BadSignature`` for a bad token (nothing changed)."""
    from django.contrib.auth import get_user_model

    user_id, kind = unsubscribe_token_read(token)
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise signing.BadSignature("no such user")
    email_preferences_set(user=user, choices={kind: False})
    return user, kind


# -- the mail ------------------------------------------------------------------------------------


def _site(path: str) -> str:
    return f"{settings.SITE_URL.rstrip('/')}{path}"


def notification_email_message(note: Notification) -> EmailMultiAlternatives:
    """The mail of ``note``, in its recipient's language, with a one-click unsubscribe link
    (RFC 8058: List-Unsubscribe and List-Unsubscribe-Post headers, and in the body)."""
    user = note.user
    language = user.language or settings.LANGUAGE_CODE
    unsubscribe = _site(f"/unsubscribe/{unsubscribe_token(user, note.kind)}")
    kind = KINDS.get(note.kind)
    with translation.override(language):
        text = note.rendered()
        lines = kind.email_lines(note.params) if kind and kind.email_lines and note.params else []
        context = {
            "text": text,
            "lines": [(line, _site(path) if path else "") for line, path in lines],
            "link": _site(note.url or "/"),
            "unsubscribe": unsubscribe,
            "settings_link": _site("/settings"),
            "kind_label": str(KINDS[note.kind].label) if note.kind in KINDS else "",
            "user": user,
        }
        subject = render_to_string("notifications/email_subject.txt", context).strip()
        body = render_to_string("notifications/email.txt", context)
    message = EmailMultiAlternatives(
        subject=" ".join(subject.split()),
        body=body,
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Content-Language": language,
        },
    )
    return message


def _claim(note_id: int, now) -> bool:
    """Take the mail of ``note_id`` for this attempt in one UPDATE: owed, not sent, and no
    other attempt holding it (a claim lasts a few SMTP timeouts). True if this one has it."""
    lease = now + timedelta(seconds=(settings.EMAIL_TIMEOUT or 10) * 3 + 30)
    claimed = (
        Notification.objects.filter(pk=note_id, email_pending=True, emailed_at__isnull=True)
        .filter(Q(email_claimed_until__isnull=True) | Q(email_claimed_until__lt=now))
        .update(email_claimed_until=lease, email_attempts=F("email_attempts") + 1)
    )
    return claimed == 1


def notification_email_send(*, notification_id: int) -> bool:
    """Send the mail a notification owes, once; True if it was sent now.

    A task delivered twice, or the sweeper beside a retry, finds it claimed or sent and does
    nothing. An SMTP error or timeout releases the claim and is raised (the task retries it);
    after NOTIFICATION_EMAIL_MAX_ATTEMPTS the mail is given up (``emailed_at`` stays empty).
    A player who turned the kind off (or removed their address) meanwhile gets no mail.
    """
    if not _claim(notification_id, clock.now()):
        return False
    note = Notification.objects.select_related("user").get(pk=notification_id)
    mine = Notification.objects.filter(pk=notification_id)
    if not note.user.email or not email_wanted(note.user, note.kind):
        mine.update(email_pending=False, email_claimed_until=None)
        return False
    try:
        note_message = notification_email_message(note)
        note_message.send(fail_silently=False)
    except Exception:
        given_up = note.email_attempts >= settings.NOTIFICATION_EMAIL_MAX_ATTEMPTS
        mine.update(email_claimed_until=None, email_pending=not given_up)
        if given_up:
            log.warning("gave up the mail of notification %s", notification_id)
        raise
    mine.update(emailed_at=clock.now(), email_pending=False, email_claimed_until=None)
    return True


def notification_emails_owed(*, older_than: timedelta, limit: int = 200) -> list[int]:
    """Ids of the mails still owed ``older_than`` after their notification (a task lost, a
    worker that died, or no task runner): the sweeper's work."""
    now = clock.now()
    return list(
        Notification.objects.filter(
            email_pending=True, emailed_at__isnull=True, created_at__lte=now - older_than
        )
        .filter(Q(email_claimed_until__isnull=True) | Q(email_claimed_until__lt=now))
        .order_by("created_at")
        .values_list("pk", flat=True)[:limit]
    )


def notifications_mark_read(*, user, ids: list[int] | None = None) -> int:
    """Mark ``user``'s notifications read (all unread ones if ``ids`` is None)."""
    qs = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        qs = qs.filter(pk__in=ids)
        if not ids:
            return 0
    return qs.update(read_at=clock.now())
