"""The category table reaches the kinds of business a book writes, by meaning (MiniLM): scored
against labelled industries none of which come from the evaluation books
(``data/industry_kinds.md``), and an industry written with an aside or two names is read by
each of its forms."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from harper_common.skills import load_skills
from harper_search.category_kinds import CategoryKinds, written_forms
from harper_search.listing_words import entries, load_listing_words, markdown_tables
from harper_search.text_vectors import TextVectors

SKILLS = Path(__file__).resolve().parents[3] / "skills"
LABELS = Path(__file__).parent / "data" / "industry_kinds.md"
EXACT_SHARE = 0.8
"""Of the labelled industries, at least this share reach exactly their kinds (each it must,
none outside those it may): 52 of 62 when the table last changed (the int8 ONNX model
the indexer can serve reads 54)."""


@dataclass(frozen=True)
class Labelled:
    industry: str
    kinds: frozenset[str]
    may_also: frozenset[str]


def labelled() -> list[Labelled]:
    [rows] = markdown_tables(LABELS.read_text(encoding="utf-8")).values()
    return [
        Labelled(industry, frozenset(entries(kinds)), frozenset(entries(may_also)))
        for industry, kinds, may_also in rows
    ]


def test_an_industry_is_read_as_written_without_its_aside_and_by_each_of_its_names() -> None:
    assert written_forms("Trout Farm (catch and release pond)") == (
        "Trout Farm (catch and release pond)",
        "Trout Farm",
    )
    assert written_forms("Kayak Rentals / Bait Shop") == (
        "Kayak Rentals / Bait Shop",
        "Kayak Rentals",
        "Bait Shop",
    )
    assert written_forms("Bakery") == ("Bakery",)


@pytest.mark.anyio
async def test_the_table_reaches_the_kinds_of_labelled_industries(
    text_vectors: TextVectors,
) -> None:
    rows = labelled()
    assert len(rows) >= 60, "the labelled industries were not read"
    categories = load_listing_words(load_skills(SKILLS, "search")).categories
    named = {category.name for category in categories}
    assert all(row.kinds <= named for row in rows), "a label names no category of the table"
    kinds = await CategoryKinds(text_vectors, categories).of(tuple(r.industry for r in rows))
    wrong = []
    for row in rows:
        reached = {name for name, values in kinds.by_category.items() if row.industry in values}
        missing, extra = row.kinds - reached, reached - row.kinds - row.may_also
        if missing or extra:
            wrong.append(f"{row.industry}: missing {sorted(missing)}, extra {sorted(extra)}")
    exact = len(rows) - len(wrong)
    assert exact >= EXACT_SHARE * len(rows), f"{exact}/{len(rows)} exact:\n" + "\n".join(wrong)
