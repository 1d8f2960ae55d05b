"""The starter's own settings (``HARPER_STARTER_*``), beside the shared `HarperSettings`."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class StarterSettings(BaseSettings):
    """How much of the name index the starter remembers, and for how long."""

    model_config = SettingsConfigDict(env_prefix="HARPER_STARTER_", extra="ignore")

    lookup_cache_entries: int = Field(
        default=2048,
        ge=0,
        le=1_000_000,
        description="Name look-up answers one replica keeps (HARPER_STARTER_LOOKUP_CACHE_ENTRIES;"
        " 0 turns the cache off). An answer of ten matches takes about 13 KB.",
    )
    lookup_cache_ttl_s: float = Field(
        default=60.0,
        gt=0,
        le=3600,
        description="How long a look-up answer is kept at most (HARPER_STARTER_LOOKUP_CACHE_TTL_S):"
        " every index change announced clears the cache; this bounds one that was not.",
    )
