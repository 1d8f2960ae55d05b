"""Listings by a date state.md keeps beyond the format: the key by its words, the month named."""

from __future__ import annotations

from datetime import date

from harper_search.catalog import AccountCard
from harper_search.extra_dates import dated_in_month, month_asked

TODAY = date(2026, 11, 24)


def card(account_id: str, **extra: object) -> AccountCard:
    return AccountCard(
        account_id=account_id,
        name=f"Account {account_id}",
        industry=None,
        city=None,
        state=None,
        insurance_types=(),
        sources=(),
        extra=extra,
    )


def test_a_month_is_its_next_occurrence_unless_a_year_is_said() -> None:
    assert month_asked("whose renewal falls in december", TODAY) == (2026, 12)
    assert month_asked("anything in Feb", TODAY) == (2027, 2)
    assert month_asked("renewals in january 2028", TODAY) == (2028, 1)
    assert month_asked("renewals coming next month", TODAY) == (2026, 12)
    assert month_asked("who may renew soon", TODAY) is None  # "may" the word, not the month
    assert month_asked("policies renewing in May", TODAY) == (2027, 5)


def test_the_accounts_whose_date_falls_in_the_month_are_listed_in_date_order() -> None:
    cards = [
        card("1", renewal_date=date(2026, 12, 31)),
        card("2", renewal_date="2026-12-01"),
        card("3", renewal_date=date(2027, 12, 15)),  # a December, but not the next one
        card("4", effective_date=date(2026, 12, 5)),  # another key
        card("5"),
    ]
    found = dated_in_month("clients renewing in december", cards, TODAY)
    assert found is not None
    what, month, dated = found
    assert (what, month) == ("renewal date", (2026, 12))
    assert [d.card.account_id for d in dated] == ["2", "1"]
    assert dated_in_month("which accounts renew soon", cards, TODAY) is None  # no month
    assert dated_in_month("what's quoted in december", cards, TODAY) is None  # no date key
