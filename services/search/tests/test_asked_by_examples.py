"""The field a terse question asks, read by its closest labelled examples (the skill's table)
when its words name no field the engine knows; an overview, the files, a longer question or a
field no closer than another's keep the usual reading."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from harper_common.skills import load_skills
from harper_search.asked_by_examples import AskedByExamples
from harper_search.listing_words import load_listing_words
from harper_search.text_vectors import TextVectors

SKILLS = Path(__file__).resolve().parents[3] / "skills"


@pytest.fixture(scope="module")
def from_the_skill(text_vectors: TextVectors) -> AskedByExamples:
    words = load_listing_words(load_skills(SKILLS, "search"))
    assert len(words.field_examples) > 40  # the table was read
    return AskedByExamples(text_vectors, words.field_examples)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("asked", "field"),
    [
        ("digits for", "contact"),  # the account's name already taken out
        ("best email for dana", "contact"),
        ("which of us has", "broker"),
        ("who insures them today", "current_carrier"),
    ],
)
async def test_a_terse_question_asks_the_field_of_its_closest_examples(
    from_the_skill: AskedByExamples, asked: str, field: str
) -> None:
    assert await from_the_skill.field_of(asked) == field


@pytest.mark.anyio
@pytest.mark.parametrize(
    "asked",
    [
        "fill me in",  # an overview
        "why did the underwriter decline the roof",  # more words: the files
        "",
    ],
)
async def test_an_overview_the_files_or_a_longer_question_keep_the_usual_reading(
    from_the_skill: AskedByExamples, asked: str
) -> None:
    assert await from_the_skill.field_of(asked) is None


class LetterVectors:
    """A vector per text from its letters a-e: texts with the same letters are the same."""

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[float(text.count(c)) + 0.01 for c in "abcde"] for text in texts]


@pytest.mark.anyio
async def test_no_field_wins_unless_clearly_closer_than_every_other() -> None:
    tied = AskedByExamples(TextVectors(LetterVectors()), [("aa", "stage"), ("aa", "premium")])
    assert await tied.field_of("aa") is None
    clear = AskedByExamples(TextVectors(LetterVectors()), [("aa", "stage"), ("ee", "premium")])
    assert await clear.field_of("aa") == "stage"
    assert await AskedByExamples(None, [("aa", "stage"), ("ee", "premium")]).field_of("aa") is None
