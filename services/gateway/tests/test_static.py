"""The web UI mount: the build served at ``/``, a clear page without one, no API route shadowed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.routing import BaseRoute, Match, Mount
from starlette.types import Scope

from harper_common.settings import HarperSettings
from harper_gateway.app import create_app
from harper_gateway.static import REPO_ROOT, UI_DIST_ENV, WebUI, mount_ui, ui_dist_dir


def _app_with_ui(dist: Path) -> FastAPI:
    app = FastAPI()

    @app.get("/health")
    def health() -> dict[str, bool]:
        return {"ok": True}

    mount_ui(app, dist)
    return app


def _build(dist: Path) -> None:
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><div id=root>explorer</div>")
    (dist / "assets" / "app.js").write_text("console.log('harper')")


def test_serves_the_build_at_root_and_its_assets(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    _build(dist)
    client = TestClient(_app_with_ui(dist))
    index = client.get("/")
    assert index.status_code == 200
    assert "explorer" in index.text
    asset = client.get("/assets/app.js")
    assert asset.status_code == 200
    assert asset.text == "console.log('harper')"
    assert client.get("/assets/nope.js").status_code == 404


def test_api_routes_win_over_the_ui(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    _build(dist)
    (dist / "health").write_text("a file named like a route")
    client = TestClient(_app_with_ui(dist))
    assert client.get("/health").json() == {"ok": True}


def test_missing_build_answers_a_page_saying_how_to_build(tmp_path: Path) -> None:
    dist = tmp_path / "not-built"
    client = TestClient(_app_with_ui(dist))
    page = client.get("/")
    assert page.status_code == 503
    assert "make ui" in page.text
    assert str(dist) in page.text
    assert client.get("/assets/app.js").status_code == 404
    assert client.get("/health").status_code == 200


def test_a_build_made_while_running_is_served_at_once(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    client = TestClient(_app_with_ui(dist))
    assert client.get("/").status_code == 503
    _build(dist)
    assert client.get("/").status_code == 200


def test_dist_comes_from_the_setting_or_the_repo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(UI_DIST_ENV, raising=False)
    assert ui_dist_dir() == REPO_ROOT / "ui" / "dist"
    assert (REPO_ROOT / "ui" / "package.json").is_file()
    monkeypatch.setenv(UI_DIST_ENV, str(tmp_path))
    assert ui_dist_dir() == tmp_path.resolve()


def _first_match(app: FastAPI, method: str, path: str) -> BaseRoute:
    scope: Scope = {"type": "http", "method": method, "path": path, "root_path": "", "headers": []}
    for route in app.router.routes:
        match, _ = route.matches(scope)
        if match is Match.FULL:
            return route
    raise AssertionError(f"nothing answers {method} {path}")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/query"),
        ("POST", "/query/stream"),
        ("GET", "/query/stream/abc"),
        ("POST", "/confirm"),
        ("GET", "/tree"),
        ("GET", "/file"),
        ("GET", "/health"),
        ("GET", "/followup/pending"),
        ("GET", "/docs"),
    ],
)
def test_gateway_api_routes_are_not_shadowed_by_the_ui(
    tmp_path: Path, method: str, path: str
) -> None:
    app = create_app(HarperSettings(mem_root=tmp_path / "mem", data_dir=tmp_path / "data"))
    assert not isinstance(_first_match(app, method, path), Mount)
    ui = _first_match(app, "GET", "/assets/index.js")
    assert isinstance(ui, Mount) and isinstance(ui.app, WebUI)


def test_no_api_operation_is_shadowed_by_the_ui(tmp_path: Path) -> None:
    """Every operation in the OpenAPI schema, even one added later, answers before the UI."""
    app = create_app(HarperSettings(mem_root=tmp_path / "mem", data_dir=tmp_path / "data"))
    operations = [
        (method.upper(), re.sub(r"\{[^}]+\}", "x", path))
        for path, item in app.openapi()["paths"].items()
        for method in item
    ]
    assert len(operations) >= 10
    shadowed = [op for op in operations if isinstance(_first_match(app, *op), Mount)]
    assert shadowed == []
