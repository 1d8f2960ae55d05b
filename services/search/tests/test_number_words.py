"""Numbers said in words become figures: a call's "fifteen thousand four hundred" is 15,400."""

from __future__ import annotations

from harper_search.number_words import figures_in_words


def test_amounts_said_in_words_are_given_in_figures() -> None:
    said = "Coco: The agent sends me a paper. Fifteen thousand four hundred. For what?"
    assert figures_in_words(said) == ("15,400",)
    assert figures_in_words("Twenty-eight thousand, more or less") == ("28,000",)


def test_small_counts_and_numbers_already_in_digits_are_left_alone() -> None:
    assert figures_in_words("we run two trucks and forty kids come") == ()
    assert figures_in_words("$15,400 quoted, fifteen thousand four hundred a year") == ()
    assert figures_in_words("") == ()


def test_grand_says_thousands() -> None:
    assert figures_in_words("Jo: About a hundred forty grand, done by spring.") == ("140,000",)


def test_a_decimal_said_with_its_scale_is_the_whole_amount() -> None:
    assert figures_in_words("Sam: Call it three point four million for the building.") == (
        "3,400,000",
    )
    assert figures_in_words("payroll about one point two five million") == ("1,250,000",)


def test_a_count_said_in_words_answers_a_question_about_a_count() -> None:
    from harper_search.passages import passages
    from harper_search.ranking import findings
    from harper_search.topics import TOPICS

    call = (
        "Date: 2026-08-04T17:30:00Z\nParticipants: Ana Ruiz, Lee Park\n\n"
        "Ana: How many people on payroll?\nLee: Twelve, counting the two drivers.\n"
        "Ana: Any trucks?\nLee: We rent when we need one, maybe twice a year.\n"
    )
    found = passages("accounts/1/sources/calls/call_20260804_1730/raw.txt", call)
    employees = next(t for t in TOPICS if t.name == "employee_count")
    [best, *_] = findings(employees, found, set())
    assert best.passage.text.startswith("Twelve") and best.passage.speaker == "Lee"
