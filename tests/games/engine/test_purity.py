"""The engine is pure Python: no Django, no I/O, no clock, no global randomness, and no bot
(the bots are built on the engine, never the other way round)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.purity import imported_modules
from tests.support.purity import run_without_django

ROOT = Path(__file__).resolve().parents[3]  # tests/games/engine/test_purity.py -> repo root
ENGINE = ROOT / "games" / "engine"
BOTS = ROOT / "games" / "bots"

# Modules an engine module may not import: global randomness, the clock, the OS, the network.
FORBIDDEN = {"random", "time", "datetime", "os", "socket"}
# simulate.py may use random.Random instances; __main__.py does file I/O.
EXEMPT = {"__main__.py", "simulate.py"}

PURITY_RUN = """
import games.engine
import games.engine.__main__  # the CLI module, not run
for info in pkgutil.iter_modules(games.engine.__path__):
    importlib.import_module("games.engine." + info.name)
bots = sorted(m for m in sys.modules if m == "games.bots" or m.startswith("games.bots."))
assert not bots, f"importing the engine loaded {bots}"
import games.bots.simple
import games.bots.__main__  # the simulate command line, not run

from games.engine import Ruleset, export_record, verify_record
from games.engine.simulate import simulate_match

seed = bytes(range(32))
for seats in (2, 5):
    rs = Ruleset.for_players(seats, rounds=2)
    events = simulate_match(seed, rs, seats, games.bots.simple.POLICIES["greedy"])
    assert verify_record(export_record(events, seed=seed)).ok

"""


def test_engine_imports_and_plays_without_django():
    r = run_without_django(PURITY_RUN)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip() == "pure"


def test_engine_does_not_need_django_settings():
    """Importing the engine works with no DJANGO_SETTINGS_MODULE and nothing configured."""
    r = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, games.engine, games.bots.simple; "
            "print(any(m.startswith('django') for m in sys.modules))",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "False"


def dynamic_imports(path: Path) -> list[str]:
    """Return calls such as ``__import__("os")`` or ``importlib.import_module("time")``."""
    tree = ast.parse(path.read_text(), filename=str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = getattr(f, "id", None) or getattr(f, "attr", "")
            if name in ("__import__", "import_module"):
                out.append(ast.unparse(node))
    return out


ENGINE_SOURCES = sorted(p for p in ENGINE.glob("*.py") if p.name not in EXEMPT)


def test_sources_found():
    names = {p.name for p in ENGINE_SOURCES}
    assert {"__init__.py", "rules.py", "state.py", "record.py", "views.py", "deal.py"} <= names


def absolute_imports(path: Path, package: str = "games.engine") -> set[str]:
    """Return every module a source file of ``package`` imports, relative imports resolved
    (``from ..bots import simple`` in games.engine is games.bots and games.bots.simple)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1]) if node.level else ""
            module = ".".join(x for x in (base, node.module or "") if x)
            names.add(module)
            names.update(f"{module}.{a.name}" for a in node.names)
    return names


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_engine_module_imports_no_bot(path):
    """simulate.py and the command line included: a policy is passed in, never looked up."""
    bots = {m for m in absolute_imports(path) if m == "games.bots" or m.startswith("games.bots.")}
    assert not bots, f"{path.name} imports {sorted(bots)}"


def test_the_import_check_sees_a_relative_import_of_the_bots(tmp_path):
    source = tmp_path / "mod.py"
    source.write_text("from ..bots.simple import POLICIES\nfrom . import rules\n")
    assert {"games.bots.simple", "games.engine.rules"} <= absolute_imports(source)


@pytest.mark.parametrize("path", ENGINE_SOURCES, ids=lambda p: p.name)
def test_engine_module_imports_nothing_impure(path):
    bad = imported_modules(path) & (FORBIDDEN | {"django", "rest_framework"})
    assert not bad, f"{path.name} imports {sorted(bad)}"
    assert not dynamic_imports(path), f"{path.name} imports dynamically"


GLOBAL_RANDOM_OK = {"Random"}  # instances are fine; the module's shared generator is not


@pytest.mark.parametrize(
    "path",
    [ENGINE / "simulate.py", ENGINE / "__main__.py", BOTS / "simple.py", BOTS / "__main__.py"],
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_no_global_randomness_or_clock(path):
    """simulate.py, the CLI and the bots may use ``random.Random`` instances, never the global
    generator (``random.random()``, ``random.shuffle`` …) nor the clock."""
    tree = ast.parse(path.read_text(), filename=str(path))
    assert not imported_modules(path) & {"time", "datetime", "socket", "django", "rest_framework"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            assert {a.name for a in node.names} <= GLOBAL_RANDOM_OK, ast.unparse(node)
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
        ):
            assert node.attr in GLOBAL_RANDOM_OK, f"{path.name}: {ast.unparse(node)}"
    if path.name != "__main__.py":
        assert "os" not in imported_modules(path)
