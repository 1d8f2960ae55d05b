"""A client that drops the SSE connection resumes with Last-Event-ID: nothing lost, nothing twice."""

from __future__ import annotations

import httpx
from sse import Event, read_events


def whole_stream(client: httpx.Client, request_id: str) -> list[Event]:
    with client.stream("GET", f"/query/stream/{request_id}") as response:
        return list(read_events(response))


def test_resume_after_a_dropped_connection(client: httpx.Client) -> None:
    query = {"query": "what stage is Maple Avenue Dental at"}
    with client.stream("POST", "/query/stream", json=query) as response:
        first = list(read_events(response, stop_after=2))  # then the client goes away
    request_id = first[0].data["request_id"]

    headers = {"Last-Event-ID": first[-1].id}
    with client.stream("POST", "/query/stream", json=query, headers=headers) as response:
        assert response.status_code == 200
        rest = list(read_events(response))

    everything = whole_stream(client, request_id)
    assert [e.id for e in first + rest] == [e.id for e in everything]
    assert [e.kind for e in first + rest] == [e.kind for e in everything]
    assert rest and rest[-1].kind in ("done", "error")
    assert {"accepted", "intent", "routing"} <= {e.kind for e in everything}


def test_resume_with_a_foreign_event_id_is_refused(client: httpx.Client) -> None:
    headers = {"Last-Event-ID": "not-an-id"}
    response = client.post("/query/stream", json={"query": "hi"}, headers=headers)
    assert response.status_code == 400
    assert "Last-Event-ID" in response.json()["message"]


def test_resume_of_an_unknown_stream_is_404(client: httpx.Client) -> None:
    response = client.get("/query/stream/0123456789abcdef", headers={"Last-Event-ID": "x:3"})
    assert response.status_code == 400
    response = client.get("/query/stream/0123456789abcdef")
    assert response.status_code == 404
