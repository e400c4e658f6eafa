"""Logs: JSON lines with LOG_FORMAT=json (the production default), readable text otherwise."""

from __future__ import annotations

import json
import logging
import os
import sys

from core.logging import JsonFormatter
from core.logging import RequestIdFilter
from core.logging import _request_id
from core.logging import logging_config
from tests.support.commands import manage


def record(message: str, *args, exc_info=None) -> logging.LogRecord:
    return logging.LogRecord("games.tasks", logging.WARNING, __file__, 1, message, args, exc_info)


def test_a_record_is_one_json_object_on_one_line():
    line = JsonFormatter().format(record("seat %s timed out\nagain", 2))
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["level"] == "WARNING"
    assert entry["logger"] == "games.tasks"
    assert entry["message"] == "seat 2 timed out\nagain"
    assert entry["time"].endswith("+00:00")
    assert "exc_info" not in entry
    assert "request_id" not in entry


def test_an_exception_is_carried_as_its_traceback():
    try:
        raise ValueError("boom")
    except ValueError:
        rec = record("failed", exc_info=sys.exc_info())
    entry = json.loads(JsonFormatter().format(rec))
    assert entry["exc_info"].startswith("Traceback")
    assert "ValueError: boom" in entry["exc_info"]


def test_the_request_id_of_the_current_request_is_added():
    token = _request_id.set("req-42")
    try:
        rec = record("hello")
        RequestIdFilter().filter(rec)
    finally:
        _request_id.reset(token)
    assert json.loads(JsonFormatter().format(rec))["request_id"] == "req-42"


def test_the_config_sends_the_root_logger_to_stdout_in_the_chosen_format():
    json_config = logging_config("json", "WARNING")
    assert json_config["handlers"]["stdout"]["formatter"] == "json"
    assert json_config["handlers"]["stdout"]["stream"] == "ext://sys.stdout"
    assert json_config["root"] == {"handlers": ["stdout"], "level": "WARNING"}
    assert logging_config("text")["handlers"]["stdout"]["formatter"] == "text"


def run_and_log(**env_overrides: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE", "LOG_FORMAT"}}
    env.update(env_overrides)
    code = "import logging; logging.getLogger('games.services').warning('move %s refused', 7)"
    result = manage("shell", "--no-imports", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_process_with_log_format_json_writes_json_lines_to_stdout():
    (line,) = [line for line in run_and_log(LOG_FORMAT="json").splitlines() if "refused" in line]
    entry = json.loads(line)
    assert (entry["logger"], entry["message"]) == ("games.services", "move 7 refused")


def test_the_default_is_human_readable():
    (line,) = [line for line in run_and_log().splitlines() if "refused" in line]
    assert line.endswith("WARNING games.services: move 7 refused")
