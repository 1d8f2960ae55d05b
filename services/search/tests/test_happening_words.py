"""A question about what happened lists the accounts whose files say it happened, in any of the
words of that happening ("Words of what happened")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import SaidListing


@pytest.mark.anyio
async def test_an_injury_told_in_its_own_words_is_someone_hurt(said_listing: SaidListing) -> None:
    said = {
        "52201": "A guest sprained her ankle on the dock last spring, the carrier paid it.",
        "52202": "The guest cabins need new roofs before the season.",
    }
    answer = await said_listing(said, "which guest got hurt", "guest hurt")
    assert "(account 52201)" in answer  # "sprained" says it
    assert "(account 52202)" not in answer  # a guest named, nobody hurt


@pytest.mark.anyio
async def test_what_the_question_denies_is_what_the_sentence_must_deny(
    said_listing: SaidListing,
) -> None:
    said = {
        "52301": "Acme Mutual told us they won't renew the shop policy in March.",
        "52302": "Acme Mutual told us the renewal quote is ready.",
    }
    question = "whose carrier told them it won't renew"
    answer = await said_listing(said, question, "whose carrier told won't renew")
    assert "(account 52301)" in answer  # "told" said plainly, "renew" denied
    assert "(account 52302)" not in answer  # renewing


@pytest.mark.anyio
async def test_a_telling_of_what_happened_is_a_past_verb_and_when_not_a_past_form(
    said_listing: SaidListing,
) -> None:
    said = {
        "53101": "Our delivery vehicle backed into a parked car on March 3.",
        "53102": "One vehicle, a refrigerated van bought in 2022.",
        "53103": "The two new vehicles are supposed to arrive in December.",
        "53104": "Please send 12 months of vehicle mileage, as recorded by the dispatcher.",
        "53105": "We're closed Thanksgiving, so the vehicle schedule comes Monday.",
    }
    answer = await said_listing(said, "a vehicle collision anywhere", "vehicle collision")
    assert "(account 53101)" in answer  # backed into a car, on a day
    for described in ("53102", "53103", "53104", "53105"):
        # a van described, a delivery to come, a length of time, a state: nothing happened
        assert f"(account {described})" not in answer


@pytest.mark.anyio
async def test_a_list_tells_what_happened_on_the_line_naming_the_thing(
    said_listing: SaidListing,
) -> None:
    said = {
        "53201": "What I still need:\n- vehicle list with VINs\n- loss runs valued 10/15/2026",
        "53202": "Two things from the call:\n- a vehicle was rear-ended on Route 9 in June\n- "
        "the roof is new",
    }
    answer = await said_listing(said, "a vehicle collision anywhere", "vehicle collision")
    assert "(account 53202)" in answer
    assert "(account 53201)" not in answer  # the loss runs' line has the date, not the vehicle


@pytest.mark.anyio
async def test_nobody_hurt_denies_an_injury(said_listing: SaidListing) -> None:
    said = {
        "53301": "A shelf fell on a customer in May and she was hurt.",
        "53302": "A shelf fell in the store in May, but nobody got hurt.",
    }
    answer = await said_listing(said, "which customer got hurt", "customer hurt")
    assert "(account 53301)" in answer
    assert "(account 53302)" not in answer


@pytest.mark.anyio
async def test_what_would_follow_if_it_happened_is_no_telling_that_it_did(
    said_listing: SaidListing,
) -> None:
    said = {
        "53401": "Last March one of our pickers got hurt on a ladder; comp paid it.",
        "53402": "The state fund will not cover you if one of the pickers gets hurt driving a tractor.",
        "53403": "We accept the workers' comp for the pickers as quoted, effective May 1.",
        "53404": "The pickers go on two field trips to the packing shed in June.",
    }
    answer = await said_listing(said, "which pickers got injured", "pickers injured")
    assert "(account 53401)" in answer
    # a condition, a form letter's "as quoted", a trip that is no fall: nobody hurt
    for told_nothing in ("53402", "53403", "53404"):
        assert f"(account {told_nothing})" not in answer


@pytest.mark.anyio
async def test_a_cancelled_policy_is_told_by_a_word_of_cancelling(
    said_listing: SaidListing,
) -> None:
    said = {
        "53501": "Ridgeway Mutual sent a cancellation of the van policy, effective the 9th.",
        "53502": "The van policy renews on the 9th; I still need the mileage.",
    }
    answer = await said_listing(said, "whose van policy got canceled", "van policy canceled")
    assert "(account 53501)" in answer  # "cancellation" says "canceled"
    assert "(account 53502)" not in answer  # the policy named, nothing ended


@pytest.mark.anyio
async def test_a_contact_leaving_is_told_by_a_word_of_leaving(said_listing: SaidListing) -> None:
    said = {
        "53601": "Our bookkeeper resigned in June; send everything to Dana now.",
        "53602": "The bookkeeper is the contact for payroll questions.",
    }
    answer = await said_listing(said, "did any bookkeeper retire", "bookkeeper retire")
    assert "(account 53601)" in answer  # "resigned" says it
    assert "(account 53602)" not in answer  # the bookkeeper named, still there


@pytest.mark.anyio
async def test_a_strain_is_an_injury(said_listing: SaidListing) -> None:
    said = {
        "53701": "One comp claim for the crew: a shoulder strain lifting pallets, about $9,000.",
        "53702": "The crew lifts pallets all day; the forklift is leased.",
    }
    answer = await said_listing(said, "anyone on the crew injured", "crew injured")
    assert "(account 53701)" in answer  # a strain is an injury, though no date tells it
    assert "(account 53702)" not in answer
