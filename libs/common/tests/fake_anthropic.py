"""A fake Anthropic Messages API: a real HTTP server on a loopback port, replaying a script.

Tests point the real `anthropic` SDK at it (``base_url=fake.base_url``) and then assert on what
the client sent (``fake.requests``). Each POST /v1/messages takes the next scripted entry:

- `Reply`: a message, as JSON or as SSE frames when the request has ``stream: true``
  (message_start, content_block_start, content_block_delta with text_delta / input_json_delta,
  content_block_stop, message_delta with usage, message_stop). ``delay_s`` holds the response
  back (to trigger the client's timeout), ``stall_s`` stalls the stream after its first delta,
  ``stream_error`` sends an SSE ``error`` event after the first block instead of finishing.
- `Fail`: an HTTP error status with an Anthropic error body and optional ``retry-after``.

Keys come as ``x-api-key`` or ``Authorization: Bearer``; a missing key or one of ``bad_keys``
gets 401 without using the script. An exhausted script answers 400 ``fake script exhausted``.

    with FakeAnthropic([Reply(content=[text("hi")])]) as fake:
        client = AsyncAnthropic(api_key="sk-test", base_url=fake.base_url)
"""

from __future__ import annotations

import asyncio
import itertools
import json
import socket
import threading
from collections import deque
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

Block = dict[str, Any]


def text(value: str) -> Block:
    """A text content block."""
    return {"type": "text", "text": value}


_ids = itertools.count(1)


def tool_use(name: str, tool_input: dict[str, Any], *, call_id: str | None = None) -> Block:
    """A tool_use content block (a fresh id unless given)."""
    return {
        "type": "tool_use",
        "id": call_id or f"toolu_fake_{next(_ids)}",
        "name": name,
        "input": tool_input,
    }


@dataclass(frozen=True, kw_only=True)
class Usage:
    """Token figures the fake reports for one response."""

    input_tokens: int = 10
    output_tokens: int = 5
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0


@dataclass(frozen=True, kw_only=True)
class Reply:
    """One scripted message. ``stop_reason`` defaults to tool_use when a tool is called."""

    content: list[Block]
    stop_reason: str | None = None
    usage: Usage = field(default_factory=Usage)
    model: str = "claude-fake-1"
    delay_s: float = 0.0
    stall_s: float = 0.0
    stream_error: str | None = None

    @property
    def final_stop_reason(self) -> str:
        if self.stop_reason is not None:
            return self.stop_reason
        return "tool_use" if any(b["type"] == "tool_use" for b in self.content) else "end_turn"


@dataclass(frozen=True, kw_only=True)
class Fail:
    """One scripted HTTP error."""

    status: int
    error_type: str = "api_error"
    message: str = "scripted failure"
    retry_after: float | None = None


Entry = Reply | Fail


@dataclass(frozen=True)
class RecordedRequest:
    """A request as the fake received it."""

    body: dict[str, Any]
    headers: dict[str, str]
    api_key: str | None

    @property
    def tools(self) -> list[dict[str, Any]]:
        return list(self.body.get("tools", []))

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body["messages"])

    @property
    def last_blocks(self) -> list[dict[str, Any]]:
        """Content blocks of the last message (a string content becomes one text block)."""
        content = self.messages[-1]["content"]
        return [text(content)] if isinstance(content, str) else list(content)


def _error_body(error_type: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": error_type, "message": message}}


def _frame(event: str, data: dict[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()


def _pieces(value: str, parts: int = 3) -> list[str]:
    size = max(1, -(-len(value) // parts))
    return [value[i : i + size] for i in range(0, len(value), size)] or [""]


class FakeAnthropic:
    """The fake server. Start it with ``with`` (or `start`/`stop`); `reset` between tests."""

    def __init__(
        self, script: Iterable[Entry] = (), *, bad_keys: Iterable[str] = ("sk-wrong",)
    ) -> None:
        self.bad_keys = frozenset(bad_keys)
        self._script: deque[Entry] = deque(script)
        self._requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._serial = itertools.count(1)
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        host, port = self._socket.getsockname()
        return f"http://{host}:{port}"

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    def reset(self, *script: Entry) -> None:
        """Forget recorded requests and replace the script."""
        with self._lock:
            self._requests.clear()
            self._script = deque(script)

    def start(self) -> FakeAnthropic:
        self._socket.bind(("127.0.0.1", 0))
        self._socket.listen(64)
        app = Starlette(routes=[Route("/v1/messages", self._messages, methods=["POST"])])
        config = uvicorn.Config(
            app, lifespan="off", log_level="warning", access_log=False, timeout_graceful_shutdown=2
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._socket.close()

    def __enter__(self) -> FakeAnthropic:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    async def _messages(self, request: Request) -> Response:
        body = await request.json()
        key = request.headers.get("x-api-key") or _bearer(request.headers.get("authorization"))
        with self._lock:
            self._requests.append(RecordedRequest(body, dict(request.headers), key))
            entry = None if key is None or key in self.bad_keys else self._next()
        headers = {"request-id": f"req_fake_{next(self._serial)}"}
        if key is None or key in self.bad_keys:
            return JSONResponse(
                _error_body("authentication_error", "invalid x-api-key"), 401, headers
            )
        if entry is None:
            return JSONResponse(
                _error_body("invalid_request_error", "fake script exhausted"), 400, headers
            )
        if isinstance(entry, Fail):
            if entry.retry_after is not None:
                headers["retry-after"] = str(entry.retry_after)
            return JSONResponse(_error_body(entry.error_type, entry.message), entry.status, headers)
        await self._pause(entry.delay_s, request)
        if body.get("stream"):
            return StreamingResponse(
                self._sse(entry, request), media_type="text/event-stream", headers=headers
            )
        return JSONResponse(self._message(entry, final=True), headers=headers)

    def _next(self) -> Entry | None:
        return self._script.popleft() if self._script else None

    async def _pause(self, seconds: float, request: Request) -> None:
        """Sleep up to ``seconds``; stop early when the client hangs up or the server stops."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while loop.time() < deadline and not self._stopping.is_set():
            if await request.is_disconnected():
                return
            await asyncio.sleep(min(0.02, max(0.0, deadline - loop.time())))

    def _message(self, entry: Reply, *, final: bool) -> dict[str, Any]:
        usage = entry.usage
        return {
            "id": f"msg_fake_{next(_ids)}",
            "type": "message",
            "role": "assistant",
            "model": entry.model,
            "content": entry.content if final else [],
            "stop_reason": entry.final_stop_reason if final else None,
            "stop_sequence": None,
            "usage": {
                "input_tokens": usage.input_tokens,
                "output_tokens": usage.output_tokens if final else 1,
                "cache_read_input_tokens": usage.cache_read_input_tokens,
                "cache_creation_input_tokens": usage.cache_creation_input_tokens,
            },
        }

    async def _sse(self, entry: Reply, request: Request) -> AsyncIterator[bytes]:
        yield _frame(
            "message_start", {"type": "message_start", "message": self._message(entry, final=False)}
        )
        yield _frame("ping", {"type": "ping"})
        for index, block in enumerate(entry.content):
            for number, frame in enumerate(_block_frames(index, block)):
                yield frame
                if index == 0 and number == 1 and entry.stall_s:
                    await self._pause(entry.stall_s, request)
            if entry.stream_error is not None:
                yield _frame("error", _error_body(entry.stream_error, "scripted stream error"))
                return
        delta = {"stop_reason": entry.final_stop_reason, "stop_sequence": None}
        usage = {"output_tokens": entry.usage.output_tokens}
        yield _frame("message_delta", {"type": "message_delta", "delta": delta, "usage": usage})
        yield _frame("message_stop", {"type": "message_stop"})


def _block_frames(index: int, block: Block) -> list[bytes]:
    """content_block_start, its deltas, content_block_stop."""
    if block["type"] == "text":
        start: Block = {"type": "text", "text": ""}
        deltas = [{"type": "text_delta", "text": piece} for piece in _pieces(block["text"])]
    else:
        start = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
        raw = json.dumps(block["input"])
        deltas = [{"type": "input_json_delta", "partial_json": piece} for piece in _pieces(raw, 2)]
    frames = [
        _frame(
            "content_block_start",
            {"type": "content_block_start", "index": index, "content_block": start},
        )
    ]
    frames += [
        _frame(
            "content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}
        )
        for delta in deltas
    ]
    frames.append(_frame("content_block_stop", {"type": "content_block_stop", "index": index}))
    return frames


def _bearer(value: str | None) -> str | None:
    if value and value.lower().startswith("bearer "):
        return value[7:].strip() or None
    return None


@pytest.fixture(scope="module")
def fake_anthropic_server() -> Iterator[FakeAnthropic]:
    """One fake Messages API server per test module."""
    with FakeAnthropic() as server:
        yield server


@pytest.fixture
def fake(fake_anthropic_server: FakeAnthropic) -> FakeAnthropic:
    """The module's fake server with an empty script and no recorded requests."""
    fake_anthropic_server.reset()
    return fake_anthropic_server
