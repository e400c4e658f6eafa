import uuid

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from knox.models import AbstractAuthToken

from accounts.errors import AccountError
from accounts.skeleton import username_skeleton
from core.model_fields import optional_foreign_key


class User(AbstractUser):
    """A player account. Bots are labelled ``is_bot`` and come in two kinds: the platform's
    (``bot_strategy`` names a strategy of games.bots, the server plays their seats) and a
    person's own (``bot_owner`` set, no strategy: a client moves it through the API with its
    own token, on the clock like a person)."""

    is_bot = models.BooleanField(default=False)
    bot_strategy = models.CharField(max_length=64, blank=True)
    # The person who registered this bot (accounts.services.owned_bot_create). PROTECT: users
    # are pseudonymized, never removed (accounts.deletion), so an owner row always stays.
    bot_owner = optional_foreign_key(
        "self", on_delete=models.PROTECT, related_name="owned_bots", editable=False
    )
    # Correspondence vacation (RULES R24): while it runs the player's clocks are paused, each
    # game allowing at most its time control's vacation_days.
    vacation_from = models.DateTimeField(null=True, blank=True)
    vacation_until = models.DateTimeField(null=True, blank=True)
    # The interface language the player chose (a code from settings.LANGUAGES; blank: the
    # browser's), set by /settings and the header's switch, activated at each signed-in request.
    language = models.CharField(max_length=16, blank=True)
    # The table's sounds when this browser has not been told otherwise (sounds.js).
    sounds = models.BooleanField(default=True)
    # The player's time zone (an IANA name; blank: UTC): where their weekend falls on a
    # correspondence table with no clock at weekends (games.clocks), and their digest's hour.
    time_zone = models.CharField(max_length=64, blank=True)
    # The username folded by NFKC, case and Unicode confusables (accounts.skeleton): unique, so
    # the database itself refuses "stаffer" (Cyrillic а) beside "staffer". Set on every save.
    username_skeleton = models.TextField(unique=True, editable=False)
    # When the player deleted the account (accounts.deletion): the row stays, pseudonymized
    # (username "deleted-<random>", no email, no password, inactive), so the games, ratings and
    # disputes it is part of keep their history; readers see "deleted player" (accounts.names).
    deleted_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta(AbstractUser.Meta):
        constraints = [
            # An owned bot is a bot the platform never plays and never makes staff.
            models.CheckConstraint(
                condition=models.Q(bot_owner__isnull=True)
                | models.Q(is_bot=True, bot_strategy="", is_staff=False, is_superuser=False),
                name="accounts_owned_bot_shape",
            ),
        ]

    @property
    def is_platform_bot(self) -> bool:
        """True if the server plays this account's seats (a strategy of games.bots)."""
        return self.is_bot and self.bot_owner_id is None

    @property
    def is_owned_bot(self) -> bool:
        """True if a person owns this bot: it moves itself, through the API, on the clock."""
        return self.bot_owner_id is not None

    def clean(self):
        """Refuse a username that folds like another account's."""
        super().clean()
        others = User.objects.filter(username_skeleton=username_skeleton(self.username))
        if others.exclude(pk=self.pk).exists():
            raise ValidationError(
                {"username": "This username is taken or looks like one that is."},
                code=AccountError.USERNAME_TAKEN,
            )
        if self.bot_owner_id is not None and (self.is_staff or self.is_superuser):
            raise ValidationError(
                {"is_staff": "A bot account cannot be staff."}, code=AccountError.INVALID
            )

    def save(self, *args, **kwargs):
        """Store the username's skeleton with it. A new password (reset, change, the admin)
        revokes every API token: whoever held the old password may have made one. The other
        browser sessions end by themselves (Django checks each session's password hash)."""
        self.username_skeleton = username_skeleton(self.username)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "username" in update_fields:
            kwargs["update_fields"] = {*update_fields, "username_skeleton"}
        new_password = self._password is not None and not self._state.adding
        super().save(*args, **kwargs)
        if new_password:
            ApiToken.objects.filter(user=self).delete()


class RetiredUsername(models.Model):
    """A deleted account's username, kept from being registered again (as Lichess keeps closed
    accounts' names): only a keyed digest of its skeleton (accounts.names.retired_digest), so
    the name itself is not kept and cannot be read back, yet a look-alike is refused too."""

    digest = models.CharField(max_length=64, primary_key=True)
    retired_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"retired username {self.digest[:12]}…"


class ApiToken(AbstractAuthToken):
    """An API token (django-rest-knox's model plus a name): the database keeps the key's
    SHA-512 digest and its first characters (``token_key``, to find the row), never the key.

    ``public_id`` names the token in the API (``/api/v1/auth/tokens/<id>``) without revealing
    any of the key; ``name`` says which client holds it (a user's names are unique: asking for
    a token under a name already used replaces that token).
    """

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(max_length=64)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "name"], name="api_token_name_per_user"),
        ]
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.user} · {self.name}"
