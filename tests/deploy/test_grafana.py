"""The Grafana dashboard (deploy/grafana/mexican-train.json) charts what the platform exposes:
every metric its queries name is one core.metrics makes, and the panels the operators' page
promises are there."""

from __future__ import annotations

import json
import re
from pathlib import Path

from core import metrics

DASHBOARD = Path(__file__).resolve().parents[2] / "deploy" / "grafana" / "mexican-train.json"
SUFFIXES = ("_total", "_bucket", "_count", "_sum", "_created")


def exposed_families() -> set[str]:
    names = {family.name for family in metrics.REGISTRY.collect()}
    return names | {"mexican_train_active_games"}  # scraped from the database (games.metrics)


def family_of(sample: str) -> str:
    for suffix in SUFFIXES:
        if sample.endswith(suffix):
            return sample[: -len(suffix)]
    return sample


def test_the_dashboard_queries_only_metrics_the_platform_exposes():
    dashboard = json.loads(DASHBOARD.read_text())
    exprs = [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
    named = {family_of(m) for e in exprs for m in re.findall(r"mexican_train_[a-z_]+", e)}
    assert named
    assert named <= exposed_families(), named - exposed_families()
    # Per-route series by template, never by path.
    assert all("path" not in e for e in exprs)


def test_the_dashboard_has_the_panels_the_monitoring_page_names():
    titles = " | ".join(p["title"] for p in json.loads(DASHBOARD.read_text())["panels"])
    for wanted in (
        "Request rate",
        "Error rate",
        "Latency p50",
        "Latency p95",
        "Latency p99",
        "Moves per second",
        "Open sockets",
        "task lag",
    ):
        assert wanted in titles, wanted
