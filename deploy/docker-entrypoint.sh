#!/bin/sh
# Entry point of every container of the image: prepare per-container state, then run the
# command (web, worker, beat or migrate) as PID 1 so it receives the stop signal itself.
set -eu

if [ -n "${PROMETHEUS_MULTIPROC_DIR:-}" ]; then
  # prometheus_client's per-process value files: a restarted container must not read the
  # previous run's values back as its own (see core/metrics.py).
  mkdir -p "$PROMETHEUS_MULTIPROC_DIR"
  find "$PROMETHEUS_MULTIPROC_DIR" -mindepth 1 -delete
fi

exec "$@"
