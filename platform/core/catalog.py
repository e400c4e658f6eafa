"""The JavaScript catalog at a URL that changes when it does: /jsi18n/<language>/<version>/.

The version is a hash of every compiled djangojs.mo the catalog view reads (LOCALE_PATHS and
the installed apps' locale folders) and of Django's version (the formats it adds), so a new
translation or a deploy gives a new URL, and the response can be cached for a year. The
language comes from the URL, not the cookie: each language has its own URL. An old version is
sent on to the current one, uncached (a page rendered before a deploy still gets strings).
The plain /jsi18n/ (the visitor's language, not cached) keeps working.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path

import django
from django.apps import apps
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import Http404, HttpResponseRedirect
from django.urls import reverse
from django.utils import translation
from django.utils.autoreload import file_changed
from django.utils.cache import patch_cache_control
from django.views.i18n import JavaScriptCatalog

VERSION = re.compile(r"[0-9a-f]{12}")
YEAR = 365 * 24 * 60 * 60


def _catalog_files() -> list[Path]:
    folders = [Path(p) for p in settings.LOCALE_PATHS]
    folders += [Path(app.path) / "locale" for app in apps.get_app_configs()]
    folders.append(Path(django.__file__).parent / "conf" / "locale")
    found: list[Path] = []
    for folder in folders:
        if folder.is_dir():
            found.extend(sorted(folder.glob("*/LC_MESSAGES/djangojs.mo")))
    return found


@lru_cache(maxsize=1)
def version() -> str:
    """The hash of the compiled catalogs, read once per process (106 files: ~10 ms).

    Read again when a setting that moves them changes (tests), or when the development
    server's reloader sees a .mo file change (it reloads the translations then, too).
    """
    h = hashlib.sha256(django.get_version().encode())
    for path in _catalog_files():
        h.update(str(path).encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


@receiver(setting_changed)
def _settings_moved(*, setting: str, **kwargs: object) -> None:
    if setting in {"LOCALE_PATHS", "INSTALLED_APPS"}:
        version.cache_clear()


@receiver(file_changed)
def _catalog_recompiled(*, file_path: Path, **kwargs: object) -> None:
    if Path(file_path).suffix == ".mo":
        version.cache_clear()


def catalog_url(language: str | None = None) -> str:
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    if language not in dict(settings.LANGUAGES):
        language = translation.get_supported_language_variant(language)
    return reverse("javascript-catalog-versioned", args=[language, version()])


class VersionedJavaScriptCatalog(JavaScriptCatalog):
    domain = "djangojs"

    def get(self, request, *args, **kwargs):
        language, requested = kwargs["language"], kwargs["version"]
        if language not in dict(settings.LANGUAGES) or not VERSION.fullmatch(requested):
            raise Http404("no such catalog")
        current = version()
        if requested != current:
            moved = HttpResponseRedirect(catalog_url(language))
            patch_cache_control(moved, no_cache=True, max_age=0)
            return moved
        with translation.override(language):
            response = super().get(request, *args, **kwargs)
        response["Content-Language"] = language
        patch_cache_control(response, public=True, max_age=YEAR, immutable=True)
        return response
