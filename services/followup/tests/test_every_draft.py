"""Every demo account, every channel, every voice: the local engine's draft passes its own checks.

A draft that failed them would reach the broker as an error instead of a follow-up, so the
composer must mention the open item in every shape it writes (a short text included).
"""

from __future__ import annotations

import dataclasses
from datetime import date
from pathlib import Path
from typing import get_args

import pytest

from harper_common.bus.routes import ServiceFailure
from harper_common.memory import MemoryRoot
from harper_common.messages.base import ErrorCode
from harper_common.messages.followup import DraftChannel
from harper_common.messages.query import FollowupDraft
from harper_followup.checks import draft_problems
from harper_followup.compose import SMS_LIMIT, DraftInput, compose, plain_compose
from harper_followup.drafter import LocalDrafter
from harper_followup.prepare import prepare
from harper_followup.rules import FollowupRules, load_rules
from harper_followup.style import Voice

TODAY = date(2026, 11, 22)
CHANNELS: tuple[DraftChannel, ...] = get_args(DraftChannel)
VOICES: tuple[Voice, ...] = get_args(Voice)


@pytest.fixture(scope="module")
def rules(skills_dir: Path) -> FollowupRules:
    return load_rules(skills_dir)


async def _inputs(root: MemoryRoot, rules: FollowupRules) -> list[DraftInput]:
    found: list[DraftInput] = []
    for account_id in root.account_ids():
        for channel in CHANNELS:
            data = await prepare(
                root, account_id, rules=rules, today=TODAY, channel=channel, purpose=None,
                memory=None,
            )  # fmt: skip
            for voice in VOICES:
                profile = data.profile.model_copy(update={"voice": voice})
                found.append(dataclasses.replace(data, profile=profile))
    return found


@pytest.mark.anyio
async def test_every_account_channel_and_voice_drafts_cleanly(
    demo_root: MemoryRoot, rules: FollowupRules
) -> None:
    inputs = await _inputs(demo_root, rules)
    assert len(inputs) >= 80 * len(CHANNELS) * len(VOICES)
    failed = []
    for data in inputs:
        for draft in (compose(data), plain_compose(data)):
            if problems := draft_problems(draft, data):
                failed.append(f"{data.account.state.account_id} {data.channel} "
                              f"{data.profile.voice}: {problems}")  # fmt: skip
    assert failed == []


@pytest.mark.anyio
async def test_a_text_keeps_the_open_item_when_it_is_shortened(
    demo_root: MemoryRoot, rules: FollowupRules
) -> None:
    inputs = [d for d in await _inputs(demo_root, rules) if d.channel == "sms"]
    for data in inputs:
        body = compose(data).body
        assert 0 < len(body) <= SMS_LIMIT
        topic_words = [w for w in data.points.topic.lower().split() if w not in ("the", "your")]
        assert any(word in body.lower() for word in topic_words), body


def _nameless(data: DraftInput) -> FollowupDraft:
    """A composer whose draft never passes: it does not name the contact."""
    return FollowupDraft(channel=data.channel, body="zzqx", context_used=[], rationale="broken")


@pytest.mark.anyio
async def test_a_failing_voiced_draft_falls_back_to_the_plain_one(
    demo_root: MemoryRoot, rules: FollowupRules
) -> None:
    data = await prepare(
        demo_root, demo_root.account_ids()[0], rules=rules, today=TODAY, channel="sms",
        purpose=None, memory=None,
    )  # fmt: skip
    drafted = await LocalDrafter((_nameless, plain_compose)).draft(data)
    assert drafted.draft.body != "zzqx"
    assert draft_problems(drafted.draft, data) == []


@pytest.mark.anyio
async def test_a_draft_that_cannot_pass_is_a_typed_error_not_internal(
    demo_root: MemoryRoot, rules: FollowupRules
) -> None:
    data = await prepare(
        demo_root, demo_root.account_ids()[0], rules=rules, today=TODAY, channel="sms",
        purpose=None, memory=None,
    )  # fmt: skip
    with pytest.raises(ServiceFailure) as failure:
        await LocalDrafter((_nameless,)).draft(data)
    assert failure.value.code == ErrorCode.BAD_REQUEST
    assert "must name the contact" in str(failure.value)
    assert failure.value.fix
