"""Disputes a player opens about a game, their message thread, and the trail of staff actions.

A game's history is never edited: what staff decide about a game is appended to its event
stream (disputes.adjudication); here are the conversation around it and who did what, when, why.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.model_fields import optional_foreign_key
from games.models import Game


class DisputeStatus(models.TextChoices):
    OPEN = "open", _("open")  # waiting for staff
    UNDER_REVIEW = "under_review", _("under review")  # a staff member has claimed it
    RESOLVED = "resolved", _("resolved")
    REJECTED = "rejected", _("rejected")


CLOSED_STATUSES = (DisputeStatus.RESOLVED, DisputeStatus.REJECTED)


class DisputeCategory(models.TextChoices):
    """What a report is about, in words players file correctly (EXPECTATIONS: OGS's taxonomy)."""

    STOPPED_PLAYING = "stopped_playing", _("A player stopped playing")
    STALLING = "stalling", _("A player is stalling")
    COLLUSION = "collusion", _("Collusion or soft-play")
    # The rules were applied wrongly, or the software failed.
    RULES_OR_BUG = "rules_or_bug", _("The rules were applied wrongly, or a bug")
    ABUSE = "abuse", _("Abuse")
    OTHER = "other", _("Something else")


class Dispute(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="disputes")
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="disputes_opened"
    )
    category = models.CharField(max_length=32, choices=DisputeCategory.choices)
    reason = models.TextField()
    seq = models.PositiveIntegerField(null=True, blank=True)  # the move it is about, if one
    status = models.CharField(
        max_length=16, choices=DisputeStatus.choices, default=DisputeStatus.OPEN
    )
    # The players in the thread: the one who opened it and those it names.
    involved = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="disputes_involved")
    claimed_by = optional_foreign_key(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="disputes_claimed"
    )
    resolution = models.TextField(blank=True)
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"dispute {self.pk} on {self.game_id} ({self.status})"


class MessageKind(models.TextChoices):
    MESSAGE = "message", _("Message")  # written by a participant
    STATUS = "status", _("Status change")  # the dispute changed state
    ADJUDICATION = "adjudication", _("Adjudication")  # staff decided about the game


class DisputeMessage(models.Model):
    dispute = models.ForeignKey(Dispute, on_delete=models.CASCADE, related_name="messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="dispute_messages"
    )
    from_staff = models.BooleanField(default=False)
    kind = models.CharField(max_length=16, choices=MessageKind.choices, default=MessageKind.MESSAGE)
    body = models.TextField()
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"message {self.pk} on dispute {self.dispute_id}"


class StaffActionKind(models.TextChoices):
    """What a staff member did. The ``*_viewed`` kinds, ``record_downloaded`` and
    ``game_watched`` are reads of hidden information (games.staff.staff_hidden_read): the
    row's ``seq`` is the position shown, its ``data`` the seat it was seen as."""

    # The audit summary (verdict, seats, the seed once public).
    AUDIT_VIEWED = "audit_viewed", _("Audit viewed")
    # The timeline, every hand at every step.
    AUDIT_STEPS_VIEWED = "audit_steps_viewed", _("Audit timeline viewed")
    # One position, every hand.
    AUDIT_POSITION_VIEWED = "audit_position_viewed", _("Audit position viewed")
    # A full record (every hand).
    RECORD_DOWNLOADED = "record_downloaded", _("Full record downloaded")
    # Spectating a deal other tables still play.
    GAME_WATCHED = "game_watched", _("Game watched")
    DISPUTE_CLAIMED = "dispute_claimed", _("Dispute claimed")
    DISPUTE_RESOLVED = "dispute_resolved", _("Dispute resolved")
    DISPUTE_REJECTED = "dispute_rejected", _("Dispute rejected")
    DISPUTE_MESSAGE = "dispute_message", _("Dispute message")
    GAME_VOIDED = "game_voided", _("Game voided")
    RESULT_AWARDED = "result_awarded", _("Result awarded")
    ROUND_RESTARTED = "round_restarted", _("Round restarted")
    RATINGS_REVERSED = "ratings_reversed", _("Ratings reversed")


class StaffAction(models.Model):
    """One thing a staff member did: the audit trail. Rows are only ever added."""

    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="staff_actions"
    )
    action = models.CharField(max_length=32, choices=StaffActionKind.choices)
    game = optional_foreign_key(Game, on_delete=models.PROTECT, related_name="staff_actions")
    dispute = optional_foreign_key(Dispute, on_delete=models.PROTECT, related_name="staff_actions")
    # The event it appended, or the position a read showed (the game's seq then), if any.
    seq = models.PositiveIntegerField(null=True, blank=True)
    reason = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["game", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.staff_id} {self.action} at {self.created_at:%Y-%m-%d %H:%M}"


class AuditedGame(Game):
    """Games as the admin lists them for staff, each with a link to its audit page."""

    class Meta:
        proxy = True
        verbose_name = "game (audit)"
        verbose_name_plural = "games (audit)"
