"""Static files from the web process (WhiteNoise), cached for a year under a hashed name.

A file whose name carries its content's hash (site.3f2a9c0d1e4b.css) can be cached for good:
another content gets another name. WhiteNoise marks such files immutable with ten years; a year
is what HTTP caches are asked to honour at most (RFC 9111's advice) and what the platform says
it sends. The other names (unhashed, or a hash that is no longer the file's) get
WHITENOISE_MAX_AGE, 60 s.

Production serves what collectstatic gathered, every name hashed (core.storage's manifest). The
embedded default serves straight from the apps' folders through the finders, where
core.storage.EmbeddedStaticFilesStorage puts the hash into the URL: this middleware finds the
file again under that name.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings as django_settings
from django.contrib.staticfiles import finders
from whitenoise.middleware import WhiteNoiseMiddleware

YEAR = 365 * 24 * 60 * 60
# The hash segment of a name, as Django's manifest and core.storage write it: name.<12 hex>.ext
HASHED = re.compile(r"\.[0-9a-f]{12}\.[^./]+$")


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """WhiteNoise: hashed files cached for a year, hashed names found through the finders, and
    the built docs site at /docs/ when ``DOCS_ROOT`` holds one: its pages are static, answered
    before the rest of the middleware, so the site's own scripts (the search) run without the
    platform's Content-Security-Policy."""

    FOREVER = YEAR

    def __init__(self, get_response=None, settings=django_settings):
        super().__init__(get_response, settings)
        root = getattr(settings, "DOCS_ROOT", None)
        if root and Path(root, "index.html").is_file():
            self.add_files(str(root), prefix="docs/")

    def candidate_paths_for_url(self, url):
        yield from super().candidate_paths_for_url(url)
        if not (self.use_finders and url.startswith(self.static_prefix)):
            return
        # The embedded default's hashed name (core.storage): the file under its own name. The
        # hash is checked by immutable_file_test: a stale one is served, but not for long.
        name = url[len(self.static_prefix) :]
        if HASHED.search(name):
            path = finders.find(self.get_name_without_hash(name))
            if path:
                yield path
