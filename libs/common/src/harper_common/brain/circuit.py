"""A circuit breaker for the Claude API: after repeated failures, stop calling it for a while.

With a key set and the API unreachable, every question would pay the whole retry schedule
(seconds) before the local engine answers. After ``failures_to_open`` failed turns in a row the
circuit opens: turns fail at once (``BrainUnavailable``, so agents answer with the local engine
and say so) for ``cooldown_s``. Then one turn is let through as a probe with no retries: its
success closes the circuit, its failure opens it again for another cool-down.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

CircuitState = Literal["closed", "open", "probing"]


@dataclass
class CircuitBreaker:
    failures_to_open: int = 3
    cooldown_s: float = 30.0
    clock: Callable[[], float] = time.monotonic
    failures: int = 0
    opened_at: float | None = None
    probing: bool = False
    last_error: str = field(default="")

    @property
    def state(self) -> CircuitState:
        if self.opened_at is None:
            return "closed"
        if self.probing:
            return "probing"
        return "open"

    def admit(self) -> Literal["call", "probe", "refuse"]:
        """What to do with the next turn: call as usual, call once as the probe, or refuse."""
        if self.opened_at is None:
            return "call"
        if self.probing or self.clock() - self.opened_at < self.cooldown_s:
            return "refuse"
        self.probing = True
        return "probe"

    def succeeded(self) -> None:
        self.failures = 0
        self.opened_at = None
        self.probing = False

    def failed(self, reason: str) -> None:
        self.last_error = reason[:200]
        self.failures += 1
        if self.probing or self.failures >= self.failures_to_open:
            self.opened_at = self.clock()
            self.probing = False

    def seconds_left(self) -> float:
        if self.opened_at is None:
            return 0.0
        return max(0.0, self.cooldown_s - (self.clock() - self.opened_at))

    def describe(self) -> str:
        """For /health and the answers' notes."""
        if self.opened_at is None:
            return "Claude API: reachable"
        return (
            f"Claude API: unreachable after {self.failures} failed turn(s) ({self.last_error}); "
            f"using the local engine, next try in {self.seconds_left():.0f} s"
        )
