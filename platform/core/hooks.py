"""A hook: one callable that an app above installs (from its ``AppConfig.ready()``) for an app
below to call, so that the lower one names nothing above it (docs/DESIGN.md, the floors).

A lower app declares ``hook = Hook("what it does")``; the upper one calls ``hook.install(fn)``;
the lower one calls ``hook(...)``. A hook called before anything is installed raises
ImproperlyConfigured, unless it was declared with a ``default`` to answer instead: a hook that
guards something (the staff trail) fails closed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ImproperlyConfigured

_REQUIRED = object()


class Hook:
    def __init__(self, purpose: str, *, default: Any = _REQUIRED) -> None:
        self.purpose = purpose
        self._default = default
        self._fn: Callable[..., Any] | None = None

    def install(self, fn: Callable[..., Any]) -> None:
        """Install ``fn`` (a second install replaces the first: a reloaded app)."""
        self._fn = fn

    @property
    def installed(self) -> bool:
        return self._fn is not None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._fn is None:
            if self._default is _REQUIRED:
                raise ImproperlyConfigured(f"nothing is installed for {self.purpose}")
            return self._default
        return self._fn(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<Hook {self.purpose}: {self._fn!r}>"
