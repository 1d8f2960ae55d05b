"""The search agent service. Run alone with ``harper serve search`` (NATS_URL, HARPER_MEM_ROOT).

At start it builds its catalog (names, places, trades, the words of each state.md: the vocabulary
of the book) from state.md files and source folder names in a worker thread, refreshed one account
at a time from the account events (a plain core-NATS subscription, so every replica keeps its own
copy current). Text is searched through the indexer's passage index.
Questions go to `SearchAgent` on ``harper.search.ask``; the brain is Claude when
``HARPER_BRAIN`` resolves to claude, else the local engine.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from datetime import date

from pydantic import ValidationError

from harper_common.brain.claude import ClaudeClient
from harper_common.brain.settings import BrainSettings
from harper_common.brain.usage import AuditLog
from harper_common.bus.client import BusClient
from harper_common.bus.index_client import IndexClient
from harper_common.bus.progress import BusProgress
from harper_common.bus.routes import event_listener
from harper_common.bus.service import BusService
from harper_common.memory.paths import MemoryRoot
from harper_common.messages import endpoints, subjects
from harper_common.messages.events import AccountEvent
from harper_common.settings import HarperSettings
from harper_common.skills import Skill, SkillError, load_skills, skills_index
from harper_search.agent import SearchAgent, utc_today
from harper_search.book_values import BookValues
from harper_search.catalog import Catalog
from harper_search.claude_brain import ClaudeBrain
from harper_search.evidence import HasSources
from harper_search.first_turn import FirstTurn
from harper_search.listing_reader import ListingReader
from harper_search.listing_words import ListingWords, load_listing_words
from harper_search.local_brain import LocalBrain
from harper_search.own_actions import OwnActions
from harper_search.state_fields import asked_fields
from harper_search.text_vectors import TextVectors
from harper_search.toolbox import Toolbox

NAME = "search"
log = logging.getLogger(__name__)


class MemoryViews:
    """The catalog, built at start and refreshed per account. (Text is searched through the
    indexer's passage index, shared by every replica: nothing else is built here.)"""

    def __init__(self, memory: MemoryRoot) -> None:
        self.catalog = Catalog(memory)
        self.catalog_ready = False
        self.progress = "not started"

    def build(self) -> None:
        started = time.perf_counter()
        self.catalog.build()
        self.catalog_ready = True
        self.progress = f"catalog ready ({len(self.catalog.cards)} accounts)"
        log.info("search %s in %.1f s", self.progress, time.perf_counter() - started)

    def refresh(self, account_id: str) -> None:
        self.catalog.refresh_account(account_id)

    def health(self) -> tuple[bool, str]:
        return self.catalog_ready, self.progress


def build(settings: HarperSettings) -> BusService:
    service = BusService(NAME, settings)
    memory = MemoryRoot(settings.mem_root)
    views = MemoryViews(memory)
    service.health_detail = views.health
    skills = _skills(settings)
    index = IndexClient(BusClient(service.broker, timeout_s=settings.request_timeout_s))
    toolbox = Toolbox(memory, index, skills)

    def sources_on_file(account_id: str) -> bool:
        card = views.catalog.get(account_id)
        return bool(card and card.sources)

    book = BookValues(toolbox)
    vectors = TextVectors(index)
    words = _listing_words(skills)
    reader = ListingReader(words, book, vectors)
    local = LocalBrain(
        views.catalog,
        views.catalog.has_word,
        reader=reader,
        own_actions=OwnActions(vectors, words.action_examples),
    )
    first_turn = FirstTurn(reader, asks_state_field=lambda question: bool(asked_fields(question)))
    agent = SearchAgent(
        toolbox=toolbox,
        local=local,
        has_sources=sources_on_file,
        progress=lambda request_id: BusProgress(service.broker, request_id, NAME),
        claude=_claude(service, skills, sources_on_file, first_turn),
        audit=AuditLog(settings.data_dir),
        today=pinned_today(settings),
    )
    service.serve(endpoints.SEARCH_ASK, agent.handle)
    _follow_account_events(service, views, book)

    async def build_views() -> None:
        await asyncio.to_thread(views.build)

    service.in_background("build the catalog", build_views)
    return service


def _skills(settings: HarperSettings) -> list[Skill]:
    try:
        return load_skills(settings.skills_dir, "search")
    except SkillError as exc:
        log.warning("search skills not loaded from %s: %s", settings.skills_dir, exc)
        return []


def _claude(
    service: BusService, skills: list[Skill], has_sources: HasSources, first_turn: FirstTurn
) -> ClaudeBrain | None:
    """The Claude brain when HARPER_BRAIN resolves to claude (a key is set), else None."""
    brain_settings = BrainSettings()
    if brain_settings.resolved_brain != "claude":
        return None
    client = ClaudeClient.from_settings(brain_settings, agent="search")
    service.on_stop.append(client.aclose)
    return ClaudeBrain(client, skills_index(skills), has_sources, first_turn)


def _listing_words(skills: list[Skill]) -> ListingWords:
    """The listing words of the description-search skill (none when it cannot be read)."""
    try:
        return load_listing_words(skills)
    except SkillError as exc:
        log.warning("listing words not loaded (category words will not be read): %s", exc)
        return ListingWords()


def _follow_account_events(service: BusService, views: MemoryViews, book: BookValues) -> None:
    """Every replica hears every account event (core NATS, no queue group, no durable)."""

    async def on_event(body: bytes) -> None:
        try:
            event = AccountEvent.model_validate_json(body)
        except ValidationError:
            log.warning("ignoring an account event that does not parse")
            return
        book.changed(event.account_id, event.version)
        await asyncio.to_thread(views.refresh, event.account_id)

    event_listener(service.broker, subjects.ACCOUNT_EVENTS_ALL, on_event)


async def serve(settings: HarperSettings, stop: asyncio.Event) -> None:
    await build(settings).run(stop)


def pinned_today(settings: HarperSettings) -> Callable[[], date]:
    """The day "how long since contact" is counted from: the one the follow-up agent uses too
    (``HARPER_FOLLOWUP_TODAY`` when a deployment pins it), else today (UTC)."""
    pinned = settings.followup_today
    return (lambda: pinned) if pinned is not None else utc_today
