"""``/asyncapi.json`` and ``/asyncapi``: the bus contract, served like ``/openapi.json``."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from harper_common.messages.asyncapi import asyncapi_document
from harper_common.settings import HarperSettings
from harper_gateway.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    root: Path = tmp_path_factory.mktemp("contracts")
    app = create_app(HarperSettings(mem_root=root / "mem", data_dir=root / "data"))
    return TestClient(app, base_url="http://127.0.0.1")  # no lifespan: these need no bus


def test_the_document_is_served_as_json_without_a_key(client: TestClient) -> None:
    response = client.get("/asyncapi.json")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.json() == asyncapi_document()


def test_the_page_lists_every_channel_and_schema_and_loads_nothing(client: TestClient) -> None:
    response = client.get("/asyncapi")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    page = html.unescape(response.text)
    doc = asyncapi_document()
    for channel in doc["channels"].values():
        if channel["address"] is not None:
            assert f"<code>{channel['address']}</code>" in page
    for name in doc["components"]["schemas"]:
        assert f'id="schema-{name}"' in page
    assert "<script" not in page and "http://" not in page and "https://" not in page


def test_the_contract_routes_stay_out_of_the_openapi_document(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "/asyncapi" not in paths and "/asyncapi.json" not in paths


def test_an_unknown_host_is_still_refused(client: TestClient) -> None:
    response = client.get("/asyncapi.json", headers={"Host": "evil.example"})
    assert response.status_code == 400
