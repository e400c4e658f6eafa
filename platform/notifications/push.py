"""Web Push: a player's notices on the devices they opted in (W3C Push API; RFC 8030, 8291,
8292), as ``pywebpush`` sends them.

A browser subscribes from /settings (``push_subscription_save``: its push service's endpoint
and its keys, and the push kinds it wants: notifications.kinds.PUSH_KINDS). ``notify`` queues
``notifications.tasks.send_pushes`` once its transaction commits, for a kind that has a push
kind (``Kind.push``); the task sends one push to each of the player's subscriptions that opted
in (``push_notification_send``), encrypted for that browser and signed with the platform's VAPID
key. A push service that answers 404 or 410 has dropped the subscription: its row is deleted.
A network error, a 5xx or a 429 is tried again (``notifications.tasks.send_push``) with a
doubling backoff, or after the Retry-After the service asked for, up to WEB_PUSH_MAX_ATTEMPTS.
Other answers (400, 403, 413) are logged and the push is dropped: trying again would not change
them.

What a push carries (``push_payload``): the notice's words in the reader's language, its link,
and the game's id and the other player's name where it has them; never a tile, a hand or
anything of a game's state. Each attempt claims its push (``PushDelivery``) before it sends,
so a task delivered twice or run twice at once sends once. A retry after a timeout the service
had in fact taken may send twice: the browser shows one notification, as a push's ``tag`` is
the game's, and a shown notification of the same tag is replaced.
"""

from __future__ import annotations

import binascii
import json
import logging
import random
import re
from datetime import timedelta
from functools import cache
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext

from core import clock
from core.errors import ApplicationError
from core.errors import Conflict
from core.errors import CoreError
from core.errors import NotFound
from core.fields import DB_INT_MAX
from notifications.errors import NotificationError as E
from notifications.kinds import PUSH_KINDS
from notifications.kinds import push_kind_of
from notifications.models import Notification
from notifications.models import PushDelivery
from notifications.models import PushSubscription
from notifications.vapid import b64url_decode

log = logging.getLogger(__name__)

# The longest a retry waits, whatever the backoff or a Retry-After says (seconds).
RETRY_MAX_SECONDS = 600
BODY_MAX = 400  # characters of the notice's words in a push (a push holds 4 KiB at most)
GAME_URL = re.compile(r"^/games/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})")


class PushRetry(Exception):
    """The push service could not take the push now (network, 5xx, 429): try again later;
    ``retry_after``: the seconds it asked for, if it did."""

    def __init__(self, why: str, retry_after: float | None = None) -> None:
        super().__init__(why)
        self.retry_after = retry_after


# -- subscriptions ------------------------------------------------------------------------------


def push_available() -> None:
    """Refuse (409 ``push_not_configured``) where the platform has no VAPID key."""
    if not settings.WEB_PUSH_ENABLED:
        raise Conflict(E.PUSH_NOT_CONFIGURED, "this platform sends no pushes (no VAPID key)")


def push_endpoint_check(endpoint: str) -> None:
    """Refuse (400 ``invalid_push_endpoint``) an endpoint that is not an https URL of a push
    service in WEB_PUSH_ENDPOINT_HOSTS: the platform POSTs to it, so it must never be a URL of
    the caller's choosing (an address inside the network, say)."""
    parts = urlsplit(endpoint)
    schemes = ("https", "http") if settings.WEB_PUSH_INSECURE_ENDPOINTS else ("https",)
    host = (parts.hostname or "").lower()
    allowed = any(
        host.endswith(entry.lower()) if entry.startswith(".") else host == entry.lower()
        for entry in settings.WEB_PUSH_ENDPOINT_HOSTS
    )
    if parts.scheme not in schemes or not host or parts.username or parts.password or not allowed:
        raise ApplicationError(E.INVALID_PUSH_ENDPOINT, "not an https URL of a known push service")


def push_keys_check(p256dh: str, auth: str) -> None:
    """Refuse (400 ``invalid_push_keys``) keys a push could not be encrypted for: ``p256dh``
    must be a P-256 public key (an uncompressed point, base64url) and ``auth`` 16 bytes."""
    try:
        point = b64url_decode(p256dh)
        secret = b64url_decode(auth)
        if len(point) != 65 or len(secret) != 16:
            raise ValueError("wrong length")
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except (binascii.Error, ValueError):
        raise ApplicationError(
            E.INVALID_PUSH_KEYS, "keys.p256dh must be a P-256 public key, keys.auth 16 bytes"
        ) from None


def push_subscription_save(
    *, user, endpoint: str, p256dh: str, auth: str, kinds: list[str], label: str = ""
) -> tuple[PushSubscription, bool]:
    """Subscribe a browser for ``user``; return (its row, True if it is new).

    The endpoint is the browser's: subscribing it again (new keys, other kinds, another
    account signed in on that device) updates its one row and moves it to ``user``. A player
    has at most WEB_PUSH_SUBSCRIPTIONS_PER_USER (409 ``too_many_push_subscriptions``)."""
    push_available()
    push_endpoint_check(endpoint)
    push_keys_check(p256dh, auth)
    kinds = [k for k in PUSH_KINDS if k in set(kinds)]
    with transaction.atomic():
        row = PushSubscription.objects.select_for_update().filter(endpoint=endpoint).first()
        mine = PushSubscription.objects.filter(user=user)
        if row is None or row.user_id != user.pk:
            if mine.count() >= settings.WEB_PUSH_SUBSCRIPTIONS_PER_USER:
                raise Conflict(
                    E.TOO_MANY_PUSH_SUBSCRIPTIONS,
                    "you have subscribed as many devices as allowed; remove one first",
                    extra={"limit": settings.WEB_PUSH_SUBSCRIPTIONS_PER_USER},
                )
        if row is None:
            row = PushSubscription.objects.create(
                user=user,
                endpoint=endpoint,
                p256dh=p256dh,
                auth=auth,
                kinds=kinds,
                label=label,
                created_at=clock.now(),
            )
            return row, True
        row.user, row.p256dh, row.auth, row.kinds = user, p256dh, auth, kinds
        row.label = label or row.label
        row.save(update_fields=["user", "p256dh", "auth", "kinds", "label"])
        return row, False


def push_subscription_get(*, user, subscription_id: int) -> PushSubscription:
    """One of ``user``'s subscriptions; 404 for anyone else's (nothing said about it)."""
    row = None
    if 0 < subscription_id <= DB_INT_MAX:  # a path's digits may be past what a bigint holds
        row = PushSubscription.objects.filter(pk=subscription_id, user=user).first()
    if row is None:
        raise NotFound(CoreError.NOT_FOUND, "no such push subscription")
    return row


def push_subscription_update(
    *, user, subscription_id: int, kinds: list[str] | None = None, label: str | None = None
) -> PushSubscription:
    """Change which push kinds one of ``user``'s devices gets, or its label."""
    row = push_subscription_get(user=user, subscription_id=subscription_id)
    if kinds is not None:
        row.kinds = [k for k in PUSH_KINDS if k in set(kinds)]
    if label is not None:
        row.label = label
    row.save(update_fields=["kinds", "label"])
    return row


def push_subscription_delete(*, user, subscription_id: int) -> None:
    """Unsubscribe one of ``user``'s devices (404 for anyone else's)."""
    push_subscription_get(user=user, subscription_id=subscription_id).delete()


# -- sending ------------------------------------------------------------------------------------


def push_queue(note: Notification, *, has_device: bool | None = None) -> None:
    """Queue the pushes of ``note`` once the transaction commits, if its kind is ever pushed.

    In the background wherever tasks run (a worker, the embedded runner): never in the
    request that made the notice. Where nothing runs tasks (the shell, tests without a runner)
    no push goes: the notice stays in the app and in the mail. ``has_device``: whether the
    reader has a push device, where the caller knows (a keyed notice's insert asks); None:
    read after the commit. No task is queued for a reader without one."""
    if not settings.WEB_PUSH_ENABLED or not push_kind_of(note.kind, note.params) or note.read_at:
        return
    if has_device is False:  # its insert asked (notifications.services._insert_new)
        return
    note_id, user_id = note.pk, note.user_id
    if has_device:
        transaction.on_commit(lambda: _submit("send_pushes", note_id))
    else:
        transaction.on_commit(lambda: _submit_if_subscribed(note_id, user_id))


def _submit_if_subscribed(note_id: int, user_id: int) -> None:
    """Queue the pushes of a notice whose reader has a device: most players have none, and a
    correspondence move would cost each of them a task (its messages, a worker's read) that
    finds nothing to do; an indexed read after the commit costs less. A device subscribed
    between the two is missed only for this notice, as one subscribed a moment later would be."""
    if PushSubscription.objects.filter(user_id=user_id).exists():
        _submit("send_pushes", note_id)


def _submit(name: str, *args, eta=None) -> None:
    from core.tasks import submit
    from notifications import tasks

    submit(getattr(tasks, name), *args, eta=eta, background=True)


def push_payload(note: Notification) -> dict:
    """What a push of ``note`` carries, in its reader's language: the words and the link, the
    game's id and the other player's name where the notice has them. Nothing else: never a
    tile, a hand, a score (the service worker shows it; frontend's sw.js)."""
    from accounts.names import deleted_name
    from accounts.names import is_pseudonym

    user = note.user
    with translation.override(user.language or settings.LANGUAGE_CODE):
        title = gettext("Mexican Train")
        body = note.rendered()
        if len(body) > BODY_MAX:
            body = body[: BODY_MAX - 1] + "…"
        opponent = (note.params or {}).get("player")
        if isinstance(opponent, str) and is_pseudonym(opponent):
            opponent = str(deleted_name())
    match = GAME_URL.match(note.url or "")
    game = match.group(1) if match else None
    return {
        "kind": note.kind,
        "title": title,
        "body": body,
        "url": note.url or "/",
        "game": game,
        "opponent": opponent if isinstance(opponent, str) else None,
        "tag": f"game:{game}" if game else f"notice:{note.pk}",
    }


def push_notification_send(*, notification_id: int) -> int:
    """Push ``notification_id`` to each of its reader's devices that opted in for its push
    kind; return how many push services took it. A device whose service failed for now gets
    its push from a retry (``notifications.tasks.send_push``)."""
    note = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if note is None or note.read_at is not None:
        return 0
    push_kind = push_kind_of(note.kind, note.params)
    if not push_kind or not settings.WEB_PUSH_ENABLED:
        return 0
    devices = [
        s for s in PushSubscription.objects.filter(user_id=note.user_id) if push_kind in s.kinds
    ]
    return sum(_attempt(note, device, 1) == "sent" for device in devices)


def push_send(*, notification_id: int, subscription_id: int, attempt: int) -> str:
    """Try again the push of ``notification_id`` to one device (``attempt``: 2 and on); what
    came of it: sent, gone, refused, retry, given_up, or skipped (the notice or the device is
    gone, the device opted out of its kind, the player read the notice in the app)."""
    note = Notification.objects.select_related("user").filter(pk=notification_id).first()
    device = PushSubscription.objects.filter(pk=subscription_id).first()
    if (
        note is None
        or device is None
        or device.user_id != note.user_id
        or note.read_at is not None
        or push_kind_of(note.kind, note.params) not in device.kinds
        or not settings.WEB_PUSH_ENABLED
    ):
        return "skipped"
    return _attempt(note, device, attempt)


def _claim(note: Notification, device: PushSubscription, attempt: int) -> bool:
    """Take attempt ``attempt`` of this push, in one UPDATE: no outcome yet, and either an
    earlier attempt was the last, or this one's lease ran out (its worker died holding it).
    True if this task has it; a task delivered twice, or run twice at once, gets False."""
    now = clock.now()
    PushDelivery.objects.bulk_create(
        [PushDelivery(notification=note, subscription=device)], ignore_conflicts=True
    )
    lease = now + timedelta(seconds=settings.WEB_PUSH_TIMEOUT * 3 + 30)
    claimed = (
        PushDelivery.objects.filter(notification=note, subscription=device, outcome="")
        .filter(Q(attempts__lt=attempt) | Q(attempts=attempt, claimed_until__lt=now))
        .update(attempts=attempt, claimed_until=lease)
    )
    return claimed == 1


def _settle(note: Notification, device: PushSubscription, outcome: str = "") -> None:
    """Release the claim: with an outcome that ends the push, or none (a retry follows)."""
    PushDelivery.objects.filter(notification=note, subscription=device).update(
        claimed_until=None, outcome=outcome, done_at=clock.now() if outcome else None
    )


def _attempt(note: Notification, device: PushSubscription, attempt: int) -> str:
    if not _claim(note, device, attempt):
        return "skipped"  # another run of this task has it, or had it
    try:
        outcome = _deliver(note, device)
    except PushRetry as exc:
        if attempt >= settings.WEB_PUSH_MAX_ATTEMPTS:
            _settle(note, device, "given_up")
            log.warning(
                "gave up the push of notification %s to subscription %s after %s attempts: %s",
                note.pk,
                device.pk,
                attempt,
                exc,
            )
            return "given_up"
        delay = retry_delay(attempt, exc.retry_after)
        log.info(
            "push of notification %s to subscription %s: %s; again in %.1f s",
            note.pk,
            device.pk,
            exc,
            delay,
        )
        _settle(note, device)
        eta = clock.now() + timedelta(seconds=delay)
        _submit("send_push", note.pk, device.pk, attempt + 1, eta=eta)
        return "retry"
    if outcome != "gone":  # a device gone took its deliveries with it
        _settle(note, device, outcome)
    return outcome


def retry_delay(attempt: int, retry_after: float | None = None) -> float:
    """Seconds before attempt ``attempt + 1``: what the service asked for (Retry-After), else
    WEB_PUSH_RETRY_BACKOFF doubled at each attempt, with jitter; at most RETRY_MAX_SECONDS."""
    if retry_after is not None:
        return min(max(retry_after, 0.0), RETRY_MAX_SECONDS)
    base = settings.WEB_PUSH_RETRY_BACKOFF * 2 ** (attempt - 1)
    return min(base * random.uniform(0.5, 1.0), RETRY_MAX_SECONDS)  # noqa: S311 - jitter


def _retry_after(response) -> float | None:
    """A Retry-After in seconds (the only form push services send), else None."""
    value = (response.headers.get("Retry-After") or "").strip() if response is not None else ""
    try:
        return float(value) if value else None
    except ValueError:
        return None


@cache
def _vapid(private_key: str):
    """The VAPID signer of ``private_key``, parsed once per process, not once per push."""
    from py_vapid import Vapid

    return Vapid.from_string(private_key)


def _deliver(note: Notification, device: PushSubscription) -> str:
    """One POST to the device's push service; 'sent', 'gone' (404/410: its row deleted) or
    'refused'; PushRetry for what a later attempt may cure."""
    from pywebpush import WebPushException
    from pywebpush import webpush

    payload = push_payload(note)
    headers = {}
    if payload["game"]:
        # A device that was offline is given only the latest push about a game (RFC 8030 5.4).
        headers["Topic"] = payload["game"].replace("-", "")
    try:
        webpush(
            subscription_info={
                "endpoint": device.endpoint,
                "keys": {"p256dh": device.p256dh, "auth": device.auth},
            },
            data=json.dumps(payload, ensure_ascii=False, separators=(",", ":")),
            vapid_private_key=_vapid(settings.WEB_PUSH_VAPID_PRIVATE_KEY),
            vapid_claims={"sub": settings.WEB_PUSH_VAPID_SUBJECT},
            ttl=settings.WEB_PUSH_TTL,
            timeout=settings.WEB_PUSH_TIMEOUT,
            headers=headers,
        )
    except WebPushException as exc:
        response = exc.response
        status = getattr(response, "status_code", None)
        if status in (404, 410):
            PushSubscription.objects.filter(pk=device.pk).delete()
            log.info("push subscription %s is gone (%s): deleted", device.pk, status)
            return "gone"
        if status is not None and (status == 429 or status >= 500):
            raise PushRetry(f"{status} from the push service", _retry_after(response)) from None
        log.warning("push of notification %s refused: %s", note.pk, status or exc)
        return "refused"
    except requests.RequestException as exc:
        raise PushRetry(f"{type(exc).__name__}: {exc}") from None
    PushSubscription.objects.filter(pk=device.pk).update(last_push_at=clock.now())
    return "sent"
