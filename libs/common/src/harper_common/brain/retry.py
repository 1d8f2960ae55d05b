"""When to retry a failed Claude call, and how long to wait: exponential backoff with jitter.

Retryable: 408/409/429/5xx/529, an ``overloaded_error`` or ``api_error`` sent inside a stream,
timeouts and lost connections. Never retried: 401/403 (the key) and other 4xx (the request).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import anthropic

from harper_common.brain.errors import BrainAuthError, BrainError, BrainRequestError

_RETRY_STATUSES = frozenset({408, 409, 429})
_RETRY_STREAM_ERRORS = frozenset({"overloaded_error", "api_error", "rate_limit_error"})


@dataclass(frozen=True, kw_only=True)
class RetryPolicy:
    """Bounded attempts; delay ``base * 2**n`` capped at ``max_delay_s``, times a jitter in
    [0.5, 1]. A retry-after header is honoured when it is at most ``max_retry_after_s``."""

    max_retries: int = 3
    base_delay_s: float = 0.5
    max_delay_s: float = 8.0
    max_retry_after_s: float = 30.0

    @property
    def max_attempts(self) -> int:
        """First attempt plus retries."""
        return 1 + self.max_retries

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """Seconds to wait after failed attempt number ``attempt`` (1-based)."""
        if retry_after is not None and retry_after >= 0:
            return retry_after
        backoff = min(self.max_delay_s, self.base_delay_s * 2.0 ** (attempt - 1))
        return backoff * (0.5 + random.random() / 2)


@dataclass(frozen=True, kw_only=True)
class Failure:
    """A classified failure: retry it (after ``retry_after`` if the server said so) or raise."""

    reason: str
    retryable: bool
    timeout: bool = False
    retry_after: float | None = None
    fatal: BrainError | None = None


def classify(error: Exception) -> Failure | None:
    """Classify an exception raised by one attempt; None when it is not an API failure at all."""
    transport = _transport_kind(error)
    if isinstance(error, anthropic.APITimeoutError) or transport == "timeout":
        return Failure(reason="timed out", retryable=True, timeout=True)
    if isinstance(error, anthropic.APIConnectionError) or transport == "connection":
        return Failure(reason=f"connection failed ({type(error).__name__})", retryable=True)
    if isinstance(error, anthropic.APIStatusError):
        return _classify_status(error)
    return None


def _classify_status(error: anthropic.APIStatusError) -> Failure:
    status = error.status_code
    detail = error.api_message or error.type or str(error)
    if status in (401, 403):
        return Failure(reason="auth", retryable=False, fatal=BrainAuthError(status, detail))
    if status in _RETRY_STATUSES or status >= 500:
        reason = f"HTTP {status} {error.type or ''}".strip()
        return Failure(reason=reason, retryable=True, retry_after=_retry_after(error))
    if status < 300 and error.type in _RETRY_STREAM_ERRORS:
        return Failure(reason=f"{error.type} during the stream", retryable=True)
    return Failure(reason=detail, retryable=False, fatal=BrainRequestError(status, detail))


def _retry_after(error: anthropic.APIStatusError) -> float | None:
    """Seconds from ``retry-after-ms`` or ``retry-after`` (seconds form only)."""
    headers = error.response.headers
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            return max(0.0, float(value) * scale)
        except ValueError:
            continue
    return None


def _transport_kind(error: Exception) -> str | None:
    """ "timeout" or "connection" for an httpx/httpx2 transport error, None otherwise.

    The SDK wraps the errors of the initial request, not those raised while the stream body is
    read. They are recognised by class name, so we do not import the SDK's HTTP library.
    """
    for cls in type(error).__mro__:
        if cls.__module__.split(".")[0] not in ("httpx", "httpx2"):
            continue
        if cls.__name__ == "TimeoutException":
            return "timeout"
        if cls.__name__ == "TransportError":
            return "connection"
    return None
