# Fresh machine: `make run` starts the platform, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=

.PHONY: venv lock run test test-fast test-slow test-browser test-long flake-hunt lint schema client bench browser \
	browser-deps axe asyncapi-specs gettext messages bench-api bench-sockets bench-bots \
	bench-tournaments bench-signing bench-checkpoints bench-flood load load-ab bench-engine-ab \
	bench-analysis validate-skill-index profile-load bench-round docs docs-serve

venv: $(VENV)/.installed

# The dependencies come from the lock (requirements/test.txt: resolved, pinned and hashed by
# `make lock` from pyproject.toml), then the project itself without touching them. Reinstall when
# the lock, pyproject.toml, the engine's compiled part (setup.py: built in place, where a C
# compiler is) or the set of apps in platform/ changes: the install provides every package it
# finds there, and one it does not know of is not importable outside manage.py.
PLATFORM_APPS := $(wildcard platform/*/__init__.py)
# uv installs the lock (about 20 s against pip's 90 s here, the most of CI's set-up); uv itself
# comes from its own lock, requirements/uv.txt, by pip. Every module is compiled as it is
# installed, the project's too: with PYTHONDONTWRITEBYTECODE=1 (set on this machine) nothing is
# cached at import, and each server, worker and command the tests start compiled every module
# it imported again (the long lane took 1,570 s instead of about 750).
$(VENV)/.installed: requirements/test.txt requirements/uv.txt pyproject.toml setup.py games/engine/_speedups.c $(PLATFORM_APPS)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r requirements/uv.txt
	$(VENV)/bin/uv pip install --python $(PY) --compile-bytecode --require-hashes -r requirements/test.txt
	$(PY) -m pip install --no-deps -e .
	$(PY) -m compileall -q -j 0 manage.py platform games tournaments >/dev/null
	touch $@

# Resolve pyproject.toml's dependencies again and pin them with their hashes: requirements/base.txt
# (what the platform runs on: the image installs it) and requirements/test.txt (that and the test
# and lint tools: make venv, .ci/run), the same versions in both; requirements/uv.txt is uv, which
# make venv installs them with. Pins stay where they satisfy
# pyproject.toml; `make lock UPGRADE=1` moves every package to its newest allowed release.
LOCK_FLAGS = --quiet --generate-hashes --strip-extras --allow-unsafe --no-emit-find-links \
	--no-emit-index-url --no-emit-trusted-host $(if $(UPGRADE),--upgrade)
lock: venv
	$(VENV)/bin/pip-compile $(LOCK_FLAGS) --extra test -o requirements/test.txt pyproject.toml
	$(VENV)/bin/pip-compile $(LOCK_FLAGS) -c requirements/test.txt -o requirements/base.txt pyproject.toml
	$(VENV)/bin/pip-compile $(LOCK_FLAGS) -o requirements/uv.txt requirements/uv.in

# `make run PORT=8080` to serve on another port. The docs site is built first, leniently: the
# platform serves it at /docs/ (core.docs), the footer's link; a page that fails to build costs
# the docs, not the platform (`make docs` is the strict build the tests run).
PORT ?= 8000
run: venv
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --quiet || echo "make run: the docs site did not build: /docs/ answers 404" >&2
	$(PY) manage.py serve --port $(PORT)

# The suite runs as three lanes, each runnable alone:
# - test-fast: everything but the browser and the slow tests, in parallel (pytest-xdist, one
#   process a core and one more) on test databases kept between runs (--reuse-db; new migrations are
#   applied; `make test-fast PYTEST_ARGS=--create-db` builds them anew). Run it after every change.
# - test-slow: tests that start processes (servers, Celery workers, PostgreSQL and Redis of
#   their own, tools) or play long simulations: marked `slow`.
# - test-browser: Chromium against a served platform (tests/e2e, marked `e2e`).
# `make test` runs the fast lane, then the slow and browser lanes together in one pool of
# processes (test-long: a process one lane's last long test leaves idle takes the other's tests;
# measured here, 723 s together against 777-796 s one after the other). It fails if either failed,
# after running both, so one run shows every failure.
# WORKERS=1 runs a lane in one process; PYTEST_ARGS passes anything else to pytest. Each lane
# runs one process more than the cores: its tests wait on PostgreSQL, servers, browsers and
# clocks part of the time (measured here: 26% idle with two on two cores, 7-13% with three).
CORES := $(shell nproc 2>/dev/null || echo 2)
WORKERS ?= $(shell expr $(CORES) + 1)
# pytest rewrites the asserts of every test module it imports, in each process, and caches the
# result in __pycache__ only where Python may write bytecode: with PYTHONDONTWRITEBYTECODE=1 (set
# on this machine) every process of every lane rewrote all of them again (collection took 9.6 s
# a process instead of 3.6 s). The lanes let Python write it.
WRITE_BYTECODE := env -u PYTHONDONTWRITEBYTECODE
PYTEST := $(WRITE_BYTECODE) $(PY) -m pytest
test:
	@failed=""; for lane in test-fast test-long; do \
	  $(MAKE) --no-print-directory $$lane || failed="$$failed $$lane"; done; \
	if [ -n "$$failed" ]; then echo "make test: failed lanes:$$failed" >&2; exit 1; fi

test-fast: venv gettext asyncapi-specs
	$(PYTEST) -m "not slow and not e2e" -n $(WORKERS) --dist worksteal --reuse-db $(PYTEST_ARGS)

test-slow: venv gettext
	$(PYTEST) -m "slow and not e2e" -n $(WORKERS) --dist loadfile --reuse-db $(PYTEST_ARGS)

test-browser: venv browser-deps
	$(PYTEST) -m e2e -n $(WORKERS) --dist worksteal --reuse-db $(PYTEST_ARGS)

test-long: venv gettext browser-deps
	$(PYTEST) -m "slow or e2e" -n $(WORKERS) --dist worksteal --reuse-db $(PYTEST_ARGS)

# The browser and slow lanes N times over; prints every test that failed in any run, with how
# many runs it failed in (exit 1 if any did). `make flake-hunt N=5 LANES=e2e` for one lane.
N ?= 5
LANES ?= slow or e2e
flake-hunt: venv browser-deps gettext
	$(WRITE_BYTECODE) $(PY) -m tests.support.flake_hunt --runs $(N) -m "$(LANES)" -- -n $(WORKERS) \
	  --dist worksteal --reuse-db $(PYTEST_ARGS)

# The browser tests (tests/e2e) drive Debian's Chromium: Playwright cannot download its own
# browser on machines without internet. Installing it needs root and the package registry.
# With it, fonts for the Thai and Japanese pages (else their screenshots show empty boxes).
BROWSER_PACKAGES = chromium fonts-thai-tlwg fonts-noto-cjk
browser:
	dpkg -s $(BROWSER_PACKAGES) >/dev/null 2>&1 || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(BROWSER_PACKAGES))

# GNU gettext: makemessages and the catalog check in the tests (manage.py catalogs) use it.
gettext:
	command -v msgattrib >/dev/null || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends gettext)

# Regenerate the catalogs from the sources and compile them; then translate what they report
# (`manage.py catalogs --check`, which `make test` runs, fails on anything untranslated).
messages: venv gettext
	$(PY) manage.py catalogs --update

# The browser lane tries to install the browser. Outside CI a failure only warns (the e2e tests
# then skip, saying why); under CI (CI set, not 0/false) it fails the run.
browser-deps: axe
	@$(MAKE) --no-print-directory browser || { \
	  case "$$(printf %s "$$CI" | tr A-Z a-z)" in \
	    ""|0|false|no) echo "warning: Chromium (/usr/bin/chromium) could not be installed;" \
	      "the e2e browser tests will be skipped" >&2 ;; \
	    *) echo "error: Chromium (/usr/bin/chromium) is required under CI and could not be" \
	      "installed" >&2; exit 1 ;; \
	  esac; }

# axe-core for the accessibility browser tests, from npm (tests/e2e/axe/package-lock.json).
axe: tests/e2e/axe/node_modules/axe-core/axe.min.js
tests/e2e/axe/node_modules/axe-core/axe.min.js: tests/e2e/axe/package-lock.json
	cd tests/e2e/axe && npm ci --no-audit --no-fund
	touch $@

# The AsyncAPI specification's JSON Schemas, from npm (tests/realtime/asyncapi/package-lock.json):
# tests/realtime/test_asyncapi.py validates docs/api/asyncapi.yaml against the 3.0.0 one.
ASYNCAPI_SPECS = tests/realtime/asyncapi/node_modules/@asyncapi/specs/package.json
asyncapi-specs: $(ASYNCAPI_SPECS)
$(ASYNCAPI_SPECS): tests/realtime/asyncapi/package-lock.json
	cd tests/realtime/asyncapi && npm ci --no-audit --no-fund
	touch $@

# The docs site (mkdocs.yml, pages under docs/): built strictly into site/, so a broken link, a
# missing anchor or a page left out of the nav fails it; `make docs-serve` serves it with reload
# (DOCS_PORT, default 8001).
docs: venv
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet

DOCS_PORT ?= 8001
docs-serve: venv
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs serve --strict --dev-addr 127.0.0.1:$(DOCS_PORT)

# The floors of the apps (docs/DESIGN.md): import-linter's contracts in pyproject.toml.
lint: venv
	$(PY) -m ruff check .
	$(PY) -m ruff format --check games tests platform
	$(PY) -m mypy
	$(VENV)/bin/lint-imports --no-cache

# The committed OpenAPI schema (docs/api/openapi.yaml); tests/platform/test_schema_committed.py
# fails until it is regenerated after an API change.
schema: venv
	$(PY) manage.py spectacular --validate --fail-on-warn --file docs/api/openapi.yaml

# The bot authors' Python client, generated from the committed schema by openapi-python-client
# (pinned in the test extra; settings in docs/examples/client-config.yaml) into
# docs/examples/client/: run it after `make schema`;
# tests/platform/test_client_committed.py fails until the client is regenerated. The
# generator formats with ruff: the venv's, first on PATH.
CLIENT_DIR = docs/examples/client
client: venv
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(VENV)/bin/openapi-python-client generate \
	  --path docs/api/openapi.yaml --config docs/examples/client-config.yaml --meta setup \
	  --output-path $(CLIENT_DIR) --overwrite

bench: venv
	$(PY) -m tests.benchmarks.bench_engine

# `make bench`'s random 4-player matches/s of the engine in checkout OLD (e.g. a worktree:
# git worktree add --detach /tmp/engine-old REV) and of this one, alternated in one run on one
# core, with the new/old ratio; checks the new engine's records verify. OLD may be a revision
# too (checked out under /tmp), defaulting to load-ab's. ENGINE_AB_ARGS="--rounds 7".
ENGINE_AB_ARGS ?=
bench-engine-ab: venv
	$(PY) -m tests.benchmarks.bench_engine_ab --old $(OLD) $(ENGINE_AB_ARGS)

# Needs PostgreSQL (127.0.0.1:5432, user postgres): drops and recreates mexican_train_bench.
bench-api: venv
	$(PY) -m tests.benchmarks.bench_api
	$(PY) -m tests.benchmarks.bench_move

# The benchmarks that are one module each, bench-NAME running tests.benchmarks.bench_NAME:
# - bench-sockets: needs PostgreSQL and Redis; drops and recreates mexican_train_bench_ws.
# - bench-bots: bots through the engine (no server): mc vs greedy, 4-player places, mc time per
#   move (~8 min).
# - bench-tournaments: tournament formats (no server, no database): seat a Swiss round and
#   compute the standings for 10,000 players.
# - bench-signing: needs PostgreSQL; the cost of signing a move's receipt next to the move
#   itself, in one run.
# - bench-checkpoints: needs PostgreSQL; a move with a signed checkpoint at every append, every
#   K, and none.
# - bench-analysis: the game analysis (no server, no database): one full default 4-player game
#   of smart bots, analysed at the default budget: wall and CPU seconds, decisions,
#   analysis/replay ratio.
MODULE_BENCHES := bench-sockets bench-bots bench-tournaments bench-signing bench-checkpoints \
	bench-analysis
$(MODULE_BENCHES): bench-%: venv
	$(PY) -m tests.benchmarks.bench_$*

# No database needed (SQLite, in-memory layer): /healthz p50/p99 idle and while 20 anonymous
# sockets send 15 MiB frames, under manage.py serve and under uvicorn's defaults, in one run.
bench-flood: venv
	$(PY) -m tests.benchmarks.bench_flood --compare

# Needs PostgreSQL and Redis: web process(es), a Celery worker, tables of bots and socket
# clients; drops and recreates mexican_train_load. LOAD_ARGS="--tables 32 --web 2" to vary.
LOAD_ARGS ?=
load: venv
	$(PY) -m tests.benchmarks.load $(LOAD_ARGS)

# `make load` on a private PostgreSQL with pg_stat_statements, py-spy on the web process(es)
# and the worker over the measured seconds: the top functions and statements.
# PROFILE_ARGS="--tables 100 --seconds 30 --web 1".
PROFILE_ARGS ?=
profile-load: venv
	$(PY) -m tests.benchmarks.profile_load $(PROFILE_ARGS)

# `make load` of revision OLD (a worktree in /tmp/mt-old) and of this checkout, alternated in
# one run, with both sides' medians and the new/old ratios. LOAD_AB_ARGS="--tables 16 --rounds 3".
OLD ?= c9a47bf
LOAD_AB_ARGS ?=
load-ab: venv
	$(PY) -m tests.benchmarks.load_ab --old $(OLD) $(LOAD_AB_ARGS)

# The round burst: a Swiss round of 512 people (128 tables of 4) seated at once, the people
# simulated by generator processes; the time until every table's first move reached its players,
# then moves/s and delivery p50/p99 for 60 s. Needs PostgreSQL and Redis (drops and recreates
# mexican_train_round); installs Debian's nginx for --nginx (deploy/nginx.conf in front).
# BENCH_ROUND_ARGS="--web 2 --workers 2 --nginx" for two of each behind the proxy.
BENCH_ROUND_ARGS ?=
bench-round: venv
	command -v nginx >/dev/null || test -x /usr/sbin/nginx || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx)
	$(PY) -m tests.benchmarks.bench_round $(BENCH_ROUND_ARGS)

# How many games raw placements and the skill index need to rank mc > smart >
# greedy > random (bootstrap); per-game results cached in /tmp/validate-cache.json.
VALIDATE_ARGS ?= --games 100 --rounds 4 --jobs 2
validate-skill-index: venv
	$(PY) -m tests.benchmarks.validate_skill_index $(VALIDATE_ARGS)
