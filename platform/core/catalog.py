"""The JavaScript catalog at a URL that changes when it does: /jsi18n/<language>/<version>/.

The version is a hash of every compiled djangojs.mo the catalog view reads (LOCALE_PATHS and
the installed apps' locale folders) and of Django's version (the formats it adds), so a new
translation or a deploy gives a new URL, and the response can be cached for a year. The
language comes from the URL, not the cookie: each language has its own URL. An old version is
answered with the current catalog, uncached (a page rendered before a deploy still gets its
strings).
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
from django.http import Http404
from django.urls import reverse
from django.utils import translation
from django.utils.autoreload import file_changed
from django.utils.cache import patch_cache_control
from django.views.i18n import JavaScriptCatalog

VERSION = re.compile(r"[0-9a-f]{12}")
YEAR = 365 * 24 * 60 * 60


def _catalog_files() -> list[tuple[str, Path]]:
    # Where DjangoTranslation looks for the djangojs domain when no packages are named; named
    # relative to their folder, so replicas installed elsewhere agree on the version.
    folders = [Path(p) for p in settings.LOCALE_PATHS]
    folders += [Path(app.path) / "locale" for app in apps.get_app_configs()]
    folders.append(Path(django.__file__).parent / "conf" / "locale")
    found: list[tuple[str, Path]] = []
    for folder in folders:
        if folder.is_dir():
            for path in sorted(folder.glob("*/LC_MESSAGES/djangojs.mo")):
                found.append((path.relative_to(folder).as_posix(), path))
    return found


@lru_cache(maxsize=1)
def version() -> str:
    """Return the hash of the compiled catalogs: the catalog URL's version segment."""
    # Read once per process (106 files, ~10 ms), again when a setting that moves them changes
    # (tests) or when the development reloader sees a .mo file change (receivers below).
    h = hashlib.sha256(django.get_version().encode())
    for name, path in _catalog_files():
        h.update(name.encode() + b"\0")
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
    """Return the versioned catalog URL of a language (the active one by default)."""
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    if language not in dict(settings.LANGUAGES):
        language = translation.get_supported_language_variant(language)
    return reverse("javascript-catalog-versioned", args=[language, version()])


class VersionedJavaScriptCatalog(JavaScriptCatalog):
    """Serve the catalog of the URL's language, cached for a year if the version is current."""

    domain = "djangojs"

    def get(self, request, *args, **kwargs):
        language, requested = kwargs["language"], kwargs["version"]
        if language not in dict(settings.LANGUAGES) or not VERSION.fullmatch(requested):
            raise Http404("no such catalog")
        with translation.override(language):
            response = super().get(request, *args, **kwargs)
        response["Content-Language"] = language
        if requested != version():
            # A page from before a deploy, or a replica not yet updated: today's strings, kept
            # by no one under that URL (a redirect could bounce between mixed replicas).
            patch_cache_control(response, no_cache=True, max_age=0)
            return response
        patch_cache_control(response, public=True, max_age=YEAR, immutable=True)
        return response
