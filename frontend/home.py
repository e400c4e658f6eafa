"""The home page's news for the reader (issue 31): what to do next, the live tables, the next
tournament. Each line is a sentence in the reader's language with the page it leads to."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core import clock
from games.models import GameStatus
from games.selectors import game_list
from games.selectors import games_by_urgency
from tournaments.selectors import tournament_list


@dataclass(frozen=True)
class NewsLine:
    text: str
    link: str  # the words of the link to ``url``
    url: str
    testid: str


def starts_in(delta: timedelta) -> str:
    """Say how long until a start, in minutes, hours or days (rounded down, at least 1)."""
    minutes = max(int(delta.total_seconds() // 60), 1)
    if minutes < 60:
        return ngettext("in %(n)s minute", "in %(n)s minutes", minutes) % {"n": minutes}
    hours = minutes // 60
    if hours < 48:
        return ngettext("in %(n)s hour", "in %(n)s hours", hours) % {"n": hours}
    days = hours // 24
    return ngettext("in %(n)s day", "in %(n)s days", days) % {"n": days}


def home_news(user) -> list[NewsLine]:
    """Return the home page's lines for ``user`` (signed in or not), most pressing first."""
    lobby = reverse("frontend:lobby")
    lines = []
    if user.is_authenticated:
        mine = games_by_urgency(user, status=GameStatus.ACTIVE).filter(urgency=0).count()
        if mine:
            text = ngettext(
                "It is your turn in %(n)s game.", "It is your turn in %(n)s games.", mine
            )
            lines.append(
                NewsLine(text % {"n": mine}, _("Play"), reverse("frontend:my-games"), "news-turn")
            )
    waiting = game_list(status=GameStatus.OPEN).count()
    if waiting:
        text = ngettext(
            "%(n)s table is waiting for players.", "%(n)s tables are waiting for players.", waiting
        ) % {"n": waiting}
        lines.append(NewsLine(text, _("Join a table"), lobby, "news-open"))
    else:
        text = _("No table is waiting for players: open one, or play against bots at once.")
        lines.append(NewsLine(text, _("Open a table"), lobby, "news-open"))
    playing = game_list(status=GameStatus.ACTIVE).count()
    if playing:
        text = ngettext(
            "%(n)s game is being played now.", "%(n)s games are being played now.", playing
        ) % {"n": playing}
        lines.append(NewsLine(text, _("Watch"), lobby, "news-live"))
    soon = tournament_list(group="upcoming").first()
    if soon is not None:
        text = _("Next tournament: %(name)s, %(when)s.") % {
            "name": soon.name,
            "when": starts_in(soon.starts_at - clock.now()),
        }
        url = reverse("frontend:tournament", args=[soon.pk])
        lines.append(NewsLine(text, _("See the tournament"), url, "news-tournament"))
    else:
        text = _("No tournament is scheduled yet.")
        url = reverse("frontend:tournaments")
        lines.append(NewsLine(text, _("Tournaments"), url, "news-tournament"))
    return lines
