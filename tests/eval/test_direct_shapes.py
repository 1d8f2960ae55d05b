"""The shape of an answer, printed for failures of a half that may only be scored, hides
every word the question could have put in it."""

from __future__ import annotations

from harper_eval.direct import answer_shape


def test_quoted_words_are_masked_and_accounts_counted() -> None:
    answer = (
        "No industry, line of coverage, stage or place of the book is close to 'kiln firing'.\n"
        "Accounts whose files mention it:\n"
        '- Mudhouse (account 80404): "we fire the kiln twice a week" (email)\n'
        "1. Copper Flame (account 80407): Quoted"
    )
    shape = answer_shape(answer)
    assert shape.startswith("2 account(s) | No industry")
    assert "kiln" not in shape and "firing" not in shape


def test_a_reading_in_quotes_is_masked_too() -> None:
    shape = answer_shape("1 account matches (industry Glass): (Read 'glass' as industry Glass.)")
    assert "'glass'" not in shape and shape.startswith("0 account(s) | 1 account matches")
