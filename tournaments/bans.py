"""Play bans: repeated no-shows and early leavers are barred from joining new events for a while
(EXPECTATIONS: Lichess playban, from 10 minutes up to 48 hours).

An offence is recorded once per place it happened (``PlayOffence.key``: the tournament's
start for a missed check-in, the table's game otherwise), so the scheduler's step may run
again and nothing is counted twice. Two kinds:

- ``no_show``: absent at the start of a tournament with check-in, or a seat at a round's
  table handed over for timeouts before its player made a single move;
- ``early_leave``: left a tournament table before its game ended — resigned, withdrew during
  play, or timed out after having played.

Each offence looks at the player's offences of the last ``OFFENCE_MEMORY`` (a week) that no
staff member forgave, itself included, and bans by the ladder ``BAN_LADDER``: the first is a
warning (no ban), the second 10 minutes, then 30 minutes, 2 hours, 8 hours, 24 hours, and 48
hours from the seventh on. Offences older than a week no longer count, so a player who stays a
week without an offence starts again from a warning. Lifting a ban (staff, in the admin) ends
it (and the player's other running bans) at once, records who lifted it, when and why, and
forgives their offences.

A ban refuses registration to any tournament (``play_ban``, 403) with its reason and end; the
player sees it on the tournaments pages and staff in the admin.
"""

from __future__ import annotations

from datetime import datetime
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core import clock
from core.errors import Forbidden
from core.model_fields import optional_foreign_key
from tournaments.errors import TournamentError

OFFENCE_MEMORY = timedelta(days=7)
# The ban of the n-th counted offence (index n - 1); the last step repeats.
BAN_LADDER = (
    timedelta(0),  # a warning
    timedelta(minutes=10),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=8),
    timedelta(hours=24),
    timedelta(hours=48),
)


class OffenceKind(models.TextChoices):
    NO_SHOW = "no_show", _("No-show")
    EARLY_LEAVE = "early_leave", _("Left a table early")


class PlayOffence(models.Model):
    """One no-show or early leave of a player; the ban it earned, if any."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="play_offences"
    )
    kind = models.CharField(max_length=16, choices=OffenceKind.choices)
    # Where it happened, once: "checkin:<tournament>" or "table:<game>".
    key = models.CharField(max_length=80)
    tournament = optional_foreign_key(
        "tournaments.Tournament", on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()
    forgiven = models.BooleanField(default=False)  # its ban was lifted by staff

    class Meta:
        app_label = "tournaments"
        ordering = ["-at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="tournaments_offence_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.kind} {self.key}"


class PlayBan(models.Model):
    """A ban from joining new events, from ``starts_at`` until ``ends_at`` (or its lifting)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="play_bans"
    )
    offence = models.OneToOneField(PlayOffence, on_delete=models.CASCADE, related_name="ban")
    step = models.PositiveSmallIntegerField()  # how many offences counted, this one included
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = optional_foreign_key(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, related_name="+"
    )
    lift_note = models.CharField(max_length=200, blank=True)

    class Meta:
        app_label = "tournaments"
        ordering = ["-ends_at", "-id"]
        indexes = [models.Index(fields=["user", "ends_at"])]

    def __str__(self) -> str:
        return f"{self.user} until {self.ends_at:%Y-%m-%d %H:%M}"


def ban_length(step: int) -> timedelta:
    """Return the ban of the ``step``-th counted offence (1-based; ``BAN_LADDER``)."""
    return BAN_LADDER[min(max(step, 1), len(BAN_LADDER)) - 1]


def offence_record(
    *, user, kind: str, key: str, tournament=None, now: datetime | None = None
) -> PlayOffence | None:
    """Record an offence of ``user`` at ``key`` and ban by the ladder; None if it was recorded
    already (the scheduler's step ran again) or ``user`` is a bot.

    Runs inside the caller's transaction (the tournament's row lock); the unique (user, key)
    makes a concurrent second record fail rather than count twice.
    """
    if user.is_bot:
        return None
    now = now or clock.now()
    offence, created = PlayOffence.objects.get_or_create(
        user=user, key=key, defaults={"kind": kind, "tournament": tournament, "at": now}
    )
    if not created:
        return None
    step = PlayOffence.objects.filter(
        user=user, at__gt=now - OFFENCE_MEMORY, forgiven=False
    ).count()
    length = ban_length(step)
    if length:
        # A new ban never ends before one still running.
        running = active_ban(user, now)
        ends = now + length
        if running is not None and running.ends_at > ends:
            ends = running.ends_at
        PlayBan.objects.create(user=user, offence=offence, step=step, starts_at=now, ends_at=ends)
    from notifications.services import notify

    notify(
        user=user,
        kind="tournament_result",
        params={
            "what": "play_ban" if length else "play_warning",
            "reason": kind,
            "minutes": int(length.total_seconds() // 60),
        },
        url="/tournaments",
        key=f"offence:{offence.pk}",
    )
    return offence


def active_ban(user, now: datetime | None = None) -> PlayBan | None:
    """Return the ban of ``user`` running now (the latest-ending), or None."""
    if user is None or not user.is_authenticated:
        return None
    now = now or clock.now()
    return (
        PlayBan.objects.filter(user=user, ends_at__gt=now, lifted_at__isnull=True)
        .select_related("offence")
        .order_by("-ends_at")
        .first()
    )


def ban_doc(ban: PlayBan | None, now: datetime | None = None) -> dict[str, Any] | None:
    """Return what a player is told of their ban: its reason, end and seconds left."""
    if ban is None:
        return None
    now = now or clock.now()
    return {
        "reason": ban.offence.kind,
        "starts_at": ban.starts_at.isoformat(),
        "ends_at": ban.ends_at.isoformat(),
        "seconds_left": round(max((ban.ends_at - now).total_seconds(), 0.0), 1),
        "step": ban.step,
    }


def play_ban_status(user, now: datetime | None = None) -> dict[str, Any]:
    """Return ``user``'s running ban (or None) and their offences still counted."""
    now = now or clock.now()
    counted = PlayOffence.objects.filter(
        user=user, at__gt=now - OFFENCE_MEMORY, forgiven=False
    ).order_by("at")
    return {
        "ban": ban_doc(active_ban(user, now), now),
        "offences": [
            {
                "kind": o.kind,
                "at": o.at.isoformat(),
                "expires_at": (o.at + OFFENCE_MEMORY).isoformat(),
            }
            for o in counted
        ],
    }


def play_ban_check(user, now: datetime | None = None) -> None:
    """Refuse (``play_ban``, 403) a player who is banned from joining new events now."""
    ban = active_ban(user, now)
    if ban is None:
        return
    doc = ban_doc(ban, now)
    reason = OffenceKind(ban.offence.kind).label
    raise Forbidden(
        TournamentError.PLAY_BAN,
        f"you may not join new events until {ban.ends_at.isoformat()} ({reason})",
        extra={"ban": doc, "ends_at": doc["ends_at"] if doc else None},
    )


def play_ban_lift(*, ban_id, by, note: str = "") -> bool:
    """End a ban now (staff), with the player's other running bans (they overlap: the newest
    covers the older ones); record who lifted them, when and why, and forgive their offences.
    Return whether a ban was running."""
    now = clock.now()
    ban = PlayBan.objects.filter(pk=ban_id).first()
    if ban is None:
        return False
    running = PlayBan.objects.filter(user_id=ban.user_id, lifted_at__isnull=True, ends_at__gt=now)
    ids = list(running.values_list("pk", flat=True))
    if ban.pk not in ids:
        return False
    PlayBan.objects.filter(pk__in=ids).update(lifted_at=now, lifted_by=by, lift_note=note[:200])
    PlayOffence.objects.filter(ban__pk__in=ids).update(forgiven=True)
    return True
