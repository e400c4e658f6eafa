"""Reading a request's input, the same way in every API: a JSON body through a serializer, and
query parameters that must be whole numbers. Refusals are 400 ``invalid`` with the field named
(``{"fields": {name: [message]}}``), as DRF's serializer errors are."""

from __future__ import annotations

from typing import Any

from core.errors import ApplicationError, CoreError


def validated(serializer_class, request, **kwargs) -> dict[str, Any]:
    """Return the body validated by ``serializer_class`` (400 with its field errors)."""
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def whole_number(
    request,
    name: str,
    *,
    default: int | None = None,
    lo: int = 0,
    hi: int | None = None,
) -> int | None:
    """Return query parameter ``name`` as a whole number from ``lo`` to ``hi`` (``default`` when
    it is absent or empty); 400 ``invalid`` naming the parameter otherwise. Digits only: no
    sign, no spaces, no ``1e3``."""
    raw = request.query_params.get(name, "")
    if raw == "":
        return default
    if raw.isascii() and raw.isdigit() and lo <= int(raw) and (hi is None or int(raw) <= hi):
        return int(raw)
    message = "a whole number" + (f" from {lo} to {hi}" if hi is not None else "")
    raise ApplicationError(
        CoreError.INVALID, f"{name} must be {message}", extra={"fields": {name: [message]}}
    )
