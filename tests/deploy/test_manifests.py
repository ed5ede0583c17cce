"""The deployment files render and validate offline, and say what operators rely on: non-root
processes, probes, limits, a network policy, workers that scale, secrets from files."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy" / "k8s"
OVERLAYS = ["external-postgres", "bundled-postgres"]
KUBERNETES_VERSION = "1.32"


def _render(overlay: str) -> list[dict]:
    kubectl = shutil.which("kubectl")
    if kubectl is None:
        pytest.skip("kubectl is not installed (Debian: kubernetes-client)")
    result = subprocess.run([kubectl, "kustomize", str(K8S / "overlays" / overlay)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return [doc for doc in yaml.safe_load_all(result.stdout) if doc]


def _by_kind(docs: list[dict], kind: str) -> dict[str, dict]:
    return {d["metadata"]["name"]: d for d in docs if d["kind"] == kind}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_overlay_renders_and_validates_against_the_kubernetes_schemas(overlay):
    kubernetes_validate = pytest.importorskip("kubernetes_validate")
    docs = _render(overlay)
    for doc in docs:
        kubernetes_validate.validate(doc, KUBERNETES_VERSION, strict=True)
    deployments = _by_kind(docs, "Deployment")
    assert set(deployments) == {"smith-web", "smith-worker"}
    assert deployments["smith-worker"]["spec"]["replicas"] >= 2
    for name, deployment in deployments.items():
        pod = deployment["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True, name
        assert pod["automountServiceAccountToken"] is False, name
        for container in pod["containers"]:
            assert container["securityContext"]["allowPrivilegeEscalation"] is False, name
            assert container["securityContext"]["capabilities"]["drop"] == ["ALL"], name
            assert {"readinessProbe", "livenessProbe"} <= set(container), name
            assert container["resources"]["limits"]["memory"], name
            mounts = {m["mountPath"] for m in container["volumeMounts"]}
            assert "/run/secrets/smith" in mounts, name
    web_args = deployments["smith-web"]["spec"]["template"]["spec"]["containers"][0]["args"]
    assert "--no-worker" in web_args
    settings = _by_kind(docs, "ConfigMap")["smith-settings"]["data"]
    assert settings["SMITH_EMBEDDED_DATABASE"] == "false"
    assert settings["SMITH_SECRETS_DIR"] == "/run/secrets/smith"
    policies = _by_kind(docs, "NetworkPolicy")
    assert {"smith-web", "smith-worker"} <= set(policies)
    assert "smith_database_url" in _by_kind(docs, "Secret")["smith-secrets"]["stringData"]


def test_bundled_postgres_is_a_statefulset_only_smith_may_reach():
    docs = _render("bundled-postgres")
    assert "smith-postgres" in _by_kind(docs, "StatefulSet")
    ingress = _by_kind(docs, "NetworkPolicy")["smith-postgres"]["spec"]["ingress"]
    assert ingress[0]["from"][0]["podSelector"]["matchLabels"] == {
        "app.kubernetes.io/name": "smith"}
    assert "smith-postgres" not in _by_kind(_render("external-postgres"), "StatefulSet")


def test_compose_file_is_valid_and_scales_workers(tmp_path):
    compose = shutil.which("docker-compose")
    plugin = shutil.which("docker")
    deploy = tmp_path / "deploy"
    shutil.copytree(ROOT / "deploy", deploy)
    shutil.copy(ROOT / "Dockerfile", tmp_path / "Dockerfile")
    for name in ("postgres_password", "smith_database_url", "smith_github_webhook_secret",
                 "smith_gitlab_webhook_secret", "smith_gitlab_token", "anthropic_api_key",
                 "github_app_key.pem"):
        (deploy / "secrets" / name).write_text("x")
    candidates = []
    if plugin and subprocess.run([plugin, "compose", "version"], capture_output=True,
                                 timeout=30).returncode == 0:
        candidates.append([plugin, "compose"])
    if compose:
        candidates.append([compose])
    if not candidates:
        pytest.skip("neither `docker compose` nor docker-compose is installed")
    result = subprocess.run([*candidates[0], "-f", str(deploy / "compose.yaml"), "config"],
                            capture_output=True, text=True, timeout=120, cwd=deploy)
    assert result.returncode == 0, result.stderr
    config = yaml.safe_load(result.stdout)
    services = config["services"]
    assert {"postgres", "web", "worker"} <= set(services)
    assert "--no-worker" in services["web"]["command"]
    assert services["worker"]["command"][:2] == ["smith", "worker"]
    for name in ("web", "worker"):
        assert services[name]["environment"]["SMITH_SECRETS_DIR"] == "/run/secrets"
        assert services[name]["environment"]["SMITH_EMBEDDED_DATABASE"] == "false"
    assert set(config["secrets"]) >= {"smith_database_url", "anthropic_api_key"}
