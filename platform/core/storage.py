"""The production static files storage: WhiteNoise's compressed, hashed manifest, with the
ES-module imports hashed as well.

Without it table.<hash>.js would import the unhashed ./api.js: cached forever under a name
that does not change, a deploy could pair a new module with a stale one. Django rewrites
`import ... from "./x.js"` (over several lines too), `export ... from`, bare `import "./x.js"`
and `import("./x.js")` to the hashed names (tests/deploy/test_static_modules.py).
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class ModuleManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
