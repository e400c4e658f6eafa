"""In-app notifications ("your turn", dispute updates, tournament news), and which of them a
player wants emailed.

A notification is a ``kind`` plus ``params``, rendered in the reader's language when it is read
(``notifications.kinds``); ``text`` keeps the English words (the admin's search, and the whole
message of a row from before kinds had params).
"""

from django.conf import settings
from django.db import models

from notifications.kinds import render


class Notification(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=32)  # a key of notifications.kinds.KINDS (or legacy)
    params = models.JSONField(default=dict, blank=True)
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=300, blank=True)
    # Makes a repeated notify (a task delivered twice) a no-op; blank = never deduplicated.
    key = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)
    # Email: ``email_pending`` while a mail is owed; the task claims it (``email_claimed_until``,
    # one UPDATE, so a task delivered twice sends once) and sets ``emailed_at`` only once the
    # SMTP server took it. ``email_attempts`` counts the claims (the sweeper gives up after
    # NOTIFICATION_EMAIL_MAX_ATTEMPTS).
    email_pending = models.BooleanField(default=False)
    email_claimed_until = models.DateTimeField(null=True, blank=True)
    email_attempts = models.PositiveSmallIntegerField(default=0)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["user", "read_at", "-created_at"]),
            models.Index(
                fields=["created_at"],
                condition=models.Q(email_pending=True),
                name="notifications_email_pending",
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key"],
                condition=~models.Q(key=""),
                name="notifications_user_key_unique",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind}: {self.text}"

    def rendered(self) -> str:
        """The words in the active language."""
        return render(self.kind, self.params, self.text)


class EmailPreference(models.Model):
    """A player's choice for one kind of notification by email (no row: the kind's default,
    ``KINDS[kind].email_default``). The only place the choice lives: /settings, the one-click
    unsubscribe link and the email task all read and write these rows."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="email_preferences"
    )
    kind = models.CharField(max_length=32)
    enabled = models.BooleanField()
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="email_preference_per_kind")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind}: {'on' if self.enabled else 'off'}"


class PushSubscription(models.Model):
    """A browser on one of a player's devices that gets their notices as Web Push
    (notifications.push): where to send them (its push service's ``endpoint``, a secret URL
    only that browser and the platform know), the keys to encrypt them for it (RFC 8291), and
    the push kinds (notifications.kinds.PUSH_KINDS) it opted in for.

    One row per endpoint: a browser that subscribes again, under another account too, moves
    its row (the device follows whoever signed in on it last)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    # The browser's P-256 public key (65 bytes) and its auth secret (16 bytes), base64url.
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=40)
    # The device, in the player's words or from its browser's User-Agent (the /settings list).
    label = models.CharField(max_length=200, blank=True)
    kinds = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField()
    # The last push its service took (2xx), for the /settings list.
    last_push_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.user_id} {self.label or self.endpoint[:40]}"


class PushDelivery(models.Model):
    """One notice's push to one device, and the claim that sends it once (notifications.push).

    Each attempt's task claims the row in one UPDATE (``attempts`` below its number, or its own
    number with a lease run out: the worker that held it died), so a task delivered twice, or
    run twice at once, sends once; a retry is the next number. ``outcome`` ends it: sent,
    refused (4xx other than 404/410), given_up (attempts spent). A device answered 404 or 410
    is deleted, and its deliveries with it."""

    notification = models.ForeignKey(
        Notification, on_delete=models.CASCADE, related_name="push_deliveries"
    )
    subscription = models.ForeignKey(
        PushSubscription, on_delete=models.CASCADE, related_name="deliveries"
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    claimed_until = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=16, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["notification", "subscription"], name="push_delivery_per_device"
            )
        ]

    def __str__(self) -> str:
        return f"{self.notification_id} to {self.subscription_id}: {self.outcome or 'owed'}"
