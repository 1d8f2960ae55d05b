"""Questions asked without pause from a few threads while a fault happens, each outcome kept."""

from __future__ import annotations

import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import httpx
from harness import Harper


@dataclass(frozen=True)
class Outcome:
    status: int
    seconds: float
    message: str
    started: float
    """``time.monotonic()`` when the question was sent."""
    service: str | None = None
    """The service an error names (the one that did not answer)."""


@dataclass
class QuestionLoad:
    harper: Harper
    questions: list[str]
    threads: int = 3
    outcomes: list[Outcome] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _pool: ThreadPoolExecutor | None = None

    def __enter__(self) -> QuestionLoad:
        self._pool = ThreadPoolExecutor(self.threads)
        for n in range(self.threads):
            self._pool.submit(self._ask_until_stopped, n)
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        assert self._pool is not None
        self._pool.shutdown(wait=True)

    def _ask_until_stopped(self, offset: int) -> None:
        n = offset
        with httpx.Client(base_url=self.harper.base_url, headers=self.harper.headers) as client:
            while not self._stop.is_set():
                self.outcomes.append(ask(client, self.questions[n % len(self.questions)]))
                n += self.threads

    def statuses(self) -> Counter[int]:
        return Counter(o.status for o in self.outcomes)

    def unclear(self) -> list[Outcome]:
        """Failures without a clear JSON message, or not a 503/504."""
        return [
            o
            for o in self.outcomes
            if o.status != 200 and (o.status not in (503, 504) or not o.message)
        ]


def ask(client: httpx.Client, question: str, timeout_s: float = 30) -> Outcome:
    started = time.monotonic()
    try:
        response = client.post("/query", json={"query": question}, timeout=timeout_s)
    except httpx.HTTPError as exc:
        return Outcome(0, time.monotonic() - started, type(exc).__name__, started)
    message, service = "", None
    if response.status_code != 200:
        try:
            body = response.json()
        except ValueError:
            body = {}
        message, service = str(body.get("message", "")), body.get("service")
    return Outcome(response.status_code, time.monotonic() - started, message, started, service)
