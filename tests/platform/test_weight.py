"""Weight (issue 31, item 11): pages and JSON leave the platform gzip-compressed when the client
takes it, the same bytes once decompressed; static files with a content hash in their name are
cached for a year (immutable), the others briefly, in the embedded default too."""

from __future__ import annotations

import gzip
import re

import pytest
from django.conf import settings
from django.templatetags.static import static
from django.test import Client

from tests.support.factories import make_user
from tests.support.factories import open_table
from tests.support.factories import play

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}
YEAR = 31_536_000
# The CSRF token in a page's forms is masked afresh for every response.
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"')


def body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def same_page(a: bytes, b: bytes) -> bool:
    return TOKEN.sub(b"", a) == TOKEN.sub(b"", b)


@pytest.mark.django_db
def test_a_big_page_is_gzipped_and_decompresses_to_the_same_page():
    """The table page of a game under way: the page, its first view and its history."""
    owner = make_user("weigher")
    game = play(open_table(owner, bots=3), [owner], moves=12)
    client = Client()
    client.force_login(owner)

    plain = client.get(f"/games/{game.id}")
    packed = client.get(f"/games/{game.id}", **GZIP)

    assert len(plain.content) > 20_000, len(plain.content)
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert len(packed.content) < len(plain.content) / 3
    assert same_page(gzip.decompress(packed.content), plain.content)


@pytest.mark.django_db
def test_the_apis_json_is_gzipped_and_decompresses_to_the_same_json():
    owner = make_user("weigher")
    for _ in range(3):
        open_table(owner, bots=1, start=False)
    client = Client()

    plain = client.get("/api/v1/games")
    packed = client.get("/api/v1/games", **GZIP)

    assert plain["Content-Type"] == "application/json"
    assert len(plain.content) > 500
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content


def test_a_json_error_under_the_api_is_gzipped_too():
    response = Client().get("/api/v1/no-such-thing-" + "x" * 300, **GZIP)

    assert response.status_code == 404
    # a short body is sent as it is: gzip would not make it smaller
    assert "Content-Encoding" not in response or response["Content-Encoding"] == "gzip"


def test_the_embedded_default_serves_static_files_under_hashed_names_cached_for_a_year():
    url = static("frontend/css/site.css")
    assert re.fullmatch(r"/static/frontend/css/site\.[0-9a-f]{12}\.css", url), url

    hashed = Client().get(url)
    plain = Client().get("/static/frontend/css/site.css")

    assert hashed.status_code == 200
    assert f"max-age={YEAR}" in hashed["Cache-Control"]
    assert "immutable" in hashed["Cache-Control"]
    assert body(hashed) == body(plain)
    # without the hash: short, a later edit is seen within the minute
    assert plain["Cache-Control"] == "max-age=60, public"


def test_a_hash_that_is_not_the_files_current_one_is_not_cached_for_long():
    stale = re.sub(r"\.[0-9a-f]{12}\.", ".0123456789ab.", static("frontend/css/site.css"))

    response = Client().get(stale)

    assert response.status_code == 200  # a page rendered before an edit still gets its style
    assert "immutable" not in response["Cache-Control"]


def test_modules_keep_their_plain_names_in_the_embedded_default():
    """One URL per module: a hashed entry importing "./api.js" while the page preloads
    api.<hash>.js would load the module twice (two instances). collectstatic hashes the
    imports too in production (core.storage)."""
    assert static("frontend/js/site.js") == "/static/frontend/js/site.js"


def test_static_text_files_are_gzipped_in_the_embedded_default():
    response = Client().get(static("frontend/css/site.css"), **GZIP)

    assert response["Content-Encoding"] == "gzip"
    plain = Client().get(static("frontend/css/site.css"))
    assert gzip.decompress(body(response)) == body(plain)


def test_a_not_modified_static_file_has_no_body_to_compress():
    url = static("frontend/css/site.css")
    first = Client().get(url)
    again = Client().get(url, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"], **GZIP)

    assert again.status_code == 304
    assert "Content-Encoding" not in again
    assert body(again) == b""


def test_a_png_is_not_gzipped_again():
    png = static("drf_spectacular_sidecar/swagger-ui-dist/favicon-32x32.png")
    response = Client().get(png, **GZIP)

    assert response.status_code == 200
    assert "Content-Encoding" not in response


def test_compression_sits_above_the_static_files():
    """Above WhiteNoise, so the embedded default's static files (served from the apps' folders,
    with no compressed copies) are compressed too; production's copies made by collectstatic
    already carry their Content-Encoding and pass through."""
    middleware = settings.MIDDLEWARE
    assert middleware.index("core.compression.GZipMiddleware") + 1 == middleware.index(
        "core.static.StaticFilesMiddleware"
    )
