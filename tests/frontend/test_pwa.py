"""The installable app's files as the server answers them (frontend.pwa): the manifest (its
type, what installability needs, icons that are the size it says), the service worker served
at the root with the hashed URLs it precaches and a version that follows their contents, and
the offline page in every language, with no account's data in it. In Chromium:
tests/e2e/test_pwa.py."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.utils import translation
from django.utils.translation import gettext

from frontend import pwa
from tests.support.factories import person

pytestmark = pytest.mark.django_db


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


def script_constants(body: str) -> dict:
    """The JSON constants the service worker's first lines declare."""
    return {
        name: json.loads(value)
        for name, value in re.findall(r"^const ([A-Z_]+) = (.*);$", body, re.M)
        if name in {"VERSION", "PRECACHE", "OFFLINE", "DEFAULT_LANGUAGE", "ICON"}
    }


def test_the_manifest_has_what_installing_needs(client):
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200
    assert r["Content-Type"] == "application/manifest+json"
    manifest = json.loads(r.content)
    assert manifest["name"] == manifest["short_name"] == "Mexican Train"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/my-games",
        "/",
        "standalone",
    )
    assert manifest["theme_color"] == "#174a3a"
    icons = {(i["sizes"], i["purpose"]): i for i in manifest["icons"]}
    assert set(icons) == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("192x192", "maskable"),
        ("512x512", "maskable"),
    }
    for (sizes, _), icon in icons.items():
        assert icon["type"] == "image/png"
        name = icon["src"].removeprefix("/static/")
        name = re.sub(r"\.[0-9a-f]{12}\.png$", ".png", name)  # the hashed name's source
        assert icon["src"] == static(name)
        size = int(sizes.split("x")[0])
        assert png_size(Path(finders.find(name))) == (size, size)


def test_the_manifest_speaks_the_readers_language(client):
    client.post("/i18n/setlang/", {"language": "ja", "next": "/"})
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    with translation.override("ja"):
        assert manifest["name"] == gettext("Mexican Train") != "Mexican Train"
    assert manifest["lang"] == "ja"


def test_every_page_links_the_manifest_and_the_touch_icon(client):
    body = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in body
    assert f'<link rel="apple-touch-icon" href="{static("frontend/icons/touch-180.png")}">' in body


def test_the_service_worker_is_served_from_the_root_never_cached(client):
    r = client.get("/sw.js")
    assert r.status_code == 200
    assert r["Content-Type"].startswith("text/javascript")
    assert "no-cache" in r["Cache-Control"]
    body = r.content.decode()
    constants = script_constants(body)
    precached = {entry["url"]: entry["hashed"] for entry in constants["PRECACHE"]}
    # The static files the pages load, by the URLs the pages use.
    for name in ("frontend/css/site.css", "frontend/js/site.js", "frontend/js/offline.js"):
        assert static(name) in precached
    assert precached[static("frontend/css/site.css")] is True  # a hashed name: cache first
    modules = {p.name for p in (Path(settings.FRONTEND_DIR) / "static/frontend/js").glob("*.js")}
    assert {u.rsplit("/", 1)[1] for u in precached if u.endswith(".js")} >= modules
    assert constants["OFFLINE"] == {code: f"/offline/{code}" for code, _ in settings.LANGUAGES}
    assert re.fullmatch(r"[0-9a-f]{16}", constants["VERSION"])
    for handler in ("install", "activate", "fetch", "push", "notificationclick"):
        assert f'addEventListener("{handler}"' in body


def test_the_version_changes_with_the_content_of_a_precached_file(client, settings, tmp_path):
    extra = tmp_path / "frontend" / "js"
    extra.mkdir(parents=True)
    module = extra / "zz_extra.js"
    module.write_text("export const a = 1;\n")
    settings.STATICFILES_DIRS = [str(tmp_path)]
    finders.get_finder.cache_clear()
    try:
        first = script_constants(client.get("/sw.js").content.decode())
        assert static("frontend/js/zz_extra.js") in {e["url"] for e in first["PRECACHE"]}
        module.write_text("export const a = 2;  // same URL, new content\n")
        second = script_constants(client.get("/sw.js").content.decode())
        assert second["PRECACHE"] == first["PRECACHE"]
        assert second["VERSION"] != first["VERSION"]
    finally:
        finders.get_finder.cache_clear()


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_the_offline_page_is_in_each_language(client, language):
    r = client.get(f"/offline/{language}")
    assert r.status_code == 200
    body = r.content.decode()
    assert f'<html lang="{language}">' in body
    with translation.override(language):
        title = gettext("You are offline")
        waiting = gettext("Waiting for %%(name)s").replace("%%", "%")
    assert title in body
    assert f'data-waiting="{waiting}"' in body
    if language != "en":
        assert title != "You are offline"
    assert static("frontend/js/offline.js") in body


def test_the_offline_page_holds_no_accounts_data(client):
    client.force_login(person("secretname"))
    body = client.get("/offline/en").content.decode()
    assert "secretname" not in body
    assert client.get("/offline/xx").status_code == 404


def test_the_precache_lists_files_by_the_storage_urls():
    names = [name for name, _path in pwa._static_files()]
    assert "frontend/css/site.css" in names
    assert all(n.startswith("frontend/") for n in names)
    assert not any(n.endswith(".svg") and "/icons/" in n for n in names)  # sources stay out
