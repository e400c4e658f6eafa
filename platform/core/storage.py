"""The static files storages: production's compressed, hashed manifest with the ES-module
imports hashed as well, and the embedded default's hashed names without collectstatic.

Without the module imports hashed table.<hash>.js would import the unhashed ./api.js: cached
forever under a name that does not change, a deploy could pair a new module with a stale one.
Django rewrites `import ... from "./x.js"` (over several lines too), `export ... from`, bare
`import "./x.js"` and `import("./x.js")` to the hashed names (tests/deploy/test_static_modules.py).
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import threading

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import StaticFilesStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage


class ModuleManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True


class EmbeddedStaticFilesStorage(StaticFilesStorage):
    """The embedded default's URLs: name.<hash>.ext for a file the finders find, so that it can
    be cached for a year (core.static) with no collectstatic run and edits still seen at once.

    The hash is the first 12 hex digits of the content's MD5, as Django's manifest writes it,
    computed again when the file's size or modification time changes. ES modules keep their
    plain names: their imports ("./api.js") are not rewritten here, and a module under two URLs
    (a hashed entry, a plain import) would run twice, as two instances; they are cached for
    WHITENOISE_MAX_AGE. Names with a query or fragment are left as they are.
    """

    unhashed = (".js", ".mjs")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._hashes: dict[str, tuple[int, int, str]] = {}
        self._lock = threading.Lock()

    def url(self, name):
        if name and not name.endswith(self.unhashed) and not any(c in name for c in "?#"):
            digest = self._digest(name)
            if digest:
                root, ext = posixpath.splitext(name)
                name = f"{root}.{digest}{ext}"
        return super().url(name)

    def _digest(self, name: str) -> str | None:
        path = finders.find(name)
        if not path:
            return None
        try:
            stat = os.stat(path)
        except OSError:
            return None
        known = self._hashes.get(path)
        if known and known[:2] == (stat.st_mtime_ns, stat.st_size):
            return known[2]
        with open(path, "rb") as f:
            digest = hashlib.file_digest(f, lambda: hashlib.md5(usedforsecurity=False))
        value = digest.hexdigest()[:12]
        with self._lock:
            self._hashes[path] = (stat.st_mtime_ns, stat.st_size, value)
        return value
