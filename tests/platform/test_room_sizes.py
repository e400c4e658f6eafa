"""No room over 800 lines (docs/DESIGN.md): a file of the project's own code that grows past
it is split along what it does before it becomes the file every change touches. Tests,
migrations (generated history), message catalogs and data are not rooms."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 800
CODE = {".py", ".js", ".css", ".html", ".c", ".sh"}
PLACES = ["games", "tournaments", "platform", "frontend", "deploy", "manage.py", "Makefile"]


def rooms() -> list[Path]:
    found = []
    for place in PLACES:
        path = ROOT / place
        files = [path] if path.is_file() else path.rglob("*")
        for f in files:
            if f.is_file() and (f.suffix in CODE or f.name == "Makefile"):
                parts = f.relative_to(ROOT).parts
                if "migrations" in parts or "node_modules" in parts or "vendor" in parts:
                    continue
                found.append(f)
    return found


def test_the_rooms_are_found():
    names = {f.relative_to(ROOT).as_posix() for f in rooms()}
    assert "platform/config/settings.py" in names
    assert "frontend/static/frontend/js/table.js" in names
    assert not any("/migrations/" in n for n in names)


def test_no_room_of_the_project_is_over_800_lines():
    over = {
        f.relative_to(ROOT).as_posix(): n
        for f in rooms()
        if (n := len(f.read_text(encoding="utf-8", errors="replace").splitlines())) > LIMIT
    }
    assert not over, f"split these along what they do (docs/DESIGN.md): {over}"
