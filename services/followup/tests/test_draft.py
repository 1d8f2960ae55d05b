"""Drafts by the local engine: the contact named, the open item spoken to, the client's voice,
the broker's signature; and the checks every draft (local or Claude's) must pass."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from harper_common.demo.truth import GroundTruth
from harper_common.memory import MemoryRoot
from harper_common.messages.followup import DraftChannel
from harper_followup.checks import draft_problems
from harper_followup.compose import DraftInput, compose
from harper_followup.prepare import channel_in_words, prepare
from harper_followup.rules import FollowupRules, load_rules

TODAY = date(2026, 11, 22)


@pytest.fixture(scope="module")
def rules(skills_dir: Path) -> FollowupRules:
    return load_rules(skills_dir)


async def ready(
    root: MemoryRoot, rules: FollowupRules, account_id: str, channel: DraftChannel | None = None
) -> DraftInput:
    return await prepare(
        root, account_id, rules=rules, today=TODAY, channel=channel, purpose=None, memory=None
    )


@pytest.mark.anyio
async def test_maple_avenue_dental_gets_a_formal_email_about_the_open_quote(
    demo_root: MemoryRoot, rules: FollowupRules
) -> None:
    data = await ready(demo_root, rules, "29041")
    assert data.channel == "email"  # Quoted allows call or email; Dr. Reed writes emails
    assert data.days_since_contact == 48
    draft = compose(data)
    assert draft.subject is not None and "biBERK" in draft.subject
    assert draft.body.startswith("Dear Dr. Reed,")
    assert "biBERK" in draft.body and "$2,600" in draft.body
    assert "Best regards,\nJordan Hale" in draft.body  # the broker signs
    assert "!" not in draft.body
    assert "accounts/29041/state.md" in draft.context_used
    assert "accounts/29041/sources/emails/email_20261005_1903/summary.md" in draft.context_used
    assert "48 days" in draft.rationale and "Quoted" in draft.rationale
    assert draft_problems(draft, data) == []


@pytest.mark.anyio
async def test_the_client_who_texts_k_gets_a_short_text(
    demo_root: MemoryRoot, rules: FollowupRules
) -> None:
    data = await ready(demo_root, rules, "72990")
    assert data.channel == "sms"
    draft = compose(data)
    assert draft.subject is None
    assert len(draft.body) < 120
    assert draft.body.startswith("hey Paula")
    assert "signed application" in draft.body  # the pending action in state.md
    assert draft.body.endswith("- Priya")
    assert draft_problems(draft, data) == []


@pytest.mark.anyio
async def test_a_long_writer_gets_a_warm_paragraph(
    demo_root: MemoryRoot, rules: FollowupRules, truth: GroundTruth
) -> None:
    account = next(a for a in truth.accounts if a.style.persona == "detailed" and a.contact.email)
    data = await ready(demo_root, rules, account.id, "email")
    draft = compose(data)
    first_name = account.contact.name.replace("Dr. ", "").split()[0]
    assert draft.body.startswith(f"Hi {first_name},")
    assert "Warm regards," in draft.body
    assert len(draft.body.split()) >= 60
    assert len(draft.body.split()) > len(
        compose(await ready(demo_root, rules, "72990")).body.split()
    )


@pytest.mark.anyio
async def test_a_call_script_and_the_missing_document(
    demo_root: MemoryRoot, rules: FollowupRules, truth: GroundTruth
) -> None:
    account = next(
        a
        for a in truth.accounts
        if a.stage == "Application Received"
        and any(f.kind == "missing_document" for f in a.facts)
        and a.pending_actions
    )
    data = await ready(demo_root, rules, account.id, "call_script")
    script = compose(data)
    assert script.subject is None
    assert script.body.startswith(f"CALL: {account.contact.name}")
    assert "ASK" in script.body and "VOICEMAIL" in script.body
    missing = [f.value for f in account.facts if f.kind == "missing_document"]
    assert any(document in script.body for document in missing)


@pytest.mark.anyio
async def test_the_checks_catch_a_bad_draft(demo_root: MemoryRoot, rules: FollowupRules) -> None:
    data = await ready(demo_root, rules, "29041")
    good = compose(data)
    nameless = good.model_copy(update={"body": good.body.replace("Dr. Reed", "there")})
    assert any("name the contact" in p for p in draft_problems(nameless, data))
    no_subject = good.model_copy(update={"subject": None})
    assert any("subject" in p for p in draft_problems(no_subject, data))
    off_topic = good.model_copy(update={"body": "Dear Dr. Reed, happy holidays. Jordan"})
    assert any("open item" in p for p in draft_problems(off_topic, data))
    promise = good.model_copy(update={"body": good.body + "\nYou are now covered."})
    assert any("covered" in p for p in draft_problems(promise, data))


def test_the_brokers_words_pick_a_channel() -> None:
    assert channel_in_words("text Paula about the app") == "sms"
    assert channel_in_words("write me a call script for Lopez Roof") == "call_script"
    assert channel_in_words("draft an email to Dr. Reed") == "email"
    assert channel_in_words("Follow up with Maple Avenue Dental") is None
