"""Which accounts a listing by what the files say names: the sentence that grounds each one."""

from __future__ import annotations

from fake_directory import email_hit

from harper_common.messages.index import PassageHit
from harper_search.denials import Denials
from harper_search.line_forms import lines_written_out
from harper_search.listing_engine import (
    Denied,
    grounded_unit,
    happenings,
    said_lines,
    side_by_side,
    word_pairs,
)
from harper_search.passage_answers import Unit, roots
from harper_search.terms import term_set


def hit(account_id: str, text: str) -> PassageHit:
    found = email_hit(account_id, text, folder="email_20261102_0900")
    return found.model_copy(update={"speaker": "Rick", "direction": "inbound"})


def unit(account_id: str, text: str) -> Unit:
    return Unit(text=text, hit=hit(account_id, text), rank=0, score=1.0)


def test_words_two_accounts_write_side_by_side_are_one_thing() -> None:
    hits = [
        hit("1", "Still waiting on the loss runs from the old carrier."),
        hit("2", "The loss runs came in Monday."),
        hit("3", "A total loss, the runs were cancelled."),
    ]
    assert side_by_side("who still owes us loss runs", hits) == {frozenset({"loss", "run"})}


def test_a_pair_is_written_in_either_order_within_one_clause() -> None:
    hits = [
        hit("1", "The storm claim is still open."),
        hit("2", "Their storm claim was paid in October."),
        hit("3", "No claim. Storm shutters went up in May."),
    ]
    assert word_pairs("No claim. Storm shutters") == {frozenset({"storm", "shutter"})}
    assert side_by_side("who has a claim from a storm", hits) == {frozenset({"claim", "storm"})}


def test_a_preposition_between_two_words_keeps_them_neighbours() -> None:
    assert word_pairs("a loss after the hail") == {frozenset({"loss", "hail"})}
    assert word_pairs("a loss during the flood") == {frozenset({"loss", "flood"})}


def test_a_line_of_coverage_is_one_thing_in_any_of_its_forms() -> None:
    assert lines_written_out("an open WC claim") == "an open workers compensation claim"
    assert lines_written_out("Workers' Compensation and GL") == (
        "workers compensation and general liability"
    )
    assert lines_written_out("the comp went up") == "the comp went up"  # one word: not read so
    hits = [hit("1", "Our workers comp renews in June."), hit("2", "A WC claim is open.")]
    assert side_by_side("anyone with a work comp claim", hits) == word_pairs("WC")


def test_a_claim_on_a_line_is_not_the_line_named_alone() -> None:
    asked = "anyone with a work comp claim since spring"
    events = frozenset({"claim", "accident", "injury"})
    pairs = word_pairs("workers comp")
    wanted = term_set(asked) | term_set(lines_written_out(asked))
    happened = happenings(wanted, pairs, events)
    assert happened == roots(set(events))  # beside the pair, anything that happened
    line_only = [unit("1", "Our workers comp is placed with Acme Mutual, keep it there.")]
    assert grounded_unit(line_only, wanted, pairs) is not None  # the line, without the claim
    assert grounded_unit(line_only, wanted, pairs, happened=happened) is None
    claimed = [unit("2", "The roofer's fall off a ladder is an open WC claim, about $18,000.")]
    assert grounded_unit(claimed, wanted, pairs, happened=happened) is not None
    told = [unit("3", "One workers comp: a forklift pinned a loader's foot in 2024.")]
    assert grounded_unit(told, wanted, pairs, happened=happened) is not None
    # the pair itself says what happened ("storm claim"): the sentence writes it with the pair
    said_with_pair = happenings(term_set("a storm claim"), word_pairs("storm claim"), events)
    assert said_with_pair == roots({"claim"})


def test_what_happened_is_said_not_only_the_thing_it_happened_to() -> None:
    asked = "a vehicle of theirs in an accident"
    events = frozenset({"claim", "accident", "crash", "injury"})
    wanted = term_set(asked) | {"crash"}  # the other words of the happening, as the table has
    happened = happenings(wanted, set(), events)
    assert happened == roots({"accident", "crash"})
    vehicles = unit("1", "Tuan: Vehicles?")
    vehicles = Unit(
        text=vehicles.text,
        hit=vehicles.hit.model_copy(update={"after": "Rosa: Five trucks and a trailer."}),
        rank=0,
        score=1.0,
    )
    assert grounded_unit([vehicles], wanted, set()) is not None  # the shared word alone
    assert grounded_unit([vehicles], wanted, set(), happened=happened) is None
    crashed = unit("2", "One of our vans crashed into a gate in March.")
    listed = [unit("2", "The vehicle list is attached."), crashed]
    assert grounded_unit(listed, wanted, set(), happened=happened) == crashed
    # a telling without the word still says it: a past verb and when
    told = unit("3", "In March one of our vehicles backed into a parked car.")
    assert grounded_unit([told], wanted, set(), happened=happened) == told
    assert not happenings(term_set("who renewed their vehicle policy"), set(), events)


def test_a_pair_only_one_file_writes_is_a_chance_meeting() -> None:
    hits = [hit("1", "Some carriers give a credit for it."), hit("2", "No carrier would.")]
    assert side_by_side("where some carrier said no", hits) == set()


def test_a_sentence_sharing_one_word_of_a_pair_is_no_mention_of_it() -> None:
    asked = "which clients is mara velez involved with"
    pairs = {frozenset({"mara", "velez"})}
    wanted = term_set(asked)
    stray = [unit("4", "Is a licensed engineer involved in the design?")]
    named = [unit("5", "No claims."), unit("5", "Their bookkeeper Mara Velez sent the payroll.")]
    assert grounded_unit(stray, wanted, pairs) is None
    found = grounded_unit(named, wanted, pairs)
    assert found is not None and "Mara Velez" in found.text


def test_without_a_pair_the_best_sentence_saying_a_word_decides() -> None:
    wanted = term_set("clients opening a new store")
    assert grounded_unit([unit("1", "We open a second store in May.")], wanted, set()) is not None
    later = [unit("1", "No changes yet."), unit("1", "A second store opens in May.")]
    found = grounded_unit(later, wanted, set())
    assert found is not None and "second store" in found.text  # not the best, but it says it
    none = [unit("1", "No changes yet."), unit("1", "The dog chewed the mat.")]
    assert grounded_unit(none, wanted, set()) is None
    denied = [unit("1", "Payroll is up."), unit("1", "We have no plans for a new store.")]
    assert isinstance(grounded_unit(denied, wanted, set(), Denials(frozenset({"no"}))), Denied)


def test_a_word_grounds_in_any_of_its_forms() -> None:
    wanted = term_set("where did a carrier decline us")
    found = grounded_unit([unit("2", "Employers declined the comp last week.")], wanted, set())
    assert found is not None
    hired = term_set("who hired people this year")
    assert grounded_unit([unit("3", "We are hiring two drivers.")], hired, set()) is not None
    assert grounded_unit([unit("3", "The dog chewed the mat.")], hired, set()) is None
    steep = term_set("who said the price was too high")
    higher = [unit("4", "You paid less last year, so yes, this one is higher.")]
    assert grounded_unit(higher, steep, set()) is not None  # a comparative says its adjective


def test_a_greeting_line_grounds_nothing() -> None:
    wanted = term_set("who is deciding after the holidays")
    assert grounded_unit([unit("1", "Happy holidays to you and yours,")], wanted, set()) is None


def test_the_latest_message_shown_is_something_said_not_its_greeting() -> None:
    raw = (
        "From: Ana Ruiz <ana@agency.example>\nTo: Dan <dan@kites.example>\n"
        "Date: 2026-11-20T17:00:00Z\nSubject: quotes\n\nMorning Dan,\n\n"
        "Both carriers came back and the lower one is $4,100 for the year.\n\nAna\n"
    )
    said = said_lines("accounts/7/sources/emails/email_20261120_1700/raw.txt", raw)
    assert said and said[0].text.startswith("Both carriers came back")


def spoken(account_id: str, text: str, reply: str) -> Unit:
    turn = hit(account_id, text).model_copy(update={"kind": "turn", "after": reply})
    return Unit(text=text, hit=turn, rank=0, score=1.0)


def test_an_account_whose_best_sentence_denies_it_is_denied_not_named() -> None:
    denials = Denials(frozenset({"no", "none", "never", "n't"}))
    wanted = term_set("any claims on file")
    clean = [spoken("6", "Omar: Claims?", "Priya: None in ten years.")]
    found = grounded_unit(clean, wanted, set(), denials)
    assert isinstance(found, Denied)
    told = [spoken("7", "Omar: Claims?", "Priya: One, a customer slipped in May.")]
    assert isinstance(grounded_unit(told, wanted, set(), denials), Unit)


def test_asked_what_never_happened_the_denying_sentence_is_the_mention() -> None:
    denials = Denials(frozenset({"no", "none", "never", "n't"}))
    wanted = term_set("which shops never put in a claim")
    units = [
        spoken("8", "Omar: Who's the claim adjuster?", "Priya: Dana at the carrier."),
        spoken("8", "Omar: Claims?", "Priya: Never had one."),
    ]
    found = grounded_unit(units, wanted, set(), denials, denied=True)
    assert isinstance(found, Unit) and found.text == "Omar: Claims?"
    paid = [spoken("9", "Omar: Claims?", "Priya: Two, both paid.")]
    assert grounded_unit(paid, wanted, set(), denials, denied=True) is None


def test_a_verb_and_what_it_was_done_to_are_no_thing_named() -> None:
    hits = [
        hit("1", "The adjuster asked questions about the dock."),
        hit("2", "She asked questions too, then non-renewed the policy."),
        hit("3", "The market non-renewed them in May."),
    ]
    asked = "who had an adjuster who asked questions"
    assert side_by_side(asked, hits) == set()  # "the adjuster sent three questions" says it too
    assert side_by_side("which shops were non renewed", hits) == word_pairs("non renewed")


def test_a_line_s_name_tells_no_damage_done() -> None:
    asked = "equipment damaged at any account"
    events = frozenset({"damage", "damaged"})
    wanted = term_set(asked) | {"damage"}
    happened = happenings(wanted, set(), events)
    denials = Denials(frozenset({"no", "never"}), events)
    line = unit("1", "Physical damage on the two reefer units runs $4,200 a year.")
    assert grounded_unit([line], wanted, set(), denials, happened=happened) is None
    done = unit("2", "Hail damaged the roof of the shop in June; the carrier paid $18,000.")
    assert grounded_unit([done], wanted, set(), denials, happened=happened) == done
    both = unit("3", "The physical damage claim is open: the trailer was damaged backing in.")
    assert grounded_unit([both], wanted, set(), denials, happened=happened) == both
    # a question naming the line asks about it: its words count
    named = term_set("who carries physical damage") | term_set("physical damage")
    assert grounded_unit([line], named, set(), denials) == line


def test_a_sentence_sharing_only_words_of_the_trade_tells_nothing() -> None:
    wanted = term_set("who is weighing the quote over the long weekend")
    trade = frozenset(roots(term_set("quote quotes carrier policy")))
    valid = unit("1", "Quote good through 11/30.")
    weighing = unit("2", "She'll weigh it over the long weekend and call Tuesday.")
    assert grounded_unit([valid], wanted, set()) == valid  # without the trade's words: "quote"
    assert grounded_unit([valid], wanted, set(), trade=trade) is None
    assert grounded_unit([valid, weighing], wanted, set(), trade=trade) == weighing
    only_trade = term_set("any quotes")  # a question of the trade's words alone keeps them
    assert grounded_unit([valid], only_trade, set(), trade=trade) == valid
