"""A question quoted from the files that its own file leaves unanswered (an underwriter's list
of questions) is followed by the answer a later source gives (the client's text two days on),
cited; a later passage that is itself a question, or that shares too little, answers nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from fake_directory import FakeDirectory

from harper_common.bus.progress import NoProgress
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import PassageChannel, PassageHit
from harper_search.account_engine import AccountEngine
from harper_search.session import ToolSession
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox

ACCOUNT = "40002"
NAME = "Larkspur Candle Works"
EMAIL = f"accounts/{ACCOUNT}/sources/emails/email_20261012_1500/raw.txt"
TEXTS = f"accounts/{ACCOUNT}/sources/sms/sms_20261014_1600/raw.txt"
STATE = f"""---
account_id: "{ACCOUNT}"
name: {NAME}
stage: Submitted
industry: Candle Maker
location: "Asheville, NC"
insurance_types: [Commercial Property]
primary_contact:
  name: Robin Hale
  email: robin@example.com
last_contact: 2026-10-14
next_step: Wait for the carrier
pending_actions: []
version: 1
updated_at: 2026-10-14T10:00:00Z
---
# {NAME}
"""
QUESTION = "1) Is the sprinkler system monitored by a central station?"
ANSWER = "Robin: 1) yes, Brightline Security central station, monitored around the clock"
ASKED_BACK = "Robin: which central station do they want monitoring the sprinklers?"


def _hit(text: str, path: str, channel: PassageChannel, day: int) -> PassageHit:
    return PassageHit(
        score=0.5, account_id=ACCOUNT, path=path, channel=channel, line=5, text=text,
        kind="paragraph" if channel == "email" else "message",
        speaker="Jo Pruitt" if channel == "email" else "Robin Hale",
        date=datetime(2026, 10, day, 15, tzinfo=UTC),
    )  # fmt: skip


class QuestionFirst(FakeDirectory):
    """The underwriter's question ranks first for the broker's question; a search made of the
    underwriter's own words finds it again, then ``later`` (the client's text)."""

    def __init__(self, later: str) -> None:
        super().__init__()
        self.later = later

    def hits(self, text: str) -> list[PassageHit]:
        asked = _hit(QUESTION, EMAIL, "email", 12)
        if "central station" in text:
            return [asked, _hit(self.later, TEXTS, "sms", 14)]
        return [asked]


@pytest.fixture
def memory(tmp_path: Path) -> MemoryRoot:
    for path, body in (
        (EMAIL, f"From: Jo Pruitt\nDate: 2026-10-12T15:00:00Z\n\n{QUESTION}\n"),
        (TEXTS, f"Date: 2026-10-14T15:00:00Z\nParticipants: Robin Hale\n\n{ANSWER}\n"),
        (f"accounts/{ACCOUNT}/state.md", STATE),
    ):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(body, encoding="utf-8")
    return MemoryRoot(tmp_path)


async def _answer(memory: MemoryRoot, later: str) -> tuple[str, list[str]]:
    session = ToolSession(Toolbox(memory, QuestionFirst(later), []), new_budget(), NoProgress())
    question = "which company watches the sprinklers at larkspur"
    draft = await AccountEngine().answer(session, ACCOUNT, NAME, question)
    return draft.answer, draft.citations


@pytest.mark.anyio
async def test_a_question_left_open_is_followed_by_its_later_answer(memory: MemoryRoot) -> None:
    answer, cited = await _answer(memory, ANSWER)
    assert QUESTION in answer, answer
    assert f'answered later: "{ANSWER}" (sms of 2026-10-14' in answer
    assert TEXTS in cited and EMAIL in cited


@pytest.mark.anyio
async def test_a_later_question_answers_nothing(memory: MemoryRoot) -> None:
    answer, _ = await _answer(memory, ASKED_BACK)
    assert QUESTION in answer, answer
    assert "answered later" not in answer
