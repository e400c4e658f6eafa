"""The platform's version: one place, read by the install and shown to people.

pyproject.toml takes the package's version from here (``[tool.setuptools.dynamic]``); the
footer of every page and ``GET /healthz`` show it. Versions follow semantic versioning, and
CHANGELOG.md says what each one changed (docs/developers/releases.md: the policies for the
version, the game record's format version and the API).
"""

from __future__ import annotations

VERSION = "0.4.0"


def version(request) -> dict[str, str]:
    """Give the templates the platform's version (the footer)."""
    return {"PLATFORM_VERSION": VERSION}
