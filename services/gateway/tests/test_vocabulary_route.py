"""``GET /vocabulary``: the shared words as the UI reads them, for any viewer."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from harper_common.settings import HarperSettings
from harper_common.vocabulary import Vocabulary, vocabulary
from harper_gateway.app import create_app
from harper_gateway.auth import ROUTE_ROLES
from harper_gateway.routes.vocabulary import router


def test_serves_the_vocabulary_with_every_field() -> None:
    app = FastAPI()
    app.include_router(router)
    body = TestClient(app).get("/vocabulary").json()
    assert Vocabulary.model_validate(body) == vocabulary()
    assert [stage["name"] for stage in body["stages"]][:2] == ["New Lead", "Intake"]
    umbrella = next(line for line in body["lines"] if line["name"] == "Umbrella")
    assert set(umbrella) == {"name", "shorthand", "book_words", "when_unqualified"}
    assert "Childcare Center" in [industry["name"] for industry in body["industries"]]


def test_the_gateway_serves_it_to_viewers_with_a_response_model() -> None:
    openapi = create_app(HarperSettings()).openapi()
    ok = openapi["paths"]["/vocabulary"]["get"]["responses"]["200"]
    assert ok["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Vocabulary"
    }
    assert ROUTE_ROLES[("GET", "/vocabulary")] == "viewer"
    line = openapi["components"]["schemas"]["LineEntry"]
    assert set(line["required"]) == {"name", "shorthand", "book_words", "when_unqualified"}
