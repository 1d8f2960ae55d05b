"""Name normalisation, trigrams and the edit-distance similarity."""

from __future__ import annotations

import math
import zlib

import pytest

from harper_indexer.names import (
    name_similarity,
    name_trigrams,
    name_vector,
    normalise_name,
    query_vector,
)
from harper_indexer.sparse import term_id


@pytest.mark.parametrize(
    ("name", "normal"),
    [
        ("Maple Avenue Dental", "maple avenue dental"),
        ("Lee & Sons Law Office LLC", "lee sons law office"),
        ("Arbor Salon and Spa, Inc.", "arbor salon spa"),
        ("Benchmark Bread Co.", "benchmark bread"),
        ("Kestrel Law Group LLC", "kestrel law group"),
        ("O'Brien’s Café Corp", "obriens cafe"),
        ("The Co.", "co"),
        ("  Sunny   Days  Childcare ", "sunny days childcare"),
        ("Acme Holdings L.L.C.", "acme holdings"),
    ],
)
def test_normalise_name(name: str, normal: str) -> None:
    assert normalise_name(name) == normal


def test_words_that_tell_businesses_apart_are_kept() -> None:
    assert normalise_name("Tate & Family Logistics Inc.") != normalise_name("Tate Logistics")
    assert normalise_name("Daniels Freight") != normalise_name("Daniels Freight Group")


def test_trigrams_pad_each_word() -> None:
    assert name_trigrams("sun") == ["#su", "sun", "un#"]
    assert name_trigrams("a bc") == ["#a#", "#bc", "bc#"]
    assert name_trigrams("") == []


def test_vectors_use_stable_ids_and_unit_length() -> None:
    assert term_id("sun") == zlib.crc32(b"sun")
    vector = name_vector("Sunny Days Childcare LLC")
    assert list(vector.indices) == sorted(set(vector.indices))
    assert math.isclose(sum(v * v for v in vector.values), 1.0)
    assert set(query_vector("sunny days").indices) <= set(vector.indices)
    assert not name_vector("!!!")


def test_similarity_exact_typo_prefix_and_unrelated() -> None:
    exact = name_similarity("maple avenue dental", "Maple Avenue Dental")
    assert exact.exact and exact.score == 1.0
    assert name_similarity("Maple Avenue Dental LLC", "Maple Avenue Dental").exact
    typo = name_similarity("cascade rdge rofing", "Cascade Ridge Roofing")
    assert not typo.exact and typo.score >= 0.85
    prefix = name_similarity("Sunny Days", "Sunny Days Childcare")
    assert 0.8 <= prefix.score < typo.score
    assert name_similarity("Lakeshore Pediatrics", "Maple Avenue Dental").score < 0.5
    assert name_similarity("", "Maple Avenue Dental").score == 0.0


def test_a_word_the_name_runs_together_may_be_typed_as_two() -> None:
    """ "Blue Stone" for "BlueStone ...": the same name, the name's other words aside."""
    assert name_similarity("Blue Stone Masonry", "BlueStone Masonry LLC").exact
    split = name_similarity("Blue Stone Masonry", "BlueStone Commercial Masonry, Inc.")
    assert split.score >= 0.75 > name_similarity("Blue Stone Masonry", "Gray Stone Masonry").score
    assert not name_similarity("blue stone", "Blue Stone Masonry").exact  # two words stay two


@pytest.mark.parametrize(
    ("typed", "known"),
    [
        ("Maple Ave Dental", "Maple Avenue Dental"),
        ("Webb Garage C", "Webb Garage LLC"),
        ("Lee Law Office", "Lee & Sons Law Office LLC"),
        ("Sunny Day Child Care", "Sunny Days Childcare"),
    ],
)
def test_abbreviations_dropped_words_and_mistyped_suffixes_still_match(
    typed: str, known: str
) -> None:
    assert name_similarity(typed, known).score >= 0.8


@pytest.mark.parametrize(
    ("typed", "known"),
    [
        ("Golden Gate Brewing", "Golden Gate Roofing Co."),
        ("Acme Plumbing", "Palmetto Plumbing"),
        ("Riverside Pediatrics", "Riverside Electric"),
        ("Lakeshore Pediatrics", "Lakeshore Dental"),
    ],
)
def test_a_typed_word_with_no_counterpart_vetoes_the_match(typed: str, known: str) -> None:
    assert name_similarity(typed, known).score < 0.7
