"""Compressed responses: pages, the API's JSON and (in the embedded default) static files.

The table page of a long game is 276-495 KB of HTML and the API's lists are JSON; gzip takes
them to a fifth or less. Django's GZipMiddleware does the work; this subclass only narrows what
it takes on.

BREACH. Compressing a response over TLS lets someone who sees the encrypted lengths, and can
make the victim's browser send many requests that put chosen text beside a secret in one
response, guess the secret a character at a time. The decision, with Django's own documentation
on GZipMiddleware and the CSRF protection in mind:
- the CSRF token in pages is masked with fresh random bytes in every response, so nothing
  repeats from one response to the next for a guess to match;
- the session cookie is SameSite=Lax (Django's default, kept): another site's page cannot make
  the browser fetch a signed-in page or JSON with it, except by navigating the whole tab, one
  visible page load per guess;
- Django's GZipMiddleware (4.2+) adds 0-99 random bytes to every gzip response (the "Heal the
  Breach" mitigation), so each guess needs many repeated loads to average the noise out;
- the secrets in bodies (a seated player's hand, a private table's invite code, an API token
  shown once) are next to little that someone else chooses: names are a player's own, chat is
  sent over the socket, and the token's response is a POST behind the CSRF check.
So every text response is compressed, in every profile; deploy/nginx.conf compresses only what
reaches it uncompressed. Range answers (206) and bodiless ones (204, 304) are left alone, and so
is anything that is not text (images, fonts: compressed already).
"""

from __future__ import annotations

from django.middleware.gzip import GZipMiddleware as DjangoGZipMiddleware

# Media types worth compressing: text of any kind, and JSON, JavaScript, XML, SVG and the
# OpenAPI schema, whatever the suffix (+json, +xml).
TEXT_TYPES = ("text/", "application/json", "application/javascript", "application/xml")
TEXT_SUFFIXES = ("+json", "+xml", "openapi")
NO_BODY = {204, 206, 304}


def is_text(content_type: str) -> bool:
    """Tell whether a Content-Type names text that gzip makes smaller."""
    media_type = content_type.split(";", 1)[0].strip().lower()
    return media_type.startswith(TEXT_TYPES) or media_type.endswith(TEXT_SUFFIXES)


class GZipMiddleware(DjangoGZipMiddleware):
    """Django's GZipMiddleware (with its BREACH padding) for text responses with a body."""

    def process_response(self, request, response):
        if response.status_code in NO_BODY or response.status_code < 200:
            return response
        if not is_text(response.get("Content-Type", "")):
            return response
        return super().process_response(request, response)
