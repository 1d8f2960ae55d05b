"""Settings shared by every Harper process, read from environment variables.

Harper's own settings use the ``HARPER_`` prefix; the URLs of the servers Harper connects to use
their conventional names (``NATS_URL``, ``REDIS_URL``, ``QDRANT_URL``).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

FollowupMode = Literal["review-before", "auto", "notify-after", "dry_run"]
"""How much a person sees of a follow-up before it goes out (seed 003)."""
FollowupChannel = Literal["email", "sms", "call_script"]


class HarperSettings(BaseSettings):
    """Where Harper keeps its files, where it listens, and which servers it talks to."""

    model_config = SettingsConfigDict(env_prefix="HARPER_", extra="ignore", populate_by_name=True)

    mem_root: Path = Field(default=Path("mem"), description="Memory root (HARPER_MEM_ROOT).")
    data_dir: Path = Field(
        default=Path(".harper"),
        description="Server state: NATS store, Redis files, embedded index (HARPER_DATA_DIR).",
    )
    port: int = Field(default=8000, ge=1, le=65535, description="Gateway port (HARPER_PORT).")
    host: str = Field(default="127.0.0.1", description="Gateway address (HARPER_HOST).")
    demo_accounts: int = Field(
        default=200, ge=1, description="Accounts written when the memory root is empty."
    )
    demo_seed: int = Field(default=7, description="Seed of the demo data written at start-up.")
    skills_dir: Path = Field(
        default=Path("skills"), description="The Agent Skills folder (HARPER_SKILLS_DIR)."
    )

    nats_url: str = Field(
        default="nats://127.0.0.1:4222",
        validation_alias=AliasChoices("NATS_URL", "HARPER_NATS_URL"),
        description="NATS server with JetStream (NATS_URL).",
    )
    nats_user: str | None = Field(
        default=None,
        validation_alias="HARPER_NATS_USER",
        description="This service's NATS user (HARPER_NATS_USER); `harper up` sets it.",
    )
    nats_password: SecretStr | None = Field(
        default=None, validation_alias="HARPER_NATS_PASSWORD", description="Its password."
    )
    redis_url: str = Field(
        default="redis://127.0.0.1:6379/0",
        validation_alias=AliasChoices("REDIS_URL", "HARPER_REDIS_URL"),
        description="Redis for sessions, cache and stream replay (REDIS_URL).",
    )
    qdrant_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices("QDRANT_URL", "HARPER_QDRANT_URL"),
        description="Qdrant server; unset means the embedded engine under the data dir.",
    )
    request_timeout_s: float = Field(
        default=30.0, gt=0, description="How long a caller waits for a service's reply."
    )
    session_ttl_s: int = Field(
        default=3600, ge=60, description="How long a pending confirmation stays open."
    )
    stream_replay_ttl_s: int = Field(
        default=600, ge=10, description="How long SSE events stay replayable (Last-Event-ID)."
    )
    cache_ttl_s: int = Field(default=300, ge=0, description="Query cache lifetime; 0 disables.")
    otel_exporter: Literal["none", "console", "otlp"] = Field(
        default="none",
        description="Trace exporter (HARPER_OTEL_EXPORTER); otlp: OTEL_EXPORTER_OTLP_ENDPOINT.",
    )
    log_level: str = Field(default="INFO", description="Log level of every service.")
    log_format: Literal["text", "json"] = Field(
        default="text", description="text, or json lines with the trace id (HARPER_LOG_FORMAT)."
    )
    admin_key: str | None = Field(
        default=None,
        description="The admin API key (HARPER_ADMIN_KEY); `harper up` makes one when unset.",
    )
    allowed_hosts: str = Field(
        default="",
        description="Extra Host names the gateway answers (HARPER_ALLOWED_HOSTS, comma-separated);"
        " 127.0.0.1, localhost and HARPER_HOST always are.",
    )
    max_body_bytes: int = Field(
        default=1024 * 1024, ge=1024, description="Largest request body (HARPER_MAX_BODY_BYTES)."
    )
    rate_limit_per_min: int = Field(
        default=600, ge=0, description="Requests per key per minute (HARPER_RATE_LIMIT_PER_MIN)."
    )
    max_streams_per_key: int = Field(
        default=20, ge=1, description="Open /query/stream connections per key."
    )
    web_session_ttl_s: int = Field(
        default=12 * 3600, ge=60, description="Browser sign-in lifetime (HARPER_WEB_SESSION_TTL_S)."
    )
    jetstream_replicas: int = Field(
        default=1,
        ge=1,
        le=5,
        description="Replicas of the account stream and KV buckets (HARPER_JETSTREAM_REPLICAS; "
        "3 on a three-node NATS cluster).",
    )
    metrics_port: int = Field(
        default=0,
        ge=0,
        le=65535,
        description="Port of a service's Prometheus /metrics (HARPER_METRICS_PORT; 0: off).",
    )
    max_in_flight: int = Field(
        default=16,
        ge=1,
        le=1024,
        description="Requests one replica handles at once per subject (HARPER_MAX_IN_FLIGHT).",
    )
    indexer_max_deliveries: int = Field(
        default=5,
        ge=1,
        le=100,
        description="Deliveries of an account event the indexer tries before it moves the event "
        "to the dead-letter stream HARPER_DEAD (HARPER_INDEXER_MAX_DELIVERIES).",
    )
    replicas: str = Field(
        default="",
        description="Processes per service for `harper up` (HARPER_REPLICAS), e.g. search=3.",
    )

    smtp_host: str = Field(
        default="127.0.0.1", description="SMTP server follow-up email goes to (HARPER_SMTP_HOST)."
    )
    smtp_port: int = Field(
        default=2525, ge=1, le=65535, description="Its port (HARPER_SMTP_PORT); `harper up` sinks."
    )
    smtp_from: str = Field(
        default="followups@northgateins.com",
        description="Envelope sender of follow-up email (HARPER_SMTP_FROM).",
    )
    followup_mode: FollowupMode = Field(
        default="review-before",
        description="Follow-up oversight (HARPER_FOLLOWUP_MODE): approve each draft "
        "(review-before), send (auto), send then tell the broker (notify-after), or never send "
        "(dry_run).",
    )
    followup_channel_modes: dict[FollowupChannel, FollowupMode] = Field(
        default_factory=dict,
        description="Oversight per channel over HARPER_FOLLOWUP_MODE "
        '(HARPER_FOLLOWUP_CHANNEL_MODES, JSON: {"email": "notify-after", "sms": "review-before"}).',
    )
    followup_schedule_time: dt.time = Field(
        default=dt.time(7, 0),
        description="UTC time of the daily run preparing drafts (HARPER_FOLLOWUP_SCHEDULE_TIME).",
    )
    followup_schedule_enabled: bool = Field(
        default=True, description="Whether the daily follow-up run happens."
    )
    followup_approval_ttl_s: int = Field(
        default=86_400, ge=60, description="How long a drafted follow-up waits for approval."
    )
    followup_today: dt.date | None = Field(
        default=None,
        description="Count days since contact from this date instead of today (demo, tests).",
    )

    def nats_credentials(self) -> dict[str, str]:
        """``user``/``password`` for nats.connect when this process has a NATS user."""
        if not self.nats_user or self.nats_password is None:
            return {}
        return {"user": self.nats_user, "password": self.nats_password.get_secret_value()}

    @property
    def nats_store_dir(self) -> Path:
        return self.data_dir / "nats"

    @property
    def redis_dir(self) -> Path:
        return self.data_dir / "redis"

    @property
    def index_dir(self) -> Path:
        return self.data_dir / "index"

    @property
    def mail_dir(self) -> Path:
        """Where the local SMTP sink stores the mail it receives (one .eml a message)."""
        return self.data_dir / "mail"

    @property
    def followup_dir(self) -> Path:
        """The follow-up agent's own state: pending actions, outbox, memory between runs."""
        return self.data_dir / "followup"
