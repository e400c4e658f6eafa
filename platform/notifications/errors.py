"""Stable error codes of the notifications' endpoints (the API's ``code``): Web Push
subscriptions (notifications.push)."""

from __future__ import annotations

from enum import StrEnum


class NotificationError(StrEnum):
    """Why a push subscription request was refused; clients branch on these."""

    # Not an https URL of a push service this platform sends to (WEB_PUSH_ENDPOINT_HOSTS).
    INVALID_PUSH_ENDPOINT = "invalid_push_endpoint"
    # ``keys.p256dh`` is not a P-256 public key, or ``keys.auth`` not a 16-byte secret.
    INVALID_PUSH_KEYS = "invalid_push_keys"
    TOO_MANY_PUSH_SUBSCRIPTIONS = "too_many_push_subscriptions"
    # The platform has no VAPID key (production without WEB_PUSH_VAPID_PRIVATE_KEY).
    PUSH_NOT_CONFIGURED = "push_not_configured"
