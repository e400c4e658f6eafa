"""Operational endpoints at the root: liveness, readiness and Prometheus metrics.

``core.health.ProbeMiddleware`` answers the same paths first; these routes keep them
resolvable (``reverse("healthz")``) and served if that middleware is left out.
"""

from django.urls import path

from core.health import healthz
from core.health import readyz
from core.metrics import metrics_view

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("metrics", metrics_view, name="metrics"),
]
