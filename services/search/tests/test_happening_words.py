"""A question about what happened lists the accounts whose files say it happened, in any of the
words of that happening ("Words of what happened")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import SaidListing


@dataclass(frozen=True)
class Case:
    """One sentence per account; a question; the accounts listed and those left out."""

    said: dict[str, str]
    question: str
    free_words: str
    listed: tuple[str, ...]
    left_out: tuple[str, ...]


CASES = {
    # "sprained" says it; a guest named, nobody hurt
    "an injury told in its own words is someone hurt": Case(
        {
            "52201": "A guest sprained her ankle on the dock last spring, the carrier paid it.",
            "52202": "The guest cabins need new roofs before the season.",
        },
        "which guest got hurt",
        "guest hurt",
        ("52201",),
        ("52202",),
    ),
    # "told" said plainly, "renew" denied; renewing
    "what the question denies is what the sentence must deny": Case(
        {
            "52301": "Acme Mutual told us they won't renew the shop policy in March.",
            "52302": "Acme Mutual told us the renewal quote is ready.",
        },
        "whose carrier told them it won't renew",
        "whose carrier told won't renew",
        ("52301",),
        ("52302",),
    ),
    # backed into a car, on a day; a van described, a delivery to come, a length of time, a
    # state: nothing happened
    "a telling of what happened is a past verb and when, not a past form": Case(
        {
            "53101": "Our delivery vehicle backed into a parked car on March 3.",
            "53102": "One vehicle, a refrigerated van bought in 2022.",
            "53103": "The two new vehicles are supposed to arrive in December.",
            "53104": "Please send 12 months of vehicle mileage, as recorded by the dispatcher.",
            "53105": "We're closed Thanksgiving, so the vehicle schedule comes Monday.",
        },
        "a vehicle collision anywhere",
        "vehicle collision",
        ("53101",),
        ("53102", "53103", "53104", "53105"),
    ),
    # the loss runs' line has the date, not the vehicle
    "a list tells what happened on the line naming the thing": Case(
        {
            "53201": "What I still need:\n- vehicle list with VINs\n- loss runs valued 10/15/2026",
            "53202": "Two things from the call:\n- a vehicle was rear-ended on Route 9 in June\n- "
            "the roof is new",
        },
        "a vehicle collision anywhere",
        "vehicle collision",
        ("53202",),
        ("53201",),
    ),
    "nobody hurt denies an injury": Case(
        {
            "53301": "A shelf fell on a customer in May and she was hurt.",
            "53302": "A shelf fell in the store in May, but nobody got hurt.",
        },
        "which customer got hurt",
        "customer hurt",
        ("53301",),
        ("53302",),
    ),
    # a condition, a form letter's "as quoted", a trip that is no fall: nobody hurt
    "what would follow if it happened is no telling that it did": Case(
        {
            "53401": "Last March one of our pickers got hurt on a ladder; comp paid it.",
            "53402": "The state fund will not cover you if one of the pickers gets hurt driving "
            "a tractor.",
            "53403": "We accept the workers' comp for the pickers as quoted, effective May 1.",
            "53404": "The pickers go on two field trips to the packing shed in June.",
        },
        "which pickers got injured",
        "pickers injured",
        ("53401",),
        ("53402", "53403", "53404"),
    ),
    # "cancellation" says "canceled"; the policy named, nothing ended
    "a cancelled policy is told by a word of cancelling": Case(
        {
            "53501": "Ridgeway Mutual sent a cancellation of the van policy, effective the 9th.",
            "53502": "The van policy renews on the 9th; I still need the mileage.",
        },
        "whose van policy got canceled",
        "van policy canceled",
        ("53501",),
        ("53502",),
    ),
    # "resigned" says it; the bookkeeper named, still there
    "a contact leaving is told by a word of leaving": Case(
        {
            "53601": "Our bookkeeper resigned in June; send everything to Dana now.",
            "53602": "The bookkeeper is the contact for payroll questions.",
        },
        "did any bookkeeper retire",
        "bookkeeper retire",
        ("53601",),
        ("53602",),
    ),
    # a strain is an injury, though no date tells it
    "a strain is an injury": Case(
        {
            "53701": "One comp claim for the crew: a shoulder strain lifting pallets, about $9,000.",
            "53702": "The crew lifts pallets all day; the forklift is leased.",
        },
        "anyone on the crew injured",
        "crew injured",
        ("53701",),
        ("53702",),
    ),
    # taken back later: the notice was sent, but the cancellation never held
    "a cancellation taken back is no cancellation": Case(
        {
            "53801": "Ridgeway Mutual sent a notice of cancellation for non-payment. Update: "
            "the check cleared and Ridgeway rescinded the cancellation, no lapse.",
            "53802": "Ridgeway Mutual cancelled the van policy for non-payment on the 9th.",
        },
        "whose policy got cancelled for nonpayment",
        "policy cancelled nonpayment",
        ("53802",),
        ("53801",),
    ),
    # a crash of a vehicle befell a vehicle: a claim for a guest's fall is none
    "what befell a kind of thing befell one of its members": Case(
        {
            "53821": "The claim: one of the pump trucks crashed on the shoulder last spring.",
            "53822": "Our one claim was a guest who broke her wrist on the trail.",
        },
        "anyone put in a claim for a vehicle crash",
        "claim vehicle crash",
        ("53821",),
        ("53822",),
    ),
    # a member named beside what happened is the very thing it befell: a drone is no truck
    "what befell a member named befell that member": Case(
        {
            "53831": "Last spring one of our dump trucks crashed into the ditch.",
            "53832": "Our one accident last year was a drone that crashed into a pond on a job.",
        },
        "which of them had a truck in an accident",
        "truck accident",
        ("53831",),
        ("53832",),
    ),
    # "care" beside "hurt" names no car: the sentence need not name one
    "a word sharing a member's root is no member": Case(
        {
            "53841": "A toddler in our daycare fell off the slide in May and got hurt.",
            "53842": "The daycare vans were repainted in May.",
        },
        "did a kid in their care get hurt",
        "kid care hurt",
        ("53841",),
        ("53842",),
    ),
    # figures "broken out by location" break nothing
    "a word of what happened in another sense tells nothing happened": Case(
        {
            "53851": "One of our cooks broke his wrist on the line in July.",
            "53852": "Please send payroll for the cooks broken out by location.",
        },
        "which cooks got injured",
        "cooks injured",
        ("53851",),
        ("53852",),
    ),
    # "turn down" is a form of "turned" (declined): the sentence must tell a declining
    "a word of what happened in another of its forms": Case(
        {
            "53871": "Hiscox turned the shop down in May because of the roof.",
            "53872": "Two carriers are quoting the shop now.",
        },
        "which of them did a carrier turn down",
        "carrier turn down",
        ("53871",),
        ("53872",),
    ),
    # a shop broken into is no one hurt, and a break-in asked is told by "broke in"
    "a phrase of another sense asked is that sense": Case(
        {
            "53881": "Someone broke in overnight in March and took the register.",
            "53882": "The new register was delivered in March.",
        },
        "any break-ins at these shops",
        "break ins shops",
        ("53881",),
        ("53882",),
    ),
    "a phrase of another sense tells no injury": Case(
        {
            "53891": "A cook burned his hand on the fryer in April.",
            "53892": "Someone broke into the kitchen in April and took the knives.",
        },
        "which cooks got injured",
        "cooks injured",
        ("53891",),
        ("53892",),
    ),
    # a woman who fell in the store is someone the business serves, no employee
    "a stranger hurt is no employee hurt": Case(
        {
            "53901": "One of our employees hurt her back lifting boxes in May.",
            "53902": "In May a woman slipped by the register and hurt her hip.",
        },
        "which employees got hurt",
        "employees hurt",
        ("53901",),
        ("53902",),
    ),
    # a glass-break sensor breaks nothing
    "a sensor named for what it hears tells no injury": Case(
        {
            "53911": "A stock clerk fell off a ladder in June and broke his wrist.",
            "53912": "Since June a glass-break alarm guards the front and a clerk stays late.",
        },
        "any clerk injured",
        "clerk injured",
        ("53911",),
        ("53912",),
    ),
    # "recently" is how lately it was said, no word of what was said
    "a word that can only be an adverb says nothing asked": Case(
        {
            "53921": "Dana asked about cyber coverage for the clinic.",
            "53922": "We recently moved the clinic to a bigger office.",
        },
        "who asked about cyber recently",
        "asked cyber recently",
        ("53921",),
        ("53922",),
    ),
    # the notice was sent, whatever became of the cancellation: a question naming the notice
    "a notice taken back was still sent": Case(
        {
            "53811": "Ridgeway Mutual sent a notice of cancellation for non-payment. Update: "
            "the check cleared and Ridgeway rescinded the cancellation, no lapse.",
            "53812": "The van policy renews on the 9th; I still need the mileage.",
        },
        "who got a cancel notice for nonpayment",
        "cancel notice nonpayment",
        ("53811",),
        ("53812",),
    ),
    # a question about the taking back is answered by it
    "a question about a taking back lists it": Case(
        {
            "53901": "Ridgeway Mutual sent a notice of cancellation for non-payment. Update: "
            "the check cleared and Ridgeway rescinded the cancellation, no lapse.",
            "53902": "The van policy renews on the 9th; I still need the mileage.",
        },
        "which cancellations got rescinded",
        "cancellations rescinded",
        ("53901",),
        ("53902",),
    ),
    # "won't renew", written so by two accounts, names no thing: "non-renewing" says it too
    "a denial and what it denies are no two words of one thing": Case(
        {
            "54301": "Our carrier is non-renewing us: the bakery policy ends January 1.",
            "54302": "Harlow Mutual told us they won't renew the shop in March.",
            "54303": "Fenwick Casualty won't renew the van policy after the audit.",
            "54304": "The carrier renewed the florist in June at the same rate.",
        },
        "whose carrier won't renew them",
        "carrier won't renew",
        ("54301", "54302", "54303"),
        ("54304",),
    ),
    # a clause asking both ways asks neither: one paid, one never filed, both had the damage
    "a clause asking both ways denies nothing": Case(
        {
            "54201": "Hail dented both vans in May; we never filed a claim and fixed them ourselves.",
            "54202": "Wind damaged the roof of the shop in June and the carrier paid the claim.",
            "54203": "The shop roof was replaced in 2019 with a metal one.",
        },
        "who had hail or wind damage, whether or not they filed a claim",
        "hail wind damage whether filed claim",
        ("54201", "54202"),
        ("54203",),
    ),
}


@pytest.mark.anyio
@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
async def test_what_happened_is_listed_by_a_sentence_telling_it(
    said_listing: SaidListing, case: Case
) -> None:
    answer = await said_listing(case.said, case.question, case.free_words)
    for account in case.listed:
        assert f"(account {account})" in answer
    for account in case.left_out:
        assert f"(account {account})" not in answer


@pytest.mark.anyio
async def test_a_thing_named_finds_the_files_telling_it_with_its_verb(
    worded_listing: SaidListing,
) -> None:
    said = {
        "53861": "Maria was referred to us by the bakery next door.",
        "53863": "The pastry chef left in March.",
    }
    answer = await worded_listing(said, "any clients from a referral", "referral")
    assert "(account 53861)" in answer  # the verb of the noun asked is searched for too
    assert "(account 53863)" not in answer
