"""The style profile, read from the client's own messages, against the demo's ground truth."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from harper_common.demo.truth import GroundTruth
from harper_common.memory import MemoryRoot
from harper_followup.account import load_account
from harper_followup.style import client_messages, style_profile

TONE = {
    "courteous": "professional",
    "warm": "friendly",
    "terse": "casual",
    "personable": "friendly",
}


def test_every_demo_contact_gets_the_style_the_data_was_written_in(
    demo_root: MemoryRoot, truth: GroundTruth
) -> None:
    wrong = []
    for account in truth.accounts:
        profile = style_profile(load_account(demo_root, account.id))
        expected = account.style
        got = (
            profile.voice,
            profile.formality.value,
            profile.length.value,
            profile.tone.value,
            profile.channel.value,
        )
        wanted = (
            expected.persona,
            expected.formality,
            expected.length,
            TONE[expected.tone],
            expected.preferred_channel,
        )
        if got != wanted:
            wrong.append((account.id, got, wanted))
    assert wrong == []


def test_contrasting_contacts(demo_root: MemoryRoot) -> None:
    formal = style_profile(load_account(demo_root, "29041"))  # Dr. Reed writes letters
    assert (formal.voice, formal.tone.value, formal.channel.value) == (
        "formal",
        "professional",
        "email",
    )
    assert formal.greeting == "Dear Mr. Hale,"
    assert formal.sign_off == "Kind regards,"
    texter = style_profile(load_account(demo_root, "72990"))  # Paula texts "k" from a roof
    assert (texter.voice, texter.length.value, texter.channel.value) == ("casual", "brief", "sms")
    assert texter.greeting is None


def test_each_trait_cites_only_messages_the_client_wrote_or_said(demo_root: MemoryRoot) -> None:
    account = load_account(demo_root, "29041")
    profile = style_profile(account)
    client_files = {message.path for message in client_messages(account)}
    for trait in (profile.formality, profile.length, profile.tone):
        assert trait.evidence, trait
        assert set(trait.evidence) <= client_files
    # Jordan Hale's own emails are not the client's style.
    assert not any("email_20261005_1903" in path for path in profile.formality.evidence)
    assert all((demo_root.root / path).is_file() for path in profile.channel.evidence)


@pytest.mark.parametrize("persona", ["detailed", "friendly"])
def test_other_voices_are_found(demo_root: MemoryRoot, truth: GroundTruth, persona: str) -> None:
    account = next(a for a in truth.accounts if a.style.persona == persona)
    profile = style_profile(load_account(demo_root, account.id))
    assert profile.voice == persona
    assert profile.messages_read > 0


def test_an_account_whose_stage_is_written_in_other_words_is_still_drafted_for(
    demo_root: MemoryRoot, tmp_path: Path
) -> None:
    """The follow-up agent never writes state.md, so it reads a stage another tool wrote
    ("Quoted - since 11/19") as the stage its words say, as the other readers do."""
    root = MemoryRoot(tmp_path / "mem")
    shutil.copytree(demo_root.account_dir("29041"), root.account_dir("29041"))
    state = root.state_path("29041")
    text = state.read_text(encoding="utf-8")
    state.write_text(
        re.sub(r"^stage: .*$", 'stage: "Quoted - since 11/19"', text, count=1, flags=re.M),
        encoding="utf-8",
    )
    account = load_account(root, "29041")
    assert account.state.stage.value == "Quoted" and account.sources
