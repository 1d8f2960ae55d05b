"""Emails and phone numbers read from text: what names a person exactly, and what does not
(dates, amounts, policy numbers)."""

from __future__ import annotations

from harper_common.memory.contact_marks import asked_marks, emails_in, marks_in, phones_in


def test_emails_are_read_in_lower_case() -> None:
    assert emails_in("write to Ann.Lee@RenoKites.example, or the office.") == {
        "ann.lee@renokites.example"
    }


def test_phones_compare_by_their_last_ten_digits_or_seven_without_area_code() -> None:
    written = "(775) 555-0142, 775.555.0143, 775-555-0144 ext 2, 1-775-555-0145, 555-0146"
    assert phones_in(written) == {
        "7755550142", "7755550143", "7755550144", "7755550145", "5550146"
    }  # fmt: skip


def test_dates_amounts_and_policy_numbers_are_no_phones() -> None:
    assert phones_in("bound 2026-11-20 at $12,400, policy 4471820, 3 of 5 trucks") == set()


def test_a_full_number_of_a_file_is_found_by_its_last_seven_digits_too() -> None:
    held = marks_in("phone: (775) 555-0142")
    assert {"7755550142", "5550142"} <= held
    assert asked_marks("who called from 555-0142") <= held
    assert not asked_marks("who called from (702) 555-0142") <= held  # another area code


def test_an_address_is_held_with_its_domain_which_is_no_address() -> None:
    held = marks_in("email: Ann@RenoKites.example")
    assert {"ann@renokites.example", "@renokites.example"} <= held
    assert not asked_marks("who is renokites.example") & held
