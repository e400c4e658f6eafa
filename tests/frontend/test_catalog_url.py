"""The JavaScript catalog at a URL that changes with the language and the compiled catalogs,
cached for a year; the old /jsi18n/ keeps working."""

import json
import re

import pytest

from core import catalog

pytestmark = pytest.mark.django_db

SCRIPT = re.compile(r'<script[^>]* src="(/jsi18n/[^"]*)"')


def catalog_src(client, lang=None):
    if lang:
        client.post("/i18n/setlang/", {"language": lang, "next": "/"})
    body = client.get("/lobby").content.decode()
    found = SCRIPT.findall(body)
    assert len(found) == 1, found
    return found[0]


def test_the_page_names_a_versioned_catalog_per_language(client):
    english = catalog_src(client)
    japanese = catalog_src(client, "ja")
    thai = catalog_src(client, "th")
    assert english == f"/jsi18n/en/{catalog.version()}/"
    assert japanese == f"/jsi18n/ja/{catalog.version()}/"
    assert len({english, japanese, thai}) == 3


@pytest.mark.parametrize(("lang", "turn"), [("ja", "あなたの番です"), ("it", None), ("en", None)])
def test_the_versioned_catalog_is_the_urls_language_whatever_the_cookie(client, lang, turn):
    client.post("/i18n/setlang/", {"language": "hu", "next": "/"})  # the cookie says Hungarian
    response = client.get(f"/jsi18n/{lang}/{catalog.version()}/")
    assert response.status_code == 200
    body = response.content.decode()
    if turn:
        assert turn in body or json.dumps(turn)[1:-1] in body
    assert response["Content-Language"] == lang
    hungarian = client.get(f"/jsi18n/hu/{catalog.version()}/").content
    assert hungarian != response.content


def test_the_versioned_catalog_is_cached_for_a_year(client):
    response = client.get(f"/jsi18n/ja/{catalog.version()}/")
    cache_control = {part.strip() for part in response["Cache-Control"].split(",")}
    assert {"public", "max-age=31536000", "immutable"} <= cache_control
    assert response["Content-Type"].startswith("text/javascript")


def test_an_old_version_gets_the_current_catalog_uncached(client):
    response = client.get("/jsi18n/ja/000000000000/")
    assert response.status_code == 200
    assert response.content == client.get(f"/jsi18n/ja/{catalog.version()}/").content
    assert "immutable" not in response["Cache-Control"]
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.parametrize("path", ["/jsi18n/xx/{v}/", "/jsi18n/../{v}/", "/jsi18n/ja/NOTHEX/"])
def test_an_unknown_language_or_a_malformed_version_is_not_found(client, path):
    assert client.get(path.format(v=catalog.version())).status_code == 404


def test_the_version_follows_the_compiled_catalogs(tmp_path, settings):
    from django.utils.autoreload import file_changed

    before = catalog.version()
    mo = tmp_path / "xx" / "LC_MESSAGES" / "djangojs.mo"
    mo.parent.mkdir(parents=True)
    mo.write_bytes(b"not really a catalog")
    settings.LOCALE_PATHS = [*settings.LOCALE_PATHS, tmp_path]
    added = catalog.version()
    assert added != before
    mo.write_bytes(b"another catalog entirely")
    assert catalog.version() == added  # read once per process, not on every page
    file_changed.send(sender=None, file_path=mo)  # what the development reloader sends
    assert catalog.version() not in {before, added}
    settings.LOCALE_PATHS = settings.LOCALE_PATHS[:-1]
    assert catalog.version() == before


def test_the_old_catalog_url_keeps_working(client):
    client.post("/i18n/setlang/", {"language": "ja", "next": "/"})
    response = client.get("/jsi18n/")
    assert response.status_code == 200
    assert "immutable" not in response.get("Cache-Control", "")


def test_the_catalog_does_not_block_rendering(client):
    """Deferred: it runs after parsing, before the pages' modules (document order), so
    window.gettext is there when they first call it (i18n.js)."""
    body = client.get("/lobby").content.decode()
    tag = re.search(r"<script[^>]*/jsi18n/[^>]*>", body)[0]
    assert " defer" in tag
    assert body.index(tag) < body.index('type="module"')
