"""Approve, reject, expire, send once: through a real SMTP server (aiosmtpd on a loopback port)
and a scripted updater behind the HistoryRecorder seam."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from followup_fakes import START, Clock, ScriptedRecorder

from harper_common.bus.routes import ServiceFailure
from harper_common.messages.base import ErrorCode
from harper_common.messages.query import FollowupDraft
from harper_common.servers.smtp_sink import SmtpSink, read_mailbox
from harper_followup.delivery import SmtpMailer
from harper_followup.execute import Executor
from harper_followup.state import FollowupState
from harper_followup.store import FollowupAction, Recipient


@pytest.fixture
def sink(tmp_path: Path) -> Iterator[SmtpSink]:
    with SmtpSink(tmp_path / "mail") as running:
        yield running


@pytest.fixture
def parts(tmp_path: Path, sink: SmtpSink) -> tuple[Executor, ScriptedRecorder, Clock]:
    recorder, clock = ScriptedRecorder(), Clock()
    state = FollowupState.in_memory()
    executor = Executor(
        state.actions,
        state.outbox,
        state.memory,
        SmtpMailer(sink.host, sink.port, "followups@example.test"),
        recorder,
        "followups@example.test",
        clock,
    )
    return executor, recorder, clock


def an_action(channel: str = "email", action_id: str = "a1b2c3d4e5f60718") -> FollowupAction:
    draft = FollowupDraft(
        channel=channel,  # type: ignore[arg-type]
        subject="Your biBERK quote ($2,600 a year)" if channel == "email" else None,
        body="Dear Dr. Reed,\n\nThe biBERK quote came to $2,600 a year.\n\nJordan Hale",
    )
    return FollowupAction(
        action_id=action_id,
        account_id="29041",
        account_name="Maple Avenue Dental",
        draft=draft,
        recipient=Recipient(
            name="Dr. Lisa Reed",
            address="lreed@mapleavedental.com" if channel == "email" else "(512) 555-0134",
        ),
        sender_name="Jordan Hale",
        sender_email="jordan.hale@northgateins.com",
        evidence="Quoted, 48 days since contact",
        created_at=START,
        expires_at=START + timedelta(hours=24),
    )


@pytest.mark.anyio
async def test_approving_twice_sends_one_mail_and_records_once(
    parts: tuple[Executor, ScriptedRecorder, Clock], sink: SmtpSink
) -> None:
    executor, recorder, _ = parts
    await executor.actions.save(an_action())
    first = await executor.approve("a1b2c3d4e5f60718", "r1", "broker")
    second = await executor.approve("a1b2c3d4e5f60718", "r2", "broker")
    assert first.sent and first.recorded and first.history_entry_id
    assert second.history_entry_id == first.history_entry_id
    [mail] = read_mailbox(sink.folder)
    [to] = mail["To"].addresses
    assert (to.display_name, to.addr_spec) == ("Dr. Lisa Reed", "lreed@mapleavedental.com")
    assert mail["From"] == "Jordan Hale <jordan.hale@northgateins.com>"
    assert mail["Subject"] == "Your biBERK quote ($2,600 a year)"
    assert "$2,600" in mail.get_content()
    assert mail["Message-ID"].strip() == first.message_id
    assert len(recorder.requests) == 1
    [request] = recorder.requests
    assert (request.outcome, request.channel, request.approved_by) == ("sent", "email", "broker")
    [item] = await executor.outbox.items()
    assert item.channel == "email" and item.message_id == first.message_id
    memory = await executor.memory.get("29041")
    assert memory.sent_count == 1 and memory.last_channel == "email"


@pytest.mark.anyio
async def test_an_expired_approval_is_refused_and_never_existed_differs(
    parts: tuple[Executor, ScriptedRecorder, Clock], sink: SmtpSink
) -> None:
    executor, recorder, clock = parts
    await executor.actions.save(an_action())
    clock.now = START + timedelta(hours=24)
    with pytest.raises(ServiceFailure) as expired:
        await executor.approve("a1b2c3d4e5f60718", "r1", None)
    assert expired.value.code is ErrorCode.CONFLICT
    assert "expired" in str(expired.value) and "nothing was sent" in str(expired.value)
    with pytest.raises(ServiceFailure) as missing:
        await executor.approve("ffffffffffffffff", "r1", None)
    assert missing.value.code is ErrorCode.NOT_FOUND
    assert "never existed" in str(missing.value)
    assert read_mailbox(sink.folder) == [] and recorder.requests == []


@pytest.mark.anyio
async def test_a_rejection_sends_nothing_is_recorded_and_blocks_approval(
    parts: tuple[Executor, ScriptedRecorder, Clock], sink: SmtpSink
) -> None:
    executor, recorder, _ = parts
    await executor.actions.save(an_action())
    rejected = await executor.reject("a1b2c3d4e5f60718", "r1", "broker")
    assert rejected.status == "rejected" and not rejected.sent and rejected.recorded
    assert [r.outcome for r in recorder.requests] == ["rejected"]
    with pytest.raises(ServiceFailure, match="rejected"):
        await executor.approve("a1b2c3d4e5f60718", "r2", "broker")
    assert read_mailbox(sink.folder) == []


@pytest.mark.anyio
async def test_when_recording_fails_a_second_approval_records_without_resending(
    parts: tuple[Executor, ScriptedRecorder, Clock], sink: SmtpSink
) -> None:
    executor, recorder, _ = parts
    await executor.actions.save(an_action())
    recorder.down = True
    first = await executor.approve("a1b2c3d4e5f60718", "r1", None)
    assert first.sent and not first.recorded and first.error == "updater is down"
    recorder.down = False
    second = await executor.approve("a1b2c3d4e5f60718", "r2", None)
    assert second.recorded and second.history_entry_id
    assert len(read_mailbox(sink.folder)) == 1


@pytest.mark.anyio
async def test_an_unreachable_smtp_server_sends_nothing_and_can_be_retried(
    tmp_path: Path, sink: SmtpSink
) -> None:
    recorder, clock = ScriptedRecorder(), Clock()
    state = FollowupState.in_memory()
    closed_port = SmtpSink(tmp_path / "unused").port  # never started
    broken = Executor(
        state.actions,
        state.outbox,
        state.memory,
        SmtpMailer("127.0.0.1", closed_port, "f@example.test"),
        recorder,
        "f@example.test",
        clock,
    )
    await broken.actions.save(an_action())
    with pytest.raises(ServiceFailure) as failed:
        await broken.approve("a1b2c3d4e5f60718", "r1", None)
    assert failed.value.code is ErrorCode.UNAVAILABLE
    assert recorder.requests == []
    broken.mailer = SmtpMailer(sink.host, sink.port, "f@example.test")
    sent = await broken.approve("a1b2c3d4e5f60718", "r2", None)
    assert sent.sent and len(read_mailbox(sink.folder)) == 1


@pytest.mark.anyio
async def test_texts_go_to_the_outbox_and_call_scripts_are_not_contact(
    parts: tuple[Executor, ScriptedRecorder, Clock], sink: SmtpSink
) -> None:
    executor, recorder, _ = parts
    await executor.actions.save(an_action("sms", "1111111111111111"))
    await executor.actions.save(an_action("call_script", "2222222222222222"))
    text = await executor.approve("1111111111111111", "r1", None)
    script = await executor.approve("2222222222222222", "r2", None)
    assert text.sent and text.recorded
    assert not script.sent and not script.recorded and script.status == "sent"
    assert [r.channel for r in recorder.requests] == ["sms"]
    assert read_mailbox(sink.folder) == []
    listed = await executor.outbox.items()
    assert [i.channel for i in listed] == ["call_script", "sms"]
    assert [i.channel for i in await executor.outbox.items(channel="sms")] == ["sms"]
