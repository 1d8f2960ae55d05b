"""A question no listing word marks ("who took hail damage") is read as about one account only
when that account's passages hold a word of it no other account's passages among those read do,
and no other account holds several of the first passages."""

from __future__ import annotations

from fake_directory import email_hit

from harper_search.local_brain import close_behind, telling_words
from harper_search.terms import term_set


def test_words_other_accounts_also_say_tell_no_account_apart() -> None:
    hits = [
        email_hit("56101", "Hail broke the skylights over the kiln room."),
        email_hit("56101", "The adjuster looked at the hail damage on Tuesday."),
        email_hit("56102", "Hail damage to two vans in the lot, paid in full."),
    ]
    assert telling_words("who took hail damage", hits, "56101") == set()
    press = [*hits, email_hit("56101", "The antique press is on the stated amount form.")]
    asked = "the stated amount for the antique press"
    assert telling_words(asked, press, "56101") == term_set("stated amount antique press")
    assert telling_words(asked, press, "56102") == set()


def test_another_account_close_behind_makes_it_a_question_about_many() -> None:
    first = [email_hit("56101", f"Hail note {n}.") for n in range(3)]
    behind = [email_hit("56102", "Hail dented a van."), email_hit("56102", "Hail again.")]
    assert close_behind([*first, *behind], "56101")
    assert not close_behind([*first, behind[0]], "56101")  # one passage: a chance meeting
    far = [*first, *(email_hit("56101", f"More {n}.") for n in range(5)), *behind]
    assert not close_behind(far, "56101")  # below the first passages read
