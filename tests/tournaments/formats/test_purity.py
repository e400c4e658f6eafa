"""The formats are pure Python: no Django, no I/O, no clock, no global randomness."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support.purity import imported_modules
from tests.support.purity import run_without_django

ROOT = Path(__file__).resolve().parents[3]  # tests/tournaments/formats/test_purity.py -> repo root
FORMATS = ROOT / "tournaments" / "formats"
SOURCES = sorted(FORMATS.glob("*.py"))

PURITY_RUN = """
import tournaments.formats as formats
for info in pkgutil.iter_modules(formats.__path__):
    importlib.import_module("tournaments.formats." + info.name)

seating = formats.seat_swiss(list(range(17)), 4, seed=1)
results = [
    formats.TableResult(tuple(formats.SeatResult(p, (i, 3)) for i, p in enumerate(t)))
    for t in seating
]
standings = formats.compute_standings(list(range(17)), results)
assert [s.rank for s in standings] == list(range(1, 18))

"""


def test_formats_import_and_run_without_django():
    r = run_without_django(PURITY_RUN)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip() == "pure"


def test_sources_found():
    names = {p.name for p in SOURCES}
    assert {"__init__.py", "swiss.py", "standings.py", "duplicate.py", "elimination.py"} <= names


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_formats_module_imports_nothing_impure(path):
    forbidden = {"time", "datetime", "os", "socket", "django", "rest_framework", "games"}
    bad = imported_modules(path) & forbidden
    assert not bad, f"{path.name} imports {sorted(bad)}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_formats_use_seeded_generators_only(path):
    """``random.Random`` instances made from an explicit seed, never the shared generator."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert "random" not in {a.name for a in node.names}, f"{path.name}: import random"
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            assert {a.name for a in node.names} <= {"Random"}, ast.unparse(node)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in (
            "__import__",
            "import_module",
        ):
            raise AssertionError(f"{path.name} imports dynamically: {ast.unparse(node)}")
