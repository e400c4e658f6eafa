"""In-app notifications ("your turn", dispute updates, tournament starts), optionally emailed."""

from django.conf import settings
from django.db import models


class Notification(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=32)  # your_turn, dispute, tournament, ...
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=300, blank=True)
    # Makes a repeated notify (a task delivered twice) a no-op; blank = never deduplicated.
    key = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)
    emailed = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read_at", "-created_at"])]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key"],
                condition=~models.Q(key=""),
                name="notifications_user_key_unique",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind}: {self.text}"
