"""A demo book (200 accounts) with its ground truth, indexed by the real indexer code in-process,
and a search agent over it.

The indexer's `AccountIndex` (trigram names, payload filters, scan) runs as it does in the
indexer service; only its embedding seam gets a small deterministic embedder, because these
tests exercise lookups and filters, not dense ranking, and loading MiniLM takes seconds.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from email_books import SaidBook, email_book, email_hit

from harper_common.bus.progress import NoProgress
from harper_common.demo import generate_demo
from harper_common.demo.truth import AccountTruth, GroundTruth
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import (
    AccountPayload,
    DescriptionFilters,
    DescriptionHit,
    PassageHit,
)
from harper_common.messages.progress import Step
from harper_common.messages.query import AccountRef, AgentRequest, IntentInfo
from harper_common.skills import Skill, load_skills
from harper_indexer.account_index import AccountIndex
from harper_indexer.edge_store import EdgeStore
from harper_indexer.embedding import MiniLMEmbedder
from harper_indexer.hash_embedder import WordHashEmbedder
from harper_indexer.in_process import InProcessDirectory
from harper_indexer.ingest import ingest_memory_root
from harper_indexer.passage_index import PassageIndex
from harper_indexer.passage_store import EdgePassageStore
from harper_search.agent import SearchAgent
from harper_search.book_values import BookValues
from harper_search.catalog import Catalog
from harper_search.denials import Denials
from harper_search.listing_engine import ListingEngine
from harper_search.listing_query import ListingQuery
from harper_search.listing_reader import ListingReader
from harper_search.listing_words import load_listing_words
from harper_search.local_brain import LocalBrain
from harper_search.own_actions import OwnActions
from harper_search.session import ToolSession
from harper_search.sides import Sides
from harper_search.text_vectors import TextVectors
from harper_search.timing import Timing
from harper_search.tool_specs import new_budget
from harper_search.toolbox import Toolbox

AS_OF = date(2026, 11, 22)
SKILLS = Path(__file__).resolve().parents[3] / "skills"


@dataclass
class RecordedProgress:
    steps: list[Step] = field(default_factory=list)

    async def step(self, step: Step) -> None:
        self.steps.append(step)


@dataclass
class Book:
    memory: MemoryRoot
    truth: GroundTruth
    directory: InProcessDirectory
    catalog: Catalog
    skills: list[Skill]

    def toolbox(self) -> Toolbox:
        return Toolbox(self.memory, self.directory, self.skills)

    def has_sources(self, account_id: str) -> bool:
        card = self.catalog.get(account_id)
        return bool(card and card.sources)


@pytest.fixture(scope="session")
def book(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Book]:
    base = tmp_path_factory.mktemp("book")
    generate_demo(
        base / "mem", accounts=200, seed=7, as_of=AS_OF, truth_path=base / "truth.json", workers=1
    )
    truth = GroundTruth.model_validate_json((base / "truth.json").read_text(encoding="utf-8"))
    memory = MemoryRoot(base / "mem")
    store = EdgeStore(base / "index", dense_dim=WordHashEmbedder.dim)
    account_index = AccountIndex(store, WordHashEmbedder())
    ingest_memory_root(base / "mem", account_index)
    passage_store = EdgePassageStore(base / "passages", dense_dim=WordHashEmbedder.dim)
    passage_index = PassageIndex(passage_store, WordHashEmbedder(), memory)
    for account_id in memory.account_ids():
        passage_index.refresh(account_id)
    passage_index.fill_complete = True
    catalog = Catalog(memory)
    catalog.build()
    skills = load_skills(SKILLS, "search")
    directory = InProcessDirectory(account_index, passage_index)
    yield Book(memory, truth, directory, catalog, skills)
    store.close()
    passage_store.close()


AgentFactory = Callable[..., SearchAgent]
RequestFactory = Callable[..., AgentRequest]


@pytest.fixture
def progress() -> RecordedProgress:
    return RecordedProgress()


class InProcessEmbedder:
    """What ``harper.index.embed`` answers (MiniLM), computed in this process."""

    def __init__(self) -> None:
        self.model = MiniLMEmbedder()

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[float(x) for x in row] for row in self.model.embed(texts)]


@pytest.fixture(scope="session")
def text_vectors() -> TextVectors:
    return TextVectors(InProcessEmbedder())


@pytest.fixture
def make_agent(book: Book, progress: RecordedProgress, text_vectors: TextVectors) -> AgentFactory:
    """A search agent over the book (local engine unless ``claude=`` is given); its listing
    words come from the skill, the book's values from the index, vectors from MiniLM."""
    words = load_listing_words(book.skills)
    reader = ListingReader(words, BookValues(book.toolbox()), text_vectors)
    own = OwnActions(text_vectors, words.action_examples)

    def make(**knobs: Any) -> SearchAgent:
        return SearchAgent(
            toolbox=book.toolbox(),
            local=LocalBrain(book.catalog, book.catalog.has_word, reader, own),
            has_sources=book.has_sources,
            progress=lambda _request_id: progress,
            today=lambda: AS_OF,
            **knobs,
        )

    return make


@pytest.fixture
def make_request() -> RequestFactory:
    def make(query: str, account: AccountTruth | None = None) -> AgentRequest:
        """An AgentRequest as the starter sends it (account resolved, or a cross-account one)."""
        return AgentRequest(
            request_id="req-test",
            query=query,
            intent=IntentInfo(intent="search", confidence=0.9, cross_account=account is None),
            account=AccountRef(account_id=account.id, account_name=account.name)
            if account
            else None,
        )

    return make


SaidListing = Callable[[dict[str, str], str, str], Awaitable[str]]
"""(each account's sentence, the question, its free words) -> the listing's answer."""


class DescribedBook(SaidBook):
    """``SaidBook`` whose description search reads every account close, in the book's order,
    and records the text it was asked."""

    def __init__(self, said: dict[str, str]) -> None:
        super().__init__(said)
        self.described: list[str] = []

    async def search(
        self, text: str, filters: DescriptionFilters | None = None, limit: int = 10
    ) -> list[DescriptionHit]:
        self.described.append(text)
        return [
            DescriptionHit(score=0.5, payload=AccountPayload(
                account_id=account_id, account_name=f"Shop {account_id}", stage="Intake"
            ))
            for account_id in self.said
        ][:limit]  # fmt: skip


class WordedBook(SaidBook):
    """``SaidBook`` whose passage search finds a sentence only when it writes a word of the
    search's text in the same form (as a sparse index does: "referral" finds no "referred")."""

    def hits(self, text: str) -> list[PassageHit]:
        asked = set(text.lower().split())
        return [
            email_hit(account_id, sentence)
            for account_id, sentence in self.said.items()
            if asked & set(sentence.lower().replace(".", " ").split())
        ]


@pytest.fixture
def said_listing(tmp_path: Path) -> SaidListing:
    """A listing by what the files say (``ListingEngine.by_description``) over a book of one
    sentence per account (``email_book``), every sentence found for any question; the skill's
    words of what happened, of denial and of sides, as in production."""
    return _said_listing(tmp_path, SaidBook)


@pytest.fixture
def described_listing(tmp_path: Path) -> SaidListing:
    """``said_listing`` whose description search also reads every account close (``DescribedBook``):
    the accounts guessed beside the mentions show."""
    return _said_listing(tmp_path, DescribedBook)


@pytest.fixture
def worded_listing(tmp_path: Path) -> SaidListing:
    """``said_listing`` whose passage search finds only sentences writing a word of its text
    (``WordedBook``): what the search is asked decides what is found."""
    return _said_listing(tmp_path, WordedBook)


class ParagraphBook(SaidBook):
    """``SaidBook`` whose accounts' texts are paragraphs (split at blank lines), each found as a
    passage of its own, in the order written."""

    def hits(self, text: str) -> list[PassageHit]:
        return [
            email_hit(account_id, paragraph)
            for account_id, written in self.said.items()
            for paragraph in written.split("\n\n")
        ]


@pytest.fixture
def paragraph_listing(tmp_path: Path) -> SaidListing:
    """``said_listing`` over accounts saying several paragraphs (``ParagraphBook``)."""
    return _said_listing(tmp_path, ParagraphBook)


def _said_listing(tmp_path: Path, directory: type[SaidBook]) -> SaidListing:
    words = load_listing_words(load_skills(SKILLS, "search"))

    async def listed(said: dict[str, str], question: str, free_words: str) -> str:
        memory = email_book(tmp_path, said)
        catalog = Catalog(memory)
        catalog.build()
        engine = ListingEngine(
            catalog,
            denials=Denials.of_words(words),
            event_groups=words.event_groups,
            sides=Sides(words.sides),
            timing=Timing(words.time_relations),
            thing_kinds=words.thing_kinds,
        )
        session = ToolSession(Toolbox(memory, directory(said), []), new_budget(), NoProgress())
        query = ListingQuery(
            filters=DescriptionFilters(), follow_up=False, quiet_days=None, counting=False,
            free_words=free_words,
        )  # fmt: skip
        draft = await engine.by_description(session, question, query, date(2026, 11, 2))
        return draft.answer

    return listed
