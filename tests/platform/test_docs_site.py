"""The docs site and the README (issue 32): the README stays short and the site builds strictly.

``mkdocs build --strict`` fails on any warning: a broken link or anchor, a page left out of the
nav, a missing snippet (deploy/README.md's sections, the API documents). The build is `make
docs`'s command; the site goes to a temporary folder, not site/.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
README_LIMIT = 8 * 1024


def test_the_readme_is_read_in_two_minutes():
    size = len((REPO / "README.md").read_bytes())
    assert size <= README_LIMIT, f"README.md is {size} bytes: move sections to docs/"


def test_the_readme_keeps_the_two_commands():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert re.search(r"^make run\b", text, re.M)
    assert re.search(r"^make test\b", text, re.M)


def test_the_readme_links_only_files_that_exist():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    assert targets
    missing = [t for t in targets if "://" not in t and not (REPO / t).exists()]
    assert not missing, missing
    image = re.search(r"!\[[^]]*\]\(([^)]+)\)", text)[1]
    assert (REPO / image).stat().st_size < 150_000, "keep the screenshot under 150 KB"


@pytest.mark.slow
def test_the_docs_site_builds_strictly(tmp_path):
    mkdocs = shutil.which("mkdocs", path=str(Path(sys.executable).parent))
    assert mkdocs, "mkdocs-material is in the test extra (pyproject.toml): make venv"
    result = subprocess.run(
        [mkdocs, "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=REPO,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr, result.stderr
    assert (tmp_path / "site" / "players" / "rules" / "index.html").is_file()


def test_the_platform_serves_the_built_site_at_docs(tmp_path, settings, rf):
    from django.http import HttpResponse

    from core.static import StaticFilesMiddleware

    (tmp_path / "players").mkdir()
    (tmp_path / "index.html").write_text("<h1>home</h1>")
    (tmp_path / "players" / "index.html").write_text("<h1>How to play</h1>")
    settings.DOCS_ROOT = tmp_path
    middleware = StaticFilesMiddleware(lambda request: HttpResponse(status=404), settings)
    home = middleware(rf.get("/docs/"))
    assert home.status_code == 200
    assert b"".join(home.streaming_content) == b"<h1>home</h1>"
    assert middleware(rf.get("/docs/players/")).status_code == 200
    # A relative redirect: /docs/players -> /docs/players/.
    assert middleware(rf.get("/docs/players"))["Location"] == "players/"


def test_without_a_built_site_docs_is_left_to_the_platform(tmp_path, settings, rf):
    from django.http import HttpResponse

    from core.static import StaticFilesMiddleware

    settings.DOCS_ROOT = tmp_path / "site"
    middleware = StaticFilesMiddleware(lambda request: HttpResponse(status=404), settings)
    assert middleware(rf.get("/docs/")).status_code == 404


@pytest.mark.django_db
def test_every_page_links_the_docs_in_its_footer(client, settings):
    settings.DOCS_URL = "https://docs.example.org/mexican-train/"
    page = client.get("/").content.decode()
    footer = page[page.index('<footer class="site-footer">') :]
    assert 'href="https://docs.example.org/mexican-train/"' in footer
