"""The socket's Origin check: a websocket opens only from a page of this very site.

Browsers send cookies with a cross-site websocket handshake and no CORS preflight guards it, so
without this check any page the player visits could open a socket with the player's session and
play their game. Channels' ``AllowedHostsOriginValidator`` compares the Origin's host alone with
ALLOWED_HOSTS: a page on another port of the same host (``http://localhost:9999``) or served
over plain http passed. This one compares scheme, host and port.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port
from django.http.request import validate_host
from django.utils.http import is_same_domain

DEFAULT_PORTS = {"http": 80, "https": 443}
# The socket's own scheme in the terms of the page that opens it (ASGI's default is "ws").
PAGE_SCHEMES = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


def _header(scope, name: bytes) -> str | None:
    """Return header ``name`` of ``scope`` when it is sent exactly once, else None."""
    values = [value for key, value in scope.get("headers") or () if key.lower() == name]
    return values[0].decode("latin1") if len(values) == 1 else None


def _origin_key(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """Return (scheme, host, port) of an origin, the default port filled in; None if malformed."""
    if scheme not in DEFAULT_PORTS or not netloc:
        return None
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or parts.username is not None or parts.password is not None:
        return None
    return scheme, parts.hostname, port if port is not None else DEFAULT_PORTS[scheme]


def _page_scheme(scope) -> str:
    """Return "https" when the socket is secure as ``HttpRequest.is_secure`` decides, else
    "http": the trusted proxy's SECURE_PROXY_SSL_HEADER when set and sent, else the scope's."""
    if settings.SECURE_PROXY_SSL_HEADER:
        meta_name, secure_value = settings.SECURE_PROXY_SSL_HEADER
        header = meta_name.removeprefix("HTTP_").lower().replace("_", "-").encode("latin1")
        value = _header(scope, header)
        if value is not None:
            return "https" if value.split(",", 1)[0].strip() == secure_value else "http"
    return PAGE_SCHEMES.get(scope.get("scheme") or "ws", "http")


def _socket_host(scope) -> str | None:
    """Return the socket's host (and port) as ``HttpRequest.get_host`` does; None if it is
    missing or not in ALLOWED_HOSTS."""
    host = None
    if settings.USE_X_FORWARDED_HOST:
        host = _header(scope, b"x-forwarded-host")
    if host is None:
        host = _header(scope, b"host")
    if host is None:
        return None
    allowed_hosts = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed_hosts:
        allowed_hosts = [".localhost", "127.0.0.1", "[::1]"]
    domain, _ = split_domain_port(host)
    return host if domain and validate_host(domain, allowed_hosts) else None


def origin_allowed(scope) -> bool:
    """Return whether the socket's Origin is its own origin or a trusted one.

    The rule of Django's CSRF middleware for unsafe HTTP requests
    (``CsrfViewMiddleware._origin_verified``): the Origin must equal the scheme (secure or not,
    SECURE_PROXY_SSL_HEADER included) and the host (from Host, which must pass ALLOWED_HOSTS)
    the socket was opened on, or be listed in CSRF_TRUSTED_ORIGINS, where ``https://*.example.com``
    admits example.com and its subdomains over https. Here the default port is normalised
    (``http://example.org`` matches Host ``example.org:80``). A missing, repeated, malformed or
    ``null`` Origin is refused.
    """
    origin = _header(scope, b"origin")
    if origin is None:
        return False
    try:
        parsed = urlsplit(origin)
    except ValueError:
        return False
    if parsed.path or parsed.query or parsed.fragment:
        return False
    key = _origin_key(parsed.scheme, parsed.netloc)
    if key is None:
        return False
    host = _socket_host(scope)
    if host is not None and key == _origin_key(_page_scheme(scope), host):
        return True
    for trusted in settings.CSRF_TRUSTED_ORIGINS:
        if "*" not in trusted:
            trusted_parts = urlsplit(trusted)
            if key == _origin_key(trusted_parts.scheme, trusted_parts.netloc):
                return True
        else:
            trusted_parts = urlsplit(trusted)
            pattern = trusted_parts.netloc.lstrip("*")
            if parsed.scheme == trusted_parts.scheme and is_same_domain(parsed.netloc, pattern):
                return True
    return False


class _Denier(WebsocketDenier):
    """Channels' denier without a channel layer. Channels' own listens on the default layer
    like any consumer until the socket goes: on channels-redis, a blocking pop on a Redis
    connection for every refused handshake (a flood of them from another origin held as many),
    and a disconnect waited for that pop's timeout (5 s) before the application ended."""

    channel_layer_alias = None  # no such layer: get_channel_layer gives None


class SameOriginValidator:
    """ASGI middleware: pass a websocket on only when ``origin_allowed``; else close it before
    accepting (the browser sees a failed handshake), as Channels' own validator does."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            raise ValueError("SameOriginValidator guards WebSocket connections only")
        if origin_allowed(scope):
            return await self.application(scope, receive, send)
        return await _Denier()(scope, receive, send)
