"""What a sentence denies: a reply that opens by saying no, or the asked word right after a
denial word in its clause. The denial words come from the skill's table, as in production."""

from __future__ import annotations

from pathlib import Path

import pytest

from harper_common.skills import load_skills
from harper_search.denials import Denials
from harper_search.listing_words import load_listing_words
from harper_search.terms import stem, term_set

SKILLS = Path(__file__).resolve().parents[3] / "skills"


@pytest.fixture(scope="module")
def denials() -> Denials:
    return Denials(load_listing_words(load_skills(SKILLS, "search")).denial_words)


def test_a_reply_opening_with_no_denies_what_the_question_asked(denials: Denials) -> None:
    asked = term_set("which shops had a fire")
    assert denials.denies("Omar: Any fires?", "Priya: Nope, touch wood.", asked)
    assert not denials.denies("Omar: Any fires?", "Priya: One, in the fryer, last May.", asked)


def test_a_reply_denies_in_its_own_words_too(denials: Denials) -> None:
    asked = term_set("any claims on file")
    assert denials.denies("Omar: Claims?", "Priya: We've never once put in a claim.", asked)


def test_a_no_to_a_question_about_something_else_denies_nothing(denials: Denials) -> None:
    asked = term_set("anybody dropped after the audit")
    assert not denials.denies("Omar: Is anybody hurt?", "Priya: No, thank God.", asked)


def test_a_sentence_denies_only_the_word_its_denial_stands_before(denials: Denials) -> None:
    asked = term_set("who had water damage")
    assert denials.denies("There has been no water damage since the roof went on.", "", asked)
    assert not denials.denies("The pipe burst; water damage to the stock room.", "", asked)
    clauses = "Nothing on the roof. Water damage in the basement."
    assert not denials.denies(clauses, "", asked)  # the denial ends with its clause


def test_a_contraction_denies(denials: Denials) -> None:
    asked = term_set("who renewed early")
    assert denials.denies("They haven\u2019t renewed yet.", "", asked)


def test_a_contraction_typed_without_its_apostrophe_denies(denials: Denials) -> None:
    asked = term_set("which shops made a claim")
    assert denials.denies("we patched the roof ourselves, didnt make a claim", "", asked)
    assert denials.asks_what_did_not_happen("which ones havent renewed")
    assert not denials.denies("the sign claim was paid in full", "", asked)


def test_a_hyphenated_word_and_a_name_are_no_denials(denials: Denials) -> None:
    renewed = term_set("policies up for renewal")
    assert not denials.denies("The carrier sent a non-renewal notice.", "", renewed)
    farms = term_set("insureds that run a farm")
    assert not denials.denies("The tractor isn't on Farm Bureau's policy.", "", farms)


def test_a_question_about_what_never_happened(denials: Denials) -> None:
    assert denials.asks_what_did_not_happen("which shops never put one in")
    assert denials.asks_what_did_not_happen("clients without a loss in five years")
    assert not denials.asks_what_did_not_happen("any non-owned autos on the list")
    assert not denials.asks_what_did_not_happen("any claims on file this year")


def test_what_happened_decides_when_the_question_names_it_beside_its_circumstances() -> None:
    words = load_listing_words(load_skills(SKILLS, "search"))
    events = frozenset(stem(word) for word in words.event_words)
    with_events = Denials(words.denial_words, events)
    asked = term_set("which bakeries had hail claims")
    hail_no_claim = "the hail dented the van, we paid it ourselves and never made a claim"
    assert with_events.denies(hail_no_claim, "", asked)
    assert not Denials(words.denial_words).denies(hail_no_claim, "", asked)  # hail is said
    no_hail_claim = "no hail, but a claim for the walk-in cooler in May"
    assert not with_events.denies(no_hail_claim, "", asked)


def test_a_clause_saying_what_did_not_happen_is_split_off(denials: Denials) -> None:
    question = "who got an inspection report but didn't get a rate cut"
    asked = "inspection report didn't rate cut"
    kept, words, left_out = denials.but_not(question, asked)
    assert kept == "who got an inspection report"
    assert words == "inspection report"
    assert left_out == "get a rate cut"
    assert not denials.asks_what_did_not_happen(kept)
    assert denials.but_not("who has a pool, but no fence", "pool fence")[2] == "fence"
    unchanged = "which shop burned but the carrier paid"
    assert denials.but_not(unchanged, "shop burned carrier paid")[2] == ""


def test_a_question_denies_the_words_right_after_its_denial(denials: Denials) -> None:
    assert denials.denied_in("whose carrier told them it won't renew") == {"renew"}
    assert denials.denied_in("which shops never filed any claim") == {"filed", "claim"}
    assert denials.denied_in("who moved the shop") == frozenset()


def test_a_denied_word_is_denied_in_any_of_its_forms(denials: Denials) -> None:
    asked = term_set("whose carrier won't renew")
    assert denials.denies("They told us they will not be renewing the shop.", "", {"renew"})
    assert not denials.denies("The shop policy renews on the 1st.", "", asked)


def test_non_before_a_word_denies_it_when_the_question_asks_what_did_not_happen(
    denials: Denials,
) -> None:
    said = "Ridgeway sent a letter: they are non-renewing us at the August date."
    assert denials.denies(said, "", {"renew"}, by_prefix=True)  # who will not be renewed
    assert not denials.denies(said, "", term_set("whose policy was non-renewed"))


def test_a_clause_asking_both_ways_is_neither_asked_nor_denied(denials: Denials) -> None:
    question = "who had hail damage, whether or not they filed a claim"
    plain, asked = denials.either_way(question, "hail damage whether filed claim")
    assert (plain, asked) == ("who had hail damage", "hail damage")
    assert not denials.asks_what_did_not_happen(plain)
    late = "who had hail damage whether they filed a claim or not"
    assert denials.either_way(late, "hail damage")[0] == "who had hail damage"
    never = "who never filed a claim"
    assert denials.either_way(never, "filed claim") == (never, "filed claim")


def test_what_never_happened_is_decided_by_its_last_word(denials: Denials) -> None:
    told = "The shop policy renews 12/15 with them, and they just told me they won't renew it"
    assert denials.denies(told, "", {stem("renew")}, by_prefix=True)
    taken = "They said they won't renew. In the end the carrier renewed it after the audit"
    assert not denials.denies(taken, "", {stem("renew")}, by_prefix=True)
