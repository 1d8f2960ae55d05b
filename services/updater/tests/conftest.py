"""The updater's unit-test world: a temp copy of demo data, a real Redis for sessions, and
recording stand-ins for the two seams that leave the process (JetStream, the indexer)."""

from __future__ import annotations

import shutil
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from redis.asyncio import Redis

from harper_common.demo import generate_demo
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import IndexApplied
from harper_common.sessions import SessionStore
from harper_updater.agent import UpdaterAgent, UpdaterDeps
from harper_updater.brain import LocalBrain, UpdateBrain
from harper_updater.writer import AccountWriter

sys.path.insert(0, str(Path(__file__).parent))  # updater_fakes, shared by the test modules
from updater_fakes import RecordingPublisher  # noqa: E402

AS_OF = date(2026, 11, 22)
NOW = datetime(2026, 11, 22, 15, 30, tzinfo=UTC)


@dataclass
class ConfirmingIndex:
    """The indexer's wait: confirms once the event for that version was published."""

    publisher: RecordingPublisher
    waits: list[tuple[str, int]] = field(default_factory=list)

    async def wait_for(self, account_id: str, version: int, timeout_s: float = 5.0) -> IndexApplied:
        self.waits.append((account_id, version))
        held = any(
            e.account_id == account_id and e.version >= version for e in self.publisher.events
        )
        description = f"indexed {account_id} v{version}" if held else ""
        return IndexApplied(
            account_id=account_id, version=version, applied=held, description=description
        )


@pytest.fixture(scope="session")
def demo_mem(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("demo")
    generate_demo(
        base / "mem", accounts=12, seed=7, as_of=AS_OF, truth_path=base / "truth.json", workers=1
    )
    return base / "mem"


@pytest.fixture
def memory(demo_mem: Path, tmp_path: Path) -> MemoryRoot:
    shutil.copytree(demo_mem, tmp_path / "mem")
    return MemoryRoot(tmp_path / "mem")


@pytest.fixture
async def sessions(redis_url: str) -> AsyncIterator[SessionStore]:
    redis = Redis.from_url(redis_url)
    try:
        yield SessionStore(redis, ttl_s=600, prefix="test:updater")
    finally:
        await redis.aclose()


@pytest.fixture
def publisher() -> RecordingPublisher:
    return RecordingPublisher()


@pytest.fixture
def writer(memory: MemoryRoot, publisher: RecordingPublisher) -> AccountWriter:
    return AccountWriter(memory, publisher, clock=lambda: NOW)


@dataclass
class AgentKit:
    agent: UpdaterAgent
    memory: MemoryRoot
    publisher: RecordingPublisher
    index: ConfirmingIndex
    sessions: SessionStore


@pytest.fixture
def make_kit(
    memory: MemoryRoot,
    writer: AccountWriter,
    publisher: RecordingPublisher,
    sessions: SessionStore,
) -> object:
    def build(brain: UpdateBrain | None = None) -> AgentKit:
        index = ConfirmingIndex(publisher)
        deps = UpdaterDeps(
            memory=memory,
            writer=writer,
            index=index,
            sessions=sessions,
            brain=brain or LocalBrain(),
            clock=lambda: NOW,
        )
        return AgentKit(UpdaterAgent(deps), memory, publisher, index, sessions)

    return build


@pytest.fixture
def kit(make_kit: object) -> AgentKit:
    return make_kit()  # type: ignore[operator,no-any-return]
