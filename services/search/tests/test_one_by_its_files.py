"""A question about one account the starter could not name ("the agreed value on the vintage
console") is answered about the account whose files hold every one of its best passages; when
the best passages come from two accounts, or the question speaks of several, the book is
searched as a listing."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from fake_directory import FakeDirectory

from harper_common.bus.progress import NoProgress
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import AccountPayload, PassageHit
from harper_common.messages.query import AgentRequest, IntentInfo
from harper_search.catalog import Catalog
from harper_search.local_brain import LocalBrain, one_account_meant, said_of_one
from harper_search.session import ToolSession
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox

ACCOUNTS = {"51001": "Reno Kite Shop", "51002": "Sparks Sound Studio"}
CONSOLE = "Sam: The vintage mixing console is scheduled at an agreed value of $90,000."


def _state(account_id: str, name: str) -> str:
    return (
        f'---\naccount_id: "{account_id}"\nname: {name}\nstage: Quoted\n'
        f'industry: Retail\nlocation: "Reno, NV"\nversion: 1\n---\n# {name}\n'
    )


def _hit(account_id: str, line: int) -> PassageHit:
    path = f"accounts/{account_id}/sources/calls/call_20260301_0900/raw.txt"
    return PassageHit(
        score=0.5, account_id=account_id, path=path, channel="call", line=line, text=CONSOLE,
        kind="turn", speaker="Sam", date=datetime(2026, 3, 1, 9, tzinfo=UTC),
    )  # fmt: skip


class Passages(FakeDirectory):
    def __init__(self, owners: list[str]) -> None:
        super().__init__()
        self.owners = owners

    def hits(self, text: str) -> list[PassageHit]:
        return [_hit(owner, n + 3) for n, owner in enumerate(self.owners)]


@pytest.fixture
def memory(tmp_path: Path) -> MemoryRoot:
    for account_id, name in ACCOUNTS.items():
        folder = tmp_path / f"accounts/{account_id}/sources/calls/call_20260301_0900"
        folder.mkdir(parents=True)
        (folder / "raw.txt").write_text(
            f"Date: 2026-03-01T09:00:00Z\nParticipants: Sam\n\n{CONSOLE}\n", encoding="utf-8"
        )
        (tmp_path / f"accounts/{account_id}/state.md").write_text(
            _state(account_id, name), encoding="utf-8"
        )
    return MemoryRoot(tmp_path)


async def _ask(
    memory: MemoryRoot,
    owners: list[str],
    intent: IntentInfo,
    query: str = "agreed value on the vintage console",
) -> str | None:
    catalog = Catalog(memory)
    catalog.build()
    session = ToolSession(Toolbox(memory, Passages(owners), []), new_budget(), NoProgress())
    request = AgentRequest(request_id="r", query=query, intent=intent)
    draft = await LocalBrain(catalog).answer(request, session, date(2026, 3, 2))
    return draft.account_id


ONE = IntentInfo(intent="search", confidence=0.8, requires_specific_account=True)
SEVERAL = IntentInfo(intent="search", confidence=0.8, cross_account=True)


@pytest.mark.anyio
async def test_the_account_whose_files_hold_every_best_passage_is_read(memory: MemoryRoot) -> None:
    assert await _ask(memory, ["51002"] * 3, ONE) == "51002"


@pytest.mark.anyio
async def test_two_accounts_files_or_a_question_about_several_list_the_book(
    memory: MemoryRoot,
) -> None:
    assert await _ask(memory, ["51002", "51001", "51002"], ONE) is None
    several = "which accounts have an agreed value on a vintage console"
    assert await _ask(memory, ["51002"] * 3, SEVERAL, several) is None
    # the two best are one account's, but another's passage says the same: nothing tells
    assert await _ask(memory, ["51002", "51002", "51001"], ONE) is None


@pytest.mark.anyio
async def test_two_best_passages_and_a_word_only_they_hold_name_the_account(
    memory: MemoryRoot,
) -> None:
    assert await _ask(memory, ["51002"] * 2, ONE) == "51002"


@pytest.mark.anyio
async def test_a_question_read_as_about_several_but_saying_no_listing_word_is_one_accounts(
    memory: MemoryRoot,
) -> None:
    """ "who goes on the gala certificate as insured": the starter reads "who goes" as
    about several, but only one account's files speak of it; all three best passages must be
    its own (two, and words only they hold, are not enough without the starter's reading)."""
    assert await _ask(memory, ["51002"] * 3, SEVERAL) == "51002"
    assert await _ask(memory, ["51002"] * 2, SEVERAL) is None


def _payload(account_id: str, name: str, industry: str) -> AccountPayload:
    return AccountPayload(
        account_id=account_id, account_name=name, stage="Quoted", industry=industry
    )


def test_of_the_accounts_a_description_fits_the_one_whose_trade_is_said_is_meant() -> None:
    vet = _payload("1", "Paws & Claws, P.C.", "Veterinary Clinic")
    plumber = _payload("2", "Cornerstone Drain", "Plumbing Contractor")
    found = said_of_one("what did the vet say about the new building", [vet, plumber])
    assert found == [vet]  # "vet" cuts "veterinary" short; "building" names neither
    assert said_of_one("what did they say about the new building", [vet, plumber]) is None


def test_how_many_of_one_accounts_things_is_about_that_account() -> None:
    assert one_account_meant("how many trucks does the bakery run")
    assert not one_account_meant("how many bakeries do we have")
    assert not one_account_meant("how many accounts are in texas")


@pytest.mark.anyio
async def test_passages_that_only_share_a_word_of_their_accounts_name_name_no_account(
    memory: MemoryRoot,
) -> None:
    """Every file of "Sparks Sound Studio" writes "Sound" (headers, signatures): three best
    passages of its own that share no other word of the question tell nothing."""
    question = "the sound problem on the vintage mixing job"
    assert await _ask(memory, ["51002"] * 3, ONE, question) == "51002"  # "vintage", "mixing"
    assert await _ask(memory, ["51002"] * 3, ONE, "the sound problem") is None
