"""The grader: normalisation, facts, citations, and L3 lists."""

from __future__ import annotations

from harper_eval.grading import (
    CitationNeed,
    grade_answer,
    normalise,
    relative_citation,
    states_fact,
)

CALL = "accounts/29041/sources/calls/call_20260922_2038/raw.txt"


def test_normalise_money_dates_phones_and_case() -> None:
    text = normalise("Quoted $2,600.00 on Oct 5, 2026; call (512) 555-0134 before 12/1/2026")
    assert text == "quoted 2600 on 2026-10-05; call 5125550134 before 2026-12-01"
    assert normalise("5th of October 2026") == normalise("2026-10-05") == "2026-10-05"


def test_fact_found_in_other_spellings() -> None:
    assert states_fact("Their premium is 2600 dollars.", "$2,600")
    assert states_fact("Renewal is on 12/01/2026.", "December 1, 2026")
    assert states_fact("They have 6 full-time employees", "6 employees")
    assert states_fact("Based in Austin, Texas", ("TX", "Texas"))


def test_fact_not_found_when_absent_or_only_part_of_a_number() -> None:
    assert not states_fact("Their premium is $26,000.", "$2,600")
    assert not states_fact("They have 16 employees", "6 employees")
    assert not states_fact("Stage: Submitted", "Quoted")


def test_citations_are_compared_relative_to_the_memory_root() -> None:
    assert relative_citation(f"/tmp/x/mem/{CALL}") == CALL
    assert relative_citation(f"mem/{CALL}") == CALL
    assert relative_citation("sources/calls/call_20260922_2038/raw.txt", "29041") == CALL


def test_grade_passes_with_fact_and_citation() -> None:
    grade = grade_answer(
        "Maple Avenue Dental has 6 employees.", [f"mem/{CALL}"], ["6 employees"],
        [CitationNeed((CALL,))],
    )  # fmt: skip
    assert grade.passed, grade


def test_grade_rejects_a_missing_fact() -> None:
    grade = grade_answer(
        "They have some employees.", [CALL], ["6 employees"], [CitationNeed((CALL,))]
    )
    assert not grade.passed
    assert grade.missing_facts == ["6 employees"]


def test_grade_rejects_a_missing_or_wrong_citation() -> None:
    need = [CitationNeed((CALL,), "the intake call")]
    assert grade_answer("6 employees", [], ["6 employees"], need).missing_citations == [
        "the intake call"
    ]
    wrong = grade_answer("6 employees", ["accounts/29041/state.md"], ["6 employees"], need)
    assert not wrong.passed


def test_folder_need_accepts_any_file_of_the_account() -> None:
    need = [CitationNeed(("accounts/29041/",))]
    assert grade_answer("Quoted", ["accounts/29041/state.md"], ["Quoted"], need).passed
    assert not grade_answer("Quoted", ["accounts/290410/state.md"], ["Quoted"], need).passed


def test_l3_list_must_not_name_accounts_outside_the_filter() -> None:
    need = [CitationNeed(("accounts/1/", "accounts/2/"))]
    facts = ["Raven Pilates", "Nash Rehab"]
    others = ["Raven Auto Care", "McCarthy Pharmacy"]
    good = "Raven Pilates and Nash Rehab."
    assert grade_answer(good, ["accounts/1/state.md"], facts, need, must_not_list=others).passed
    bad = grade_answer(
        good + " Also Raven Auto Care.", ["accounts/1/state.md"], facts, need, must_not_list=others
    )
    assert not bad.passed and bad.wrongly_listed == ["Raven Auto Care"]
    assert not grade_answer("Raven Pilates", ["accounts/1/state.md"], facts, need).passed


def test_a_local_phone_number_is_found_in_a_full_one() -> None:
    assert states_fact("Dr. Kowalczyk, (402) 555-0141", "555-0141")
    assert states_fact("call 402.555.0141", "555-0141")
    assert not states_fact("Dr. Kowalczyk, (402) 555-0142", "555-0141")
    assert not states_fact("account 95550141", "555-0141")
