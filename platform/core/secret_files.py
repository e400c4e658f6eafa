"""Secrets that the embedded default and development generate once and keep in a file (var/),
so that a fresh install has secrets of its own without anybody setting one: the secret key
Django signs sessions and links with, and the development signing key. Production passes its
secrets in the environment instead (config.settings refuses to start without them)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path


def read_or_create(path: Path, generate: Callable[[], str]) -> str:
    """Return the secret kept in ``path`` (its text, stripped), writing ``generate()`` there
    first if there is none yet.

    The file is written readable by its owner only, under a temporary name and then linked into
    place: processes starting at once (a web process, a worker, beat) all read the one secret
    that won, never a half-written file.
    """
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(generate() + "\n")
        try:
            os.link(tmp, path)  # atomic: whoever links first wins, the others read theirs
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_text(encoding="utf-8").strip()
