"""Chat at a table and in a tournament, players' mutes of each other, staff mutes, reports.

A table has two channels while its game is played: the players' (the seats held now, as
games.selectors.game_viewer_seat says) and the spectators' (everyone else, a seat that resigned
or forfeited included); once the game has ended both are readable by everyone. A tournament
has one channel, and so has a team (its members only; its leaders may close it). Messages are
never edited: they are part of the game's audit (with ``seq``, the game's last event when
said) and what a report points at.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.model_fields import optional_foreign_key
from games.models import Game
from teams.models import Team
from tournaments.models import Tournament


class ChatChannel(models.TextChoices):
    PLAYERS = "players", _("Players")
    SPECTATORS = "spectators", _("Spectators")
    TOURNAMENT = "tournament", _("Tournament")
    TEAM = "team", _("Team")


class ChatMessage(models.Model):
    game = optional_foreign_key(Game, on_delete=models.PROTECT, related_name="chat_messages")
    tournament = optional_foreign_key(
        Tournament, on_delete=models.PROTECT, related_name="chat_messages"
    )
    team = optional_foreign_key(Team, on_delete=models.PROTECT, related_name="chat_messages")
    channel = models.CharField(max_length=16, choices=ChatChannel.choices)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_messages"
    )
    # Free text (control characters stripped, at most chat.services.MAX_LENGTH), or "" for a
    # quick message, which is stored as its key and rendered in each reader's language.
    body = models.TextField(blank=True)
    quick = models.CharField(max_length=32, blank=True)
    # The game's last event when the message was said (0 before the start); null in a
    # tournament's or a team's chat.
    seq = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [
            models.Index(fields=["game", "channel", "-created_at"]),
            models.Index(fields=["tournament", "-created_at"]),
            models.Index(fields=["team", "-created_at"]),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(game__isnull=False, tournament__isnull=True, team__isnull=True)
                | Q(game__isnull=True, tournament__isnull=False, team__isnull=True)
                | Q(game__isnull=True, tournament__isnull=True, team__isnull=False),
                name="chat_message_one_place",
            ),
        ]

    def __str__(self) -> str:
        return f"chat {self.pk} by {self.author_id}"


class ChatMute(models.Model):
    """One player no longer hears another (both ways of delivery); remembered until undone."""

    muter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes"
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_muted_by"
    )
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["muter", "muted"], name="chat_mute_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.muter_id} mutes {self.muted_id}"


class ChatBan(models.Model):
    """A staff mute: ``user`` may not write in any chat until ``until``. Rows are kept (the
    staff trail); lifting one early sets ``lifted_at``."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_bans"
    )
    until = models.DateTimeField()
    reason = models.TextField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_bans_given"
    )
    created_at = models.DateTimeField()
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = optional_foreign_key(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_bans_lifted"
    )

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "-until"])]

    def __str__(self) -> str:
        return f"{self.user_id} muted until {self.until:%Y-%m-%d %H:%M}"


class ChatReport(models.Model):
    """A player's report of a message: the dispute (category abuse) it opened, if any."""

    message = models.ForeignKey(ChatMessage, on_delete=models.PROTECT, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_reports"
    )
    dispute = optional_foreign_key(
        "disputes.Dispute", on_delete=models.PROTECT, related_name="chat_reports"
    )
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["message", "reporter"], name="chat_report_once"),
        ]

    def __str__(self) -> str:
        return f"report {self.pk} of chat {self.message_id}"
