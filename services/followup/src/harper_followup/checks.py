"""Checks every draft passes before anyone sees it, whoever wrote it (local engine or Claude).

A draft names the contact, has a subject exactly when it is an email, keeps a text under the SMS
limit, speaks to the open item, and promises no coverage the files do not show.
"""

from __future__ import annotations

import re

from harper_common.messages.query import FollowupDraft
from harper_followup.compose import SMS_LIMIT, DraftInput

_PROMISES = re.compile(r"\b(you are|you're) (now )?(covered|bound|insured)\b", re.IGNORECASE)


def draft_problems(draft: FollowupDraft, data: DraftInput) -> list[str]:
    """What is wrong with the draft, in words; empty when it may be shown."""
    problems: list[str] = []
    body = draft.body
    contact = data.contact
    names = {contact.first_name, contact.formal_name, contact.name.split()[-1]}
    if not any(name and name in body for name in names):
        problems.append(f"the body must name the contact ({contact.name})")
    if draft.channel != data.channel:
        problems.append(f"the channel must be {data.channel}, not {draft.channel}")
    if draft.channel == "email" and not (draft.subject or "").strip():
        problems.append("an email needs a subject")
    if draft.channel != "email" and draft.subject:
        problems.append("only an email has a subject (leave it empty for texts and call scripts)")
    if draft.channel == "sms" and len(body) > SMS_LIMIT:
        problems.append(f"a text must stay under {SMS_LIMIT} characters (it has {len(body)})")
    topic_words = _key_words(data.points.topic)
    if topic_words and not any(word in body.lower() for word in topic_words):
        problems.append(f"the body must speak to the open item ({data.points.topic})")
    if data.account.state.stage.value != "Bound" and _PROMISES.search(body):
        problems.append("a follow-up must not say the client is covered or bound")
    return problems


def _key_words(topic: str) -> list[str]:
    skip = {"the", "your", "a", "an", "and", "of", "for", "quote", "question", "underwriter's"}
    return [w.lower() for w in re.findall(r"[\w&'-]+", topic) if w.lower() not in skip]
