"""ASGI entry point: `uvicorn config.asgi:application` (platform/ must be importable).

HTTP goes to Django; WebSockets pass the Origin check (realtime.origin: the Origin must be the
socket's own scheme, host and port, or a CSRF_TRUSTED_ORIGINS entry, so a page of another site
or another port cannot open a socket with the visitor's cookies), then authentication by
session cookie or single-use ticket (accounts.sockets), then the URL router.
"""

import os
import sys
from pathlib import Path

# platform/ is a source folder, not a package; put it on sys.path for servers started from
# the repository root with only "." importable.
PLATFORM_DIR = str(Path(__file__).resolve().parents[1])
if PLATFORM_DIR not in sys.path:
    sys.path.insert(0, PLATFORM_DIR)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

# Set Django up before anything imports models (the consumers do); get_asgi_application's
# work, with request threads from a pool (core.serving).
django.setup(set_prefix=False)

from core import sentry  # noqa: E402
from core.serving import PooledASGIHandler  # noqa: E402

django_application = PooledASGIHandler()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter  # noqa: E402
from channels.routing import URLRouter  # noqa: E402

from accounts.sockets import TicketAuthMiddleware  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402
from matchmaking.routing import websocket_urlpatterns as pool_routes  # noqa: E402
from realtime.origin import SameOriginValidator  # noqa: E402
from tournaments.routing import websocket_urlpatterns as tournament_routes  # noqa: E402

websocket_routes = websocket_urlpatterns + tournament_routes + pool_routes

application = ProtocolTypeRouter(
    {
        "http": django_application,
        # With SENTRY_DSN, a consumer's unhandled error is reported (core.sentry); else as is.
        "websocket": sentry.wrap_asgi(
            SameOriginValidator(
                AuthMiddlewareStack(TicketAuthMiddleware(URLRouter(websocket_routes)))
            )
        ),
    }
)
