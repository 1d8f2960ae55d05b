"""What can go wrong when the brain calls Claude, as exceptions an agent can tell apart."""

from __future__ import annotations


class BrainError(Exception):
    """Base of every error raised by the Claude brain."""


class BrainAuthError(BrainError):
    """The API refused the credentials (HTTP 401/403). Never retried."""

    def __init__(self, status: int, detail: str | None = None) -> None:
        message = f"Claude refused the API key (HTTP {status}): check ANTHROPIC_API_KEY"
        super().__init__(f"{message} ({detail})" if detail else message)
        self.status = status


class BrainRequestError(BrainError):
    """The API rejected the request itself (400, 404, 413, ...): a bug on our side, not retried."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(f"Claude rejected the request (HTTP {status}): {detail}")
        self.status = status


class BrainUnavailable(BrainError):
    """Claude kept failing with retryable errors (429/529/5xx, lost connections): we gave up."""

    def __init__(self, reason: str, *, attempts: int) -> None:
        super().__init__(f"Claude is unavailable after {attempts} attempt(s): {reason}")
        self.reason = reason
        self.attempts = attempts


class BrainTimeout(BrainUnavailable):
    """The last attempt failed: Claude sent nothing for longer than the configured timeout."""


class BrainResponseError(BrainError):
    """Claude answered, but not in the shape asked for (e.g. a forced tool call went missing)."""
