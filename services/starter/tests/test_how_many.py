"""A "how many" question asks about the book when it counts accounts, and about one account when it counts
something the account has."""

from __future__ import annotations

import pytest

from harper_starter.intent_scope import strong_cross
from harper_starter.intent_text import Query


@pytest.mark.parametrize(
    ("query", "many"),
    [
        ("how many accounts are quoted", True),
        ("how many of our clients are in Texas", True),
        ("how many restaurants do we have", True),
        ("how many are still open", True),
        ("how many ovens does larkspur bakery run", False),
        ("how many trucks does tall pine run", False),
        ("how many drivers on the finch garage schedule", False),
    ],
)
def test_how_many_counts_accounts_only_when_it_says_so(query: str, many: bool) -> None:
    assert strong_cross(Query.parse(query).norm) is many
