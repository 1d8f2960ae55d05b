"""No phrase the engine decides by may come from the demo generator: the eval would then measure
the generator's own scripts, not the engine. Every literal phrase of two words or more in the
search engine's patterns is looked for in ``harper_common/demo/`` (code and data)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import harper_common.demo

ENGINE_MODULES = (
    "harper_search.topics",
    "harper_search.state_fields",
    "harper_search.listing_query",
    "harper_search.question_cues",
    "harper_search.passage_answers",
    "harper_search.passages",
)
_PLAIN = re.compile(r"^[a-z' ]+$")
MIN_WORDS = 3
"""Two-word phrases ("how much", "at least") are plain English any writer uses; a phrase of three
words or more shared with the generator's scripts is a copy."""


def engine_phrases() -> dict[str, set[str]]:
    """Module -> the literal phrases (two words or more) in its compiled patterns."""
    found: dict[str, set[str]] = {}
    for name in ENGINE_MODULES:
        module = importlib.import_module(name)
        phrases: set[str] = set()
        for pattern in _patterns(vars(module)):
            phrases |= phrases_of(pattern)
        found[name] = phrases
    return found


def _patterns(values: dict[str, object]) -> list[str]:
    out: list[str] = []
    for value in values.values():
        if isinstance(value, re.Pattern):
            out.append(str(value.pattern))
        elif isinstance(value, tuple | list):
            out += _patterns({str(i): v for i, v in enumerate(value)})
        elif hasattr(value, "__dataclass_fields__") and not isinstance(value, type):
            out += _patterns(vars(value))
    return out


def phrases_of(pattern: str) -> set[str]:
    """The plain-word alternatives of a regular expression ("my only worry", ...)."""
    cleaned = re.sub(r"\\[bBsSdDwW]|\(\?[:!=<]+|[()?*+^$]|\[[^\]]*\]|\{[^}]*\}", " ", pattern)
    phrases = set()
    for piece in cleaned.split("|"):
        words = " ".join(piece.lower().split())
        if _PLAIN.match(words) and len(words.split()) >= MIN_WORDS:
            phrases.add(words)
    return phrases


def generator_text() -> str:
    folder = Path(harper_common.demo.__file__).parent
    texts = [
        p.read_text(encoding="utf-8", errors="replace")
        for p in folder.rglob("*")
        if p.is_file() and p.suffix in (".py", ".toml", ".json", ".txt", ".md")
    ]
    return " ".join(" ".join(t.lower().split()) for t in texts)


def test_the_phrase_reader_finds_alternatives() -> None:
    assert phrases_of(r"\b(my only worry|only thing|x)\b") == {"my only worry"}


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_no_engine_phrase_is_copied_from_the_demo_generator(module: str) -> None:
    text = generator_text()
    copied = sorted(p for p in engine_phrases()[module] if re.search(rf"\b{re.escape(p)}\b", text))
    assert not copied, f"{module} decides by phrases the demo generator writes: {copied}"
