"""The agent end to end in one process: pending scan, oversight modes, /query answers, approval,
batch order and limit, memory between runs, and the daily schedule (injectable clock).

Real parts: the demo memory root, the local engine, a real SMTP server; the indexer's payloads
come from the same state.md files, and the updater is a scripted recorder behind its Protocol.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import pytest
from followup_fakes import Clock, ScriptedRecorder

from harper_common.bus.routes import ServiceFailure
from harper_common.demo.truth import GroundTruth
from harper_common.memory import MemoryRoot, read_state
from harper_common.messages.base import ErrorCode
from harper_common.messages.followup import (
    DraftChannel,
    FollowupApproveRequest,
    FollowupBatchRequest,
    FollowupDraftRequest,
    FollowupExecuteRequest,
    FollowupNotice,
    FollowupNoticesRequest,
    FollowupPendingRequest,
    PendingFilters,
)
from harper_common.messages.index import AccountPayload
from harper_common.messages.progress import Step
from harper_common.messages.query import AccountRef, AgentRequest, IntentInfo
from harper_common.servers.smtp_sink import SmtpSink, read_mailbox
from harper_followup.agent import FollowupAgent, Mode
from harper_followup.batch import BatchRunner, DailySchedule, next_run
from harper_followup.conversation import Conversation
from harper_followup.delivery import SmtpMailer
from harper_followup.drafter import LocalDrafter
from harper_followup.execute import Executor
from harper_followup.notify import NoticeBoard
from harper_followup.rules import URGENCY_ORDER, load_rules
from harper_followup.scan import PendingScanner
from harper_followup.state import FollowupState
from harper_followup.store import FollowupAction

TODAY = date(2026, 11, 22)
INTENT = IntentInfo(intent="followup", confidence=0.92, rule="followup_command")


class StatePayloads:
    """What the indexer would hold: each account's state.md as an AccountPayload."""

    def __init__(self, root: MemoryRoot) -> None:
        self.payloads_all = []
        for account_id in root.account_ids():
            state = read_state(root.state_path(account_id))
            self.payloads_all.append(
                AccountPayload(
                    account_id=state.account_id,
                    account_name=state.name,
                    stage=state.stage.value,
                    next_step=state.next_step,
                    pending_actions=list(state.pending_actions or []),
                    last_contact=state.last_contact,
                )
            )
        self.asked: list[list[str]] = []

    async def payloads(self, stages: Sequence[str]) -> list[AccountPayload]:
        self.asked.append(list(stages))
        return [p for p in self.payloads_all if p.stage in stages]


class Sessions:
    def __init__(self) -> None:
        self.opened: list[tuple[FollowupAction, str, IntentInfo]] = []

    async def open(self, action: FollowupAction, query: str, intent: IntentInfo) -> None:
        self.opened.append((action, query, intent))


class Announced(list[FollowupNotice]):
    """The notices announced on the bus, in order."""

    async def __call__(self, notice: FollowupNotice) -> None:
        self.append(notice)


class Steps:
    def __init__(self) -> None:
        self.steps: list[Step] = []

    async def step(self, step: Step) -> None:
        self.steps.append(step)


@pytest.fixture
def sink(tmp_path: Path) -> Iterator[SmtpSink]:
    with SmtpSink(tmp_path / "mail") as running:
        yield running


@pytest.fixture
def payloads(demo_root: MemoryRoot) -> StatePayloads:
    return StatePayloads(demo_root)


def make_agent(
    root: MemoryRoot,
    skills_dir: Path,
    folder: Path,
    sink: SmtpSink,
    source: StatePayloads,
    mode: Mode = "review-before",
    channel_modes: dict[DraftChannel, Mode] | None = None,
) -> tuple[FollowupAgent, Sessions, ScriptedRecorder, Clock, Steps]:
    rules = load_rules(skills_dir)
    sessions, recorder, clock, steps = Sessions(), ScriptedRecorder(), Clock(), Steps()
    state = FollowupState.in_memory()
    actions, outbox, memory = state.actions, state.outbox, state.memory
    mailer = SmtpMailer(sink.host, sink.port, "followups@example.test")
    executor = Executor(actions, outbox, memory, mailer, recorder, "followups@example.test", clock)
    agent = FollowupAgent(
        root=root,
        rules=rules,
        scanner=PendingScanner(rules, source),
        drafter=LocalDrafter(),
        executor=executor,
        actions=actions,
        outbox_store=outbox,
        memory=memory,
        sessions=sessions,
        mode=mode,
        channel_modes=channel_modes or {},
        approval_ttl=timedelta(hours=24),
        clock=clock,
        notifier=NoticeBoard(state.notices, Announced(), clock),
        fixed_today=TODAY,
        progress=lambda _: steps,
    )
    return agent, sessions, recorder, clock, steps


def maple_query() -> AgentRequest:
    return AgentRequest(
        request_id="q1",
        query="Follow up with Maple Avenue Dental",
        intent=INTENT,
        account=AccountRef(account_id="29041", account_name="Maple Avenue Dental"),
    )


@pytest.mark.anyio
async def test_pending_lists_overdue_accounts_most_urgent_first(
    demo_root: MemoryRoot, skills_dir: Path, tmp_path: Path, sink: SmtpSink, payloads: StatePayloads
) -> None:
    agent, *_ = make_agent(demo_root, skills_dir, tmp_path, sink, payloads)
    reply = await agent.pending(FollowupPendingRequest(request_id="p1"))
    assert reply.total == len(reply.accounts) > 5
    ranks = [URGENCY_ORDER.index(a.urgency) for a in reply.accounts]
    assert ranks == sorted(ranks)
    maple = next(a for a in reply.accounts if a.account_id == "29041")
    assert (maple.urgency, maple.days_since_contact, maple.stage) == ("critical", 48, "Quoted")
    assert maple.recommended_channel == "call_script"
    assert maple.next_steps == ["Client confirmation on biBERK quote"]
    assert maple.pending_actions == ["Client review of emailed quote"]
    assert all(a.stage not in ("Bound", "Closed Won", "Closed Lost") for a in reply.accounts)
    quoted = await agent.pending(
        FollowupPendingRequest(request_id="p2", filters=PendingFilters(stage="quote pitched"))
    )
    assert quoted.accounts and {a.stage for a in quoted.accounts} == {"Quoted"}
    assert payloads.asked[-1] == ["Quoted"]
    with pytest.raises(ServiceFailure) as bad:
        await agent.pending(
            FollowupPendingRequest(request_id="p3", filters=PendingFilters(stage="Sleeping"))
        )
    assert bad.value.code is ErrorCode.BAD_REQUEST
    later = await agent.pending(FollowupPendingRequest(request_id="p4", today=date(2027, 1, 1)))
    assert later.total >= reply.total


@pytest.mark.anyio
async def test_follow_up_with_maple_then_approve_sends_one_mail(
    demo_root: MemoryRoot, skills_dir: Path, tmp_path: Path, sink: SmtpSink, payloads: StatePayloads
) -> None:
    agent, sessions, recorder, _, steps = make_agent(
        demo_root, skills_dir, tmp_path, sink, payloads
    )
    conversation = Conversation(agent)
    reply = await conversation.query(maple_query())
    assert reply.type == "success" and reply.routed_to == "followup_agent"
    assert reply.draft is not None and "biBERK" in reply.draft.body
    assert reply.session_id and reply.session_id == reply.action_id
    assert not reply.sent and read_mailbox(sink.folder) == []
    [(action, query, intent)] = sessions.opened
    assert action.action_id == reply.session_id and query == maple_query().query
    assert intent == INTENT
    assert [s.kind for s in steps.steps] == ["tool_call", "tool_result", "tool_call", "tool_result"]
    assert "Note:" not in reply.message  # 48 days: due, nothing to warn about
    pending = await agent.pending(FollowupPendingRequest(request_id="p1"))
    waiting = {a.account_id: a for a in pending.accounts}["29041"]  # nobody contacted them yet
    assert waiting.awaiting_approval and waiting.draft_session_id == reply.session_id

    approve = FollowupApproveRequest(request_id="c1", action_id=reply.session_id, approved=True)
    done = await conversation.approve(approve)
    again = await conversation.approve(approve.model_copy(update={"request_id": "c2"}))
    assert done.type == "success" and done.sent and done.recorded
    assert done.message == "Sent email to Maple Avenue Dental"
    assert again.type == "success" and again.history_entry_id == done.history_entry_id
    assert len(read_mailbox(sink.folder)) == 1 and len(recorder.requests) == 1
    after = await agent.pending(FollowupPendingRequest(request_id="p2"))
    assert "29041" not in {a.account_id for a in after.accounts}  # sent: in hand now


@pytest.mark.anyio
async def test_modes_auto_sends_and_dry_run_does_not(
    demo_root: MemoryRoot, skills_dir: Path, tmp_path: Path, sink: SmtpSink, payloads: StatePayloads
) -> None:
    auto, sessions, recorder, *_ = make_agent(
        demo_root, skills_dir, tmp_path / "auto", sink, payloads, mode="auto"
    )
    sent = await auto.execute(FollowupExecuteRequest(request_id="e1", account_id="29041"))
    assert sent.result.sent and sent.result.recorded and sent.result.history_entry_id
    assert sessions.opened == [] and len(read_mailbox(sink.folder)) == 1
    dry = await auto.execute(
        FollowupExecuteRequest(request_id="e2", account_id="29119", dry_run=True)
    )
    assert dry.draft is not None and not dry.result.sent and dry.action_id is None
    assert len(read_mailbox(sink.folder)) == 1 and len(recorder.requests) == 1
    with pytest.raises(ServiceFailure) as missing:
        await auto.execute(FollowupExecuteRequest(request_id="e3", account_id="99999999"))
    assert missing.value.code is ErrorCode.NOT_FOUND


@pytest.mark.anyio
async def test_notify_after_sends_at_once_and_leaves_the_broker_a_notice(
    demo_root: MemoryRoot, skills_dir: Path, tmp_path: Path, sink: SmtpSink, payloads: StatePayloads
) -> None:
    agent, sessions, recorder, *_ = make_agent(
        demo_root, skills_dir, tmp_path, sink, payloads, mode="notify-after"
    )
    board = agent.notifier
    assert isinstance(board, NoticeBoard) and isinstance(board.publish, Announced)
    sent = await agent.execute(FollowupExecuteRequest(request_id="e1", account_id="29041"))
    assert sent.result.sent and sent.result.recorded and sessions.opened == []
    assert len(read_mailbox(sink.folder)) == 1 and len(recorder.requests) == 1
    listed = await board.listed(FollowupNoticesRequest(request_id="n1"))
    assert listed.total == 1 and board.publish == listed.notices
    (notice,) = listed.notices
    assert notice.account_id == "29041" and notice.action_id == sent.action_id
    assert notice.channel == "email" and notice.recorded
    assert "Maple Avenue Dental" in notice.summary and "without review" in notice.summary
    other = await board.listed(FollowupNoticesRequest(request_id="n2", account_id="29119"))
    assert other.total == 0
    # a draft asked for is a proposal, whatever the mode: nothing more goes out
    drafted = await agent.draft(FollowupDraftRequest(request_id="d1", account_id="29119"))
    assert drafted.action_id is not None and len(read_mailbox(sink.folder)) == 1
    assert (await board.listed(FollowupNoticesRequest(request_id="n3"))).total == 1


@pytest.mark.anyio
async def test_each_channel_follows_its_own_mode(
    demo_root: MemoryRoot, skills_dir: Path, tmp_path: Path, sink: SmtpSink, payloads: StatePayloads
) -> None:
    agent, sessions, recorder, *_ = make_agent(
        demo_root, skills_dir, tmp_path, sink, payloads, channel_modes={"email": "auto"}
    )
    text = await agent.execute(
        FollowupExecuteRequest(request_id="e1", account_id="29119", channel="sms")
    )
    assert not text.result.sent and text.action_id is not None  # sms: review-before, the default
    assert [action.action_id for action, *_ in sessions.opened] == [text.action_id]
    mail = await agent.execute(
        FollowupExecuteRequest(request_id="e2", account_id="29041", channel="email")
    )
    assert mail.result.sent and len(read_mailbox(sink.folder)) == 1
    assert len(sessions.opened) == 1 and len(recorder.requests) == 1


@pytest.mark.anyio
async def test_batch_follows_urgency_order_and_limit_and_remembers(
    demo_root: MemoryRoot, skills_dir: Path, tmp_path: Path, sink: SmtpSink, payloads: StatePayloads
) -> None:
    agent, sessions, _, _, steps = make_agent(demo_root, skills_dir, tmp_path, sink, payloads)
    runner = BatchRunner(agent)
    due = (await agent.pending(FollowupPendingRequest(request_id="p"))).accounts
    dry = await runner.batch(FollowupBatchRequest(request_id="b1", limit=4, dry_run=True))
    assert [r.account_id for r in dry.results] == [a.account_id for a in due[:4]]
    assert dry.processed == 4 and all(r.draft for r in dry.results)
    assert sessions.opened == []
    assert steps.steps[0].kind == "thinking"
    assert sum(step.kind == "tool_result" and step.tool == "batch" for step in steps.steps) == 4

    proposed = await runner.batch(FollowupBatchRequest(request_id="b2", limit=3, dry_run=False))
    assert [r.account_id for r in proposed.results] == [a.account_id for a in due[:3]]
    assert all(r.action_id and not r.result.sent for r in proposed.results)
    again = await runner.batch(FollowupBatchRequest(request_id="b3", limit=3, dry_run=False))
    assert [r.account_id for r in again.results] == [a.account_id for a in due[3:6]]
    assert read_mailbox(sink.folder) == []


@pytest.mark.anyio
async def test_who_needs_a_follow_up_lists_the_most_urgent(
    demo_root: MemoryRoot, skills_dir: Path, tmp_path: Path, sink: SmtpSink, payloads: StatePayloads
) -> None:
    agent, *_ = make_agent(demo_root, skills_dir, tmp_path, sink, payloads)
    request = AgentRequest(
        request_id="q2",
        query="who needs a follow-up?",
        intent=IntentInfo(intent="followup", confidence=0.8, cross_account=True),
    )
    reply = await Conversation(agent).query(request)
    due = (await agent.pending(FollowupPendingRequest(request_id="p"))).accounts
    assert reply.type == "clarification_needed"
    assert f"{len(due)} accounts are due" in reply.message
    assert due[0].account_name in reply.message
    assert reply.suggestions == [f"Follow up with {a.account_name}" for a in due[:5]]


def test_the_daily_run_is_due_at_its_time_today_or_tomorrow() -> None:
    at = time(7, 0)
    morning = datetime(2026, 11, 22, 6, 59, tzinfo=UTC)
    assert next_run(morning, at) == datetime(2026, 11, 22, 7, 0, tzinfo=UTC)
    on_time = datetime(2026, 11, 22, 7, 0, tzinfo=UTC)
    assert next_run(on_time, at) == datetime(2026, 11, 23, 7, 0, tzinfo=UTC)
    evening = datetime(2026, 11, 22, 18, 30, tzinfo=UTC)
    assert next_run(evening, at) == datetime(2026, 11, 23, 7, 0, tzinfo=UTC)


@pytest.mark.anyio
async def test_the_daily_schedule_runs_once_a_day_and_survives_a_failure() -> None:
    clock = Clock()  # 2026-11-22 15:00 UTC
    slept: list[float] = []
    ran: list[datetime] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.now += timedelta(seconds=seconds)

    async def job() -> None:
        ran.append(clock.now)
        if len(ran) == 1:
            raise RuntimeError("first run fails")

    schedule = DailySchedule(time(7, 0), job, clock, sleep)
    await schedule.run_forever(runs=3)
    assert ran == [datetime(2026, 11, d, 7, 0, tzinfo=UTC) for d in (23, 24, 25)]
    assert slept[0] == 16 * 3600 and slept[1:] == [86400, 86400]


@pytest.mark.anyio
async def test_asking_early_or_for_a_closed_account_says_so(
    demo_root: MemoryRoot,
    skills_dir: Path,
    tmp_path: Path,
    sink: SmtpSink,
    payloads: StatePayloads,
    truth: GroundTruth,
) -> None:
    agent, *_ = make_agent(demo_root, skills_dir, tmp_path, sink, payloads)
    recent = next(a for a in truth.accounts if a.stage == "Quoted" and a.days_since_contact < 2)
    closed = next(a for a in truth.accounts if a.stage == "Bound")
    for account, note in ((recent, "it is early"), (closed, "no follow-up by the rules")):
        request = maple_query().model_copy(
            update={"account": AccountRef(account_id=account.id, account_name=account.name)}
        )
        reply = await Conversation(agent).query(request)
        assert reply.type == "success" and reply.draft is not None
        assert note in reply.message
