"""Checks shared by the tests of the rate limits."""

from __future__ import annotations


def assert_throttled(response, window: int) -> None:
    """Assert ``response`` is the platform's 429: its code, detail and a Retry-After in the window."""
    assert response.status_code == 429, response.content
    body = response.json()
    assert body["code"] == "throttled"
    assert body["detail"]
    assert isinstance(body["retry_after"], int)
    assert 1 <= body["retry_after"] <= window
    assert response["Retry-After"] == str(body["retry_after"])
