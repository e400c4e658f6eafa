"""Production static files: every ES-module import names a hashed file, so a deploy cannot
pair a new table.<hash>.js with a stale, cached ./api.js; the table page preloads those same
hashed files. collectstatic runs as the image build runs it (DJANGO_PROFILE=production)."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

import pytest

from tests.deploy.test_production_profile import HOST
from tests.deploy.test_production_profile import production_env
from tests.support.commands import manage

# Every relative import form the browser follows: static, re-exports, side effects, dynamic.
IMPORT = re.compile(
    r"""(?:\bimport\s*(?:[\w*{}\s,$]+?\s*from\s*)?|\bexport\s*[\w*{}\s,$]+?\s*from\s*|\bimport\s*\(\s*)"""
    r"""["'](?P<url>\.{1,2}/[^"']+)["']""",
    re.S,
)


@pytest.fixture(scope="module")
def collected(tmp_path_factory):
    root = tmp_path_factory.mktemp("static")
    env = production_env(DJANGO_STATIC_ROOT=str(root))
    result = manage("collectstatic", "--noinput", "--verbosity", "0", env=env, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    manifest = json.loads((root / "staticfiles.json").read_text())["paths"]
    return root, manifest, env


@pytest.mark.slow
def test_every_relative_import_in_a_hashed_module_names_a_hashed_file(collected):
    root, manifest, _ = collected
    hashed_names = set(manifest.values())
    ours = {k: v for k, v in manifest.items() if k.startswith("frontend/js/") and k.endswith(".js")}
    assert len(ours) > 10, ours
    seen = 0
    for hashed in ours.values():
        text = (root / hashed).read_text()
        for match in IMPORT.finditer(text):
            seen += 1
            # Resolve ./ and ../ segments without touching the disk.
            parts: list[str] = []
            for part in f"{Path(hashed).parent.as_posix()}/{match['url']}".split("/"):
                if part == "..":
                    parts.pop()
                elif part not in {".", ""}:
                    parts.append(part)
            target = "/".join(parts)
            assert target not in manifest, f"{hashed} imports {match['url']!r}, not hashed"
            assert target in hashed_names, f"{hashed} imports {match['url']!r}, unknown"
            assert (root / target).is_file(), f"{hashed} imports {target}, which is missing"
    assert seen > 20  # the pattern saw the project's imports


@pytest.mark.slow
def test_the_multi_line_import_form_is_rewritten_too(collected):
    """None of today's modules splits an import over lines; the storage must cope when one does."""
    from core.storage import ModuleManifestStaticFilesStorage

    storage = ModuleManifestStaticFilesStorage(location=str(collected[0]))
    source = (
        'import {\n  api,\n  errorText,\n} from "./api.js";\nexport { fmt } from "./i18n.js";\n'
    )
    patterns = storage._patterns["*.js"]
    out = source
    for pattern, template in patterns:
        out = pattern.sub(
            lambda m, t=template: t % {**m.groupdict(), "url": m["url"].replace(".js", ".HASH.js")},
            out,
        )
    assert '"./api.HASH.js"' in out, out
    assert '"./i18n.HASH.js"' in out, out


@pytest.mark.slow
def test_the_table_preloads_the_hashed_modules_it_imports(collected):
    root, manifest, env = collected
    # The template alone, as the view renders it: no database behind this process.
    code = (
        "from django.contrib.auth.models import AnonymousUser;"
        " from django.template.loader import render_to_string;"
        " from django.test import RequestFactory;"
        f" r = RequestFactory().get('/games/{uuid.uuid4()}', HTTP_HOST='{HOST}');"
        " r.user = AnonymousUser();"
        " print('PAGE' + render_to_string('frontend/game.html',"
        f" {{'game_id': '{uuid.uuid4()}', 'initial_view': None}}, request=r))"
    )
    result = manage("shell", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    page = result.stdout.partition("PAGE")[2]
    preloads = re.findall(r'<link rel="modulepreload" href="/static/([^"]+)"', page)
    assert len(preloads) > 5
    hashed_names = set(manifest.values())
    for href in preloads:
        assert href not in manifest, f"preload of unhashed {href}"
        assert href in hashed_names, f"preload of unknown {href}"
    # What table.js imports is preloaded, under the same hashed names.
    table = (root / manifest["frontend/js/table.js"]).read_text()
    for match in IMPORT.finditer(table):
        assert "frontend/js/" + match["url"].removeprefix("./") in preloads
