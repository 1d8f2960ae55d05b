"""Through every hop, for real: gateway -> starter -> indexer / agents, over NATS, with Redis."""

from __future__ import annotations

import httpx
from harness import Harper
from sse import read_events


def stream(client: httpx.Client, query: str) -> list:  # type: ignore[type-arg]
    with client.stream("POST", "/query/stream", json={"query": query}) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        return list(read_events(response))


def test_cross_account_question_routes_to_search(client: httpx.Client) -> None:
    response = client.post("/query", json={"query": "Which accounts are in Texas?"})
    body = response.json()
    assert response.status_code == 200, body
    assert body["type"] == "success"
    assert body["routed_to"] == "search_agent"
    assert "accounts match" in body["answer"]
    assert any("/sources/" in path for path in body["citations"])
    assert any(path.endswith("/state.md") for path in body["citations"])
    assert response.headers["X-Trace-ID"]


def test_stream_shows_intent_and_routing_then_the_end(client: httpx.Client) -> None:
    events = stream(client, "Which accounts are in Texas?")
    kinds = [event.kind for event in events]
    assert kinds[0] == "accepted"
    intent = next(event for event in events if event.kind == "intent")
    assert intent.data["info"]["intent"] == "search"
    assert intent.data["info"]["cross_account"] is True
    routing = next(event for event in events if event.kind == "routing")
    assert routing.data["routed_to"] == "search_agent"
    assert routing.data["skill"]["name"] == "description-search"
    assert "filter" in routing.data["skill"]["description"].lower()
    assert kinds.index("intent") < kinds.index("routing") < len(kinds) - 1
    assert "tool_call" in kinds and "tool_result" in kinds
    assert kinds.index("routing") < kinds.index("tool_call") < kinds.index("answer")
    assert kinds[-1] == "done"
    ids = [event.id for event in events]
    assert len(set(ids)) == len(ids)


def test_question_about_no_account_asks_which(client: httpx.Client) -> None:
    response = client.post("/query", json={"query": "What did the customer say in the call?"})
    body = response.json()
    assert response.status_code == 200, body
    assert body["type"] == "clarification_needed"
    assert body["reason"] == "Query requires specific account"
    assert body["session_id"]


def test_named_account_is_found_with_a_typo(client: httpx.Client) -> None:
    events = stream(client, "what stage is cascade rdge rofing at")
    routing = next(event for event in events if event.kind == "routing")
    assert routing.data["account_name"] == "Cascade Ridge Roofing"


def test_unknown_account_needs_confirmation_kept_in_a_session(client: httpx.Client) -> None:
    response = client.post("/query", json={"query": "Add a note to Lakeshore Pediatrics"})
    body = response.json()
    assert response.status_code == 200, body
    assert body["type"] == "confirmation_required"
    assert body["account_name"] == "Lakeshore Pediatrics"
    assert body["original_query"] == "Add a note to Lakeshore Pediatrics"
    session = body["session_id"]

    confirm = client.post("/confirm", json={"session_id": session, "industry": "Healthcare"})
    created = confirm.json()
    assert confirm.status_code == 200, created
    assert created["routed_to"] == "updater_agent"
    assert created["account_name"] == "Lakeshore Pediatrics"
    state = client.get("/file", params={"path": f"accounts/{created['account_id']}/state.md"})
    assert "Healthcare" in state.json()["content"]
    again = client.post("/confirm", json={"session_id": session})
    assert again.status_code == 409
    assert "already confirmed" in again.json()["message"]


def test_cancelled_session_cannot_be_confirmed_again(client: httpx.Client) -> None:
    body = client.post("/query", json={"query": "Add a note to New Company LLC"}).json()
    assert body["type"] == "confirmation_required"
    cancel = client.post("/confirm", json={"session_id": body["session_id"], "confirmed": False})
    assert cancel.status_code == 200
    again = client.post("/confirm", json={"session_id": body["session_id"]})
    assert again.status_code == 409
    assert "cancelled" in again.json()["message"]


def test_unknown_session_is_refused_clearly(client: httpx.Client) -> None:
    response = client.post("/confirm", json={"session_id": "no-such-session"})
    assert response.status_code == 404
    assert "no-such-session" in response.json()["message"]


def test_bad_input_names_what_was_wrong(client: httpx.Client) -> None:
    response = client.post("/query", json={"query": ""})
    assert response.status_code == 422
    assert "query" in response.text
    response = client.post("/query", json={"qeury": "hi"})
    assert response.status_code == 422
    assert "qeury" in response.text


def test_health_lists_every_service_and_dependency(client: httpx.Client) -> None:
    body = client.get("/health").json()
    assert body["ok"] is True
    assert set(body["services"]) == {
        "gateway", "starter", "search", "updater", "followup", "indexer",
    }  # fmt: skip
    assert set(body["dependencies"]) == {"nats", "jetstream", "redis", "qdrant"}
    assert body["accounts_indexed"] >= 60  # other tests of the session may create accounts


def test_trace_id_crosses_the_services(client: httpx.Client, harper: Harper) -> None:
    response = client.post("/query", json={"query": "Which accounts are in Texas?"})
    trace_id = response.headers["X-Trace-ID"]
    for name in ("starter", "search"):
        logs = "".join(path.read_text() for path in harper.log_dir.glob(f"{name}-*.log"))
        assert f"0x{trace_id}" in logs, f"trace {trace_id} not seen by {name}"
