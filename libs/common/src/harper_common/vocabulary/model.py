"""The vocabulary's shape: what each entry of ``vocabulary.yaml`` holds."""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

_CONFIG = ConfigDict(frozen=True, extra="forbid", json_schema_serialization_defaults_required=True)
"""Every field is always sent, so the served schema requires all of them."""


class _Entry(BaseModel):
    model_config = _CONFIG

    name: str = Field(min_length=1)

    @field_validator("*", mode="after")
    @classmethod
    def _no_blank_words(cls, value: object) -> object:
        if isinstance(value, tuple) and any(not str(word).strip() for word in value):
            raise ValueError("a blank word")
        return value


class StageEntry(_Entry):
    """A pipeline stage: its canonical name and the aliases people use for it."""

    aliases: tuple[str, ...] = ()


class LineEntry(_Entry):
    """A line of coverage: its full name as Harper writes it, and the words for it."""

    shorthand: tuple[str, ...] = ()
    """Names the line on its own, in an update or a question ("WC", "cyber")."""
    book_words: tuple[str, ...] = ()
    """In a question about the book, stands for the line ("hackers", "work trucks")."""
    when_unqualified: tuple[str, ...] = ()
    """Shared by several lines; means this one when nothing says which ("malpractice")."""

    @property
    def names(self) -> tuple[str, ...]:
        """The full name and its shorthand: what names this line anywhere."""
        return (self.name, *self.shorthand)


class CarrierEntry(_Entry):
    """An insurance carrier, with other spellings of its name (case matters: "NEXT")."""

    also: tuple[str, ...] = ()
    everyday: bool = False
    """Its name is also an everyday word or a place ("Travelers", "Progressive", "Erie"): read as
    the carrier only when written as it is here, never from a broker's lower-case typing."""

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.name, *self.also)


class IndustryEntry(_Entry):
    """A kind of business as state.md's ``industry`` holds it, and what brokers call it."""

    one: tuple[str, ...] = ()
    """One such business ("daycare", "preschool")."""
    many: tuple[str, ...] = ()
    """Several of them ("daycares")."""


class Vocabulary(BaseModel):
    """Every shared word list. Stages are in pipeline order, lines in the order of forms."""

    model_config = _CONFIG

    stages: tuple[StageEntry, ...]
    lines: tuple[LineEntry, ...]
    carriers: tuple[CarrierEntry, ...]
    industries: tuple[IndustryEntry, ...]

    @model_validator(mode="after")
    def _one_meaning_per_word(self) -> Vocabulary:
        """Every list has entries, and a word stands for one entry of its list (any case)."""
        for section in ("stages", "lines", "carriers", "industries"):
            if not getattr(self, section):
                raise ValueError(f"{section}: the list is empty")
        _unique("stages", {s.name: (s.name, *s.aliases) for s in self.stages})
        _unique("lines", {line.name: (*line.names, *line.book_words) for line in self.lines})
        _unique("carriers", {c.name: c.spellings for c in self.carriers})
        _unique("industries", {i.name: (i.name, *i.one, *i.many) for i in self.industries})
        return self

    @property
    def stage_names(self) -> tuple[str, ...]:
        return tuple(stage.name for stage in self.stages)

    @property
    def line_names(self) -> tuple[str, ...]:
        return tuple(line.name for line in self.lines)

    @property
    def industry_names(self) -> tuple[str, ...]:
        return tuple(industry.name for industry in self.industries)


def _unique(section: str, words_by_entry: dict[str, tuple[str, ...]]) -> None:
    owner: dict[str, str] = {}
    for entry, words in words_by_entry.items():
        for word in words:
            key = " ".join(word.lower().split())
            if owner.setdefault(key, entry) != entry:
                raise ValueError(f"{section}: {word!r} is under both {owner[key]!r} and {entry!r}")


def alternation(words: Iterable[str], *, lower: bool = False) -> str:
    """A regex alternation of ``words`` (escaped, longest first, so the longest one matches)."""
    spelled = {re.escape(word.lower() if lower else word) for word in words}
    return "|".join(sorted(spelled, key=lambda word: (-len(word), word)))
