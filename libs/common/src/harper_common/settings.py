"""Settings shared by every Harper process, read from environment variables (HARPER_*)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class HarperSettings(BaseSettings):
    """Where Harper keeps its files and where it listens. Each field is an environment variable."""

    model_config = SettingsConfigDict(env_prefix="HARPER_", extra="ignore")

    mem_root: Path = Field(default=Path("mem"), description="Memory root (HARPER_MEM_ROOT).")
    data_dir: Path = Field(
        default=Path(".harper"), description="Server state: NATS store, index (HARPER_DATA_DIR)."
    )
    port: int = Field(default=8000, ge=1, le=65535, description="Gateway port (HARPER_PORT).")
    demo_accounts: int = Field(
        default=200, ge=1, description="Accounts written when the memory root is empty."
    )
    demo_seed: int = Field(default=7, description="Seed of the demo data written at start-up.")
