from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A player account; bot accounts play a seat with a named strategy from games.bots."""

    is_bot = models.BooleanField(default=False)
    bot_strategy = models.CharField(max_length=64, blank=True)
    # Correspondence vacation (RULES R24): while it runs the player's clocks are paused, each
    # game allowing at most its time control's vacation_days.
    vacation_from = models.DateTimeField(null=True, blank=True)
    vacation_until = models.DateTimeField(null=True, blank=True)
    # "Your turn" by email in correspondence games (in the app always).
    email_turns = models.BooleanField(default=True)
