"""Ratings: one per player and time-control kind, the change each rated game made, and a
ledger of which games are applied, reversed, or aborted.

``Rating`` is a read model of the ``RatingChange`` rows that stand (not reversed); only
``ratings.services`` writes any of these.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.model_fields import optional_foreign_key
from ratings import skill


class RatingKind(models.TextChoices):
    """Live and correspondence games are rated apart (EXPECTATIONS: separate series)."""

    LIVE = "live", _("Live")
    CORRESPONDENCE = "correspondence", _("Correspondence")


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    kind = models.CharField(max_length=16, choices=RatingKind.choices)
    mu = models.FloatField(default=skill.MU)
    sigma = models.FloatField(default=skill.SIGMA)
    ordinal = models.FloatField(default=skill.ordinal(skill.MU, skill.SIGMA))  # mu - 3 sigma
    games = models.PositiveIntegerField(default=0)  # rated games that stand
    updated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="ratings_rating_user_kind"),
        ]
        indexes = [models.Index(fields=["kind", "-ordinal"], name="ratings_rating_board")]

    def __str__(self) -> str:
        return f"{self.user} {self.kind} {self.display}"

    @property
    def display(self) -> int:
        return skill.display(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return skill.provisional(self.games)


class RatingChange(models.Model):
    """What one rated game did to one player's rating. Reversing it keeps the row (marked)."""

    game = models.ForeignKey("games.Game", on_delete=models.PROTECT, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    kind = models.CharField(max_length=16, choices=RatingKind.choices)
    seat = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()  # the rank rated: leavers last
    players = models.PositiveSmallIntegerField()  # seats at the table, bots included
    left = models.BooleanField(default=False)  # resigned or forfeited: rated last
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_before = models.FloatField()
    ordinal_after = models.FloatField()
    created_at = models.DateTimeField()
    reversed_at = models.DateTimeField(null=True, blank=True)
    reversed_by = optional_foreign_key(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    reversal_reason = models.TextField(blank=True)

    class Meta:
        constraints = [
            # A game counts at most once per player: a second standing change is refused by the
            # database even if two applications raced past every other check.
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=Q(reversed_at__isnull=True),
                name="ratings_change_once_per_game",
            ),
        ]
        indexes = [models.Index(fields=["user", "kind", "id"], name="ratings_change_history")]

    def __str__(self) -> str:
        return f"{self.user} in {self.game_id}: {self.display_before} -> {self.display_after}"

    @property
    def display_before(self) -> int:
        return skill.display(self.mu_before, self.sigma_before)

    @property
    def display_after(self) -> int:
        return skill.display(self.mu_after, self.sigma_after)


class RatedGameState(models.TextChoices):
    APPLIED = "applied", _("Applied")
    REVERSED = "reversed", _("Reversed")
    # Not rated at all: a person left (or never played) before a turn of their own, so the
    # result says nothing about skill (ratings.services.rating_abort_reason). Final, like a
    # reversal: only an adjudicated result applies the game's ratings after all.
    ABORTED = "aborted", _("Not rated")


class RatedGame(models.Model):
    """The ledger: a rated game's ratings are applied, reversed, or aborted (the last two are
    never applied again unless an adjudicated result re-applies them explicitly)."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.PROTECT, primary_key=True, related_name="+"
    )
    kind = models.CharField(max_length=16, choices=RatingKind.choices)
    state = models.CharField(max_length=16, choices=RatedGameState.choices)
    applications = models.PositiveSmallIntegerField(default=0)
    applied_at = models.DateTimeField(null=True, blank=True)
    reversed_at = models.DateTimeField(null=True, blank=True)
    reversed_by = optional_foreign_key(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    reversal_reason = models.TextField(blank=True)
    aborted_at = models.DateTimeField(null=True, blank=True)
    abort_reason = models.TextField(blank=True)

    def __str__(self) -> str:
        return f"{self.game_id} {self.state}"
