"""Words as the search compares them: an abbreviation's plural is its singular."""

from __future__ import annotations

from harper_search.passage_answers import root_words
from harper_search.terms import hyphen_joins, term_set, words


def test_an_abbreviation_in_capitals_loses_its_plural_s() -> None:
    assert term_set("COIs for the landlord") == {"coi", "landlord"}
    assert root_words("send the VINs and MVRs") == ["send", "vin", "mvr"]


def test_words_ending_in_is_keep_their_s() -> None:
    # the stemmer leaves "-is" endings whole; only a capitalised abbreviation is cut
    assert term_set("the basis of this") == {"basis"}
    assert words("Cois") == ["cois"]


def test_hyphen_joins_stay_aligned_with_the_words() -> None:
    text = "COIs for a brand-new van"
    assert len(hyphen_joins(text)) == len(words(text))
    assert hyphen_joins(text) == [False, False, False, True, False, False]
