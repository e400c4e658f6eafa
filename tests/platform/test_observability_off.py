"""Without SENTRY_DSN and an OTLP endpoint, error reports and tracing cost nothing: a process
set up as the platform is (django.setup, the URLs, the ASGI application) imports no part of the
Sentry SDK, no OpenTelemetry instrumentation and no tracing SDK, and sets no tracer provider.
(redis-py imports OpenTelemetry's API and metrics SDK itself when they are installed, for its
own optional metrics, which stay off: that import is not the platform's.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

PROBE = """
import sys
import config.asgi  # django.setup() and the whole application, sockets included
from django.test import Client
Client().get("/healthz")
OURS = ("sentry_sdk", "opentelemetry.instrumentation", "opentelemetry.sdk.trace", "opentelemetry.exporter")
loaded = sorted({m for m in sys.modules if m.startswith(OURS)})
print("LOADED", loaded)
if "opentelemetry.trace" in sys.modules:
    from opentelemetry import trace
    print("PROVIDER", type(trace.get_tracer_provider()).__name__)
"""


def test_nothing_of_sentry_or_opentelemetry_is_imported_when_they_are_off():
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SENTRY_", "OTEL_")) and k != "DJANGO_SETTINGS_MODULE"
    }
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(REPO / "platform")])
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "LOADED []" in out.stdout, out.stdout
    assert "PROVIDER" not in out.stdout or "PROVIDER ProxyTracerProvider" in out.stdout
