"""Quick pairing's waiting tickets and the tables it formed (docs/players/quick-pairing.md).

Only ``matchmaking.services`` writes these.
"""

from django.conf import settings
from django.db import models


class Ticket(models.Model):
    """One player waiting in one pool. One ticket per user across every pool: the user is the
    primary key, so a second join anywhere is refused by the database whatever races it."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="pool_ticket",
    )
    pool = models.CharField(max_length=16)  # matchmaking.pools key
    rated = models.BooleanField()
    # "Fill with bots after N seconds"; null: wait for people only.
    bots_after = models.PositiveIntegerField(null=True, blank=True)
    # The display rating of the pool's kind when the player joined (the pairing's input).
    rating = models.IntegerField()
    joined_at = models.DateTimeField()

    class Meta:
        indexes = [
            models.Index(fields=["pool", "rated", "joined_at"], name="matchmaking_ticket_queue")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.pool}{' rated' if self.rated else ''}"


class QuickTable(models.Model):
    """A game quick pairing formed: its pool, and what the pairing saw (for audits and tests;
    never shown to other players)."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, primary_key=True, related_name="quick_table"
    )
    pool = models.CharField(max_length=16)
    kind = models.CharField(max_length=16)  # live or correspondence: the pool's
    rated = models.BooleanField()  # the queue's (rated or casual); the game is rated without bots
    bots = models.PositiveSmallIntegerField(default=0)
    formed_at = models.DateTimeField()
    # [{"user", "rating", "waited"}] of the people seated, in seat order.
    members = models.JSONField(default=list)

    class Meta:
        indexes = [models.Index(fields=["formed_at"], name="matchmaking_table_formed")]

    def __str__(self) -> str:
        return f"{self.pool} table {self.game_id}"
