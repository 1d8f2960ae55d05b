"""The shared vocabulary: loaded from its data file, checked, and what the services build on."""

from __future__ import annotations

import re

import pytest

from harper_common.memory.stages import STAGES, canonical_stage
from harper_common.vocabulary import VocabularyError, alternation, parse_vocabulary, vocabulary

SMALL = """
stages: [{name: New Lead, aliases: [lead]}]
lines: [{name: Umbrella, shorthand: [excess]}]
carriers: [{name: NEXT}]
industries: [{name: Bakery, one: [bakery], many: [bakeries]}]
"""


def test_the_shipped_file_has_every_list_in_order() -> None:
    words = vocabulary()
    assert words.stage_names == tuple(stage.value for stage in STAGES)
    assert words.line_names[0] == "Workers' Compensation"
    assert "Childcare Center" in words.industry_names
    assert vocabulary() is words  # loaded once


def test_stage_aliases_come_from_the_data() -> None:
    for entry in vocabulary().stages:
        for alias in entry.aliases:
            assert canonical_stage(alias.upper()) == entry.name


def test_a_small_file_parses() -> None:
    words = parse_vocabulary(SMALL)
    assert words.lines[0].names == ("Umbrella", "excess")
    assert words.carriers[0].spellings == ("NEXT",)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("shorthand: [excess]", "shorthand: [excess, '']"), r"lines\[0\] \(Umbrella\)\.shorthand"),
        (("many: [bakeries]", "plenty: [bakeries]"), r"industries\[0\] \(Bakery\)\.plenty"),
        (("aliases: [lead]", "aliases: 3"), r"stages\[0\] \(New Lead\)\.aliases"),
        (("carriers: [{name: NEXT}]", "carriers: []"), "carriers: the list is empty"),
        (("stages:", "stage:"), "stages: Field required"),
        (("[{name: NEXT}]", "[{name: NEXT"), "not valid YAML"),
    ],
)
def test_a_malformed_file_names_the_file_and_the_entry(
    change: tuple[str, str], message: str
) -> None:
    with pytest.raises(VocabularyError, match=rf"^words\.yaml: .*{message}"):
        parse_vocabulary(SMALL.replace(*change), source="words.yaml")


def test_a_word_under_two_lines_is_refused() -> None:
    text = SMALL.replace(
        "lines: [{name: Umbrella, shorthand: [excess]}]",
        "lines: [{name: Umbrella, shorthand: [excess]}, {name: Crime, book_words: [Excess]}]",
    )
    with pytest.raises(VocabularyError, match="'Excess' is under both 'Umbrella' and 'Crime'"):
        parse_vocabulary(text)


def test_an_alternation_matches_the_longest_word() -> None:
    pattern = re.compile(rf"\b(?:{alternation(['vet', 'vet clinic', 'A&M'], lower=True)})\b")
    assert pattern.search("the vet clinic").group(0) == "vet clinic"  # type: ignore[union-attr]
    assert pattern.search("any a&m claims") is not None
