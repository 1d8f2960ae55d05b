"""Stand-ins around the starter for `bench_starter_decide`: the agents, sessions and the index.

The agents answer at once (`RecordingBus` keeps what was handed over), sessions stay in memory,
and `CountingIndex` counts each call the starter makes of the index (look-ups, searches,
passages, embeddings) before passing it on.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from harper_common.bus.progress import NoProgress
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.base import WireModel
from harper_common.messages.query import (
    AgentRequest,
    AnswerResponse,
    ClarificationNeeded,
    ConfirmationRequired,
)
from harper_common.sessions import PendingSession, SessionStore
from harper_indexer.account_index import AccountIndex
from harper_indexer.edge_store import EdgeStore
from harper_indexer.embedding import make_embedder
from harper_indexer.in_process import InProcessDirectory
from harper_indexer.ingest import ingest_memory_root
from harper_indexer.passage_index import PassageIndex
from harper_indexer.passage_store import EdgePassageStore
from harper_indexer.source_people import source_people
from harper_starter.agent import StarterAgent
from harper_starter.intent import IntentClassifier


def in_process_index(mem: Path, folder: Path, models: Path) -> InProcessDirectory:
    """The book's accounts and passages indexed in this process, as the indexer does it; it
    embeds texts too (``harper.index.embed``), for the starter's intent examples."""
    embedder = make_embedder(models)
    embedder.load()
    memory = MemoryRoot(mem)
    index = AccountIndex(
        EdgeStore(folder / "index", dense_dim=embedder.dim),
        embedder,
        people_of=lambda account_id: source_people(memory.account_dir(account_id)),
    )
    ingest_memory_root(mem, index)
    passages = PassageIndex(
        EdgePassageStore(folder / "passages", dense_dim=embedder.dim), embedder, memory
    )
    for account_id in memory.account_ids():
        passages.refresh(account_id)
    passages.fill_complete = True
    return InProcessDirectory(index, passages)


class CountingIndex:
    """Passes each call on to ``inner``, counting calls by name in ``calls``."""

    def __init__(self, inner: Any, calls: Counter[str] | None = None) -> None:
        self.inner = inner
        self.calls: Counter[str] = Counter() if calls is None else calls

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.inner, name)

        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return await method(*args, **kwargs)

        return counted


class RecordingBus:
    """The agents: keeps the request handed over and answers it at once."""

    def __init__(self) -> None:
        self.last: AgentRequest | None = None

    async def request(
        self, subject: str, message: WireModel, reply_type: object, **_: object
    ) -> Any:
        assert isinstance(message, AgentRequest)
        self.last = message
        return AnswerResponse(request_id=message.request_id, answer="")


class Sessions(SessionStore):
    """Pending sessions in a dict."""

    def __init__(self) -> None:
        self.saved: dict[str, PendingSession] = {}

    async def save(self, session: PendingSession) -> None:
        self.saved[session.session_id] = session

    async def get(self, session_id: str) -> PendingSession | None:
        return self.saved.get(session_id)


def outcome(reply: Any, handed: AgentRequest | None) -> dict[str, Any]:
    """What the starter decided for one query, without ids that change between runs."""
    seen: dict[str, Any] = {"type": reply.type}
    if handed is not None:
        seen["intent"] = handed.intent.model_dump()
        seen["account"] = handed.account.model_dump() if handed.account else None
    if isinstance(reply, ClarificationNeeded):
        seen.update(message=reply.message, reason=reply.reason, suggestions=reply.suggestions)
    if isinstance(reply, ConfirmationRequired):
        seen.update(message=reply.message, account_name=reply.account_name)
        seen["alternatives"] = [a.model_dump() for a in reply.alternatives]
    return seen


async def recording_starter(
    index: Any, embedder: Any
) -> tuple[StarterAgent, RecordingBus, CountingIndex]:
    """A starter over ``index`` whose agents are a `RecordingBus`, its intent examples embedded
    by ``embedder`` and every index call (the embedder's too) counted in the returned index."""
    counting = CountingIndex(index)
    classifier = IntentClassifier(CountingIndex(embedder, counting.calls))
    await classifier.warm()
    bus = RecordingBus()
    agent = StarterAgent(
        classifier=classifier,
        index=counting,
        sessions=Sessions(),
        bus=bus,  # type: ignore[arg-type]
        progress=lambda _: NoProgress(),
    )
    return agent, bus, counting
