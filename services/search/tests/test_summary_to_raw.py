"""A summary that ranks first for a question points at its raw file: the answer quotes the raw
passage that says what the summary's closest sentence says, not the summary itself, unless no
passage of the raw file says it in words the summary uses (the source is in another language):
then the summary's sentence is quoted, with the source cited. The question's person and the
account's initials are set aside in the passage query."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from fake_directory import FakeDirectory

from harper_common.bus.progress import NoProgress
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import (
    PassageChannel,
    PassageHit,
)
from harper_search.account_engine import AccountEngine, closest_said
from harper_search.question_cues import initials, without_name
from harper_search.session import ToolSession
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox

ACCOUNT = "40001"
NAME = "Birchwood Millwork Partners LLC"
FOLDER = f"accounts/{ACCOUNT}/sources/calls/call_20260301_0900"
STATE = f"""---
account_id: "{ACCOUNT}"
name: {NAME}
stage: Intake
industry: Millwork
location: "Dayton, OH"
insurance_types: [Cyber Liability]
primary_contact:
  name: Dana Whitlock
  email: dana@example.com
last_contact: 2026-03-01
next_step: Send the application
pending_actions: []
version: 1
updated_at: 2026-03-01T10:00:00Z
---
# {NAME}
"""
RAW = """Date: 2026-03-01T09:00:00Z
Participants: Sam Ortiz, Dana Whitlock

Sam: You mentioned cyber. Anything happen?
Dana: Let me think.
Dana: Last spring our office manager paid a fake invoice and we lost eleven thousand dollars.
Sam: Understood.
"""
SUMMARY = """---
channel: call
date: 2026-03-01T09:00:00Z
---
Intake. A fake invoice cost them $11,000 last spring; that is why they want cyber cover.
"""
LOSS = (
    "Dana: Last spring our office manager paid a fake invoice and we lost eleven thousand dollars."
)


def _hit(text: str, path: str, channel: PassageChannel, line: int) -> PassageHit:
    return PassageHit(
        score=0.5, account_id=ACCOUNT, path=path, channel=channel, line=line, text=text,
        kind="summary" if channel == "summary" else "turn",
        speaker=None if channel == "summary" else text.split(":")[0],
        date=datetime(2026, 3, 1, 9, tzinfo=UTC),
    )  # fmt: skip


OPENER = _hit("Sam: You mentioned cyber. Anything happen?", f"{FOLDER}/raw.txt", "call", 4)


class SummaryFirst(FakeDirectory):
    """A passage index that ranks the summary first for the question, and finds the raw turn
    only for a query made of the summary's own words."""

    def hits(self, text: str) -> list[PassageHit]:
        summary = _hit(SUMMARY.split("---\n")[-1].strip(), f"{FOLDER}/summary.md", "summary", 5)
        if "fake invoice" in text:
            return [_hit(LOSS, f"{FOLDER}/raw.txt", "call", 6), OPENER]
        return [summary, OPENER]


@pytest.fixture
def memory(tmp_path: Path) -> MemoryRoot:
    folder = tmp_path / FOLDER
    folder.mkdir(parents=True)
    (folder / "raw.txt").write_text(RAW, encoding="utf-8")
    (folder / "summary.md").write_text(SUMMARY, encoding="utf-8")
    (tmp_path / f"accounts/{ACCOUNT}/state.md").write_text(STATE, encoding="utf-8")
    return MemoryRoot(tmp_path)


@pytest.mark.anyio
async def test_a_summary_leads_to_the_raw_passage_that_is_quoted(memory: MemoryRoot) -> None:
    directory = SummaryFirst()
    session = ToolSession(Toolbox(memory, directory, []), new_budget(), NoProgress())
    draft = await AccountEngine().answer(session, ACCOUNT, NAME, "why does BMP want cyber")
    assert LOSS.split(": ", 1)[1] in draft.answer, draft.answer
    assert "that is why they want cyber" not in draft.answer  # the summary is not quoted
    assert f"{FOLDER}/raw.txt" in draft.citations
    assert directory.asked[0] == "why does want cyber"  # the initials are the account's name
    assert any("fake invoice" in query for query in directory.asked[1:])


OVEN = "A new oven arriving in December costs about $85,000 and should be added to the policy."
SPANISH = "Dana: El horno nuevo llega en diciembre, cuesta como 85 mil."


class SpanishSource(SummaryFirst):
    """The raw file tells the summary's fact in Spanish: no query in English finds it."""

    def hits(self, text: str) -> list[PassageHit]:
        if len(self.asked) > 1:
            return [OPENER]
        return [_hit(OVEN, f"{FOLDER}/summary.md", "summary", 5), OPENER]


@pytest.mark.anyio
async def test_a_summary_whose_source_says_it_otherwise_is_quoted(memory: MemoryRoot) -> None:
    (memory.root / FOLDER / "summary.md").write_text(f"---\nchannel: call\n---\n{OVEN}\n")
    (memory.root / FOLDER / "raw.txt").write_text(RAW + SPANISH + "\n", encoding="utf-8")
    session = ToolSession(Toolbox(memory, SpanishSource(), []), new_budget(), NoProgress())
    draft = await AccountEngine().answer(session, ACCOUNT, NAME, "what's the new oven worth")
    assert "$85,000" in draft.answer, draft.answer
    assert f"{FOLDER}/summary.md" in draft.citations
    assert f"{FOLDER}/raw.txt" in draft.citations  # the source it summarises


def test_initials_leave_out_the_legal_form_and_small_words() -> None:
    assert initials(NAME) == "BMP"
    assert initials("Ember & Oak Coffee Roasters, Inc.") == "EOCR"
    assert initials("Acme LLC") == ""
    assert without_name("is BMP quoted yet", NAME) == "is quoted yet"
    assert (
        without_name("the bmp lumber order", NAME) == "the bmp lumber order"
    )  # lower case: a word


class CallOnly(SummaryFirst):
    """Only the call's turn, which says the amount in words."""

    def hits(self, text: str) -> list[PassageHit]:
        return [_hit(LOSS, f"{FOLDER}/raw.txt", "call", 6)]


@pytest.mark.anyio
async def test_an_amount_said_in_words_is_given_in_figures_beside_the_quote(
    memory: MemoryRoot,
) -> None:
    session = ToolSession(Toolbox(memory, CallOnly(), []), new_budget(), NoProgress())
    draft = await AccountEngine().answer(session, ACCOUNT, NAME, "how much did the scam cost them")
    assert "eleven thousand dollars" in draft.answer, draft.answer  # the quote as said
    assert "(11,000 in figures)" in draft.answer


OPENING = "Dana: The second shop opens in March, on the highway."


class OpeningCall(SummaryFirst):
    def hits(self, text: str) -> list[PassageHit]:
        return [_hit(OPENING, f"{FOLDER}/raw.txt", "call", 6)]


class NextStepByExamples:
    """Labelled examples that read the question as asking state.md's next step."""

    async def field_of(self, question: str) -> str | None:
        return "next_step"


@pytest.mark.anyio
async def test_a_field_read_only_from_examples_also_reads_the_files(memory: MemoryRoot) -> None:
    session = ToolSession(Toolbox(memory, OpeningCall(), []), new_budget(), NoProgress())
    engine = AccountEngine(by_examples=NextStepByExamples())  # type: ignore[arg-type]
    draft = await engine.answer(session, ACCOUNT, NAME, "when does the second shop open")
    assert "Send the application" in draft.answer, draft.answer  # the field the examples read
    assert "opens in March" in draft.answer  # and what the files say in their own words


def test_the_raw_line_saying_the_summary_sentence_is_followed_not_its_neighbour() -> None:
    """A text message is found with its neighbours: the index may rank the line after the one
    that says it first."""
    path = "accounts/1/sources/sms/sms_20261009_1441/raw.txt"
    raws = [
        _hit("Ray: the new van is ours from dec 1", path, "sms", 5),
        _hit("Ray: resale is maybe 30%. mostly used tires and rims", path, "sms", 4),
    ]
    [chosen] = closest_said("Resale of used tires is about 30% of sales.", raws)
    assert chosen.line == 4
    assert closest_said("Nothing of theirs.", raws) == raws[:1]  # no line says it: index order
