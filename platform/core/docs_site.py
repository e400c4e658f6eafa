"""The docs site (mkdocs.yml: ``make docs`` builds it into site/) served at /docs/.

WhiteNoise serves it beside the static files when the folder is there (``DOCS_ROOT``): the
pages are static, and answered before the rest of the middleware, so the site's own scripts
(the search) run without the platform's Content-Security-Policy. Where the site is published
elsewhere (the image does not build it), ``DOCS_URL`` points the footer's link there.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings as django_settings
from whitenoise.middleware import WhiteNoiseMiddleware


class WhiteNoiseWithDocsMiddleware(WhiteNoiseMiddleware):
    """WhiteNoise, plus the built docs site at /docs/ when ``DOCS_ROOT`` holds one."""

    def __init__(self, get_response=None, settings=django_settings):
        super().__init__(get_response, settings)
        root = getattr(settings, "DOCS_ROOT", None)
        if root and Path(root, "index.html").is_file():
            self.add_files(str(root), prefix="docs/")


def docs_url(request) -> dict[str, str]:
    """Give the templates the docs' address (the footer's link)."""
    return {"DOCS_URL": django_settings.DOCS_URL}
