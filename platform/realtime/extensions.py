"""What the apps above a socket's app add to it, registered from their ``AppConfig.ready()``.

The table socket (games.consumers) and the tournament socket (tournaments.consumers) sit below
the chat, which rides on both: it registers the table socket's ``chat`` command and the
delivery of its ``chat.message`` group messages to either socket. The sockets name no app above
them; an unregistered command is answered as any unknown one, an unregistered group message is
dropped.
"""

from __future__ import annotations

from collections.abc import Awaitable
from collections.abc import Callable
from typing import Any

Command = Callable[[Any, dict[str, Any]], Awaitable[None]]
Delivery = Callable[[Any, dict[str, Any], str], Awaitable[None]]

_COMMANDS: dict[tuple[str, str], Command] = {}
_DELIVERIES: dict[str, Delivery] = {}


def register_command(socket: str, name: str, handler: Command) -> None:
    """``{"command": name, ...}`` on a ``socket`` ("game") socket runs
    ``handler(consumer, content)``; what it raises is answered as the socket's own errors."""
    _COMMANDS[(socket, name)] = handler


def command(socket: str, name: Any) -> Command | None:
    return _COMMANDS.get((socket, name)) if isinstance(name, str) else None


def commands(socket: str) -> set[str]:
    """The commands registered on a ``socket`` socket (the AsyncAPI document names them too)."""
    return {name for kind, name in _COMMANDS if kind == socket}


def register_delivery(message_type: str, handler: Delivery) -> None:
    """A group message of ``message_type`` reaching a socket runs
    ``handler(consumer, message, socket)`` (socket: "game" or "tournament")."""
    _DELIVERIES[message_type] = handler


async def deliver(message_type: str, consumer, message: dict[str, Any], socket: str) -> None:
    handler = _DELIVERIES.get(message_type)
    if handler is not None:
        await handler(consumer, message, socket)
