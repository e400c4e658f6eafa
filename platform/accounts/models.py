from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A player account; bot accounts play a seat with a named strategy from games.bots."""

    is_bot = models.BooleanField(default=False)
    bot_strategy = models.CharField(max_length=64, blank=True)
