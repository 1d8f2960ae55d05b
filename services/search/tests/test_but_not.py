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


@pytest.mark.anyio
async def test_a_sentence_telling_of_what_an_aside_leaves_out_is_no_mention(
    said_listing: SaidListing,
) -> None:
    said = {
        "52201": "The venue's contract needs a certificate naming them before the show.",
        "52202": "The landlord wants a certificate before we hand over the keys.",
    }
    question = "who needs a certificate for a contract (not the landlords)"
    answer = await said_listing(said, question, "certificate contract")
    assert "(account 52201)" in answer
    assert "(account 52202)" not in answer  # a certificate, but the landlord's


@pytest.mark.anyio
async def test_no_account_whose_files_tell_what_an_aside_leaves_out_is_guessed(
    described_listing: SaidListing,
) -> None:
    said = {  # the description search reads them closest in this order
        "52302": "The landlord wants a certificate before we hand over the keys.",
        "52303": "Payroll is up a little this year.",
        "52301": "The venue's contract needs a certificate naming them before the show.",
    }
    question = "who needs a certificate for a contract (not the landlords)"
    answer = await described_listing(said, question, "certificate contract")
    guessed = answer.split("read closest:")[1]
    assert "(account 52303)" in guessed  # a description guess, as the search ranked it
    assert "(account 52302)" not in answer  # its files tell of the landlord's certificate
