"""Checks that a pure package (the rules engine, the tournament formats) needs no Django."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_BLOCKER = textwrap.dedent(
    """
    import importlib, importlib.abc, pkgutil, sys

    BLOCKED = ("django", "rest_framework")

    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(f"{name} is blocked in this test")
            return None

    sys.meta_path.insert(0, Block())
    for name in BLOCKED:
        sys.modules.pop(name, None)
    try:
        import django  # noqa: F401
    except ImportError:
        pass
    else:
        raise SystemExit("the blocker does not work")
    """
)

_CHECK = textwrap.dedent(
    """
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    assert not loaded, loaded
    print("pure")
    """
)


def run_without_django(body: str) -> subprocess.CompletedProcess:
    """Run ``body`` (dedented source) in a fresh interpreter where importing Django or DRF
    fails, then check neither got loaded; the run prints "pure" when all went well."""
    script = _BLOCKER + textwrap.dedent(body) + _CHECK
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )


def imported_modules(path: Path) -> set[str]:
    """Return the top-level names of every module a source file imports (anywhere in it)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names
