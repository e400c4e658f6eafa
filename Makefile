# Fresh machine: `make run` starts the platform, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=

.PHONY: venv run test lint bench

venv: $(VENV)/.installed

# Reinstall only when pyproject.toml is newer than the stamp.
$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -e '.[test]'
	touch $@

run: venv
	$(PY) manage.py serve

test: venv
	$(PY) -m pytest $(PYTEST_ARGS)

lint: venv
	$(PY) -m ruff check .
	$(PY) -m ruff format --check games tests platform

bench: venv
	$(PY) -m tests.benchmarks.bench_engine
