"""Upcasters: events stored in an older shape are read in the current one.

The log is append-only and hash-chained: a stored row never changes, so an event type whose
shape changes gets a new ``schema_version`` and an upcaster from each older version, a pure
function of the stored ``data`` that returns the next version's. ``store.read`` applies them,
so every reader sees the current shape only; the shape as stored stays on the event
(``StoredEvent.stored``) for what must see the bytes that were hashed (``store.verify_chain``).

An app registers its upcasters when it is imported (``register(type, from_version)``), before
its streams are read: the games app does it in its ``ready()``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]

REGISTRY: dict[tuple[str, int], Upcaster] = {}
"""(event type, the schema version it reads) -> the function returning version + 1's data."""


def register(type_: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
    """Register the decorated function as the upcaster of ``type_`` from ``from_version`` to
    the next version. Registering another function for the same pair is refused: two readings
    of one stored shape would fold the same log two ways."""

    def decorate(fn: Upcaster) -> Upcaster:
        key = (type_, from_version)
        known = REGISTRY.get(key)
        if known is not None and known is not fn:
            raise ValueError(f"{type_} v{from_version} already has an upcaster: {known!r}")
        REGISTRY[key] = fn
        return fn

    return decorate


def upcast(type_: str, schema_version: int, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Return (version, data) read in the newest shape the registry knows: each upcaster from
    ``schema_version`` on in turn. The stored ``data`` is not modified."""
    fn = REGISTRY.get((type_, schema_version))
    while fn is not None:
        data = fn(data)
        schema_version += 1
        fn = REGISTRY.get((type_, schema_version))
    return schema_version, data
