"""The docs site's address for the templates (the footer's link).

``make docs`` builds the site (mkdocs.yml) into site/, which the web process serves at /docs/
(core.static.StaticFilesMiddleware). Where the site is published elsewhere (the image does not
build it), ``DOCS_URL`` points the link there.
"""

from __future__ import annotations

from django.conf import settings as django_settings


def docs_url(request) -> dict[str, str]:
    """Give the templates the docs' address (the footer's link)."""
    return {"DOCS_URL": django_settings.DOCS_URL}
