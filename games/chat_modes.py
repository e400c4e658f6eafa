"""Chat modes and quick messages: plain values with no models. A table's and a tournament's
chat mode are their own settings (games.models, tournaments.models), chosen at creation; the
chat app (above both) reads them, and carries the quick messages."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.errors import ApplicationError
from games.errors import GameError as E


class ChatMode(models.TextChoices):
    """What a table's or tournament's chat allows, chosen by its creator or organizer."""

    FREE = "free", _("Free chat")
    QUICK = "quick", _("Quick messages only")
    OFF = "off", _("No chat")


# Canned messages, sent as keys and rendered in each reader's language. The only chat a rated
# table or tournament allows: free text there invites collusion and abuse.
QUICK_MESSAGES = {
    "good_luck": _("Good luck"),
    "have_fun": _("Have fun"),
    "well_played": _("Well played"),
    "thanks": _("Thanks"),
    "sorry_have_to_go": _("Sorry, I have to go"),
}


def default_mode(rated: bool) -> str:
    """The chat a new table or tournament gets unless its creator chooses: quick if rated."""
    return ChatMode.QUICK if rated else ChatMode.FREE


def chat_mode_check(mode: str | None, *, rated: bool) -> str:
    """Return the chat mode a new table or tournament gets: ``mode`` if allowed, else the
    default for ``rated`` when None; free chat is refused in rated play."""
    if mode is None or mode == "":
        return default_mode(rated)
    if mode not in ChatMode.values:
        raise ApplicationError(
            E.INVALID_CHAT_MODE,
            f"chat must be one of {', '.join(ChatMode.values)}",
            extra={"fields": {"chat": ["free, quick or off"]}},
        )
    if rated and mode == ChatMode.FREE:
        raise ApplicationError(E.FREE_CHAT_IN_RATED, "rated play offers quick messages only")
    return mode
