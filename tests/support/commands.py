"""Run the project's own commands in a subprocess, as an operator would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def manage(
    *args: str, env: dict[str, str], timeout: float = 120, repo: Path = REPO
) -> subprocess.CompletedProcess:
    """Run ``manage.py args`` with exactly ``env`` in the checkout ``repo`` (this one, or a
    worktree of an older revision); return the finished process, output as text."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
