"""deploy/k8s/: validated against the Kubernetes OpenAPI schemas bundled in kubernetes-validate
(offline), then checked for what the platform needs."""

import pytest
import yaml
from kubernetes_validate.utils import latest_version
from kubernetes_validate.utils import validate

from tests.deploy.conftest import K8S
from tests.deploy.conftest import k8s_documents
from tests.deploy.conftest import named
from tests.deploy.conftest import of_kind
from tests.deploy.test_dockerfile import WEB_COMMAND

# The oldest Kubernetes the manifests support, and the newest the package knows.
VERSIONS = ["1.29.0", latest_version()]
IMAGE = "mexican-train:latest"
UID = 10001  # the Dockerfile's USER


def workloads(docs):
    """(kind/name, pod spec) of every Deployment and Job."""
    return [
        (f"{d['kind']}/{d['metadata']['name']}", d["spec"]["template"]["spec"])
        for d in of_kind(docs, "Deployment") + of_kind(docs, "Job")
    ]


def containers(pod_spec, *, init: bool = True):
    return pod_spec["containers"] + (pod_spec.get("initContainers", []) if init else [])


def deployment(docs, component: str) -> dict:
    return named(docs, "Deployment", f"mexican-train-{component}")


def main_container(docs, component: str) -> dict:
    (container,) = deployment(docs, component)["spec"]["template"]["spec"]["containers"]
    return container


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize(
    ("filename", "doc"),
    k8s_documents(),
    ids=[f"{f}:{d['kind']}/{d['metadata']['name']}" for f, d in k8s_documents()],
)
def test_manifest_validates_strictly_against_the_kubernetes_schema(filename, doc, version):
    validate(doc, version, strict=True)  # raises, naming the offending field


def test_the_schema_validation_rejects_an_unknown_field(k8s):
    web = yaml.safe_load(yaml.safe_dump(deployment(k8s, "web")))
    web["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]["httpGet"]["paht"] = "/"
    with pytest.raises(Exception, match="paht"):
        validate(web, VERSIONS[-1], strict=True)


# The example Secrets: files that show how to create the real ones, never applied.
EXAMPLE_SECRETS = {"secret.yaml", "migrate-secret.yaml"}


def kustomization() -> dict:
    return yaml.safe_load((K8S / "kustomization.yaml").read_text())


def test_kustomization_lists_every_manifest_but_the_example_secrets_and_sets_the_image():
    files = {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    assert set(kustomization()["resources"]) == files - EXAMPLE_SECRETS
    assert [i["name"] for i in kustomization()["images"]] == [IMAGE.split(":")[0]]


def test_kubectl_apply_k_applies_no_secret(k8s):
    """`kubectl apply -k deploy/k8s` must not put the example keys and passwords in a cluster."""
    resources = set(kustomization()["resources"])
    applied = [doc for filename, doc in k8s if filename in resources]
    assert applied
    assert not [d for d in applied if d["kind"] == "Secret"]
    assert not kustomization().get("secretGenerator")
    # the example files still hold exactly the Secrets the workloads reference
    examples = {d["metadata"]["name"] for f, d in k8s if f in EXAMPLE_SECRETS}
    assert examples == {"mexican-train-secrets", "mexican-train-migrate"}
    assert {d["kind"] for f, d in k8s if f in EXAMPLE_SECRETS} == {"Secret"}


def test_every_container_runs_the_image_through_its_entry_point(k8s):
    for name, pod in workloads(k8s):
        for container in containers(pod):
            assert container["image"] == IMAGE, name
            # `command` would replace the image's ENTRYPOINT (which prepares /tmp/prometheus)
            assert "command" not in container, name
            assert container["args"], name


def test_the_web_deployment_runs_the_images_default_command_on_its_port(k8s):
    web = main_container(k8s, "web")
    assert web["args"] == WEB_COMMAND
    assert web["ports"] == [{"name": "http", "containerPort": 8000}]


def test_worker_beat_and_migrate_commands(k8s):
    from django.conf import settings

    from tests.deploy.test_compose import routed_queues
    from tests.deploy.test_compose import worker_queues

    assert main_container(k8s, "worker")["args"][:4] == ["celery", "-A", "config", "worker"]
    workers = {
        d["metadata"]["name"]: worker_queues(c["args"])
        for d in of_kind(k8s, "Deployment")
        for c in d["spec"]["template"]["spec"]["containers"]
        if c["args"][:4] == ["celery", "-A", "config", "worker"]
    }
    # Every queue a task is sent to has workers; the analysis ones do nothing else.
    assert set().union(*workers.values()) == routed_queues()
    assert workers["mexican-train-worker-analysis"] == {settings.ANALYSIS_QUEUE}
    assert settings.ANALYSIS_QUEUE not in workers["mexican-train-worker"]
    assert main_container(k8s, "beat")["args"][:4] == ["celery", "-A", "config", "beat"]
    (migrate,) = named(k8s, "Job", "mexican-train-migrate")["spec"]["template"]["spec"][
        "containers"
    ]
    assert migrate["args"] == ["python", "manage.py", "migrate", "--noinput"]


def test_every_deployment_container_has_liveness_and_readiness_probes(k8s):
    for d in of_kind(k8s, "Deployment"):
        for container in d["spec"]["template"]["spec"]["containers"]:
            assert "livenessProbe" in container, d["metadata"]["name"]
            assert "readinessProbe" in container, d["metadata"]["name"]


def test_the_web_probes_ask_healthz_for_liveness_and_readyz_for_readiness(k8s):
    web = main_container(k8s, "web")
    assert web["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "http"}
    assert web["startupProbe"]["httpGet"] == {"path": "/healthz", "port": "http"}
    assert web["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}


def test_every_container_requests_cpu_and_memory_and_caps_memory(k8s):
    for name, pod in workloads(k8s):
        for container in containers(pod):
            resources = container["resources"]
            assert {"cpu", "memory"} <= set(resources["requests"]), name
            assert "memory" in resources["limits"], name


def test_every_pod_runs_as_the_images_user_without_privileges(k8s):
    for name, pod in workloads(k8s):
        assert pod["securityContext"]["runAsNonRoot"] is True, name
        assert pod["securityContext"]["runAsUser"] == UID, name
        for container in containers(pod):
            ctx = container["securityContext"]
            assert ctx["allowPrivilegeEscalation"] is False, name
            assert ctx["readOnlyRootFilesystem"] is True, name
            # the one writable place: /tmp, an emptyDir
            assert container["volumeMounts"] == [{"name": "tmp", "mountPath": "/tmp"}], name
        assert {"name": "tmp", "emptyDir": {"sizeLimit": "64Mi"}} in pod["volumes"], name


def test_beat_is_a_single_replica_replaced_by_recreate(k8s):
    beat = deployment(k8s, "beat")
    assert beat["spec"]["replicas"] == 1
    assert beat["spec"]["strategy"] == {"type": "Recreate"}
    autoscaled = {
        h["spec"]["scaleTargetRef"]["name"] for h in of_kind(k8s, "HorizontalPodAutoscaler")
    }
    assert beat["metadata"]["name"] not in autoscaled


def test_the_autoscaler_scales_the_web_deployment_on_cpu(k8s):
    (hpa,) = of_kind(k8s, "HorizontalPodAutoscaler")
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert hpa["spec"]["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": "mexican-train-web",
    }
    assert 2 <= hpa["spec"]["minReplicas"] < hpa["spec"]["maxReplicas"]
    (metric,) = hpa["spec"]["metrics"]
    assert metric["resource"]["name"] == "cpu"
    # Utilization is a share of the request: the web container must request CPU.
    assert main_container(k8s, "web")["resources"]["requests"]["cpu"]


def test_the_web_service_selects_the_web_pods_on_the_named_port(k8s):
    service = named(k8s, "Service", "mexican-train-web")
    labels = deployment(k8s, "web")["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= labels.items()
    assert service["spec"]["ports"][0]["targetPort"] == "http"
    other = [
        deployment(k8s, c)["spec"]["template"]["metadata"]["labels"]
        for c in ("worker", "worker-analysis", "beat")
    ]
    assert all(not service["spec"]["selector"].items() <= labels.items() for labels in other)


def test_the_ingress_sends_ws_to_the_web_service_with_long_timeouts(k8s):
    ingresses = of_kind(k8s, "Ingress")
    routes = {}
    for ingress in ingresses:
        for rule in ingress["spec"]["rules"]:
            for path in rule["http"]["paths"]:
                routes[path["path"]] = (ingress, path["backend"]["service"])
    assert set(routes) == {"/", "/ws/", "/metrics"}
    for _, backend in routes.values():
        assert backend == {"name": "mexican-train-web", "port": {"name": "http"}}
    ws, _ = routes["/ws/"]
    annotations = ws["metadata"]["annotations"]
    assert int(annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"]) >= 3600
    assert int(annotations["nginx.ingress.kubernetes.io/proxy-send-timeout"]) >= 3600
    for ingress in ingresses:
        assert ingress["spec"]["tls"], ingress["metadata"]["name"]


def test_config_and_secrets_come_from_the_configmap_and_the_secret(k8s):
    config = named(k8s, "ConfigMap", "mexican-train-config")["data"]
    secret = named(k8s, "Secret", "mexican-train-secrets")["stringData"]
    assert config["DJANGO_PROFILE"] == "production"
    assert config["LOG_FORMAT"] == "json"
    assert config["PROMETHEUS_MULTIPROC_DIR"].startswith("/tmp/")
    assert {"DJANGO_SECRET_KEY", "DATABASE_URL", "REDIS_URL", "METRICS_TOKEN"} <= set(secret)
    assert not set(config) & set(secret)
    for name, pod in workloads(k8s):
        for container in containers(pod):
            refs = {next(iter(r)): next(iter(r.values()))["name"] for r in container["envFrom"]}
            assert refs == {
                "configMapRef": "mexican-train-config",
                "secretRef": "mexican-train-secrets",
            }, name


def test_only_the_migrate_job_connects_as_the_tables_owner(k8s):
    app = named(k8s, "Secret", "mexican-train-secrets")["stringData"]
    owner = named(k8s, "Secret", "mexican-train-migrate")["stringData"]
    assert set(owner) == {"MIGRATE_DATABASE_URL"}
    assert "MIGRATE_DATABASE_URL" not in app
    app_user = app["DATABASE_URL"].split("//")[1].split(":")[0]
    owner_user = owner["MIGRATE_DATABASE_URL"].split("//")[1].split(":")[0]
    assert app_user != owner_user
    # the same database, as another user
    assert app["DATABASE_URL"].split("@")[1] == owner["MIGRATE_DATABASE_URL"].split("@")[1]
    for name, pod in workloads(k8s):
        for container in containers(pod):
            refs = [
                v["valueFrom"]["secretKeyRef"]["name"]
                for v in container.get("env", [])
                if "secretKeyRef" in v.get("valueFrom", {})
            ]
            if name == "Job/mexican-train-migrate":
                assert {
                    "name": "MIGRATE_DATABASE_URL",
                    "valueFrom": {
                        "secretKeyRef": {
                            "name": "mexican-train-migrate",
                            "key": "MIGRATE_DATABASE_URL",
                        }
                    },
                } in (container["env"])
            else:
                assert "mexican-train-migrate" not in refs, name
    for _, doc in k8s:
        if doc["kind"] in ("Deployment", "StatefulSet", "CronJob"):
            assert "mexican-train-migrate" not in yaml.safe_dump(doc)


def test_web_and_worker_wait_for_the_migrate_job(k8s):
    for component in ("web", "worker", "worker-analysis"):
        (init,) = deployment(k8s, component)["spec"]["template"]["spec"]["initContainers"]
        assert "manage.py migrate --check" in " ".join(init["args"])
    job = named(k8s, "Job", "mexican-train-migrate")
    assert job["spec"]["template"]["spec"]["restartPolicy"] in {"OnFailure", "Never"}


@pytest.mark.parametrize("component", ["worker", "worker-analysis"])
def test_the_worker_exposes_metrics_and_is_alive_by_its_exporter(k8s, component):
    worker = main_container(k8s, component)
    assert {"name": "METRICS_PORT", "value": "9100"} in worker["env"]
    assert worker["ports"] == [{"name": "metrics", "containerPort": 9100}]
    assert worker["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "metrics"}
    annotations = deployment(k8s, component)["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/port"] == "9100"


def test_everything_lives_in_one_namespace(k8s):
    (namespace,) = of_kind(k8s, "Namespace")
    for _, doc in k8s:
        if doc["kind"] != "Namespace":
            assert doc["metadata"]["namespace"] == namespace["metadata"]["name"]


def test_the_ingress_does_not_publish_metrics(k8s):
    """Every address is denied /metrics at the ingress; the scraper reads it by pod IP."""
    (metrics,) = [
        ingress
        for ingress in of_kind(k8s, "Ingress")
        for rule in ingress["spec"]["rules"]
        for path in rule["http"]["paths"]
        if path["path"].startswith("/metrics")
    ]
    (rule,) = metrics["spec"]["rules"]
    assert [(p["path"], p["pathType"]) for p in rule["http"]["paths"]] == [("/metrics", "Prefix")]
    denied = metrics["metadata"]["annotations"]["nginx.ingress.kubernetes.io/denylist-source-range"]
    assert {part.strip() for part in denied.split(",")} == {"0.0.0.0/0", "::/0"}
    assert (
        "nginx.ingress.kubernetes.io/whitelist-source-range"
        not in metrics["metadata"]["annotations"]
    )
    # the same host as the site, or the deny would cover another host and /metrics stay open
    hosts = {r["host"] for i in of_kind(k8s, "Ingress") for r in i["spec"]["rules"]}
    assert hosts == {rule["host"]}
