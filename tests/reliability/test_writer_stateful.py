"""Scenario e: a hypothesis state machine against the updater's writer, in process: updates,
crashes (mid-write, before the files; and after the files, before the event), the relay's
replay, and a reindex from the files. Invariants after every step: the history chain is valid,
state.md equals the history replayed (each premium change starts where the last one ended, the
last one ends at state.md's premium, one entry per version), versions only rise; once the
outbox is empty, every version on disk has been published and an index rebuilt from the
events equals one rebuilt from the files.

Negative control: ``HARPER_RELIABILITY_NEGATIVE=outbox`` drops the outbox record right after a
crash after the files (as if the writer kept none): the event of that write is then never
published and the last invariant fails."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from fault_mode import negative, sized
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from harper_common.demo import generate_demo
from harper_common.memory.files import read_history, read_state
from harper_common.memory.history import verify_chain
from harper_common.memory.models import AccountState, FieldChange, History
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.events import AccountEvent, AccountEventKind
from harper_updater.relay import Relay
from harper_updater.writer import AccountWriter, Draft

AS_OF = date(2026, 11, 22)


class Crash(Exception):
    """Stands for the process dying at this point."""


class RecordingPublisher:
    """JetStream as the writer sees it: events kept in order; may be made to fail once."""

    def __init__(self) -> None:
        self.events: list[AccountEvent] = []
        self.fail_next = False

    async def publish(self, event: AccountEvent) -> None:
        if self.fail_next:
            self.fail_next = False
            raise Crash("died after the files, before the event")
        self.events.append(event)

    async def last_version(self, kind: AccountEventKind, account_id: str) -> int | None:
        versions = [e.version for e in self.events if (e.kind, e.account_id) == (kind, account_id)]
        return max(versions, default=None)


def premium_draft(premium: int) -> object:
    def mutate(state: AccountState | None, _: History) -> Draft | None:
        assert state is not None
        old = None if state.premium is None else str(state.premium)
        if old == str(premium):
            return None
        return Draft(
            state=state.model_copy(update={"premium": premium}),
            summary=f"premium set to {premium}",
            changes=[FieldChange(field="premium", old_value=old, new_value=str(premium))],
            evidence=None,
        )

    return mutate


class WriterMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.base = Path(tempfile.mkdtemp(prefix="harper-stateful-"))
        generate_demo(
            self.base / "mem", accounts=1, seed=3, as_of=AS_OF, truth_path=self.base / "t.json"
        )
        self.memory = MemoryRoot(self.base / "mem")
        [self.account] = self.memory.account_ids()
        self.publisher = RecordingPublisher()
        self.clock_at = datetime(2026, 11, 23, 9, tzinfo=UTC)
        self.writer = AccountWriter(self.memory, self.publisher, clock=self.tick)
        self.relay = Relay(self.writer)
        start = self.state()
        self.first_version = start.version
        self.first_entries = len(self.history().entries)
        self.first_premium = None if start.premium is None else str(start.premium)
        self.highest_version = start.version

    def tick(self) -> datetime:
        self.clock_at += timedelta(seconds=1)
        return self.clock_at

    def state(self) -> AccountState:
        return read_state(self.memory.state_path(self.account), self.account)

    def history(self) -> History:
        return read_history(self.memory.history_path(self.account))

    def commit(self, premium: int) -> None:
        try:
            asyncio.run(self.writer.commit(self.account, premium_draft(premium)))  # type: ignore[arg-type]
        except Crash:
            pass

    @rule(premium=st.integers(1_000, 99_999))
    def update(self, premium: int) -> None:
        self.commit(premium)

    @rule(premium=st.integers(1_000, 99_999))
    def crash_before_the_files(self, premium: int) -> None:
        """The outbox record is written, then the process dies before state.md/history.md."""
        put_files = self.writer._put_files

        def die(*_: object) -> list[str]:
            raise Crash("died before the files")

        self.writer._put_files = die  # type: ignore[method-assign]
        try:
            self.commit(premium)
        finally:
            self.writer._put_files = put_files  # type: ignore[method-assign]

    @rule(premium=st.integers(1_000, 99_999))
    def crash_after_the_files(self, premium: int) -> None:
        self.publisher.fail_next = True
        self.commit(premium)
        self.publisher.fail_next = False
        if negative("outbox"):
            for record in self.writer.outbox.pending():
                self.writer.outbox.remove(record)

    @rule()
    def replay(self) -> None:
        asyncio.run(self.relay.run_once())

    @invariant()
    def the_chain_is_valid(self) -> None:
        assert verify_chain(self.history()) == []

    @invariant()
    def the_state_is_the_history_replayed(self) -> None:
        state, entries = self.state(), self.history().entries[self.first_entries :]
        premium = self.first_premium
        for entry in entries:
            [change] = entry.changes
            assert change.old_value == premium, (change, premium)
            premium = change.new_value
        assert premium == (None if state.premium is None else str(state.premium))
        assert state.version == self.first_version + len(entries)

    @invariant()
    def versions_only_rise(self) -> None:
        version = self.state().version
        assert version >= self.highest_version
        self.highest_version = version

    @precondition(lambda self: not self.writer.outbox.pending())
    @invariant()
    def a_reindex_from_the_events_equals_the_files(self) -> None:
        published = {e.version for e in self.publisher.events}
        on_disk = self.state().version
        assert on_disk == self.first_version or on_disk in published, (on_disk, published)

    def teardown(self) -> None:
        shutil.rmtree(self.base, ignore_errors=True)


WriterMachine.TestCase.settings = settings(
    max_examples=sized(8, 60),
    stateful_step_count=sized(12, 30),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_the_writer_under_crashes = WriterMachine.TestCase
