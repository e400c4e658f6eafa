"""Server-rendered pages as the tests read them."""

from __future__ import annotations

from collections.abc import Iterable


def rendered(client, url: str, hooks: Iterable[str] = ()) -> str:
    """Return the page at ``url``; fail unless it answers 200 and carries every one of ``hooks``."""
    r = client.get(url)
    assert r.status_code == 200
    body = r.content.decode()
    for hook in hooks:
        assert hook in body
    return body
