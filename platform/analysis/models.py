"""Game analysis (issue 18): the core's verdict on a finished game (games.bots.analysis), one
row per game, and one row per seat for the aggregates of profiles, leaderboards and the staff's
fair-play signals. Computed by a task after the game ends, never on the move path."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AnalysisStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class GameAnalysis(models.Model):
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="analysis")
    status = models.CharField(
        max_length=8, choices=AnalysisStatus.choices, default=AnalysisStatus.PENDING
    )
    version = models.PositiveIntegerField(default=0)
    budget = models.JSONField(default=dict)
    result = models.JSONField(null=True, blank=True)
    seconds = models.FloatField(null=True, blank=True)
    computed_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    def __str__(self) -> str:
        return f"analysis of {self.game_id} ({self.status})"


class PlayerGameAnalysis(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    # A deleted account's rows stay (anonymised), as ratings' changes do not; the aggregates
    # of the others' fair-play signals keep their games.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="game_analyses",
    )
    seat = models.PositiveSmallIntegerField()
    is_bot = models.BooleanField(default=False)
    policy = models.CharField(max_length=32, blank=True)  # a bot seat's policy (mc, smart...)
    accuracy = models.FloatField()
    skill = models.FloatField()
    decisions = models.PositiveIntegerField()
    mean_loss = models.FloatField()
    # The seat's total gift to each opponent: {"<seat>": {"user": id|null, "gift": x}}.
    gifts = models.JSONField(default=dict)
    finished_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="analysis_player_game_seat")
        ]
        indexes = [models.Index(fields=["user", "-finished_at"], name="analysis_player_recent")]

    def __str__(self) -> str:
        return f"seat {self.seat} of {self.game_id}"
