"""Sentence boundaries shared by the indexer's passages and the search agent's quotes."""

from __future__ import annotations

from harper_common.memory.sentences import sentences


def test_a_title_or_an_abbreviation_does_not_end_a_sentence() -> None:
    text = (
        "We are a framing shop in St. Cloud with 9 staff. Dr. Ames referred us. "
        "Our bank is U.S. Bank. Can you call? Thanks."
    )
    assert sentences(text) == [
        "We are a framing shop in St. Cloud with 9 staff.",
        "Dr. Ames referred us.",
        "Our bank is U.S. Bank.",
        "Can you call?",
        "Thanks.",
    ]


def test_a_lower_case_word_after_a_full_stop_goes_on_the_sentence() -> None:
    assert sentences("Limits are 1M/2M. and the deductible is $500.") == [
        "Limits are 1M/2M. and the deductible is $500."
    ]


def test_dot_leaders_of_a_table_row_end_no_sentence() -> None:
    table = "Payroll 2025:\n  year-round ........ $121,000\n  total ......... $186,400"
    assert sentences(table) == [table]
    assert sentences("So... You may have to drive. Out there.") == [
        "So...",
        "You may have to drive.",
        "Out there.",
    ]
