"""What the apps above accounts add to an account's data export and to its deletion.

accounts sits below the apps that hold a player's games, ratings, disputes, notifications and
chat, so it names none of them: each registers its part from its ``AppConfig.ready()`` (in its
``account_data`` module), and accounts.export and accounts.deletion call what was registered.

- an export section: ``register_export_section(name, build)``, ``build(user)`` its JSON; the
  export's sections come in ``accounts.export.SECTIONS``' order (the format's, documented there);
- a setting shown in the export's ``settings``: ``register_export_setting(name, build)``;
- a blocker of deletion: ``register_deletion_blocker(name, find)``, ``find(user)`` the list of
  what stops the account from being deleted now (empty: nothing);
- a deletion step: ``register_deletion_step(step)``, ``step(user, old_username)`` run inside
  the deletion's transaction, after the account row was pseudonymized.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

EXPORT_SECTIONS: dict[str, Callable[[Any], Any]] = {}
EXPORT_SETTINGS: dict[str, Callable[[Any], Any]] = {}
DELETION_BLOCKERS: dict[str, Callable[[Any], list[dict[str, Any]]]] = {}
DELETION_STEPS: list[Callable[[Any, str], None]] = []


def register_export_section(name: str, build: Callable[[Any], Any]) -> None:
    EXPORT_SECTIONS[name] = build


def register_export_setting(name: str, build: Callable[[Any], Any]) -> None:
    EXPORT_SETTINGS[name] = build


def register_deletion_blocker(name: str, find: Callable[[Any], list[dict[str, Any]]]) -> None:
    DELETION_BLOCKERS[name] = find


def register_deletion_step(step: Callable[[Any, str], None]) -> None:
    if step not in DELETION_STEPS:
        DELETION_STEPS.append(step)
