"""deploy/compose.yaml and the nginx config it mounts, checked without a Docker engine."""

import re

import crossplane
import pytest

from tests.deploy.conftest import DEPLOY
from tests.deploy.test_dockerfile import WEB_COMMAND


def platform_services(compose: dict) -> dict[str, dict]:
    """The services that run the platform's image (everything but PostgreSQL, Redis, nginx)."""
    return {name: s for name, s in compose["services"].items() if "build" in s}


def services_running(compose: dict, *words: str) -> dict[str, dict]:
    return {
        name: s
        for name, s in platform_services(compose).items()
        if s.get("command", [])[: len(words)] == list(words)
    }


def web_services(compose: dict) -> dict[str, dict]:
    return {
        name: s for name, s in platform_services(compose).items() if s.get("command") == WEB_COMMAND
    }


def test_postgresql_15_and_redis_7_are_the_engines(compose):
    images = {name: s.get("image", "") for name, s in compose["services"].items()}
    assert images["postgres"].split(":")[1].startswith("15")
    assert images["redis"].split(":")[1].startswith("7")


def test_every_platform_service_runs_one_image_built_from_the_dockerfile(compose):
    services = platform_services(compose)
    assert {s["image"] for s in services.values()} == {"${PLATFORM_IMAGE:-mexican-train:latest}"}
    for service in services.values():
        assert service["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
        assert (DEPLOY / service["build"]["context"] / service["build"]["dockerfile"]).exists()


def test_two_web_processes_run_the_images_default_command(compose):
    webs = web_services(compose)
    assert len(webs) == 2
    for service in webs.values():
        assert service["expose"] == ["8000"]


def worker_queues(command: list[str]) -> set[str]:
    """The queues a ``celery worker`` command consumes (Celery's default queue without -Q)."""
    for flag in ("--queues", "-Q"):
        if flag in command:
            return set(command[command.index(flag) + 1].split(","))
    return {"celery"}


def routed_queues() -> set[str]:
    from django.conf import settings

    return {settings.CELERY_TASK_DEFAULT_QUEUE} | {
        r["queue"] for r in settings.CELERY_TASK_ROUTES.values()
    }


def test_a_worker_for_each_queue_the_analysis_apart_and_exactly_one_beat(compose):
    from django.conf import settings

    workers = services_running(compose, "celery", "-A", "config", "worker")
    beats = services_running(compose, "celery", "-A", "config", "beat")
    consumed = {name: worker_queues(s["command"]) for name, s in workers.items()}
    # Every queue a task is sent to has a worker, and the analysis worker does nothing else:
    # bot turns and clocks never wait behind a game's analysis.
    assert set().union(*consumed.values()) == routed_queues()
    assert settings.ANALYSIS_QUEUE != settings.CELERY_TASK_DEFAULT_QUEUE
    assert [q for q in consumed.values() if settings.ANALYSIS_QUEUE in q] == [
        {settings.ANALYSIS_QUEUE}
    ]
    assert len(beats) == 1
    (beat,) = beats.values()
    assert beat.get("deploy", {}).get("replicas", 1) == 1
    # beat writes its schedule where the read-only image lets it: /tmp
    assert beat["command"][beat["command"].index("--schedule") + 1].startswith("/tmp/")


def test_migrations_run_once_before_the_platform_starts(compose):
    migrate = services_running(compose, "python", "manage.py", "migrate")
    assert list(migrate) == ["migrate"]
    assert compose["services"]["migrate"]["restart"] == "no"
    for name, service in platform_services(compose).items():
        if name != "migrate":
            assert service["depends_on"]["migrate"] == {
                "condition": "service_completed_successfully"
            }, name


def test_every_long_running_service_has_a_healthcheck(compose):
    for name, service in compose["services"].items():
        if name == "migrate":
            continue
        test = service.get("healthcheck", {}).get("test")
        assert test, name
        assert test[0] in {"CMD", "CMD-SHELL"}, name


def test_web_healthchecks_ask_readyz_on_the_web_port(compose):
    for service in web_services(compose).values():
        assert "http://127.0.0.1:8000/readyz" in " ".join(service["healthcheck"]["test"])


def test_the_proxy_starts_once_both_web_processes_are_healthy(compose):
    proxy = compose["services"]["proxy"]
    assert proxy["image"].startswith("nginx:")
    assert proxy["depends_on"] == {
        name: {"condition": "service_healthy"} for name in web_services(compose)
    }
    assert "./nginx.conf:/etc/nginx/nginx.conf:ro" in proxy["volumes"]


def test_platform_services_read_the_env_file_and_the_example_declares_what_they_need(compose):
    for name, service in platform_services(compose).items():
        expected = [".env", "migrate.env"] if name == "migrate" else ".env"
        assert service["env_file"] == expected, name
        env = service["environment"]
        assert env["DATABASE_URL"].startswith("postgres://")
        assert "@postgres:5432/" in env["DATABASE_URL"]
        assert env["REDIS_URL"] == "redis://redis:6379/0"
        assert env["PROMETHEUS_MULTIPROC_DIR"].startswith("/tmp/")
        assert service["read_only"] is True
        assert "/tmp" in service["tmpfs"]
    example = (DEPLOY / ".env.example").read_text()
    declared = set(re.findall(r"^([A-Z_][A-Z0-9_]*)=", example, flags=re.MULTILINE))
    assert {"DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "DB_APP_PASSWORD"} <= declared


def declared_in(filename: str) -> set[str]:
    text = (DEPLOY / filename).read_text()
    return set(re.findall(r"^#?\s*([A-Z_][A-Z0-9_]*)=", text, flags=re.MULTILINE))


def test_the_app_role_is_the_platforms_and_the_owners_credentials_reach_only_migrate(compose):
    # Web, worker and beat read deploy/.env: it holds the app role's password, never the
    # superuser's or the owner's, which only the postgres and migrate services read.
    strong = {"POSTGRES_PASSWORD", "DB_OWNER_PASSWORD", "MIGRATE_DATABASE_URL"}
    assert not declared_in(".env.example") & strong
    assert {"POSTGRES_USER", "POSTGRES_PASSWORD", "DB_OWNER_USER", "DB_OWNER_PASSWORD"} <= (
        declared_in("db.env.example")
    )
    assert declared_in("migrate.env.example") == {"MIGRATE_DATABASE_URL"}
    ignored = (DEPLOY / ".gitignore").read_text().split()
    assert {".env", "db.env", "migrate.env"} <= set(ignored)
    for name, service in platform_services(compose).items():
        url = service["environment"]["DATABASE_URL"]
        assert url.startswith("postgres://${DB_APP_USER:-mexican_train_app}:${DB_APP_PASSWORD")
        assert "MIGRATE_DATABASE_URL" not in service["environment"], name
    postgres = compose["services"]["postgres"]
    assert postgres["env_file"] == "db.env"
    assert (
        "./postgres/10-roles.sh:/docker-entrypoint-initdb.d/10-roles.sh:ro" in (postgres["volumes"])
    )
    assert "./postgres/roles.sql:/etc/mexican-train/roles.sql:ro" in postgres["volumes"]
    script = (DEPLOY / "postgres" / "10-roles.sh").read_text()
    for variable in ("DB_OWNER_USER", "DB_OWNER_PASSWORD", "DB_APP_USER", "DB_APP_PASSWORD"):
        assert f'"${variable}"' in script
        assert variable in declared_in("db.env.example") | set(postgres["environment"])
    assert (DEPLOY / "postgres" / "10-roles.sh").stat().st_mode & 0o111


def test_every_variable_compose_interpolates_is_in_the_env_example_or_has_a_default():
    text = (DEPLOY / "compose.yaml").read_text()
    example = (DEPLOY / ".env.example").read_text()
    declared = set(re.findall(r"^#?\s*([A-Z_][A-Z0-9_]*)=", example, flags=re.MULTILINE))
    for match in re.finditer(r"(?<!\$)\$\{([A-Z_][A-Z0-9_]*)(:?[-?][^}]*)?\}", text):
        name, modifier = match.group(1), match.group(2) or ""
        assert name in declared or modifier.startswith((":-", "-")), name


def test_the_workers_serve_their_metrics_port(compose):
    workers = services_running(compose, "celery", "-A", "config", "worker").values()
    assert len(workers) == 2
    for worker in workers:
        assert worker["environment"]["METRICS_PORT"] == "9100"
        assert worker["expose"] == ["9100"]


# -- nginx -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def nginx() -> list[dict]:
    parsed = crossplane.parse(str(DEPLOY / "nginx.conf"), check_ctx=True, check_args=True)
    assert parsed["status"] == "ok", parsed["errors"]
    return parsed["config"][0]["parsed"]


def find(block: list[dict], directive: str) -> list[dict]:
    return [d for d in block if d["directive"] == directive]


def http_server(nginx):
    (http,) = find(nginx, "http")
    (server,) = find(http["block"], "server")
    return http, server


def location(server, *args):
    matches = [d for d in find(server["block"], "location") if d["args"] == list(args)]
    assert len(matches) == 1, args
    return matches[0]["block"]


def headers(block) -> dict[str, str]:
    return {d["args"][0]: d["args"][1] for d in find(block, "proxy_set_header")}


def test_nginx_config_parses_with_every_directive_in_its_place(nginx):
    assert find(nginx, "http")


def test_the_upstream_is_the_two_web_services_on_the_web_port(nginx, compose):
    http, _ = http_server(nginx)
    (upstream,) = find(http["block"], "upstream")
    servers = {d["args"][0] for d in find(upstream["block"], "server")}
    assert servers == {f"{name}:8000" for name in web_services(compose)}
    # no stickiness: a socket that reconnects elsewhere resyncs
    assert not find(upstream["block"], "ip_hash")
    assert not find(upstream["block"], "hash")


def test_websockets_under_ws_are_upgraded_and_kept_open(nginx):
    http, server = http_server(nginx)
    maps = {tuple(d["args"]): d["block"] for d in find(http["block"], "map")}
    upgrade = maps[("$http_upgrade", "$connection_upgrade")]
    # "Connection: upgrade" when the client asks for an upgrade, "close" when it does not
    assert {d["directive"]: d["args"] for d in upgrade} == {"default": ["upgrade"], "": ["close"]}
    ws = location(server, "/ws/")
    assert find(ws, "proxy_pass")[0]["args"] == ["http://web"]
    assert find(ws, "proxy_http_version")[0]["args"] == ["1.1"]
    h = headers(ws)
    assert h["Upgrade"] == "$http_upgrade"
    assert h["Connection"] == "$connection_upgrade"
    read_timeout = find(ws, "proxy_read_timeout")[0]["args"][0]
    assert int(read_timeout.rstrip("s")) >= 3600


def test_every_proxied_location_forwards_host_scheme_client_and_request_id(nginx):
    _, server = http_server(nginx)
    proxied = [
        d["block"] for d in find(server["block"], "location") if find(d["block"], "proxy_pass")
    ]
    assert len(proxied) == 2
    for block in proxied:
        h = headers(block)
        assert h["Host"] == "$http_host"  # with its port: the Origin check compares it
        assert h["X-Forwarded-Proto"] == "$forwarded_proto"
        assert h["X-Forwarded-For"] == "$proxy_add_x_forwarded_for"
        assert h["X-Request-ID"] == "$request_id"


def test_the_proxy_gzips_text_that_reaches_it_uncompressed(nginx):
    http, _ = http_server(nginx)
    block = http["block"]
    assert find(block, "gzip")[0]["args"] == ["on"]
    types = set(find(block, "gzip_types")[0]["args"])  # text/html is always compressed
    assert {"text/css", "text/plain", "application/javascript", "application/json"} <= types
    assert {"image/svg+xml", "text/csv", "text/calendar"} <= types
    assert not types & {"image/png", "image/jpeg", "font/woff2", "application/gzip"}
    assert find(block, "gzip_vary")[0]["args"] == ["on"]  # caches keep both forms apart
    # behind the load balancer too, which may add Via (nginx skips such requests otherwise)
    assert find(block, "gzip_proxied")[0]["args"] == ["any"]
    assert 0 < int(find(block, "gzip_min_length")[0]["args"][0]) <= 1024
    # no location turns it off again
    _, server = http_server(nginx)
    for loc in find(server["block"], "location"):
        assert not find(loc["block"], "gzip"), loc["args"]


def test_metrics_are_not_served_through_the_proxy(nginx):
    _, server = http_server(nginx)
    block = location(server, "=", "/metrics")
    assert find(block, "return")[0]["args"] == ["404"]
    assert not find(block, "proxy_pass")


def test_the_proxy_healthcheck_has_its_own_location(nginx, compose):
    _, server = http_server(nginx)
    assert find(location(server, "=", "/proxy-health"), "return")[0]["args"][0] == "200"
    assert "http://127.0.0.1/proxy-health" in compose["services"]["proxy"]["healthcheck"]["test"]


def test_a_misplaced_directive_fails_the_nginx_parse(tmp_path):
    bad = tmp_path / "nginx.conf"
    bad.write_text("events {}\nhttp { proxy_pass http://web; server { listen 80; } }\n")
    parsed = crossplane.parse(str(bad), check_ctx=True, check_args=True)
    assert parsed["status"] == "failed"
