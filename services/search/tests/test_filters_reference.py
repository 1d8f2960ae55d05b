"""The description-search skill's filters.md shows the model the shared vocabulary's words: every
stage alias and line shorthand it lists is the vocabulary's, with the same meaning."""

from __future__ import annotations

from pathlib import Path

from harper_common.memory.stages import canonical_stage
from harper_common.vocabulary import vocabulary
from harper_search.listing_words import ListingWords, parse_listing_words

REFERENCES = Path(__file__).resolve().parents[3] / "skills/search/description-search/references"


def _table(text: str, heading: str) -> list[list[str]]:
    section = text.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


def test_the_stage_aliases_it_lists_are_the_vocabularys() -> None:
    rows = _table((REFERENCES / "filters.md").read_text(), "Stages and the aliases")
    assert [row[0] for row in rows] == list(vocabulary().stage_names)
    for stage, aliases in rows:
        assert all(canonical_stage(a.strip()) == stage for a in aliases.split(","))


def test_the_line_words_it_lists_are_the_vocabularys() -> None:
    rows = _table((REFERENCES / "filters.md").read_text(), "Lines of coverage")
    by_line = {line.name: line for line in vocabulary().lines}
    for said, line_name in rows:
        entry = by_line[line_name]
        known = {w.lower() for w in (*entry.names, *entry.book_words, *entry.when_unqualified)}
        for word in (w.strip().lower() for w in said.split(",") if "(" not in w):
            assert word in known, (word, line_name)  # "malpractice (dental)": the model's call


def test_the_industries_it_names_are_the_vocabularys() -> None:
    text = (REFERENCES / "filters.md").read_text().split("## Industries", 1)[1]
    listed = text.split("for example:", 1)[1].split(".\n", 1)[0]
    names = [" ".join(name.split()) for name in listed.split(",")]
    assert set(names) <= set(vocabulary().industry_names)


def test_listings_read_every_line_word_of_the_vocabulary() -> None:
    words: ListingWords = parse_listing_words((REFERENCES / "categories.md").read_text())
    read = dict(words.line_words)
    for line in vocabulary().lines:
        for word in (line.name, *line.shorthand, *line.book_words):
            assert read[word] == line.name
        for word in line.when_unqualified:  # shared by several lines: left to the model
            assert word not in read
