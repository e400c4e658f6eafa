"""A player's notifications and email choices in their data export; what their account's
deletion takes from notifications (accounts.registry, accounts.export, accounts.deletion)."""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.utils import translation

from accounts.export import iso
from accounts.names import deleted_name
from accounts.registry import register_deletion_step
from accounts.registry import register_export_section
from accounts.registry import register_export_setting


def notifications_export(user) -> list[dict[str, Any]]:
    from notifications.kinds import render
    from notifications.models import Notification

    with translation.override(user.language or settings.LANGUAGE_CODE):
        return [
            {
                "kind": n.kind,
                "params": n.params,
                "text": render(n.kind, n.params, n.text),
                "url": n.url,
                "created_at": iso(n.created_at),
                "read_at": iso(n.read_at),
            }
            for n in Notification.objects.filter(user=user).order_by("created_at", "pk")
        ]


def email_choices(user) -> dict[str, bool]:
    from notifications.services import email_preferences

    return email_preferences(user)


def push_devices(user) -> list[dict[str, Any]]:
    """The devices that get ``user``'s pushes: their names, push kinds and dates, and which
    push service holds each (not the endpoint itself: a secret URL of that browser's)."""
    from urllib.parse import urlsplit

    from notifications.models import PushSubscription

    return [
        {
            "label": s.label,
            "kinds": s.kinds,
            "push_service": urlsplit(s.endpoint).hostname,
            "created_at": iso(s.created_at),
            "last_push_at": iso(s.last_push_at),
        }
        for s in PushSubscription.objects.filter(user=user).order_by("created_at", "pk")
    ]


def forget_account(user, old_username: str) -> None:
    """A deleted account's own notifications, email choices and push devices go; its old
    name goes from other players' notifications."""
    from notifications.models import EmailPreference
    from notifications.models import Notification
    from notifications.models import PushSubscription

    Notification.objects.filter(user=user).delete()
    EmailPreference.objects.filter(user=user).delete()
    PushSubscription.objects.filter(user=user).delete()
    _forget_names(old_username, user.username)


def _forget_names(username: str, pseudonym: str) -> None:
    """Replace ``username`` in other players' notifications ("ana wants a rematch"): in the
    names of their ``params`` by the pseudonym, which ``notifications.kinds`` renders as
    "deleted player" in each reader's language, and in the stored text of rows from before
    the params by "deleted player". They are messages, not history, and were written with
    the name."""
    from notifications.models import Notification

    pattern = re.compile(rf"(?<![\w-]){re.escape(username)}(?![\w-])")
    with translation.override(settings.LANGUAGE_CODE):
        label = deleted_name()
    for note in Notification.objects.filter(text__contains=username).iterator():
        text = pattern.sub(label, note.text)
        if text != note.text:
            Notification.objects.filter(pk=note.pk).update(text=text)
    for note in Notification.objects.filter(params__icontains=username).iterator():
        params = {k: pseudonym if v == username else v for k, v in (note.params or {}).items()}
        if params != note.params:
            Notification.objects.filter(pk=note.pk).update(params=params)


def register() -> None:
    register_export_setting("emails", email_choices)
    register_export_setting("push_devices", push_devices)
    register_export_section("notifications", notifications_export)
    register_deletion_step(forget_account)
