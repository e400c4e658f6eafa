"""What each kind of notification says, in the reader's language.

A notification is stored as a ``kind`` plus ``params`` (names, numbers: never English text) and
rendered when it is read: in the app with the request's language, in a mail with the
recipient's (``translation.override(user.language)``). A kind is also the unit of the email
preferences (``EmailPreference``): one checkbox per kind on /settings, one unsubscribe link.

Within a kind, ``params["what"]`` picks one of its messages (a dispute's message, its new
status...). A row from before this registry has no params: its stored ``text`` is shown as is.

Each app registers the kinds it sends, with their words (``register_kind``, from its
``AppConfig.ready()``): games (your turn, rematch, challenge), tournaments, disputes.
Notifications names none of them.

A kind may also go to the player's devices as a Web Push (notifications.push): ``Kind.push``
names the push kind it falls under, one checkbox per device on /settings ("your turn",
"tournament" for both its start and a round's seats...). The apps register their push kinds
too (``register_push_kind``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Kind:
    name: str
    label: Any  # the checkbox's words on /settings (lazy)
    email_default: bool
    position: int  # where /settings lists it: the lowest first
    render: Callable[[dict], str]  # the words of one notification, from its params
    # A digest of another kind (its name): /settings offers the two as one choice — no mail,
    # a mail each time, or the digest — rather than two checkboxes.
    digest_of: str = ""
    # The lines a mail of this kind lists under its words, from its params: (text, site path
    # or "") pairs, in the reader's language (a digest's games).
    email_lines: Callable[[dict], list[tuple[str, str]]] | None = None
    # The push kind (a key of PUSH_KINDS) under which a device that opted in gets this kind as
    # a Web Push; "" for never pushed.
    push: str = ""
    # Which of its notices are pushed, from their params (None: all of them): a quick-pairing
    # seat is pushed for a correspondence pool, not for a live one, whose page is open.
    push_when: Callable[[dict], bool] | None = None


@dataclass(frozen=True)
class PushKind:
    """What a device may opt in to be pushed: one checkbox per device on /settings, and the
    ``kinds`` of a push subscription (the API)."""

    name: str
    label: Any  # the checkbox's words (lazy)
    position: int  # where /settings lists it: the lowest first


# The kinds a player can have emailed, in the order /settings lists them.
KINDS: dict[str, Kind] = {}
# The push kinds, in the order /settings lists them.
PUSH_KINDS: dict[str, PushKind] = {}


def register_kind(kind: Kind) -> None:
    """Add ``kind`` (an app's, from its ``AppConfig.ready()``): KINDS stays in list order."""
    kinds = {**KINDS, kind.name: kind}
    KINDS.clear()
    KINDS.update(sorted(kinds.items(), key=lambda item: (item[1].position, item[0])))


def register_push_kind(kind: PushKind) -> None:
    """Add a push kind (an app's, from its ``AppConfig.ready()``): PUSH_KINDS stays in list
    order."""
    kinds = {**PUSH_KINDS, kind.name: kind}
    PUSH_KINDS.clear()
    PUSH_KINDS.update(sorted(kinds.items(), key=lambda item: (item[1].position, item[0])))


def push_kind_of(kind: str, params: dict | None = None) -> str:
    """The push kind a notification of ``kind`` with ``params`` goes out under ("" if it is
    not pushed: its kind never is, or ``Kind.push_when`` leaves this one out)."""
    registered = KINDS.get(kind)
    if registered is None or not registered.push:
        return ""
    if registered.push_when is not None and not registered.push_when(params or {}):
        return ""
    return registered.push


def render(kind: str, params: dict | None, legacy_text: str = "") -> str:
    """The notification's words in the active language. A legacy row (no params) or a kind
    this version does not know shows its stored text; a params dict missing a name shows
    the stored text too rather than failing the whole list."""
    registered = KINDS.get(kind)
    if registered is None or not params:
        return legacy_text
    from accounts.names import deleted_name
    from accounts.names import is_pseudonym

    shown = {k: deleted_name() if is_pseudonym(v) else v for k, v in params.items()}
    try:
        return str(registered.render(shown))
    except (KeyError, TypeError, ValueError):
        return legacy_text


def digest_kinds() -> dict[str, str]:
    """{kind: the kind that is its digest} for every kind that has one."""
    return {kind.digest_of: kind.name for kind in KINDS.values() if kind.digest_of}
