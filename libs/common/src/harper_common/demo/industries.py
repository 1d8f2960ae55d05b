"""The trades the demo clients work in, loaded from ``data/industries.toml``."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field


class Industry(BaseModel):
    """One trade: what it is called, what it buys, what its underwriters ask."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    label: str
    """The value of state.md's ``industry``."""
    trade: str
    """How people say it in a sentence: "roofing company"."""
    nouns: tuple[str, ...]
    """Endings of company names: "Roofing", "Roofing & Exteriors"."""
    lines: tuple[str, ...]
    """Coverage lines every account of the trade asks for."""
    extra: tuple[str, ...]
    """Lines some accounts add."""
    premium: tuple[int, int]
    """Range of the annual premium for the core lines, in dollars."""
    staff: tuple[int, int]
    pay: tuple[int, int]
    """Range of payroll per employee, in dollars."""
    carriers: tuple[str, ...]
    documents: tuple[str, ...]
    questions: tuple[str, ...]
    concerns: tuple[str, ...]
    busy: str
    """Where the owner is when a text comes in: "on a roof"."""
    titles: tuple[str, ...]
    doctor: bool = False
    """Whether the owner is addressed as "Dr."."""


class _Catalog(BaseModel):
    trade: list[Industry] = Field(min_length=20)


@cache
def industries() -> tuple[Industry, ...]:
    """Every trade, in file order (loaded once, on first use)."""
    text = resources.files("harper_common.demo").joinpath("data/industries.toml").read_text("utf-8")
    return tuple(_Catalog.model_validate(tomllib.loads(text)).trade)


def industry(key: str) -> Industry:
    for candidate in industries():
        if candidate.key == key:
            return candidate
    raise KeyError(f"no industry {key!r}")
