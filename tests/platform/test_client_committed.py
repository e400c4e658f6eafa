"""The committed bot authors' client (docs/examples/client/) is the one openapi-python-client
generates from the committed OpenAPI document (docs/api/openapi.yaml, itself checked by
test_schema_committed.py): an API change that is not committed with its regenerated client
fails here, so a bot author who installs the client gets the API the server serves."""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.server import REPO

# slow lane: runs the generator (and ruff, its formatter) as processes
pytestmark = pytest.mark.slow

CLIENT = REPO / "docs" / "examples" / "client"
CONFIG = REPO / "docs" / "examples" / "client-config.yaml"
SCHEMA = REPO / "docs" / "api" / "openapi.yaml"
FIX = "the API document changed: run `make client` and commit docs/examples/client/"
DIFF_LINES = 40


def generate(into: Path) -> Path:
    """Generate the client as `make client` does, into ``into``; return its folder."""
    bin_dir = Path(sys.executable).parent  # the venv's: the pinned generator and ruff
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    out = into / "client"
    run = subprocess.run(
        [str(bin_dir / "openapi-python-client"), "generate", "--path", str(SCHEMA),
         "--config", str(CONFIG), "--meta", "setup", "--output-path", str(out), "--overwrite"],
        env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    # Warnings mean parts of the document were left out of the client.
    assert "Warning" not in run.stdout + run.stderr, run.stdout + run.stderr
    return out


# What a build, an install or the formatter leave in the folder (the client's .gitignore).
LEFT_BY_TOOLS = ("__pycache__", ".ruff_cache", "build", "dist")


def files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
        and not any(part in LEFT_BY_TOOLS or part.endswith(".egg-info") for part in p.parts)
    }


def short_diff(committed: dict[str, bytes], generated: dict[str, bytes]) -> str:
    out = []
    for name in sorted(set(committed) | set(generated)):
        if name not in generated:
            out.append(f"only committed (the generator no longer writes it): {name}")
        elif name not in committed:
            out.append(f"not committed (the generator writes it): {name}")
        elif committed[name] != generated[name]:
            out.extend(
                difflib.unified_diff(
                    committed[name].decode().splitlines(),
                    generated[name].decode().splitlines(),
                    f"{name} (committed)",
                    f"{name} (generated)",
                    lineterm="",
                )
            )
    more = len(out) - DIFF_LINES
    return "\n".join(out[:DIFF_LINES] + ([f"... {more} more lines"] if more > 0 else []))


def test_the_committed_client_is_the_one_the_document_generates(tmp_path):
    generated = files(generate(tmp_path))
    committed = files(CLIENT) if CLIENT.exists() else {}

    if committed != generated:
        pytest.fail(f"{FIX}\n{short_diff(committed, generated)}", pytrace=False)


def test_the_client_types_the_game_it_plays():
    """The shapes a bot reads to play are typed in the client, not left as any JSON."""
    models = CLIENT / "mexican_train_client" / "models"
    state = (models / "game_state.py").read_text()
    assert "view: None | View" in state, state
    assert "legal_moves: list[Move]" in state, state
    move = (models / "move.py").read_text()
    assert "tile: list[int] | Unset" in move, move
