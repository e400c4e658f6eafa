"""The installable web app: its manifest, its service worker and the page the service worker
shows when the network is gone.

- ``/manifest.webmanifest``: the name, icons (192 and 512 px, "any" and "maskable"), start URL,
  standalone display and colours a browser needs to install the site as an app.
- ``/sw.js``: the service worker, served from the site's root so that its scope is the whole
  site (a script under /static/ could only control /static/). Its first lines list what it
  precaches, by the URLs the pages use (hashed where the static storage hashes them:
  core.storage), and a version made of those URLs and their contents: a deploy or an edit that
  changes any of them changes the script, so browsers install the new one and drop the old
  cache. The rest is frontend/templates/frontend/sw.js.
- ``/offline/<language>``: the offline page in each language, precached; it lists the games
  the player's last "My games" saved on the device (frontend/static/frontend/js/offline.js).
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path
from pathlib import PurePosixPath

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404
from django.http import HttpResponse
from django.http import JsonResponse
from django.shortcuts import render
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

# The static files the service worker precaches: everything the pages load from frontend/.
PRECACHED_PREFIX = "frontend/"
PRECACHED_SUFFIXES = (".js", ".css", ".png", ".svg")
THEME_COLOR = "#174a3a"  # the header's felt (site.css --felt-2)
BACKGROUND_COLOR = "#f6f4ef"  # the page (site.css --bg)
# (static name, size, purpose): tests/support/render_icons.py renders them from their SVGs.
ICONS = (
    ("frontend/icons/icon-192.png", 192, "any"),
    ("frontend/icons/icon-512.png", 512, "any"),
    ("frontend/icons/maskable-192.png", 192, "maskable"),
    ("frontend/icons/maskable-512.png", 512, "maskable"),
)
START_URL = "/my-games"


def manifest(request):
    """The web app manifest (application/manifest+json), in the request's language."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    body = {
        "id": "/",
        "name": _("Mexican Train"),
        "short_name": _("Mexican Train"),
        "description": _(
            "Mexican Train dominoes: live and correspondence games, fair deals you can verify."
        ),
        "lang": language,
        "dir": "ltr",
        "start_url": START_URL,
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "categories": ["games"],
        "icons": [
            {"src": static(name), "sizes": f"{size}x{size}", "type": "image/png", "purpose": use}
            for name, size, use in ICONS
        ],
        "shortcuts": [
            {"name": _("My games"), "url": START_URL},
            {"name": _("Lobby"), "url": "/lobby"},
        ],
    }
    response = JsonResponse(
        body, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )
    patch_cache_control(response, no_cache=True)
    return response


def offline(request, language: str):
    """The page the service worker shows for any page while the network is gone, in
    ``language`` (each one precached): no account's data in it, the games come from the
    device (offline.js)."""
    if language not in dict(settings.LANGUAGES):
        raise Http404("no such language")
    with translation.override(language):
        response = render(request, "frontend/offline.html")
    patch_cache_control(response, no_cache=True)
    return response


def service_worker(request):
    """The service worker script (text/javascript, never cached by the HTTP cache: browsers
    check it for a new version on each visit)."""
    head = _precache_head()
    body = get_template("frontend/sw.js").template.source
    response = HttpResponse(head + body, content_type="text/javascript; charset=utf-8")
    patch_cache_control(response, no_cache=True, max_age=0)
    return response


_lock = threading.Lock()
_cached: dict[str, object] = {"key": None, "head": ""}


def _precache_head() -> str:
    """The script's first lines: VERSION, PRECACHE (each URL, and whether its name holds its
    hash: served from the cache first) and OFFLINE (the offline page of each language).

    VERSION is a digest of the precached URLs and of the contents of what they are made from:
    the static files, the offline page's template and the compiled catalogs it is translated
    with, and this script. Computed again only when one of those files changes (size, time)."""
    statics = _static_files()
    sources = [path for _name, path in statics] + _page_sources()
    key = tuple((path, *_stamp(path)) for path in sources)
    with _lock:
        if _cached["key"] == key:
            return str(_cached["head"])
    digest = hashlib.sha256()
    entries = []
    for name, _path in statics:
        url = static(name)
        # The storage names a file by its hash (core.storage) where its URL is not its name.
        entries.append({"url": url, "hashed": PurePosixPath(url).name != PurePosixPath(name).name})
        digest.update(f"{url}\0".encode())
    for path in sources:
        digest.update(_content_digest(path))
    offline_pages = {
        code: reverse("frontend:offline", args=[code]) for code, _name in settings.LANGUAGES
    }
    digest.update(json.dumps(offline_pages).encode())
    head = (
        "// Made by frontend.pwa.service_worker: what this version precaches.\n"
        f"const VERSION = {json.dumps(digest.hexdigest()[:16])};\n"
        f"const PRECACHE = {json.dumps(entries)};\n"
        f"const OFFLINE = {json.dumps(offline_pages)};\n"
        f"const DEFAULT_LANGUAGE = {json.dumps(settings.LANGUAGE_CODE)};\n"
        f"const ICON = {json.dumps(static('frontend/icons/icon-192.png'))};\n\n"
    )
    with _lock:
        _cached["key"], _cached["head"] = key, head
    return head


def _stamp(path: str) -> tuple[int, int]:
    stat = os.stat(path)
    return stat.st_mtime_ns, stat.st_size


def _content_digest(path: str) -> bytes:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, lambda: hashlib.sha256(usedforsecurity=False)).digest()


def _page_sources() -> list[str]:
    """The files the offline pages and the script are made from, besides the static ones."""
    templates = [
        get_template(name).origin.name for name in ("frontend/offline.html", "frontend/sw.js")
    ]
    catalogs = sorted(
        str(path)
        for folder in settings.LOCALE_PATHS
        for path in Path(folder).glob("*/LC_MESSAGES/django.mo")
    )
    return templates + catalogs


def _static_files() -> list[tuple[str, str]]:
    """(static name, path on disk) of every file under frontend/ the finders find."""
    found: dict[str, str] = {}
    for finder in finders.get_finders():
        for name, storage in finder.list([]):
            name = name.replace(os.sep, "/")
            if name.startswith(PRECACHED_PREFIX) and name.endswith(PRECACHED_SUFFIXES):
                found.setdefault(name, storage.path(name))
    return sorted(found.items())
