"""Words of a loss in the trade's names for records and protection ("loss runs", "fire
suppression") tell no loss; a storm or the weather is told by its kinds ("windstorm", "hail")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import SaidListing

SAID = {
    "55101": "Attached: the prior carrier's loss runs for 2021 through 2025, valued in September.",
    "55102": "Our pylon sign came down in a windstorm this April; the carrier paid.",
    "55103": "The fire suppression system over the fryers was serviced in June.",
}


@pytest.mark.anyio
async def test_a_loss_is_not_told_by_the_names_of_records_or_protection(
    said_listing: SaidListing,
) -> None:
    question = "which accounts report losses from storms or fires"
    answer = await said_listing(SAID, question, "report losses storms fires")
    assert "(account 55102)" in answer  # a windstorm is a storm
    assert "(account 55101)" not in answer  # loss runs: the claims history
    assert "(account 55103)" not in answer  # fire suppression: no fire


@pytest.mark.anyio
async def test_a_question_asking_the_other_sense_is_told_by_it(said_listing: SaidListing) -> None:
    question = "who sent loss runs"
    answer = await said_listing(SAID, question, "sent loss runs")
    assert "(account 55101)" in answer


@pytest.mark.anyio
async def test_weather_is_told_by_its_kinds(said_listing: SaidListing) -> None:
    said = {
        "55201": "Hail dented the equipment shed roof in May 2024; the carrier paid for it.",
        "55202": "The crew salts the customer lots in winter and mows them in summer.",
    }
    answer = await said_listing(
        said, "anyone with weather damage to their own gear", "weather damage own gear"
    )
    assert "(account 55201)" in answer  # hail is weather
    assert "(account 55202)" not in answer


@pytest.mark.anyio
async def test_a_claim_in_the_terms_of_a_policy_is_no_claim_made(said_listing: SaidListing) -> None:
    said = {
        "55301": "The quote carries a $2,500 deductible per claim and a $1M aggregate.",
        "55302": "One claim in 2024: a guest slipped on the wet stairs.",
    }
    answer = await said_listing(said, "which accounts put in for a claim", "put claim")
    assert "(account 55302)" in answer
    assert "(account 55301)" not in answer  # a deductible's terms, no claim made
