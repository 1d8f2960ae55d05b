"""An email address or a phone number in a question names the account that holds it: its
state.md's (a contact's, a person of its notes), else its files' (a text that gives it); two
accounts holding it name neither."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from fake_directory import FakeDirectory

from harper_common.bus.progress import NoProgress
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import PassageHit
from harper_common.messages.query import AgentRequest, IntentInfo
from harper_search.catalog import Catalog
from harper_search.local_brain import LocalBrain
from harper_search.session import ToolSession
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox

KITES = "51001"
SOUND = "51002"
BAKERY = "51003"
SHARED_BOOKKEEPER = "dana@ruizbooks.example"
SMS_PATH = f"accounts/{SOUND}/sources/sms/sms_20260301_0900/raw.txt"
SMS_LINE = "2026-03-01 09:00 Joe Pike: new cell for me is 775-555-0199, the shop line is dead"


def _state(account_id: str, name: str, people: str) -> str:
    return (
        f'---\naccount_id: "{account_id}"\nname: {name}\nstage: Quoted\n'
        f'industry: Retail\nlocation: "Reno, NV"\n{people}version: 1\n---\n# {name}\n\n'
        f"## Notes\n- Bookkeeper Dana Ruiz ({SHARED_BOOKKEEPER}) sends the figures.\n"
    )


STATES = {
    KITES: _state(
        KITES,
        "Reno Kite Shop",
        "primary_contact:\n  name: Ann Lee\n  email: Ann@RenoKites.example\n"
        "  phone: (775) 555-0142\n",
    ),
    SOUND: _state(SOUND, "Sparks Sound Studio", "primary_contact:\n  name: Joe Pike\n"),
    BAKERY: _state(BAKERY, "Sparks Bakery", ""),
}


class TextsOnly(FakeDirectory):
    """The passage index: one text of Sparks Sound Studio gives a number no state.md holds."""

    def hits(self, text: str) -> list[PassageHit]:
        return [
            PassageHit(
                score=0.4, account_id=SOUND, path=SMS_PATH, channel="sms", line=1,
                text=SMS_LINE, kind="message", speaker="Joe Pike",
                date=datetime(2026, 3, 1, 9, tzinfo=UTC),
            )
        ]  # fmt: skip


@pytest.fixture
def memory(tmp_path: Path) -> MemoryRoot:
    for account_id, text in STATES.items():
        (tmp_path / f"accounts/{account_id}").mkdir(parents=True)
        (tmp_path / f"accounts/{account_id}/state.md").write_text(text, encoding="utf-8")
    sms = tmp_path / SMS_PATH
    sms.parent.mkdir(parents=True)
    sms.write_text(SMS_LINE + "\n", encoding="utf-8")
    return MemoryRoot(tmp_path)


async def _answered_about(memory: MemoryRoot, question: str) -> str | None:
    catalog = Catalog(memory)
    catalog.build()
    session = ToolSession(Toolbox(memory, TextsOnly(), []), new_budget(), NoProgress())
    intent = IntentInfo(intent="search", confidence=0.8)
    request = AgentRequest(request_id="r", query=question, intent=intent)
    draft = await LocalBrain(catalog).answer(request, session, date(2026, 3, 2))
    return draft.account_id


@pytest.mark.anyio
@pytest.mark.parametrize(
    "question",
    [
        "who is ann@renokites.example",  # case differs from state.md's
        "whose number is 775.555.0142",
        "got a voicemail from 555-0142, who is that",  # no area code
    ],
)
async def test_a_mark_state_md_holds_names_its_account(memory: MemoryRoot, question: str) -> None:
    assert await _answered_about(memory, question) == KITES


@pytest.mark.anyio
async def test_a_mark_only_the_files_hold_names_the_account_of_those_files(
    memory: MemoryRoot,
) -> None:
    assert await _answered_about(memory, "who called from (775) 555-0199") == SOUND


@pytest.mark.anyio
async def test_a_mark_two_accounts_hold_or_nobody_holds_names_no_account(
    memory: MemoryRoot,
) -> None:
    assert await _answered_about(memory, f"who is {SHARED_BOOKKEEPER}") is None
    assert await _answered_about(memory, "whose number is (702) 555-0100") is None


@pytest.mark.anyio
async def test_an_address_of_a_business_own_domain_names_it_a_mail_service_does_not(
    memory: MemoryRoot,
) -> None:
    assert await _answered_about(memory, "who is orders@renokites.example") == KITES
    assert await _answered_about(memory, "who is ann.lee@mailservice.example") is None
