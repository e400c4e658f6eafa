"""OpenTelemetry traces: web request → service command → event append → broadcast → Celery
task, on only when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT, or
OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); without one no OpenTelemetry module is even imported and
``span()`` is a shared no-op.

``setup()`` (core's ready(), in every process) makes a tracer provider exporting over OTLP/HTTP
(the exporter reads the standard OTEL_* variables: headers, timeout, compression) and turns on
the maintained instrumentations: Django (a span per request), Celery (a span per publish and
per task run, the trace context travelling in the message's headers), psycopg (a span per
query) and redis (a span per command). The platform's own spans (``span``) mark what those
cannot see: the service command, the event append, the broadcast.

``core.tasks`` publishes from a thread of its own inside a copy of the submitter's context, so
a task's publish span is a child of the request (or task) that scheduled it.

Span attributes name ids and counts only (a game id, a seq, an event type): never a payload,
which may hold tiles (RULES R4). The psycopg spans carry the SQL text, with its parameters
kept apart (never recorded).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
from typing import Any

log = logging.getLogger(__name__)

ENDPOINT_VARIABLES = ("OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
SERVICE_NAME = "mexican-train"

_NO_SPAN = contextlib.nullcontext()
_tracer: Any = None
_provider: Any = None
_instrumentors: list[Any] = []


def configured(env: dict[str, str] | os._Environ = os.environ) -> bool:
    """Whether the environment names an OTLP endpoint."""
    return any(env.get(name, "").strip() for name in ENDPOINT_VARIABLES)


def enabled() -> bool:
    """Whether this process traces."""
    return _tracer is not None


def span(name: str, **attributes: Any):
    """Return a context manager timing ``name`` as a span of the current trace (attributes:
    ids and counts, never payloads); a shared no-op when tracing is off."""
    if _tracer is None:
        return _NO_SPAN
    return _tracer.start_as_current_span(name, attributes=attributes or None)


def traced(name: str):
    """Decorate a function to run as span ``name`` when tracing is on (a check when off)."""

    def decorate(func):
        @functools.wraps(func)
        def inner(*args, **kwargs):
            if _tracer is None:
                return func(*args, **kwargs)
            with _tracer.start_as_current_span(name):
                return func(*args, **kwargs)

        return inner

    return decorate


def setup(env: dict[str, str] | os._Environ = os.environ, *, exporter: Any = None) -> bool:
    """Trace this process when an OTLP endpoint is configured, or to ``exporter`` (tests: an
    in-memory one, spans exported as each ends); return whether tracing is on."""
    global _tracer, _provider
    if _tracer is not None:
        return True
    if exporter is None and not configured(env):
        return False
    from opentelemetry import trace
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor

    name = env.get("OTEL_SERVICE_NAME", "").strip() or SERVICE_NAME
    provider = TracerProvider(resource=Resource.create({"service.name": name}))
    if exporter is None:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        # Batched from a thread (re-made in a forked pool process); the endpoint, headers and
        # timeout come from the OTEL_EXPORTER_OTLP_* variables.
        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
        trace.set_tracer_provider(provider)
    else:
        provider.add_span_processor(SimpleSpanProcessor(exporter))
    _instrument(provider)
    _provider = provider
    _tracer = provider.get_tracer("mexican_train")
    log.info("tracing on: spans exported over OTLP as %s", name)
    return True


def _instrument(provider) -> None:
    from opentelemetry.instrumentation.celery import CeleryInstrumentor
    from opentelemetry.instrumentation.django import DjangoInstrumentor
    from opentelemetry.instrumentation.psycopg import PsycopgInstrumentor
    from opentelemetry.instrumentation.redis import RedisInstrumentor

    for instrumentor, options in (
        (DjangoInstrumentor(), {}),
        (CeleryInstrumentor(), {}),
        (PsycopgInstrumentor(), {"enable_commenter": False}),
        (RedisInstrumentor(), {}),
    ):
        if instrumentor.is_instrumented_by_opentelemetry:
            continue
        instrumentor.instrument(tracer_provider=provider, **options)
        _instrumentors.append(instrumentor)


def shutdown() -> None:
    """Stop tracing (tests): undo the instrumentations and flush the spans."""
    global _tracer, _provider
    for instrumentor in reversed(_instrumentors):
        instrumentor.uninstrument()
    _instrumentors.clear()
    if _provider is not None:
        _provider.shutdown()
    _tracer = _provider = None
