"""Limits on what one socket frame or request may cost: its size, its JSON's nesting, its
idempotency key.

The request body's limit is DATA_UPLOAD_MAX_MEMORY_SIZE (settings; core.asgi_limits enforces it
before reading); nginx enforces the same with client_max_body_size.
"""

from __future__ import annotations

import json
from typing import Any

from core.errors import ApplicationError
from core.errors import CoreError

# The largest WebSocket frame (64 KiB): uvicorn closes the socket with 1009 on a larger one,
# before buffering it. A move or a sync is under 200 bytes.
MAX_FRAME_BYTES = 64 * 1024
# The deepest JSON nesting accepted; no input of the API nests more than 4 levels.
MAX_JSON_DEPTH = 32
# The longest Idempotency-Key (the event store's command_id column holds it with a prefix).
MAX_IDEMPOTENCY_KEY = 128


class JsonTooDeep(ValueError):
    """A JSON document nests deeper than ``MAX_JSON_DEPTH``."""


def json_depth_ok(value: Any, limit: int = MAX_JSON_DEPTH) -> bool:
    """Tell whether a parsed JSON value nests at most ``limit`` arrays and objects deep."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return False
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return True


def load_json(text: str | bytes, **kwargs: Any) -> Any:
    """Parse JSON, refusing a document nested deeper than ``MAX_JSON_DEPTH``.

    Raises ValueError (``JsonTooDeep`` for nesting): the C decoder itself raises RecursionError
    somewhere past 1,000 levels, which would otherwise escape as a server error.
    """
    try:
        value = json.loads(text, **kwargs)
    except RecursionError:
        raise JsonTooDeep(f"JSON nested deeper than {MAX_JSON_DEPTH} levels") from None
    if not json_depth_ok(value):
        raise JsonTooDeep(f"JSON nested deeper than {MAX_JSON_DEPTH} levels")
    return value


def check_idempotency_key(key: Any, name: str = "Idempotency-Key") -> str | None:
    """Return a valid idempotency key (None if absent or empty); refuse one that is not a
    string of at most ``MAX_IDEMPOTENCY_KEY`` characters with 400 ``invalid``."""
    if key is None or key == "":
        return None
    if not isinstance(key, str):
        message = "a string"
    elif len(key) > MAX_IDEMPOTENCY_KEY:
        message = f"at most {MAX_IDEMPOTENCY_KEY} characters"
    else:
        return key
    raise ApplicationError(
        CoreError.INVALID, f"{name} must be {message}", extra={"fields": {name: [message]}}
    )
