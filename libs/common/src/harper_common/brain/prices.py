"""What Claude's tokens cost: a price table per model, as data (``prices.json`` beside this file,
or the file ``HARPER_CLAUDE_PRICES_FILE`` names), so a new model or a price change is an edit of
a table, not of code.

Prices are US dollars per million tokens, matched by the longest model-id prefix in the table.
A model the table does not know has no cost (``None``), never a guessed one.
"""

from __future__ import annotations

import json
import logging
import os
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from harper_common.messages.problems import validation_problems

log = logging.getLogger(__name__)

PRICES_FILE_ENV = "HARPER_CLAUDE_PRICES_FILE"
PER_TOKENS = 1_000_000


class Tokens(Protocol):
    """Token counts by kind (`TokenUsage` is one); ``input`` excludes cached tokens."""

    @property
    def input(self) -> int: ...
    @property
    def output(self) -> int: ...
    @property
    def cache_write(self) -> int: ...
    @property
    def cache_read(self) -> int: ...


class ModelPrice(BaseModel):
    """Dollars per million tokens of each kind."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    input: float = Field(ge=0)
    output: float = Field(ge=0)
    cache_write: float = Field(ge=0)
    cache_read: float = Field(ge=0)

    def cost(self, usage: Tokens) -> float:
        """What ``usage`` costs, in dollars."""
        dollars = (
            usage.input * self.input
            + usage.output * self.output
            + usage.cache_write * self.cache_write
            + usage.cache_read * self.cache_read
        )
        return dollars / PER_TOKENS


class PriceTable(BaseModel):
    model_config = ConfigDict(extra="ignore")

    models: dict[str, ModelPrice]

    def price_of(self, model: str) -> ModelPrice | None:
        """The price of the longest prefix of ``model`` in the table, or None."""
        known = [prefix for prefix in self.models if model.startswith(prefix)]
        return self.models[max(known, key=len)] if known else None


class PriceTableError(ValueError):
    """The price table file cannot be read or does not have the expected shape."""


def read_price_table(text: str, where: str) -> PriceTable:
    """Parse a price table; the error names the file and what is wrong in it."""
    try:
        return PriceTable.model_validate(json.loads(text))
    except json.JSONDecodeError as exc:
        raise PriceTableError(f"the price table {where} is not JSON: {exc}") from exc
    except ValidationError as exc:
        problems = validation_problems(exc, whole="table", limit=5)
        raise PriceTableError(f"the price table {where} is not valid: {problems}") from exc


@cache
def price_table() -> PriceTable:
    """The table in use: ``HARPER_CLAUDE_PRICES_FILE`` when set, else the packaged one."""
    override = os.environ.get(PRICES_FILE_ENV, "").strip()
    if override:
        path = Path(override)
        try:
            return read_price_table(path.read_text(encoding="utf-8"), str(path))
        except OSError as exc:
            raise PriceTableError(f"{PRICES_FILE_ENV}={override} cannot be read: {exc}") from exc
    packaged = resources.files("harper_common.brain").joinpath("prices.json")
    return read_price_table(packaged.read_text(encoding="utf-8"), "prices.json")


def cost_usd(model: str | None, usage: Tokens) -> float | None:
    """Dollars ``usage`` cost on ``model``; None without a model or tokens, or for a model the
    table does not price (logged once per model)."""
    spent = usage.input + usage.output + usage.cache_write + usage.cache_read
    if model is None or spent == 0:
        return None
    price = price_table().price_of(model)
    if price is None:
        _unpriced(model)
        return None
    return round(price.cost(usage), 6)


@cache
def _unpriced(model: str) -> None:
    log.warning("no price for model %s in the price table: its runs show no cost", model)
