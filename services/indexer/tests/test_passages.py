"""Sources cut into passages, and the passage index kept in line with the files."""

from __future__ import annotations

import quopri
import shutil
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from qdrant_client import QdrantClient

from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import PassagesRequest
from harper_indexer.hash_embedder import WordHashEmbedder
from harper_indexer.passage_cuts import cut_source, cut_state_notes
from harper_indexer.passage_index import PassageIndex, state_version
from harper_indexer.passage_store import EdgePassageStore, PassageStore, ServerPassageStore

EMAIL = """From: Rick Hanlon <rick@marina.example>
To: Nadia Ferreira <nadia@agency.example>
Date: 2026-08-18T15:02:00Z
Subject: shopping the marina package

Nadia,

The one claim: a forklift dropped a boat off the rack, $41k.

Can you get us numbers before Thanksgiving?

Thanks,
Rick

--
Rick Hanlon
Owner / Operator
(410) 555-0163
"""

CALL = """Date: 2026-09-02T18:10:00Z
Participants: Nadia Ferreira, Rick Hanlon

Nadia: And your annual revenue?
Rick: About three point four million.
"""

STATE = """---
account_id: "70101"
name: Bluewater Marina
stage: Quoted
version: 3
---
# Bluewater Marina
"""


def test_an_email_is_cut_into_its_paragraphs_without_closer_or_signature() -> None:
    cuts = cut_source("accounts/1/sources/emails/email_20260818_1502/raw.txt", EMAIL)
    texts = [c.text for c in cuts]
    assert texts[0] == "shopping the marina package" and cuts[0].kind == "subject"
    assert any("forklift dropped a boat" in t for t in texts)
    assert not any("555-0163" in t or t.startswith("Thanks") for t in texts)
    assert all(c.speaker == "Rick Hanlon" for c in cuts)
    claim = next(c for c in cuts if "forklift" in c.text)
    assert EMAIL.splitlines()[claim.line - 1] == claim.text  # the line number is the file's


def test_the_head_of_a_replied_to_message_is_no_passage_and_its_text_is() -> None:
    """Outlook writes the earlier message's head with no blank line before its text."""
    reply = EMAIL.replace(
        "Thanks,\nRick",
        "-----Original Message-----\nFrom: Nadia Ferreira <nadia@agency.example>\n"
        "Sent: Monday, August 17, 2026 4:10 PM\nSubject: marina\n"
        "Rick, how much did the old carrier settle for when the boat fell?",
    )
    cuts = cut_source("accounts/1/sources/emails/email_20260818_1502/raw.txt", reply)
    texts = [c.text for c in cuts]
    assert not any("Original Message" in t or "Sent:" in t for t in texts), texts
    asked = next(c for c in cuts if "old carrier settle" in c.text)
    assert asked.speaker == "Nadia Ferreira" and asked.text.startswith("Rick, how much")
    assert reply.splitlines()[asked.line - 1] == asked.text


QUOTED_REPLY = """From: Nadia Ferreira <nadia@agency.example>
Date: 2026-10-29T09:00:00Z
Subject: Re: marina questions

Rick, see the carrier's two questions below.

> From: Dana Pruitt <dana.pruitt@carrier.example>
> Date: Wed, Oct 28, 2026 at 2:40 PM
> Subject: marina - questions
>
> How many boats are stored on racks over the winter?
>
> Is the fuel dock staffed whenever it is open?
>
> Dana Pruitt
> Underwriter, Marine
"""


def test_a_quoted_message_is_cut_by_paragraph_without_its_head_or_signature() -> None:
    cuts = cut_source("accounts/1/sources/emails/email_20261029_0900/raw.txt", QUOTED_REPLY)
    quoted = [c for c in cuts if c.kind == "quoted"]
    assert [c.embed_text for c in quoted] == [
        "How many boats are stored on racks over the winter?",
        "Is the fuel dock staffed whenever it is open?",
    ]
    assert all(c.speaker == "Dana Pruitt" for c in quoted)
    assert QUOTED_REPLY.splitlines()[quoted[1].line - 1] == quoted[1].text


def test_a_note_on_the_message_below_a_signature_is_no_passage() -> None:
    email = (
        "From: Ana Ortiz <ana@ortizbakery.example>\nDate: 2026-08-03T14:50:00Z\n"
        "Subject: hours\n\nWe open at six now, seven days a week.\n\n"
        "Ana Ortiz\nOwner, Ortiz Bakery\n(505) 555-0123\n\n"
        "NOTICE: This e-mail may be privileged. If it reached you in error, delete it.\n\n"
        "> On Mon, Aug 2, 2026 at 9:00 AM Sam Lee <sam@agency.example> wrote:\n"
        "> Ana, what are your hours now?\n"
        ">\n"
        "> --\n"
        "> Sam Lee\n"
        "> (505) 555-0100\n"
        "> Nothing in this message changes your coverage until we confirm it.\n"
    )
    cuts = cut_source("accounts/1/sources/emails/email_20260803_1450/raw.txt", email)
    texts = [c.text for c in cuts if c.kind != "subject"]
    assert texts[0] == "We open at six now, seven days a week."
    assert any("what are your hours" in t for t in texts)  # what was asked, quoted, stays
    assert not any("e-mail may be privileged" in t for t in texts)  # below Ana's card
    assert not any("changes your coverage" in t or "555-0100" in t for t in texts)  # below "--"


def test_a_paragraph_about_this_email_above_the_signature_is_kept() -> None:
    email = (
        "From: Ana Ortiz <ana@ortizbakery.example>\nDate: 2026-08-03T14:50:00Z\n"
        "Subject: hours\n\nThis email is to confirm we close the kitchen on Sundays.\n\n"
        "Ana Ortiz\nOwner, Ortiz Bakery\n(505) 555-0123\n"
    )
    cuts = cut_source("accounts/1/sources/emails/email_20260803_1450/raw.txt", email)
    assert any("close the kitchen on Sundays" in c.text for c in cuts)


def test_a_card_opening_with_the_writers_name_is_left_out_whatever_ends_the_name() -> None:
    email = (
        "From: Dale Pruitt Jr. <dale@pruittelectric.example>\nDate: 2026-08-03T14:50:00Z\n"
        "Subject: RE: proposal\n\nWe accept. Please bind effective August 15.\n\n"
        "Dale Pruitt Jr.\nLicensed Electrician\nPruitt & Sons Electric, est. 1962\n"
        "Athens, Georgia | (706) 555-0101\n"
    )
    cuts = cut_source("accounts/1/sources/emails/email_20260803_1450/raw.txt", email)
    assert [c.text for c in cuts if c.kind != "subject"] == [
        "We accept. Please bind effective August 15."
    ]


def test_a_call_turn_is_embedded_with_the_turn_that_answers_it() -> None:
    cuts = cut_source("accounts/1/sources/calls/call_20260902_1810/raw.txt", CALL)
    question = next(c for c in cuts if c.text.startswith("Nadia"))
    assert question.after == "Rick: About three point four million."
    assert "three point four million" in question.embed_text
    assert question.speaker == "Nadia"


GROUP_CALL = """Date: 2026-09-03T15:00:00Z
Participants: Nadia Ferreira, Rick Hanlon, Joan Hanlon

Nadia: Anything happen at the yard this year?
Rick: A lift cable snapped in June and dropped a hull onto the rack.
Joan: The repair bill was nineteen thousand, paid out of pocket.
Nadia: Got it. And the fuel dock?
Rick: Closed since spring.
Joan: We sold the tanks.
"""


def test_a_question_keeps_the_turns_of_others_up_to_the_askers_next_turn() -> None:
    cuts = cut_source("accounts/1/sources/calls/call_20260903_1500/raw.txt", GROUP_CALL)
    first = next(c for c in cuts if "Anything happen" in c.text)
    assert first.after.splitlines() == [
        "Rick: A lift cable snapped in June and dropped a hull onto the rack.",
        "Joan: The repair bill was nineteen thousand, paid out of pocket.",
    ]
    assert "nineteen thousand" not in first.embed_text  # only the first reply is embedded
    statement = next(c for c in cuts if c.text.startswith("Rick: A lift"))
    assert statement.after == "Joan: The repair bill was nineteen thousand, paid out of pocket."
    second = next(c for c in cuts if "fuel dock" in c.text)
    assert second.after == "Rick: Closed since spring.\nJoan: We sold the tanks."
    longer = replace(first, after=first.after.splitlines()[0])
    assert longer.key != first.key  # a reply that grows is stored again


def test_a_turn_keeps_what_its_speaker_says_after_a_short_reaction() -> None:
    call = "Date: 2026-09-03T15:00:00Z\n\nRick: We have a plan for the old boathouse.\n"
    call += "Nadia: Go on.\nRick: Turn it into a rental hall for weddings.\nNadia: Nice.\n"
    cuts = cut_source("accounts/1/sources/calls/call_20260903_1500/raw.txt", call)
    plan = next(c for c in cuts if "a plan" in c.text)
    assert plan.after.splitlines() == [
        "Nadia: Go on.",
        "Rick: Turn it into a rental hall for weddings.",
    ]
    hall = next(c for c in cuts if "rental hall" in c.text)
    assert hall.after == "Nadia: Nice."  # nobody goes on after it


def test_the_words_index_reads_what_was_said_not_who_said_it() -> None:
    cuts = cut_source("accounts/1/sources/calls/call_20260902_1810/raw.txt", CALL)
    question = next(c for c in cuts if c.text.startswith("Nadia"))
    assert "Nadia" in question.embed_text and "Rick" in question.embed_text
    assert "Nadia" not in question.lexical_text and "Rick" not in question.lexical_text
    assert "three point four million" in question.lexical_text
    texts = (
        "2026-11-02 09:14 Ann Lee: can u send the COI\n2026-11-02 09:20 Bo: yes, Ann Lee gets it"
    )
    sms = cut_source("accounts/1/sources/sms/sms_20261102_0914/raw.txt", texts)
    assert [c.lexical_text.count("Ann Lee") for c in sms] == [1, 1]  # only where she is named


def test_the_notes_of_state_md_are_passages_without_their_headings() -> None:
    text = STATE.replace("version: 3\n", "version: 3\nupdated_at: 2026-11-02T10:00:00Z\n")
    text += "\n## Notes\n- Owner wants the lift inspected before binding.\n"
    cuts = cut_state_notes("accounts/70101/state.md", text)
    assert [c.text for c in cuts] == ["- Owner wants the lift inspected before binding."]
    assert cuts[0].channel == "state" and cuts[0].date == datetime(2026, 11, 2, 10, tzinfo=UTC)
    assert text.splitlines()[cuts[0].line - 1] == cuts[0].text
    assert cut_state_notes("accounts/70101/state.md", "not a state file") == []


def _book(root: Path) -> MemoryRoot:
    account = root / "accounts" / "70101"
    (account / "sources" / "emails" / "email_20260818_1502").mkdir(parents=True)
    (account / "sources" / "calls" / "call_20260902_1810").mkdir(parents=True)
    (account / "state.md").write_text(STATE, encoding="utf-8")
    (account / "sources/emails/email_20260818_1502/raw.txt").write_text(EMAIL, encoding="utf-8")
    (account / "sources/calls/call_20260902_1810/raw.txt").write_text(CALL, encoding="utf-8")
    return MemoryRoot(root)


def _store(kind: str, folder: Path) -> PassageStore:
    if kind == "edge":
        return EdgePassageStore(folder, dense_dim=WordHashEmbedder.dim)
    return ServerPassageStore(QdrantClient(location=":memory:"), dense_dim=WordHashEmbedder.dim)


@pytest.mark.parametrize("kind", ["edge", "server"])
def test_the_index_embeds_only_what_changed_and_forgets_what_is_gone(
    tmp_path: Path, kind: str
) -> None:
    memory = _book(tmp_path / "mem")
    store = _store(kind, tmp_path / "passages")
    index = PassageIndex(store, WordHashEmbedder(), memory)
    try:
        first = index.refresh("70101")
        assert first > 0 and index.is_current("70101")
        assert index.refresh("70101") == 0  # nothing changed: nothing embedded
        found = index.search(PassagesRequest(text="forklift claim", account_ids=["70101"]))
        top = found.hits[0]
        assert "forklift" in top.text and top.path.endswith("email_20260818_1502/raw.txt")
        assert top.channel == "email" and top.line > 0 and found.dense_complete
        shutil.rmtree(tmp_path / "mem/accounts/70101/sources/calls")
        assert index.refresh("70101") == 0
        left = index.search(PassagesRequest(text="annual revenue", account_ids=["70101"]))
        assert all("/calls/" not in h.path for h in left.hits)
        shutil.rmtree(tmp_path / "mem/accounts/70101")
        index.refresh("70101")
        assert index.search(PassagesRequest(text="forklift", account_ids=["70101"])).hits == []
    finally:
        store.close()


def test_a_note_added_to_state_md_is_found_with_its_channel(tmp_path: Path) -> None:
    memory = _book(tmp_path / "mem")
    store = _store("edge", tmp_path / "passages")
    index = PassageIndex(store, WordHashEmbedder(), memory)
    try:
        index.refresh("70101")
        state = tmp_path / "mem/accounts/70101/state.md"
        noted = STATE.replace("version: 3", "version: 4") + "\n## Notes\n- Dock cranes leased.\n"
        state.write_text(noted, encoding="utf-8")
        found = index.search(PassagesRequest(text="dock cranes leased", account_ids=["70101"]))
        assert found.hits[0].channel == "state"
        assert found.hits[0].path == "accounts/70101/state.md"
    finally:
        store.close()


def test_files_saved_by_other_tools_cut_as_the_contract_writes_them() -> None:
    """A byte-order mark and Windows line ends, a mail client's Date and a phone's 12-hour SMS
    times: the same passages, speakers and moments as the contract's own forms."""
    exported = "\ufeff" + EMAIL.replace(
        "Date: 2026-08-18T15:02:00Z", "Date: Tue, 18 Aug 2026 10:02:00 -0500"
    )
    exported = exported.replace("\n", "\r\n")
    path = "accounts/1/sources/emails/email_20260818_1502/raw.txt"
    own, theirs = cut_source(path, EMAIL), cut_source(path, exported)
    assert [(c.text, c.speaker, c.date) for c in theirs] == [
        (c.text, c.speaker, c.date) for c in own
    ]
    texts = "2026-11-02 9:14 PM Ann Lee: can u send the COI\n2026-11-02 09:20 Amy: sent"
    sms = cut_source("accounts/1/sources/sms/sms_20261102_0914/raw.txt", texts)
    assert [(c.speaker, c.date) for c in sms] == [
        ("Ann Lee", datetime(2026, 11, 2, 21, 14, tzinfo=UTC)),
        ("Amy", datetime(2026, 11, 2, 9, 20, tzinfo=UTC)),
    ]


def test_a_clock_before_a_turn_or_message_is_no_words_of_it() -> None:
    """A recording's clock ("[00:17] Nadia: ...") and an SMS line's time are the passage's
    place and date, not what was said: the same words are embedded and indexed either way."""
    plain = cut_source("accounts/1/sources/calls/call_20260902_1810/raw.txt", CALL)
    head, _, body = CALL.partition("\n\n")
    clocked = "\n".join(
        f"[00:{n:02d}] {line}" if line.strip() else line for n, line in enumerate(body.split("\n"))
    )
    stamped = cut_source(
        "accounts/1/sources/calls/call_20260902_1810/raw.txt", f"{head}\n\n{clocked}"
    )
    assert [(c.text, c.embed_text, c.speaker) for c in stamped] == [
        (c.text, c.embed_text, c.speaker) for c in plain
    ]
    phone = "2026-11-02 9:14 PM Ann Lee: can u send the COI\n2026-11-02 9:20 PM Bo: sent"
    own = "2026-11-02 21:14 Ann Lee: can u send the COI\n2026-11-02 21:20 Bo: sent"
    path = "accounts/1/sources/sms/sms_20261102_2114/raw.txt"
    assert [(c.text, c.embed_text, c.date) for c in cut_source(path, phone)] == [
        (c.text, c.embed_text, c.date) for c in cut_source(path, own)
    ]
    assert cut_source(path, own)[0].text == "Ann Lee: can u send the COI"


def test_a_sender_written_as_an_address_is_named_by_the_participants() -> None:
    """'From: rick@...' (no display name) is Rick Hanlon when the source's participants name
    him, so his signature is still no passage; 'Hanlon, Rick' is Rick Hanlon too."""
    path = "accounts/1/sources/emails/email_20260818_1502/raw.txt"
    named = cut_source(path, EMAIL)
    bare = EMAIL.replace("From: Rick Hanlon <rick@marina.example>", "From: rick@marina.example")
    cuts = cut_source(path, bare, ["Nadia Ferreira", "Rick Hanlon"])
    assert [(c.text, c.speaker) for c in cuts] == [(c.text, c.speaker) for c in named]
    turned = EMAIL.replace("From: Rick Hanlon", 'From: "Hanlon, Rick"')
    assert {c.speaker for c in cut_source(path, turned)} == {"Rick Hanlon"}
    unknown = cut_source(path, bare, ["Nadia Ferreira", "Ann Lee"])
    assert {c.speaker for c in unknown} == {"rick@marina.example"}


def test_a_meeting_apps_clock_is_no_words_and_a_number_is_no_clock() -> None:
    call = "Date: 2026-09-02T18:10:00Z\nParticipants: Nadia, Rick\n\n"
    call += "00:00:17 Nadia: How many slips?\n00:00:34 Rick: One forty wet slips.\n"
    call += "12 Main St: the dry stack is there.\n"
    cuts = cut_source("accounts/1/sources/calls/call_20260902_1810/raw.txt", call)
    assert [(c.text, c.speaker) for c in cuts] == [
        ("Nadia: How many slips?", "Nadia"),
        ("Rick: One forty wet slips.\n12 Main St: the dry stack is there.", "Rick"),
    ]  # a line that opens with a number, not a clock, goes on with the turn, number and all


def test_an_email_a_mail_client_saved_is_cut_as_its_text() -> None:
    """An .eml (folded headers, an encoded name, the body in quoted-printable beside its HTML):
    the same passages, writer and moment as the email in the contract's form."""
    head, _, body = EMAIL.partition("\n\n")
    head = head.replace("From: Rick Hanlon", "From: =?utf-8?q?Rick_Hanlon?=")
    boundary = "b-42"
    eml = (
        f"{head}\nMIME-Version: 1.0\nContent-Type: multipart/alternative;\n"
        f'\tboundary="{boundary}"\n\n--{boundary}\n'
        'Content-Type: text/plain; charset="utf-8"\nContent-Transfer-Encoding: quoted-printable\n\n'
        f"{quopri.encodestring(body.encode('utf-8')).decode('ascii')}\n--{boundary}\n"
        'Content-Type: text/html; charset="utf-8"\n\n<p>Nadia,</p><p>The one claim.</p>\n'
        f"--{boundary}--\n"
    )
    path = "accounts/1/sources/emails/email_20260818_1502/raw.txt"
    own, theirs = cut_source(path, EMAIL), cut_source(path, eml)
    assert [(c.text, c.speaker, c.date, c.line) for c in theirs] == [
        (c.text, c.speaker, c.date, c.line) for c in own
    ]


def test_a_call_a_transcription_service_exported_is_cut_as_its_turns() -> None:
    """WebVTT cues with voice tags: the same turns, speakers and answers as the contract's."""
    head, _, body = CALL.partition("\n\n")
    cues = [line.partition(": ") for line in body.strip().split("\n")]
    vtt = "WEBVTT\n\n" + "".join(
        f"{n}\n00:00:{n:02d}.000 --> 00:00:{n:02d}.900\n<v {who}>{words}</v>\n\n"
        for n, (who, _, words) in enumerate(cues, start=1)
    )
    path = "accounts/1/sources/calls/call_20260902_1810/raw.txt"
    own, theirs = cut_source(path, CALL), cut_source(path, f"{head}\n\n{vtt}")
    assert [(c.text, c.speaker, c.after, c.embed_text) for c in theirs] == [
        (c.text, c.speaker, c.after, c.embed_text) for c in own
    ]


def test_files_saved_as_windows_1252_are_indexed_with_their_characters(tmp_path: Path) -> None:
    """A state.md and an email Notepad saved as "ANSI": the version is read and the passages
    hold the characters written, not replacement marks."""
    memory = _book(tmp_path / "mem")
    account = tmp_path / "mem" / "accounts" / "70101"
    (account / "state.md").write_bytes(
        STATE.replace("Bluewater Marina", "Caf\u00e9 del Mar").encode("cp1252")
    )
    said = EMAIL.replace("a forklift dropped", "the caf\u00e9\u2019s forklift dropped")
    (account / "sources/emails/email_20260818_1502/raw.txt").write_bytes(
        said.replace("\n", "\r\n").encode("cp1252")
    )
    assert state_version(account / "state.md") == 3
    store = _store("edge", tmp_path / "passages")
    index = PassageIndex(store, WordHashEmbedder(), memory)
    try:
        index.refresh("70101")
        found = index.search(PassagesRequest(text="forklift claim", account_ids=["70101"]))
        assert "the caf\u00e9\u2019s forklift dropped a boat" in found.hits[0].text
    finally:
        store.close()
