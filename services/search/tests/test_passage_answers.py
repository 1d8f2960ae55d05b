"""Choosing the sentence that answers, among passages the index ranked: general signals only."""

from __future__ import annotations

from datetime import UTC, datetime

from harper_common.messages.index import PassageHit
from harper_search.passage_answers import (
    Unit,
    answer_to,
    asked_kinds,
    best_units,
    goes_on,
    greets,
    has_date,
    names_only_the_year,
    roots,
    table_rows,
    units_of,
    verb_of_noun,
)
from harper_search.question_words import QuestionWords
from harper_search.state_fields import asked_fields


def hit(
    text: str, day: int, *, kind: str = "paragraph", after: str = "", path: str = ""
) -> PassageHit:
    return PassageHit(
        score=0.5,
        account_id="1",
        path=path or f"accounts/1/sources/emails/email_202611{day:02d}_0900/raw.txt",
        channel="call" if kind == "turn" else "email",
        kind=kind,
        date=datetime(2026, 11, day, 9, tzinfo=UTC),
        speaker="Rick",
        direction="inbound",
        text=text,
        after=after,
    )


def test_the_kind_of_answer_is_read_from_the_question_words() -> None:
    assert asked_kinds("when will they decide") == {"date"}
    assert asked_kinds("how much was the quote") == {"amount"}
    assert asked_kinds("how many trucks") == {"count"}
    assert "percent" in asked_kinds("how much cheaper was the other agency")
    assert asked_kinds("why did they switch") == {"reason"}
    assert asked_kinds("deposit amt for the bop") == {"amount"}
    assert asked_kinds("what limits does the lease require") == {"amount"}


def test_a_date_is_a_date_and_a_pronoun_or_an_amount_is_not() -> None:
    assert has_date("partners meet 12/3, we'll decide then")
    assert has_date("we need it by the 1st of December")
    assert not has_date("we are happy with the limits")
    assert not has_date("the limit is $2M per occurrence")
    assert has_date("the carrier wants it back in two weeks")
    assert has_date("payroll report by end of the month")
    assert has_date("give me a couple of days on it")
    assert not has_date("the couple who own the shop")


def test_a_when_question_gets_the_sentence_with_the_day_not_the_amount() -> None:
    hits = [
        hit("The quote came in at $15,950 a year for the package.", 12),
        hit("Thanks. My partners meet on 12/3 and we will decide then.", 18),
    ]
    [best, *_] = best_units("when will the marina decide on the quote", hits)
    assert "12/3" in best.text


def test_a_time_that_only_names_the_year_answers_when_after_a_day_or_a_week() -> None:
    assert names_only_the_year("the cleanest file she has seen this year")
    assert names_only_the_year("we had a small claim two years ago")
    assert not names_only_the_year("she expects a number the second week of January")
    assert not names_only_the_year("we opened in 2019")
    assert not names_only_the_year("the limits are fine")
    hits = [
        hit("Selective is fine with the limits; the best file she has seen this year.", 20),
        hit("She expects to send a quote out the second week of January.", 18),
    ]
    [best, *_] = best_units("when will Selective have a quote", hits)
    assert "second week of January" in best.text


TABLE = """Revised side by side:

                       OURS (revised)     THEIRS
  Property               $4,100            $3,900
  Workers' Comp          $7,250 (was 8,100) incl.
  Umbrella               $1,200            not offered
"""


def test_a_row_of_a_table_is_quoted_under_the_names_of_its_columns() -> None:
    rows = table_rows(TABLE)
    assert rows[1] == "OURS (revised)     THEIRS\nWorkers' Comp          $7,250 (was 8,100) incl."
    assert len(rows) == 3
    assert "Workers' Comp" in rows[1] and rows[1].startswith("OURS (revised)")
    units = units_of(hit(TABLE, 20))
    assert rows[1] in units and "Revised side by side:" in units
    assert table_rows("One line only.    $5,000\nAnd a sentence.") == []
    [best, *_] = best_units("what's the comp now", [hit(TABLE, 20)])
    assert best.text == rows[1]


def test_a_question_asked_in_a_call_is_answered_by_the_next_turn() -> None:
    hits = [
        hit("Nadia: And your annual payroll?", 2, kind="turn", after="Rick: About $390,000."),
        hit("Rick: We run three forklifts.", 2, kind="turn"),
    ]
    [best, *_] = best_units("what is the payroll", hits)
    assert best.text.endswith("payroll?") and best.hit.after == "Rick: About $390,000."


def test_a_request_to_tell_is_answered_by_the_next_turn_like_a_question() -> None:
    reply = "Priya: Two ovens, a walk-in and a mixer, about 1,400 square feet."
    asking = hit("Nadia: Got it. Walk me through the kitchen.", 2, kind="turn", after=reply)
    assert answer_to(Unit(text=asking.text, hit=asking, rank=0, score=1.0)) == reply
    checking = hit("Priya: Let me check with my partner.", 2, kind="turn", after="Nadia: Sure.")
    assert answer_to(Unit(text=checking.text, hit=checking, rank=0, score=1.0)) == ""
    telling = hit("Nadia: We sent the quote to you.", 2, kind="turn", after="Priya: Thanks.")
    assert answer_to(Unit(text=telling.text, hit=telling, rank=0, score=1.0)) == ""


def test_a_revised_amount_answers_and_the_older_is_kept_as_what_it_was() -> None:
    hits = [
        hit("Total annual premium: $18,400 with Travelers.", 1),
        hit("REVISED total annual premium: $15,950 from Travelers.", 12),
    ]
    [best, *_] = best_units("how much is the travelers premium", hits)
    assert "$15,950" in best.text
    assert best.was is not None and "$18,400" in best.was.text


def test_a_count_of_the_thing_asked_answers_how_many() -> None:
    """Both hold numbers and say "tanks"; the one with a number right before it counts them."""
    hits = [
        hit("Questions before we price it: 1. Sprinkler type 2. Number of fuel tanks on site 3. "
            "Age of the roof 4. 5 years of loss runs", 14),
        hit("We keep 3 fuel tanks behind the shop, about 2,000 gallons each.", 2),
    ]  # fmt: skip
    [best, *_] = best_units("how many tanks do they keep", hits)
    assert "3 fuel tanks" in best.text


def test_a_newer_value_of_something_else_does_not_replace_the_answer() -> None:
    """Both give a date; only the older one says what was asked (the renewal)."""
    hits = [
        hit("Our business policy renews on March 3 with the same carrier.", 1),
        hit("Back in early June a vendor scam cost us $4,100, for what it's worth.", 12),
    ]
    [best, *_] = best_units("renewal date?", hits)
    assert "March 3" in best.text and best.was is None


def test_a_question_about_the_value_before_it_changed_is_not_answered_by_the_newer() -> None:
    hits = [
        hit("Total annual premium: $18,400 with Travelers.", 1),
        hit("REVISED total annual premium: $15,950 from Travelers.", 12),
    ]
    [best, *_] = best_units("their initial premium", hits)
    assert "$18,400" in best.text and best.was is None


def test_a_contact_line_is_never_the_answer() -> None:
    hits = [
        hit("(614) 555-0140 | lokafor@eastsidepantry.org", 5),
        hit("We have about sixty volunteers on a typical Saturday.", 5),
    ]
    [best, *_] = best_units("how many volunteers do they have", hits)
    assert "sixty volunteers" in best.text


def test_an_email_sentence_keeps_the_words_before_its_colon() -> None:
    paragraph = hit(
        "We run a bakery downtown with two ovens. The reason I'm writing: last spring a "
        "customer slipped on our wet floor and sued us. Can you help?",
        5,
    )
    [best] = best_units("why do they want more liability", [paragraph], keep=1)
    assert "slipped on our wet floor" in best.text


def test_what_happened_is_answered_by_the_sentence_that_tells_it() -> None:
    turns = [
        hit("Ana: That's why we sell online too.", 3, kind="turn"),
        hit(
            "Ana: In March a delivery van backed into our awning and tore it down.", 3, kind="turn"
        ),
    ]
    assert asked_kinds("the awning claim, what happened") == {"event"}
    [best] = best_units("the awning claim, what happened", turns, keep=1)
    assert "backed into our awning" in best.text


def test_the_person_the_question_names_is_heard_first() -> None:
    hits = [
        hit("Sam: The renewal paperwork went over on Tuesday afternoon.", 3, kind="turn"),
        hit("Rick: Forgot to say, we had a hail claim on the dump truck in 2024.", 3, kind="turn"),
    ]
    hits[0] = hits[0].model_copy(update={"speaker": "Sam"})
    [best, *_] = best_units("what did rick forget to mention", hits, said_by={"rick"})
    assert "hail claim" in best.text


def test_a_verb_of_the_question_matches_its_other_forms() -> None:
    """A verb of the question ("move") finds its other forms in a sentence ("moving"), and the
    reason told just before that sentence comes with it."""
    paragraph = hit(
        "Good talking yesterday, truly. I checked and their policy excludes flood, you called it. "
        "Still, $900 is real money for a shop our size. We're moving the building to Lakeside "
        "Mutual.",
        20,
    )
    [best] = best_units("why did they move to the other insurer", [paragraph], keep=1)
    assert "$900" in best.text and "moving the building" in best.text
    assert roots({"going", "closed", "closing", "thing", "stopped"}) == {
        "go",
        "clos",
        "thing",
        "stop",
    }


def test_a_broker_question_on_the_subject_points_at_the_answer_after_it() -> None:
    """A question with no kind of answer ("roof leak - details"): the broker's own question in
    the call that names it is followed by the turn that tells it."""
    hits = [
        hit("Rick: We put a new roof on the office back in 2019.", 4, kind="turn"),
        hit(
            "Nadia: And the roof leak last spring?",
            4,
            kind="turn",
            after="Rick: Water came through the dock ceiling and ruined a pallet of stock.",
        ),
    ]
    [best, *_] = best_units("roof leak - details", hits)
    assert best.hit.after.startswith("Rick: Water came through")


def test_shorthand_for_with_is_no_word_of_the_subject() -> None:
    runs = QuestionWords.of("insureds w hail damage this spring").free_runs()
    assert runs == [["hail", "damage"], ["spring"]]


def test_a_possessive_naming_the_account_itself_is_no_word_of_the_subject() -> None:
    runs = QuestionWords.of("name those hurt through the insured's operations").free_runs()
    assert runs == [["name"], ["hurt"], ["operations"]]
    kept = QuestionWords.of("who scratched a customer's car").free_runs()
    assert kept == [["scratched"], ["customer's", "car"]]  # another's car is the thing


def test_a_part_of_a_hyphenated_word_is_no_word_once_its_partner_is_taken() -> None:
    words = QuestionWords.of("show the well-known insureds in roofing")
    assert words.take("known")
    assert words.free_runs() == [["roofing"]]  # "well" alone says nothing
    whole = QuestionWords.of("self-storage owners")
    assert whole.free_runs() == [["self", "storage", "owners"]]  # a whole compound stays


def test_a_note_of_state_md_is_quoted_beside_the_sources_not_instead_of_one() -> None:
    note = hit(
        "Went with the incumbent agency on price in the end.", 20, path="accounts/1/state.md"
    )
    note = note.model_copy(update={"channel": "state", "kind": "note"})
    sources = [
        hit(f"The incumbent agency came back {n} percent under our number on price.", n)
        for n in (10, 11, 12)
    ]
    chosen = best_units("who did the incumbent agency beat us on price", [note, *sources])
    assert [u.hit.channel for u in chosen].count("state") == 1
    assert sum(u.hit.channel == "email" for u in chosen) == 3


def test_a_short_question_about_the_asked_thing_carries_its_answer() -> None:
    camp = hit("Marta: The summer camp had about sixty campers, all on site.", 3, kind="turn")
    asked = hit(
        "Lena: Good, the carrier will want that. Members?",
        2,
        kind="turn",
        after="Marta: Around three hundred and ten, most of them adults.",
    )
    chosen = best_units("how many members does the club have", [camp, asked])
    assert chosen[0].hit is asked
    assert "amount" in asked_kinds("what were they paying before")


def test_a_one_word_question_answered_in_the_next_turn_is_no_fragment() -> None:
    """ "Claims?" is short, but the turn after it tells the claim and its amount: it outranks an
    amount that answers something else, even ranked below it."""
    quote = hit("They have a program through the association, $33,900, and it covers us.", 4)
    asked = hit(
        "Sam: Claims?",
        2,
        kind="turn",
        after="Ann: One. A guest broke her ankle in 2024; the carrier paid about nine thousand.",
    )
    chosen = best_units("guest injury claim amount", [quote, asked])
    assert chosen[0].hit is asked


def test_a_short_amount_line_is_quoted_with_the_line_that_says_what_it_is() -> None:
    table = hit(
        "Options:\nTHE HARTFORD\nPackage with liquor ..... $9,460\nERIE\nBOP ..... $8,100", 2
    )
    chosen = best_units("what was hartford's price", [table])
    assert "HARTFORD" in chosen[0].text and "$9,460" in chosen[0].text, chosen[0].text


def test_the_carrier_asked_about_keeps_its_amount_when_another_quotes_later() -> None:
    hartford = hit("The Hartford came in at $9,460 for the package, liquor included.", 2)
    erie = hit("We bound Erie at $8,730 total; the deposit is $2,183.", 9)
    chosen = best_units("what was hartford's price", [hartford, erie])
    assert chosen[0].hit is hartford and chosen[0].was is None
    unnamed = best_units("what was the price", [hartford, erie])
    assert unnamed[0].hit is erie  # asked of no carrier, the newest amount answers


def test_a_turn_goes_on_after_the_others_short_reaction() -> None:
    told = hit(
        "Rick: We have a plan for the old boathouse.",
        4,
        kind="turn",
        after="Nadia: Go on.\nRick: Turn it into a rental hall for weddings.",
    )
    assert goes_on(told)
    assert not goes_on(hit("Rick: Fine.", 4, kind="turn", after="Nadia: Great."))


def test_a_share_answers_how_much_of_a_whole_before_an_amount() -> None:
    hits = [
        hit("We ship kites all over the west coast and up into Idaho and Montana.", 4),
        hit("Repairs are maybe a third of what comes in, the rest is new kites and lessons.", 6),
    ]
    [best, *_] = best_units("how much of the kite shop's revenue is repairs", hits)
    assert "a third" in best.text
    priced = [*hits, hit("Repairs brought in about $40,000 last year, new kites the rest.", 8)]
    found = best_units("how much of the kite shop's revenue is repairs", priced)
    # part of a whole is asked: the share first, the amount beside it
    assert "a third" in found[0].text
    assert any("$40,000" in unit.text for unit in found[1:])


def test_how_much_of_a_whole_asks_for_a_share_and_not_the_premium() -> None:
    part = "how much of harlow's work is in schools"
    assert "percent" in asked_kinds(part)
    assert "premium" not in [f.name for f in asked_fields(part)]
    money = "how much of the premium is the workers comp"
    assert "percent" not in asked_kinds(money)
    assert "premium" in [f.name for f in asked_fields("how much is harlow paying")]


def test_a_name_inside_a_question_does_not_answer_who() -> None:
    """ "Was Oscar at the wheel?" holds a name, but the turn after it says nothing of who: the
    statement that names the person answers "who"."""
    asked = hit(
        "Pia: Okay. Is Oscar still on the forklift?",
        3,
        kind="turn",
        after="Ivo: He's on light duty in the office for now.",
    )
    told = hit(
        "Ivo: The one operating it that day was Oscar Lindqvist, he got a written warning.",
        3,
        kind="turn",
    )
    chosen = best_units("who was operating the forklift", [asked, told])
    assert chosen[0].hit is told


def test_short_forms_of_weekdays_are_days() -> None:
    assert has_date("I'll have the bookkeeper send it by next Tues")
    assert has_date("by Tues noon works for us")
    assert not has_date("we close on time most nights")


def test_a_time_named_by_a_holiday_a_weekend_or_part_of_a_month_is_a_date() -> None:
    assert has_date("we want it settled before mid-January")
    assert has_date("he'll get to it this weekend")
    assert has_date("they'll decide after Thanksgiving")
    assert not has_date("the weekly rate is fine")
    assert not has_date("so you may have to drive out and get them")
    assert has_date("the audit is due in May")


def test_a_greeting_or_a_sign_off_line_is_no_statement() -> None:
    assert greets("Happy holidays to all of you,")
    assert greets("Morning Dana -")
    assert not greets("We decided to keep the liquor coverage, as we said on the call.")
    assert not greets("Three trucks, two trailers and a forklift, all owned outright,")


def test_an_irregular_verb_meets_its_other_forms() -> None:
    """ "lose" in the question is "lost" in the file: dictionary forms, not endings, join them."""
    assert roots({"lost"}) == roots({"lose"}) and roots({"paid"}) == roots({"pay"})
    told = (
        "Someone posing as a supplier got us to wire $9,200 to a new account. The bank clawed"
        " back $5,000. So in the end we lost $4,200."
    )
    hits = [hit(told, 6)]
    [best, *_] = best_units("how much did they lose in the scam", hits)
    assert "$4,200" in best.text


def test_a_noun_made_of_a_verb_meets_the_verb() -> None:
    """ "a referral" in the question is "referred by" in the file, "the renewal" is "renews":
    a noun made of a verb has the verb's root; a word that is a verb itself keeps its own
    ("signal" is no "sign"), and a short word is no verb cut down ("session" is no "set")."""
    pairs = [
        ("referral", "referred"),
        ("renewal", "renews"),
        ("cancellation", "cancelled"),
        ("decision", "decided"),
        ("complaint", "complained"),
        ("retirement", "retiring"),
        ("inspection", "inspected"),
        ("delivery", "delivered"),
        ("denial", "denied"),
    ]
    for noun, verb in pairs:
        assert roots({noun}) == roots({verb}), (noun, verb)
    assert verb_of_noun("signal") is None and verb_of_noun("question") is None
    assert verb_of_noun("session") is None and verb_of_noun("million") is None
    assert verb_of_noun("accident") is None


def test_a_person_asked_by_role_is_the_name_written_beside_it() -> None:
    hits = [
        hit("Rick: A forklift at the Elm Avenue dock tipped over in June, on a ramp.", 3),
        hit("Rick: The forklift went back to the dealer for repairs.", 4),
        hit("Rick: It was a bad week. Our operator, Dale Pruitt, was not hurt.", 5),
    ]
    best = best_units("which operator tipped the elm avenue forklift", hits, keep=1)
    assert "Dale Pruitt" in best[0].text


def test_an_age_question_gets_the_sentence_that_gives_an_age() -> None:
    assert asked_kinds("trampoline park minimum age?") == {"age"}
    assert asked_kinds("renters - youngest allowed, how old?") == {"age"}
    assert "age" not in asked_kinds("storage unit coverage")  # words ending in "age"
    hits = [
        hit("Sam: Every jumper signs the waiver at the front desk before the session.", 9),
        hit(
            "Sam: Jumpers under 7 stay in the toddler court, and 13+ can use the dodgeball pit.", 9
        ),
    ]
    [best, *_] = best_units("trampoline park minimum age?", hits)
    assert "under 7" in best.text
