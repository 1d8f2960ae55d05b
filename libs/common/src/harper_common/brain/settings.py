"""Brain settings: which brain decides (Claude or the local engine) and how Claude is called.

Read from the environment: ``ANTHROPIC_API_KEY``, ``ANTHROPIC_BASE_URL``, ``HARPER_BRAIN`` and
``HARPER_CLAUDE_*``. Nothing here connects anywhere; `ClaudeClient.from_settings` does that.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

BrainChoice = Literal["auto", "local", "claude"]


class BrainSettings(BaseSettings):
    """Who picks the next tool call, and the knobs of the Claude client."""

    model_config = SettingsConfigDict(extra="ignore", populate_by_name=True)

    anthropic_api_key: SecretStr | None = Field(
        default=None,
        validation_alias="ANTHROPIC_API_KEY",
        description="Anthropic API key (ANTHROPIC_API_KEY). Without it, `auto` means local.",
    )
    anthropic_base_url: str | None = Field(
        default=None,
        validation_alias="ANTHROPIC_BASE_URL",
        description="Messages API base URL (ANTHROPIC_BASE_URL), e.g. a local fake in tests.",
    )
    brain: BrainChoice = Field(
        default="auto",
        validation_alias="HARPER_BRAIN",
        description="auto (Claude when a key is set), local or claude (HARPER_BRAIN).",
    )
    claude_model: str = Field(
        default="claude-sonnet-4-6",
        min_length=1,
        validation_alias="HARPER_CLAUDE_MODEL",
        description="Model id sent to the Messages API (HARPER_CLAUDE_MODEL).",
    )
    claude_model_starter: str | None = Field(
        default=None,
        validation_alias="HARPER_CLAUDE_MODEL_STARTER",
        description="The starter's fallback classifier's model (a small one does).",
    )
    claude_model_search: str | None = Field(
        default=None, validation_alias="HARPER_CLAUDE_MODEL_SEARCH"
    )
    claude_model_updater: str | None = Field(
        default=None, validation_alias="HARPER_CLAUDE_MODEL_UPDATER"
    )
    claude_model_followup: str | None = Field(
        default=None, validation_alias="HARPER_CLAUDE_MODEL_FOLLOWUP"
    )
    claude_circuit_failures: int = Field(
        default=3,
        ge=1,
        validation_alias="HARPER_CLAUDE_CIRCUIT_FAILURES",
        description="Failed turns in a row after which Claude is not called for a cool-down.",
    )
    claude_circuit_cooldown_s: float = Field(
        default=30.0,
        gt=0,
        validation_alias="HARPER_CLAUDE_CIRCUIT_COOLDOWN_S",
        description="How long the local engine answers alone before Claude is tried again.",
    )
    claude_timeout_s: float = Field(
        default=60.0,
        gt=0,
        validation_alias="HARPER_CLAUDE_TIMEOUT_S",
        description="Seconds without a byte from the API before an attempt fails.",
    )
    claude_max_retries: int = Field(
        default=3,
        ge=0,
        le=10,
        validation_alias="HARPER_CLAUDE_MAX_RETRIES",
        description="Retries after the first attempt, on 429/529/5xx, timeouts, lost connections.",
    )
    claude_max_tokens: int = Field(
        default=2048,
        ge=1,
        validation_alias="HARPER_CLAUDE_MAX_TOKENS",
        description="Upper bound of output tokens per model turn (HARPER_CLAUDE_MAX_TOKENS).",
    )
    claude_token_budget: int = Field(
        default=30_000,
        ge=0,
        validation_alias="HARPER_CLAUDE_TOKEN_BUDGET",
        description="Tokens one question may spend in a tool loop (prompt, cached or not, and "
        "output, summed over its model turns); past it the next turn must answer from what was "
        "read. 0: no token budget (the tool-call budgets still hold).",
    )
    claude_retry_base_delay_s: float = Field(
        default=0.5,
        ge=0,
        validation_alias="HARPER_CLAUDE_RETRY_BASE_DELAY_S",
        description="First backoff delay; doubled on each retry, with jitter.",
    )
    claude_retry_max_delay_s: float = Field(
        default=8.0,
        ge=0,
        validation_alias="HARPER_CLAUDE_RETRY_MAX_DELAY_S",
        description="Longest backoff delay between two attempts.",
    )
    claude_max_retry_after_s: float = Field(
        default=30.0,
        ge=0,
        validation_alias="HARPER_CLAUDE_MAX_RETRY_AFTER_S",
        description="Longest retry-after the client waits for; a longer one gives up at once.",
    )

    @model_validator(mode="after")
    def _claude_needs_a_key(self) -> BrainSettings:
        if self.brain == "claude" and not self.has_key:
            raise ValueError(
                "HARPER_BRAIN=claude needs ANTHROPIC_API_KEY (or use HARPER_BRAIN=local)"
            )
        return self

    def model_for(self, agent: str | None) -> str:
        """``HARPER_CLAUDE_MODEL_<AGENT>`` when set, else ``HARPER_CLAUDE_MODEL``."""
        chosen = getattr(self, f"claude_model_{agent}", None) if agent else None
        return chosen if isinstance(chosen, str) and chosen.strip() else self.claude_model

    @property
    def has_key(self) -> bool:
        """Whether a non-blank API key is configured."""
        key = self.anthropic_api_key
        return key is not None and bool(key.get_secret_value().strip())

    @property
    def resolved_brain(self) -> Literal["local", "claude"]:
        """The brain to build: `auto` becomes Claude when a key is set, local otherwise."""
        if self.brain == "auto":
            return "claude" if self.has_key else "local"
        return self.brain
