"""The deployment files, checked here where no Docker engine or cluster runs: the compose file
against the Compose specification, the Kubernetes manifests rendered by kustomize and validated
against the Kubernetes schemas, the Dockerfile's per-service build."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from compose_spec import PyCompose

INFRA = Path(__file__).resolve().parents[2] / "infra"
SERVICES = ("gateway", "starter", "search", "updater", "followup", "indexer")
KUBECTL = Path(sys.executable).parent / "kubectl"
K8S_VERSION = "1.30.0"


def compose_spec(text: str) -> dict[str, Any]:
    """The file as Compose reads it: anchors and merge keys resolved, then the spec checked."""
    data = yaml.safe_load(text)
    plain = {key: value for key, value in data.items() if not key.startswith("x-")}
    checked: dict[str, Any] = PyCompose.from_json(json.dumps(plain)).to_dict()
    return checked


def test_compose_is_valid_and_runs_every_service_on_the_shared_memory() -> None:
    spec = compose_spec((INFRA / "compose.yaml").read_text())
    services = spec["services"]
    for name in SERVICES:
        assert name in services, name
        assert any("/data/mem" in str(v) for v in services[name].get("volumes", [])), name
        assert "QDRANT_URL" in str(services[name]["environment"]), name
    assert services["search"]["deploy"]["replicas"] == 2
    assert services["starter"]["deploy"]["replicas"] == 2
    assert {
        "nats-1",
        "nats-2",
        "nats-3",
        "redis",
        "qdrant",
        "jaeger",
        "prometheus",
        "grafana",
    } <= set(services)
    assert "--appendonly" in services["redis"]["command"]


def test_a_broken_compose_file_is_refused() -> None:
    broken = (
        (INFRA / "compose.yaml")
        .read_text()
        .replace("restart: unless-stopped", "restart: sometimes", 1)
    )
    with pytest.raises(ValueError):
        compose_spec(broken)


def test_the_nats_cluster_syncs_every_write_and_routes_three_nodes() -> None:
    config = (INFRA / "nats" / "cluster.conf").read_text()
    assert "sync_interval: always" in config
    assert all(f"nats://nats-{n}:6222" in config for n in (1, 2, 3))
    assert 'include "permissions.conf"' in config


def test_every_service_connects_as_its_own_nats_user() -> None:
    services = compose_spec((INFRA / "compose.yaml").read_text())["services"]
    for name in SERVICES:
        assert services[name]["environment"]["HARPER_NATS_USER"] == name, name
    assert services["provision"]["command"] == ["harper-provision"]
    assert "HARPER_NATS_PASSWORD_INDEXER" in services["nats-1"]["environment"]


def rendered(overlay: str) -> list[dict[str, Any]]:
    out = subprocess.run(
        [str(KUBECTL), "kustomize", str(INFRA / "k8s" / overlay)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    return [doc for doc in yaml.safe_load_all(out) if doc]


@pytest.mark.parametrize("overlay", ["base", "overlays/dev"])
def test_kubernetes_manifests_render_and_validate(overlay: str) -> None:
    docs = rendered(overlay)
    deployments = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Deployment"}
    assert set(deployments) == set(SERVICES)
    for doc in docs:
        if doc["apiVersion"].startswith("keda.sh/"):
            assert doc["spec"]["scaleTargetRef"]["name"] in deployments
            assert doc["spec"]["minReplicaCount"] <= doc["spec"]["maxReplicaCount"]
            continue
        kubernetes_validate.validate(doc, K8S_VERSION, strict=True)
    scaled = {d["metadata"]["name"] for d in docs if d["kind"] == "ScaledObject"}
    assert scaled == set(SERVICES) - {"gateway"}
    budgets = {d["metadata"]["name"] for d in docs if d["kind"] == "PodDisruptionBudget"}
    assert budgets == set(SERVICES)
    for name, deployment in deployments.items():
        pod = deployment["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True, name
        container = pod["containers"][0]
        assert container["readinessProbe"] and container["livenessProbe"], name
        claim = pod["volumes"][0]["persistentVolumeClaim"]["claimName"]
        assert claim == "harper-memory", name
    volume = next(d for d in docs if d["kind"] == "PersistentVolumeClaim")
    assert volume["spec"]["accessModes"] == ["ReadWriteMany"]


def test_a_manifest_with_a_bad_field_is_refused() -> None:
    deployment = next(d for d in rendered("base") if d["kind"] == "Deployment")
    deployment["spec"]["replicas"] = "two"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, K8S_VERSION, strict=True)


def test_the_dockerfile_builds_one_slim_non_root_image_per_service() -> None:
    text = (INFRA / "Dockerfile").read_text()
    assert 'uv sync --frozen --no-dev --no-editable --package "harper-${SERVICE}"' in text
    assert "USER harper" in text and "HEALTHCHECK" in text and 'harper-probe "$SERVICE"' in text
    assert 'exec python -m \\"harper_$SERVICE\\"' in text
    assert "FROM service AS gateway" in text and "ui/dist" in text


def test_a_slim_image_runs_and_probes_its_service_without_the_harper_command() -> None:
    """The image holds one service and harper_common: its command (``python -m harper_<name>``)
    and health check (``harper-probe``, ``harper-provision``) must come from those alone."""
    for name in SERVICES:
        assert importlib.util.find_spec(f"harper_{name}.__main__") is not None, name
    common = tomllib.loads((INFRA.parent / "libs" / "common" / "pyproject.toml").read_text())
    scripts = common["project"]["scripts"]
    assert scripts["harper-probe"] == "harper_common.servers.probe:main"
    assert scripts["harper-provision"] == "harper_common.servers.provision:main"
    assert "harper" not in scripts  # the full command lives in libs/cli, with every service
    for doc in rendered("base"):
        if doc["kind"] == "Deployment" and doc["metadata"]["name"] != "gateway":
            probe = doc["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]
            assert probe["exec"]["command"][0] == "harper-probe", doc["metadata"]["name"]
