"""Getting one account ready for drafting: its files, the client's style, the open items, the
channel, the days since contact."""

from __future__ import annotations

import re
from datetime import date

import anyio.to_thread

from harper_common.memory import MemoryRoot
from harper_common.messages.followup import DraftChannel, StyleProfile
from harper_followup.account import AccountFiles, load_account
from harper_followup.compose import DraftInput
from harper_followup.memory import AccountMemory
from harper_followup.open_items import open_items
from harper_followup.rules import FollowupRules, draft_channel
from harper_followup.style import style_profile

_ASKED_CHANNEL: tuple[tuple[re.Pattern[str], DraftChannel], ...] = (
    (re.compile(r"\b(call script|script|phone|ring|call)\b", re.IGNORECASE), "call_script"),
    (re.compile(r"\b(text|sms)\b", re.IGNORECASE), "sms"),
    (re.compile(r"\b(e-?mail)\b", re.IGNORECASE), "email"),
)


def channel_in_words(text: str) -> DraftChannel | None:
    """The channel a broker's words ask for ("text Paula", "write a call script"), if any."""
    for pattern, channel in _ASKED_CHANNEL:
        if pattern.search(text):
            return channel
    return None


def choose_channel(
    account: AccountFiles,
    profile: StyleProfile,
    rules: FollowupRules,
    memory: AccountMemory | None,
) -> DraftChannel:
    """The client's own channel when the stage allows it (a text only to a client who texts),
    else the stage's first channel, or its second after a follow-up on the first."""
    rule = rules.rule(account.state.stage.value)
    allowed: list[DraftChannel] = ["email"]
    if rule and rule.channels:
        allowed = [draft_channel(c) for c in rule.channels]
    preferred = draft_channel(profile.channel.value)
    contact = account.state.primary_contact
    if preferred == "sms" and contact and contact.phone:
        return "sms"
    usable = [c for c in allowed if c != "email" or (contact and contact.email)]
    if preferred in usable:
        return preferred
    if memory and memory.last_channel in usable and len(usable) > 1:
        return next(c for c in usable if c != memory.last_channel)
    return usable[0] if usable else allowed[0]


def days_since(last_contact: date | None, today: date) -> int | None:
    return None if last_contact is None else (today - last_contact).days


async def prepare(
    root: MemoryRoot,
    account_id: str,
    *,
    rules: FollowupRules,
    today: date,
    channel: DraftChannel | None,
    purpose: str | None,
    memory: AccountMemory | None,
) -> DraftInput:
    account = await anyio.to_thread.run_sync(load_account, root, account_id)
    profile = style_profile(account)
    chosen = channel or choose_channel(account, profile, rules, memory)
    return DraftInput(
        account=account,
        profile=profile,
        items=open_items(account),
        channel=chosen,
        days_since_contact=days_since(account.state.last_contact, today),
        purpose=purpose,
    )
