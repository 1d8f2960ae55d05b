"""An email cut the way people write it: wrapped lines are one sentence, a list stays with the
line that announces it, a signature is nobody's answer, a forwarded message has its own writer."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from harper_search.answer_text import says_something
from harper_search.passages import carries_list, is_header, passages, sent_at
from harper_search.ranking import findings
from harper_search.topics import TOPICS

PATH = "accounts/70208/sources/emails/email_20261026_1900/raw.txt"
EMAIL = """From: Nell Ortiz <nell@agency.example>
To: Gwen Hale <gwen@client.example>
Date: 2026-10-26T19:00:00Z
Subject: FW: underwriting questions

Gwen, the underwriter needs a few things. Can you send what you
have? No rush.

---------- Forwarded message ---------
From: Ida Marsh <imarsh@carrier.example>
Subject: underwriting questions

To complete underwriting please provide:

1. A copy of the written background check policy, including whether
   fingerprint checks are done.
2. Staff-to-child ratios by age group.

Thanks,
Ida Marsh
Senior Underwriter | Carrier Insurance Companies
"""


def test_wrapped_lines_are_one_sentence() -> None:
    texts = [p.text for p in passages(PATH, EMAIL)]
    assert "Can you send what you have?" in texts
    assert "have?" not in texts


def test_a_list_stays_with_its_lead_in_and_each_item_stands_alone() -> None:
    found = passages(PATH, EMAIL)
    lead = next(p for p in found if p.text.startswith("To complete underwriting"))
    assert carries_list(lead.text)
    assert "1. A copy of the written background check policy, including whether fingerprint" in (
        lead.text
    )
    assert "2. Staff-to-child ratios by age group." in lead.text
    assert any(p.text == "2. Staff-to-child ratios by age group." for p in found)
    assert not carries_list("Gwen, the underwriter needs a few things.")


def test_the_signature_is_left_out_and_a_forward_speaks_for_its_writer() -> None:
    found = passages(PATH, EMAIL)
    assert not any("Senior Underwriter" in p.text for p in found)
    assert {p.speaker for p in found if "please provide" in p.text} == {"Ida Marsh"}
    assert {p.speaker for p in found if p.text.startswith("Gwen")} == {"Nell Ortiz"}


CARD_EMAIL = """From: Nell Ortiz <nell@agency.example>
To: Gwen Hale <gwen@client.example>
Date: 2026-10-27T19:00:00Z
Subject: numbers

Gwen, the package came in at $9,800 for the year.

Nell

Nell Ortiz
Account Executive | Ortiz Insurance Partners
(555) 555-0100 | nell@agency.example
"""


def test_the_writers_card_under_a_first_name_sign_off_is_kept_apart_as_a_card() -> None:
    found = passages(PATH, CARD_EMAIL)
    cards = [p for p in found if p.card]
    assert len(cards) == 1 and cards[0].text.startswith("Nell Ortiz Account Executive")
    assert "(555) 555-0100" in cards[0].text  # still there to back the writer's number
    assert not says_something(cards[0])
    competitor = next(t for t in TOPICS if t.name == "competitor")
    unmarked = [replace(p, card=False) for p in found]
    assert any("Partners" in f.passage.text for f in findings(competitor, unmarked, set()))
    assert all(not f.passage.card for f in findings(competitor, found, set()))
    assert any(p.text.endswith("$9,800 for the year.") and not p.card for p in found)


FORWARDED_REQUEST = """From: Nell Ortiz <nell@agency.example>
To: Gwen Hale <gwen@client.example>
Date: 2026-10-28T19:00:00Z
Subject: FW: a few questions

Gwen - the underwriter needs the below, most of it you'll know.

---------- Forwarded message ---------
From: Ida Marsh <imarsh@carrier.example>
Subject: a few questions

Before I can quote:
1. Age of the roof
2. Distance to the nearest hydrant

> On Mon, Oct 26, 2026 at 9:00 AM Nell Ortiz wrote:
> Ida, anything else you need?
"""


def test_a_request_is_answered_by_its_items_not_by_a_pointer_or_a_header() -> None:
    found = passages(PATH, FORWARDED_REQUEST)
    headers = [p.text for p in found if is_header(p)]
    assert "Subject: a few questions" in headers
    assert any(text.endswith("wrote:") for text in headers)
    asked = next(t for t in TOPICS if t.name == "underwriter_question")
    [best, *_] = findings(asked, found, set())
    assert best.passage.text.startswith("Before I can quote: 1. Age of the roof")


def test_a_mail_clients_date_or_an_outlook_sent_line_dates_the_passages() -> None:
    """The day as written in the sender's zone, whatever form the header takes."""
    rfc = EMAIL.replace("Date: 2026-10-26T19:00:00Z", "Date: Mon, 26 Oct 2026 21:30:00 -0500")
    outlook = EMAIL.replace("Date: 2026-10-26T19:00:00Z", "Sent: Monday, October 26, 2026 7:00 PM")
    assert {p.date for p in passages(PATH, EMAIL)} == {"2026-10-26"}
    assert {p.date for p in passages(PATH, rfc)} == {"2026-10-26"}
    assert {p.date for p in passages(PATH, outlook)} == {"2026-10-26"}
    assert sent_at(rfc) == datetime(2026, 10, 27, 2, 30, tzinfo=UTC)
    assert sent_at("no headers here\n\nbody") is None
