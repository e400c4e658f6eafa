"""Reading a request's input, the same way in every API: a JSON body through a serializer, and
the query parameters through a serializer too (``query``). Refusals are 400 with the fields
named (``{"fields": {name: [message]}}``), as DRF's serializer errors are: ``invalid`` for a
body, ``invalid_query`` for the query string."""

from __future__ import annotations

from typing import Any

from core.api import validation_body
from core.errors import ApplicationError
from core.errors import CoreError


def validated(serializer_class, request, **kwargs) -> dict[str, Any]:
    """Return the body validated by ``serializer_class`` (400 with its field errors)."""
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def query(serializer_class, request, **kwargs) -> dict[str, Any]:
    """Return the query parameters validated by ``serializer_class``; 400 ``invalid_query``
    with each refused parameter's messages in ``fields`` otherwise.

    An empty value (``?status=``) counts as absent. Only the parameters the serializer
    declares are read: others (a cache-buster) are ignored, never guessed at.
    """
    data = {name: value for name, value in request.query_params.items() if value != ""}
    serializer = serializer_class(data=data, **kwargs)
    if not serializer.is_valid():
        body = validation_body(serializer.errors, CoreError.INVALID_QUERY)
        raise ApplicationError(
            CoreError.INVALID_QUERY, body["detail"], extra={"fields": body["fields"]}
        )
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
    it is absent or empty); 400 ``invalid_query`` naming the parameter otherwise. Digits only: no
    sign, no spaces, no ``1e3``."""
    raw = request.query_params.get(name, "")
    if raw == "":
        return default
    if raw.isascii() and raw.isdigit() and lo <= int(raw) and (hi is None or int(raw) <= hi):
        return int(raw)
    message = "a whole number" + (f" from {lo} to {hi}" if hi is not None else "")
    raise ApplicationError(
        CoreError.INVALID_QUERY, f"{name} must be {message}", extra={"fields": {name: [message]}}
    )
