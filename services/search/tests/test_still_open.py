"""Who still waits on something is read from each account's next step and pending actions (what
is open now), not from a sentence of its files that once named the thing."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from fake_directory import FakeDirectory, email_hit

from harper_common.bus.progress import NoProgress
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import (
    AccountPayload,
    DescriptionFilters,
    PassageHit,
    ScanReply,
)
from harper_common.skills import load_skills
from harper_search.account_engine import both_ways
from harper_search.catalog import Catalog
from harper_search.listing_engine import ListingEngine
from harper_search.listing_query import ListingQuery
from harper_search.listing_words import load_listing_words
from harper_search.open_items import Phrases, open_items, thing_asked
from harper_search.session import ToolSession
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox

WAITS = "51101"
GOT_THEM = "51102"
EMAIL = "Date: 2026-10-08T09:00:00Z\nFrom: Dana <dana@example.com>\nSubject: Re: renewal\n\n{}\n"


SKILLS = Path(__file__).resolve().parents[3] / "skills"
WORDS = load_listing_words(load_skills(SKILLS, "search"))


def test_the_words_asking_what_is_still_open_are_found_as_written() -> None:
    words = Phrases(WORDS.open_words)
    assert {"still", "waiting", "for"} <= words.said_in("anyone still waiting for appraisals?")
    assert {"haven't", "received"} <= words.said_in("which clients haven\u2019t received the COI")
    assert not words.said_in("which clients mailed the appraisal")
    assert not words.said_in("any claims waiting to happen")  # "waiting" alone is not the phrase


def test_a_next_step_saying_there_is_none_holds_nothing_open() -> None:
    account = AccountPayload(
        account_id="1",
        account_name="Dune Kites",
        stage="Bound",
        next_step="None until the renewal review",
        pending_actions=["Loss runs from Acme Mutual", " "],
    )
    assert [item.text for item in open_items(account)] == ["Loss runs from Acme Mutual"]


def test_an_open_item_names_the_thing_by_the_words_written_side_by_side() -> None:
    items = [
        "Driver list with license numbers",
        "Submit to carriers",
        "List of underwriting questions",
    ]
    thing = thing_asked("driver list carrier", "", items)
    assert thing.pairs == {frozenset({"driver", "list"})}
    assert thing.named_by(items[0])
    assert not thing.named_by(items[1])  # a carrier, but not the driver list
    assert not thing.named_by(items[2])


def test_a_date_in_the_question_names_no_thing() -> None:
    items = ["Signed application due by 12/9", "COI needed for the lease before 12/9"]
    thing = thing_asked("certificate 12/9", "coi", items)
    assert not thing.named_by(items[0])
    assert thing.named_by(items[1])


class Book(FakeDirectory):
    """Two accounts: one still waits on its appraisal (its pending actions say so), the other
    thanked for it in an email; the passage search finds both emails."""

    def __init__(self, pending: list[str]) -> None:
        super().__init__()
        self.pending = pending

    def hits(self, text: str) -> list[PassageHit]:
        return [
            email_hit(GOT_THEM, "Many thanks, the appraisal of the building arrived on the 1st."),
            email_hit(
                WAITS, "Could you ask Acme Appraisers to send the appraisal of the building?"
            ),
        ]

    async def scan(
        self, filters: DescriptionFilters | None = None, limit: int | None = None
    ) -> ScanReply:
        accounts = [
            AccountPayload(
                account_id=WAITS,
                account_name="Dune Kites",
                stage="Intake",
                pending_actions=self.pending,
            ),
            AccountPayload(
                account_id=GOT_THEM,
                account_name="Basin Glass",
                stage="Intake",
                next_step="Submit to Travelers",
                pending_actions=["Signed application"],
            ),
        ]
        return ScanReply(accounts=accounts, total=len(accounts))


@pytest.fixture
def memory(tmp_path: Path) -> MemoryRoot:
    for account_id, name, said in (
        (
            WAITS,
            "Dune Kites",
            "Could you ask Acme Appraisers to send the appraisal of the building?",
        ),
        (GOT_THEM, "Basin Glass", "Many thanks, the appraisal of the building arrived on the 1st."),
    ):
        folder = tmp_path / f"accounts/{account_id}/sources/emails/email_20261008_0900"
        folder.mkdir(parents=True)
        (folder / "raw.txt").write_text(EMAIL.format(said), encoding="utf-8")
        (tmp_path / f"accounts/{account_id}/state.md").write_text(
            f'---\naccount_id: "{account_id}"\nname: {name}\nstage: Intake\nversion: 1\n---\n',
            encoding="utf-8",
        )
    return MemoryRoot(tmp_path)


async def _ask(
    memory: MemoryRoot, pending: list[str], question: str, free_words: str
) -> tuple[str, list[str]]:
    catalog = Catalog(memory)
    catalog.build()
    words = WORDS
    engine = ListingEngine(
        catalog,
        event_groups=words.event_groups,
        open_words=Phrases(words.open_words),
        done_words=Phrases(words.done_words),
        shorthand=both_ways(words.shorthand),
    )
    session = ToolSession(Toolbox(memory, Book(pending), []), new_budget(), NoProgress())
    query = ListingQuery(
        filters=DescriptionFilters(),
        follow_up=False,
        quiet_days=None,
        counting=False,
        free_words=free_words,
    )
    draft = await engine.by_description(session, question, query, date(2026, 11, 2))
    return draft.answer, draft.citations


@pytest.mark.anyio
async def test_who_still_waits_is_the_account_whose_pending_actions_hold_it(
    memory: MemoryRoot,
) -> None:
    answer, cited = await _ask(
        memory,
        ["Appraisal from Acme Appraisers"],
        "anyone still waiting for an appraisal?",
        "still waiting appraisal",
    )
    assert f"(account {WAITS})" in answer and "Appraisal from Acme Appraisers" in answer
    assert f"(account {GOT_THEM})" not in answer  # its appraisal arrived
    assert f"accounts/{WAITS}/state.md" in cited


@pytest.mark.anyio
async def test_when_no_account_holds_it_open_the_files_are_read(memory: MemoryRoot) -> None:
    answer, _ = await _ask(
        memory,
        ["Signed application"],
        "anyone still waiting for an appraisal?",
        "still waiting appraisal",
    )
    assert "next step and pending actions" not in answer
    assert f"(account {GOT_THEM})" in answer and f"(account {WAITS})" in answer


@pytest.mark.anyio
async def test_who_already_has_it_leaves_out_the_accounts_still_waiting(
    memory: MemoryRoot,
) -> None:
    answer, _ = await _ask(
        memory,
        ["Appraisal from Acme Appraisers"],
        "anyone sent us the appraisal already?",
        "already sent appraisal",
    )
    assert f"(account {GOT_THEM})" in answer
    assert f"(account {WAITS})" not in answer  # its pending actions still hold the appraisal
