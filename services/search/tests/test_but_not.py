"""A question asking who did one thing but not another lists the accounts whose files say the
first, leaving out those whose files say the second happened."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import SaidListing

SAID = {
    "52101": "The inspector sent his report on the roof and the sprinklers last week.",
    "52102": "The inspector sent his report, and the carrier declined the risk after reading it.",
}


@pytest.mark.anyio
async def test_the_accounts_whose_files_say_the_second_thing_are_left_out(
    said_listing: SaidListing,
) -> None:
    question = "who got the inspector's report but didn't get declined"
    answer = await said_listing(SAID, question, "inspector's report didn't declined")
    assert "(account 52101)" in answer
    assert "(account 52102)" not in answer  # the carrier declined it
