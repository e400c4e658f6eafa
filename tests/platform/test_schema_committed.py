"""The committed OpenAPI schema (docs/api/openapi.yaml) is the one the code serves: an API
change that is not committed with its schema fails here, so clients can read the contract
from the repository and see it change in review."""

import difflib
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import translation

COMMITTED = Path(__file__).resolve().parents[2] / "docs" / "api" / "openapi.yaml"
FIX = "the API changed: run `make schema` and commit docs/api/openapi.yaml"
DIFF_LINES = 40


def generate(path: Path) -> str:
    """Write the schema as `make schema` does, in the default language; return it."""
    with translation.override(settings.LANGUAGE_CODE):
        call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(path))
    return path.read_text()


def short_diff(committed: str, generated: str) -> str:
    lines = difflib.unified_diff(
        committed.splitlines(),
        generated.splitlines(),
        "docs/api/openapi.yaml (committed)",
        "generated from the code",
        lineterm="",
    )
    out = list(lines)
    more = len(out) - DIFF_LINES
    return "\n".join(out[:DIFF_LINES] + ([f"... {more} more lines"] if more > 0 else []))


def test_the_committed_openapi_schema_is_the_one_the_code_generates(tmp_path):
    generated = generate(tmp_path / "openapi.yaml")
    committed = COMMITTED.read_text() if COMMITTED.exists() else ""

    if committed != generated:  # not a bare assert: pytest would print both 8,000-line files
        pytest.fail(f"{FIX}\n{short_diff(committed, generated)}", pytrace=False)


def test_the_schema_is_generated_the_same_twice(tmp_path):
    assert generate(tmp_path / "a.yaml") == generate(tmp_path / "b.yaml")
