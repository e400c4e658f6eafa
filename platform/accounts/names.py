"""The names readers see: a deleted account (accounts.deletion) is shown as "deleted player".

History is never edited: the events' actors, stored standings and the like keep what they held
when written (a user id, and the username of the time). Every reader's payload passes its
names through here, by user id where the stored data has one, so a deleted player's old name
never leaves the server again.

Within one context (a game's seats, a tournament's entries) the deleted players are numbered
in that context's order ("deleted player 1", "deleted player 2"), so two of them at one table
stay apart; the numbers are local to the context, so they do not link a deleted player's
games to each other.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata
from collections.abc import Iterable
from functools import cache
from typing import Any

from django.conf import settings
from django.utils.translation import gettext

from accounts.skeleton import username_skeleton

# A deleted account's username: "deleted-" and 16 random hex digits (accounts.deletion). Nobody
# may register a name of that form (accounts.services), so it names a deleted account only.
PSEUDONYM_PREFIX = "deleted-"


def is_pseudonym(name: Any) -> bool:
    """Return True if ``name`` is a deleted account's username."""
    return (
        isinstance(name, str)
        and name.startswith(PSEUDONYM_PREFIX)
        and len(name) == len(PSEUDONYM_PREFIX) + 16
        and all(c in "0123456789abcdef" for c in name[len(PSEUDONYM_PREFIX) :])
    )


def is_deleted(user) -> bool:
    """Return True if ``user`` is a deleted account."""
    return getattr(user, "deleted_at", None) is not None


def deleted_name(number: int | None = None) -> str:
    """Return the translated name of a deleted player (numbered within a context, if given)."""
    if number is None:
        return gettext("deleted player")
    return gettext("deleted player %(number)s") % {"number": number}


def public_name(user) -> str:
    """Return the name of ``user`` outside any numbered context."""
    if user is None:
        return ""
    return deleted_name() if is_deleted(user) else user.username


class Names:
    """Names in one context: ``users`` in the context's order (seats, entries)."""

    def __init__(self, users: Iterable[Any]) -> None:
        self._deleted: dict[int, str] = {}
        for user in users:
            if is_deleted(user) and user.pk not in self._deleted:
                self._deleted[user.pk] = deleted_name(len(self._deleted) + 1)

    def __bool__(self) -> bool:
        return bool(self._deleted)

    def of(self, user) -> str:
        """Return the name of ``user`` in this context."""
        if user is None:
            return ""
        return self._deleted.get(user.pk) or public_name(user)

    def of_id(self, user_id, stored: str | None) -> str | None:
        """Return the name of the user ``user_id`` whose name was ``stored`` when written."""
        return self._deleted.get(user_id, stored)

    def actor(self, actor: dict[str, Any]) -> dict[str, Any]:
        """Return an event's stored actor with its name as readers see it now."""
        if "name" not in actor or actor.get("user") not in self._deleted:
            return actor
        return {**actor, "name": self._deleted[actor["user"]]}

    def extend(self, users: Iterable[Any]) -> None:
        """Number deleted ``users`` not in the context yet after those that are."""
        for user in users:
            if is_deleted(user) and user.pk not in self._deleted:
                self._deleted[user.pk] = deleted_name(len(self._deleted) + 1)


class FreshNames(Names):
    """The names for events just appended (a move's answer, its broadcast): their actors were
    written with the usernames of now, so only one named with a deleted account's pseudonym
    needs the table's names, read then (``load``); a move by people costs no query."""

    def __init__(self, load) -> None:
        super().__init__(())
        self._load = load
        self._loaded: Names | None = None

    def __bool__(self) -> bool:
        return True

    def actor(self, actor: dict[str, Any]) -> dict[str, Any]:
        if not str(actor.get("name", "")).startswith(PSEUDONYM_PREFIX):
            return actor
        if self._loaded is None:
            self._loaded = self._load()
        return self._loaded.actor(actor)


def deleted_among(user_ids: Iterable[Any]) -> list[Any]:
    """Return the deleted accounts among ``user_ids`` (one query; for actors off the table,
    such as staff who adjudicated), by id."""
    from accounts.models import User

    ids = {i for i in user_ids if isinstance(i, int)}
    if not ids:
        return []
    return list(User.objects.filter(pk__in=ids, deleted_at__isnull=False).order_by("pk"))


def game_names(game) -> Names:
    """Return the names at ``game``'s table (its seats in order; the creator after them)."""
    seats = sorted(game.seats.all(), key=lambda s: s.index)
    names = Names(s.user for s in seats)
    names.extend([game.created_by])
    return names


def retired_digest(username: str) -> str:
    """Return the keyed digest a retired username is kept under: HMAC-SHA-256 of its skeleton
    (so look-alikes of it are refused too) with a key derived from SECRET_KEY, so the table
    cannot be reversed by hashing a list of names."""
    key = hashlib.sha256(b"accounts.retired-username\x00" + settings.SECRET_KEY.encode()).digest()
    return hmac.new(key, username_skeleton(username).encode(), hashlib.sha256).hexdigest()


# Names a player could pass for the platform's staff under: nobody registers them, nor any name
# that looks like one (case, look-alike letters, digits for letters, separators, a number or a
# plural after it). Staff accounts are made by staff (createsuperuser, the admin), not here.
STAFF_WORDS = ("admin", "administrator", "moderator", "support", "staff", "helpdesk", "official")
PLATFORM_NAME = "mexicantrain"
# Digits and signs read as the letters they pass for ("1" as "i" or "l").
_LEET = [
    str.maketrans({"0": "o", "1": letter, "3": "e", "4": "a", "5": "s", "7": "t", "@": "a"})
    for letter in "il"
]
_SEPARATORS = re.compile(r"[\s._\-+]")


def _looks(text: str, leet: dict[int, str] = _LEET[0]) -> str:
    """What ``text`` looks like: folded, digits read as the letters they pass for, without
    separators, then its skeleton (look-alike letters as one)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return username_skeleton(_SEPARATORS.sub("", folded.translate(leet)))


@cache
def _reserved_looks() -> tuple[frozenset[str], str]:
    return frozenset(_looks(w) for w in STAFF_WORDS), _looks(PLATFORM_NAME)


def is_reserved(username: str) -> bool:
    """Whether ``username`` looks like a staff word or holds the platform's name."""
    staff, platform = _reserved_looks()
    plain = re.sub(r"[0-9]+$", "", username.strip())  # a number after it: "support2"
    forms = {_looks(text, leet) for text in (username, plain) for leet in _LEET}
    forms |= {form.removesuffix("s") for form in forms}
    return any(platform in form or form in staff for form in forms)
