"""`manage.py serve`: migrate, start the embedded services, then serve HTTP and WebSocket over
ASGI with uvicorn."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import uvicorn
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils.module_loading import import_string

from core import collector
from core import metrics
from core.asgi_limits import BodyLimitMiddleware
from core.embedded import start_embedded_services
from core.limits import MAX_FRAME_BYTES
from core.serving import request_timeout_protocol

# Seconds an idle keep-alive connection stays open after its last response (uvicorn's default).
KEEP_ALIVE_SECONDS = 5


def proxy_options(forwarded_allow_ips: list[str]) -> dict:
    """Return uvicorn's proxy options: believe X-Forwarded-For and X-Forwarded-Proto from
    exactly ``forwarded_allow_ips`` (settings.FORWARDED_ALLOW_IPS), or from nobody if empty.

    Both are passed explicitly: left out, uvicorn reads env FORWARDED_ALLOW_IPS and otherwise
    trusts 127.0.0.1, so any local client could name its own address (and rate-limit identity).
    """
    return {
        "proxy_headers": bool(forwarded_allow_ips),
        "forwarded_allow_ips": ",".join(forwarded_allow_ips),
    }


def server_config(application, host: str, port: int) -> uvicorn.Config:
    """uvicorn's configuration for serving ``application`` on ``host``:``port``."""
    # HTTP and WebSocket from this one process. Django's ASGI handler does not speak the
    # lifespan protocol. The WebSocket implementation is named, not "auto": auto silently
    # serves no sockets when the websockets package is missing.
    return uvicorn.Config(
        # A body over DATA_UPLOAD_MAX_MEMORY_SIZE is refused before Django reads it.
        BodyLimitMiddleware(application),
        host=host,
        port=port,
        lifespan="off",
        # HTTP/1.1 with a deadline for reading each request (HTTP_REQUEST_TIMEOUT): uvicorn
        # alone never times out a connection that has not finished its first request.
        http=request_timeout_protocol(settings.HTTP_REQUEST_TIMEOUT),
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        ws="websockets-sansio",
        # A larger frame closes the socket with 1009 before it is buffered (the default,
        # 16 MiB, let 20 anonymous sockets stall the event loop parsing 15 MiB frames).
        ws_max_size=MAX_FRAME_BYTES,
        ws_per_message_deflate=settings.SOCKET_COMPRESSION,
        log_level="info",
        # With JSON logs (LOG_FORMAT=json, production), uvicorn's own lines go through the
        # root logger Django configured, as JSON too; else uvicorn's usual text lines. Either
        # way its request and WebSocket lines drop the query string (a socket ticket
        # travels as ?ticket=): core.logging.QueryStringFilter, on uvicorn's loggers
        # from settings LOGGING, which uvicorn's own configuration leaves in place.
        **({"log_config": None} if settings.LOG_FORMAT == "json" else {}),
        # One line per request costs a measurable share of a move under load; log requests
        # when debugging only.
        access_log=settings.DEBUG,
        # Which peers may name the client's address and scheme (default: none).
        **proxy_options(settings.FORWARDED_ALLOW_IPS),
    )


class Server(uvicorn.Server):
    """uvicorn's server, its event loop's default executor sized ``threads``: the sockets'
    database calls (``database_sync_to_async(..., thread_sensitive=False)``) run there."""

    def __init__(self, config: uvicorn.Config, threads: int) -> None:
        super().__init__(config)
        self.threads = threads

    async def serve(self, sockets=None) -> None:
        asyncio.get_running_loop().set_default_executor(
            ThreadPoolExecutor(self.threads, thread_name_prefix="socket-db")
        )
        # How late the loop runs (core.metrics LOOP_LAG); held: the loop keeps weak references.
        self.lag_watch = asyncio.ensure_future(metrics.watch_loop_lag("web"))
        try:
            await super().serve(sockets)
        finally:
            self.lag_watch.cancel()


class Command(BaseCommand):
    help = "Apply migrations, then serve the platform over ASGI (uvicorn)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1", help="Bind address (default 127.0.0.1).")
        parser.add_argument("--port", type=int, default=8000, help="Port (default 8000).")

    def handle(self, *args, host: str, port: int, verbosity: int, **options):
        call_command("migrate", interactive=False, verbosity=verbosity)
        start_embedded_services()
        # The project's ASGI application, named by the settings (as Django's runserver finds
        # its WSGI one): core sits below the composition root and does not import it.
        application = import_string(settings.ASGI_APPLICATION)

        self.stdout.write(f"Serving the platform at http://{host}:{port}/")
        # Everything imported so far lives as long as the process.
        collector.keep_collections_short()
        metrics.watch_gc_pauses("web")
        config = server_config(application, host, port)
        # The sockets' database calls on SOCKET_THREADS threads (settings).
        Server(config, settings.SOCKET_THREADS).run()
