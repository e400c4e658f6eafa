"""The analysis of finished games (games.bots.analysis): one row per game with the whole
result, and one per seat with the figures profiles, leaderboards and fair-play signals sum."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AnalysisStatus(models.TextChoices):
    PENDING = "pending", "pending"
    DONE = "done", "done"
    FAILED = "failed", "failed"


class GameAnalysis(models.Model):
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="analysis")
    status = models.CharField(
        max_length=8, choices=AnalysisStatus.choices, default=AnalysisStatus.PENDING
    )
    version = models.PositiveSmallIntegerField(default=0)
    budget = models.JSONField(default=dict)
    # The core's dict (games.bots.analysis.analyse), null until done.
    result = models.JSONField(null=True, blank=True)
    seconds = models.FloatField(null=True, blank=True)
    computed_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True, default="")

    def __str__(self) -> str:
        return f"analysis of {self.game_id} ({self.status})"


class PlayerGameAnalysis(models.Model):
    analysis = models.ForeignKey(GameAnalysis, on_delete=models.CASCADE, related_name="players")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_analyses"
    )
    seat = models.PositiveSmallIntegerField()
    is_bot = models.BooleanField(default=False)
    decisions = models.PositiveIntegerField(default=0)
    accuracy = models.FloatField()
    mean_loss = models.FloatField()
    skill = models.FloatField()
    # What this seat's choices handed each other seat over the game, in points:
    # [{"seat", "user" (id), "gift"}] (games.bots.analysis: "gifts").
    gifts = models.JSONField(default=list)
    finished_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["analysis", "seat"], name="analysis_one_row_per_seat")
        ]
        indexes = [models.Index(fields=["user", "-finished_at"])]

    def __str__(self) -> str:
        return f"seat {self.seat} of {self.game_id}"
