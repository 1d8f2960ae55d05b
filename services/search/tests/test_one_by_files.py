"""Which words of a question only one account's passages among those read hold: two such
words name that account for a question about one account that does not name it."""

from __future__ import annotations

from fake_directory import email_hit

from harper_search.local_brain import telling_words
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
