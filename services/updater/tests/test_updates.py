"""Every kind of update, applied by the local engine to a temp copy of demo data."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from harper_common.bus.routes import ServiceFailure
from harper_common.memory import check_memory, read_history, read_state, verify_chain
from harper_common.messages.base import ErrorCode
from harper_common.messages.events import AccountEventKind
from harper_common.messages.query import AccountRef, AgentRequest, IntentInfo, UpdateResponse

SUNNY = AccountRef(account_id="29119", account_name="Sunny Days Childcare")
AS_OF_DAY = date(2026, 11, 22)


def request(query: str, account: AccountRef = SUNNY) -> AgentRequest:
    return AgentRequest(
        request_id="r1",
        query=query,
        intent=IntentInfo(intent="update", confidence=0.9, account_name=account.account_name),
        account=account,
    )


async def update(kit: Any, query: str) -> UpdateResponse:
    reply = await kit.agent.apply(request(query))
    assert isinstance(reply, UpdateResponse), reply
    return reply


@pytest.mark.anyio
async def test_quoted_with_premium_writes_state_history_event_and_proof(kit: Any) -> None:
    memory = kit.memory
    before = read_state(memory.state_path("29119"))
    last_before = read_history(memory.history_path("29119")).last
    assert before.stage.value == "Quoted" and before.premium == 5350

    reply = await update(kit, "Mark Sunny Days Childcare as Quoted, $2,600 premium")

    after = read_state(memory.state_path("29119"))
    assert after.premium == 2600 and after.stage.value == "Quoted"
    assert after.version == before.version + 1
    history = read_history(memory.history_path("29119"))
    entry = history.last
    assert entry is not None and last_before is not None
    assert entry.previous == last_before.id
    assert [(c.field, c.old_value, c.new_value) for c in entry.changes] == [
        ("premium", "5350", "2600")
    ]
    assert entry.evidence == 'User command: "Mark Sunny Days Childcare as Quoted, $2,600 premium"'
    text = memory.history_path("29119").read_text()
    assert text.endswith(
        f"## {entry.id}\n\nPremium updated from $5,350 to $2,600.\n\n"
        "- **premium**: 5350 → 2600\n"
        '- **Evidence**: User command: "Mark Sunny Days Childcare as Quoted, $2,600 premium"\n'
        "- **By**: updater\n"  # no caller in this request: the service names itself
        f"- **Previous**: [{last_before.id}](#{last_before.id.lower().replace(':', '')})\n\n---\n"
    )
    assert verify_chain(history) == []
    [event] = kit.publisher.events
    assert (event.kind, event.version) == (AccountEventKind.STATE_CHANGED, after.version)
    assert event.history_entry_id == entry.id
    assert reply.history_entry_id == entry.id
    assert reply.previous_history_entry == last_before.id
    assert reply.qdrant_updated and reply.new_description == f"indexed 29119 v{after.version}"
    assert reply.files_modified == ["mem/accounts/29119/state.md", "mem/accounts/29119/history.md"]
    assert reply.state_file_path == "mem/accounts/29119/state.md"
    assert reply.usage is not None and reply.usage.steps[0].step == "updater.plan"
    assert check_memory(memory.root).ok


@pytest.mark.anyio
async def test_stage_change_from_another_stage_reads_as_the_spec(kit: Any) -> None:
    await update(kit, "move Sunny Days Childcare to submission")
    reply = await update(kit, "Mark as Quoted, $2,600 premium")
    entry = read_history(kit.memory.history_path("29119")).last
    assert entry is not None
    assert entry.summary == (
        'Stage updated from "Submitted" to "Quoted" based on premium quote of $2,600.'
    )
    assert [(c.field, c.old_value, c.new_value) for c in entry.changes] == [
        ("stage", "Submitted", "Quoted"),
        ("premium", "5350", "2600"),
    ]
    assert reply.message == "Updated Sunny Days Childcare: stage: Quoted, premium: 2600"


@pytest.mark.parametrize(
    ("query", "field", "check"),
    [
        ("they bound", "stage", lambda s: s.stage.value == "Bound"),
        ("they went with another agent, close it out", "stage", lambda s: s.stage.value == "Closed Lost"),
        ("add cyber and EPLI", "insurance_types", lambda s: {"Cyber Liability", "Employment Practices Liability"} <= set(s.insurance_types)),
        ("drop the WC", "insurance_types", lambda s: "Workers' Compensation" not in s.insurance_types),
        ("next step: chase the signed ACORD forms", "next_step", lambda s: s.next_step == "Chase the signed ACORD forms"),
        ("add a note: prefers calls after 4pm", "note", lambda s: "- 2026-11-22: prefers calls after 4pm" in s.body),
        ("new contact is Ana Diaz, ana@sunnyd.com, (210) 555-0100", "primary_contact.email", lambda s: (s.primary_contact.name, s.primary_contact.email, s.primary_contact.phone) == ("Ana Diaz", "ana@sunnyd.com", "(210) 555-0100")),
        ("waiting on loss runs from the prior carrier", "pending_actions", lambda s: "Loss runs from the prior carrier" in s.pending_actions),
        ("client review of the quote is done", "pending_actions", lambda s: s.pending_actions == []),
        ("talked to Maria today", "last_contact", lambda s: s.last_contact.isoformat() == "2026-11-22"),
        ("premium is 5,600", "premium", lambda s: s.premium == 5600),
        ("Sunny Days Childcare app received today, update the stage", "stage", lambda s: (s.stage.value, s.last_contact.isoformat()) == ("Application Received", "2026-11-22")),
        ("Sunny Days Childcare signed - mark bound", "stage", lambda s: s.stage.value == "Bound"),
        ("change the next step for Sunny Days Childcare to send loss runs to the underwriter", "next_step", lambda s: s.next_step == "Send loss runs to the underwriter"),
        ("log that Maria emailed the payroll report", "note", lambda s: "- 2026-11-22: Maria emailed the payroll report" in s.body),
        ("log that Maria emailed her review of the quote", "pending_actions", lambda s: s.pending_actions == []),
    ],
)  # fmt: skip
@pytest.mark.anyio
async def test_each_kind_of_update(kit: Any, query: str, field: str, check: Any) -> None:
    before = read_state(kit.memory.state_path("29119"))
    reply = await update(kit, query)
    after = read_state(kit.memory.state_path("29119"))
    assert check(after), after
    assert field in [change.field for change in reply.changes]
    assert after.version == before.version + 1
    assert check_memory(kit.memory.root).ok


@pytest.mark.anyio
async def test_several_changes_in_one_sentence_make_one_entry(kit: Any) -> None:
    reply = await update(
        kit, "Set premium to 3,100 and mark as bound; next step is deliver policy docs"
    )
    assert [c.field for c in reply.changes] == ["stage", "premium", "next_step"]
    state = read_state(kit.memory.state_path("29119"))
    assert (state.stage.value, state.premium, state.next_step) == (
        "Bound",
        3100,
        "Deliver policy docs",
    )
    assert len(kit.publisher.events) == 1


@pytest.mark.anyio
async def test_nothing_to_change_writes_nothing(kit: Any) -> None:
    before = kit.memory.state_path("29119").read_text()
    reply = await update(kit, "Mark Sunny Days Childcare as Quoted")
    assert reply.changes == [] and "already" in reply.message
    assert kit.memory.state_path("29119").read_text() == before
    assert kit.publisher.events == []


@pytest.mark.anyio
async def test_an_invalid_change_refuses_the_whole_request(kit: Any) -> None:
    state_before = kit.memory.state_path("29119").read_text()
    history_before = kit.memory.history_path("29119").read_text()
    with pytest.raises(ServiceFailure) as failure:
        await update(kit, "mark as quoted, and the loss runs are in")
    assert failure.value.code is ErrorCode.BAD_REQUEST
    assert "no pending action matches 'loss runs'" in str(failure.value)
    assert kit.memory.state_path("29119").read_text() == state_before
    assert kit.memory.history_path("29119").read_text() == history_before
    assert kit.publisher.events == []
    assert not list((kit.memory.root / ".updater" / "outbox").iterdir())


@pytest.mark.anyio
async def test_unknown_account_and_missing_account_are_clear_errors(kit: Any) -> None:
    with pytest.raises(ServiceFailure) as missing:
        await kit.agent.apply(
            request("mark as bound", AccountRef(account_id="99999", account_name="X"))
        )
    assert missing.value.code is ErrorCode.NOT_FOUND
    bare = request("mark as bound").model_copy(update={"account": None})
    with pytest.raises(ServiceFailure) as none:
        await kit.agent.apply(bare)
    assert none.value.code is ErrorCode.BAD_REQUEST


def test_short_or_partial_names_are_not_blanked_inside_words() -> None:
    from harper_updater.parse import parse_update

    plan = parse_update(
        "next step: call about the renewal", account_names=["x", "Ne"], today=AS_OF_DAY
    )
    assert [(c.field, c.value) for c in plan.changes] == [("next_step", "call about the renewal")]
