"""Talking to Harper the way a client does: httpx against the gateway, every call timed.

A transport failure or a non-JSON body becomes an ``error`` reply (code ``transport``), so a
missing or crashed agent shows up as a failed question, never as a crashed run.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from harness import api_headers
from sse import read_events


@dataclass
class Reply:
    status: int
    body: dict[str, Any]
    latency_ms: float

    @property
    def type(self) -> str:
        return str(self.body.get("type", "success" if self.status == 200 else "error"))

    @property
    def routed_to(self) -> str | None:
        value = self.body.get("routed_to")
        return str(value) if value else None

    @property
    def code(self) -> str | None:
        value = self.body.get("code")
        return str(value) if value else None

    @property
    def outcome(self) -> str:
        """``success:<agent>``, or the response type with the error code."""
        if self.type == "success":
            return f"success:{self.routed_to}" if self.routed_to else "success"
        if self.type == "error":
            return f"error:{self.code or self.status}"
        return self.type

    @property
    def tokens(self) -> int:
        usage = self.body.get("usage") or {}
        return int(usage.get("input_tokens", 0)) + int(usage.get("output_tokens", 0))

    @property
    def used_claude(self) -> bool:
        usage = self.body.get("usage") or {}
        return any(step.get("brain") == "claude" for step in usage.get("steps", []))


@dataclass
class StreamedReply:
    """What ``/query/stream`` showed: the intent, the routing and the final response."""

    intent: str | None
    routed_to: str | None
    final_kind: str
    final: Reply
    events: list[str] = field(default_factory=list)


def _failure(message: str, started: float) -> Reply:
    body = {"type": "error", "code": "transport", "message": message}
    return Reply(0, body, (time.perf_counter() - started) * 1000)


class HarperClient:
    def __init__(self, base_url: str, timeout_s: float = 90.0) -> None:
        # The key comes from HARPER_API_KEY (set for the Harper the eval starts itself).
        self.http = httpx.Client(base_url=base_url, timeout=timeout_s, headers=api_headers())

    def close(self) -> None:
        self.http.close()

    def call(
        self,
        method: str,
        path: str,
        json: dict[str, Any] | None = None,
        params: dict[str, Any] | None = None,
    ) -> Reply:
        started = time.perf_counter()
        try:
            response = self.http.request(method, path, json=json, params=params)
            latency = (time.perf_counter() - started) * 1000
            body = response.json()
        except (httpx.HTTPError, ValueError) as exc:
            return _failure(f"{type(exc).__name__}: {exc}", started)
        if not isinstance(body, dict):
            body = {"value": body}
        return Reply(response.status_code, body, latency)

    def query(self, text: str, session_id: str | None = None) -> Reply:
        body: dict[str, Any] = {"query": text}
        if session_id:
            body["session_id"] = session_id
        return self.call("POST", "/query", json=body)

    def confirm(self, body: dict[str, Any]) -> Reply:
        return self.call("POST", "/confirm", json=body)

    def stream(self, text: str) -> StreamedReply:
        started = time.perf_counter()
        intent = routed = None
        kinds: list[str] = []
        final: dict[str, Any] = {}
        final_kind = "none"
        try:
            with self.http.stream("POST", "/query/stream", json={"query": text}) as response:
                if response.status_code != 200:
                    response.read()
                    reply = Reply(response.status_code, response.json(), 0.0)
                    reply.latency_ms = (time.perf_counter() - started) * 1000
                    return StreamedReply(None, None, "error", reply)
                for event in read_events(response):
                    kinds.append(event.kind)
                    data = event.data if isinstance(event.data, dict) else {}
                    if event.kind == "intent":
                        intent = (data.get("info") or {}).get("intent")
                    elif event.kind == "routing":
                        routed = data.get("routed_to")
                    elif event.kind not in ("accepted", "thinking", "tool_call", "tool_result"):
                        if event.kind == "done":
                            break
                        final, final_kind = data, event.kind
                        if event.kind == "error":
                            break
        except (httpx.HTTPError, ValueError) as exc:
            return StreamedReply(intent, routed, "error", _failure(str(exc), started), kinds)
        latency = (time.perf_counter() - started) * 1000
        status = 200 if final_kind not in ("error", "none") else 500
        return StreamedReply(intent, routed, final_kind, Reply(status, final, latency), kinds)
