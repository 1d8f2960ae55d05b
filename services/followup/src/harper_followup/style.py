"""How a client writes, read from their own messages: formality, length, tone, channel.

Only the client's words count: emails they sent, their lines in text threads, their turns in
calls (MEMORY_FORMAT.md: the email's ``From:``, the SMS and transcript speaker). Each trait lists
the files it was read from. With nothing to go on, the friendly voice (it offends nobody).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from statistics import mean
from typing import Literal

from harper_common.memory import CallTranscript, EmailMessage, SmsThread
from harper_common.messages.followup import StyleProfile, StyleTrait
from harper_followup.account import AccountFiles, SourceFile, client_speaker, client_wrote

Voice = Literal["formal", "friendly", "casual", "detailed"]

FORMAL_SIGN_OFFS = ("kind regards", "best regards", "regards", "sincerely", "respectfully")
_GREETING = re.compile(r"^(dear|hi|hello|hey|good (morning|afternoon|evening))\b", re.IGNORECASE)
_SIGN_OFF = re.compile(r"^[A-Za-z][A-Za-z ,'!]{1,30}[,!]?$")
_WORD = re.compile(r"[\w$'’-]+")
DETAILED_WORDS = 100
"""An email of this many words or more is a long one."""
DETAILED_TURN_WORDS = 11
"""Spoken turns this long on average: a talker who gives context (the detailed voice)."""
CASUAL_SHARE = 0.3
WARM_SHARE = 0.25
_FORMAL_PHRASE = re.compile(
    r"\b(good (morning|afternoon|evening)|certainly|likewise|at present|approximately)\b",
    re.IGNORECASE,
)

FORMALITY: dict[Voice, str] = {
    "formal": "formal",
    "detailed": "semi-formal",
    "friendly": "informal",
    "casual": "casual",
}
LENGTH: dict[Voice, str] = {
    "formal": "medium",
    "detailed": "long",
    "friendly": "short",
    "casual": "brief",
}
TONE: dict[Voice, str] = {
    "formal": "professional",
    "detailed": "friendly",
    "friendly": "friendly",
    "casual": "casual",
}


@dataclass(frozen=True)
class ClientMessage:
    channel: Literal["email", "sms", "call"]
    path: str
    text: str
    greeting: str | None = None
    sign_off: str | None = None

    @property
    def words(self) -> int:
        return len(_WORD.findall(self.text))

    @property
    def written(self) -> bool:
        return self.channel != "call"


def client_messages(account: AccountFiles) -> list[ClientMessage]:
    """Every message the client wrote or said, oldest first."""
    found: list[ClientMessage] = []
    for item in account.sources:
        raw = item.source.raw
        if isinstance(raw, EmailMessage) and client_wrote(account, item):
            found.append(_email(raw, item))
        elif isinstance(raw, SmsThread):
            found.extend(
                ClientMessage("sms", item.raw_path, line.text)
                for line in raw.messages
                if client_speaker(account, line.speaker)
            )
        elif isinstance(raw, CallTranscript):
            found.extend(
                ClientMessage("call", item.raw_path, turn.text)
                for turn in raw.turns
                if turn.speaker and client_speaker(account, turn.speaker)
            )
    return found


def _email(raw: EmailMessage, item: SourceFile) -> ClientMessage:
    lines = [line.strip() for line in raw.body.split("\n")]
    content = [line for line in lines if line]
    greeting = content[0] if content and _GREETING.match(content[0]) else None
    sign_off, body_end = None, len(content)
    for index in range(len(content) - 1, 0, -1):
        line = content[index]
        if line.endswith((",", "!")) and _SIGN_OFF.match(line) and len(line.split()) <= 4:
            sign_off, body_end = line, index
            break
    start = 1 if greeting else 0
    body = "\n".join(content[start:body_end])
    return ClientMessage("email", item.raw_path, body, greeting, sign_off)


def voice_of(messages: list[ClientMessage]) -> tuple[Voice, list[str]]:
    """The client's voice and the messages that show it (checked in this order):

    formal greeting or sign-off in an email -> formal; long emails or long spoken turns ->
    detailed; lower-case starts ("k thx", "yep after 4") -> casual; exclamation marks -> friendly;
    formal phrases ("Good afternoon", "Certainly") -> formal; otherwise friendly.
    """
    emails = [m for m in messages if m.channel == "email"]
    calls = [m for m in messages if m.channel == "call"]
    formal = [m for m in emails if _formal_letter(m)]
    if formal:
        return "formal", _paths(formal)
    long_emails = [m for m in emails if m.words >= DETAILED_WORDS]
    if emails and len(long_emails) * 2 >= len(emails):
        return "detailed", _paths(long_emails)
    if calls and mean(m.words for m in calls) >= DETAILED_TURN_WORDS:
        return "detailed", _paths(calls)
    if not messages:
        return "friendly", []
    lower = [m for m in messages if m.text[:1].islower()]
    if len(lower) >= CASUAL_SHARE * len(messages):
        return "casual", _paths(lower)
    warm = [m for m in messages if "!" in m.text or "!" in (m.greeting or "")]
    if len(warm) >= WARM_SHARE * len(messages):
        return "friendly", _paths(warm)
    polite = [m for m in messages if _FORMAL_PHRASE.search(m.text)]
    if polite:
        return "formal", _paths(polite)
    return "friendly", _paths(messages)


def _formal_letter(message: ClientMessage) -> bool:
    greeting = (message.greeting or "").lower()
    sign_off = (message.sign_off or "").lower().rstrip(",!")
    return greeting.startswith("dear") or sign_off in FORMAL_SIGN_OFFS


def length_of(voice: Voice, messages: list[ClientMessage]) -> StyleTrait:
    """The voice's length band (tone-and-length.md), with the measured average as detail."""
    written = [m for m in messages if m.written] or messages
    if not written:
        return StyleTrait(value=LENGTH[voice], detail="nothing written by the client on file")
    words = round(mean(m.words for m in written))
    kinds = "/".join(sorted({m.channel for m in written}))
    detail = f"{words} words a message on average ({len(written)} {kinds} messages)"
    return StyleTrait(value=LENGTH[voice], evidence=_paths(written), detail=detail)


def channel_of(account: AccountFiles, messages: list[ClientMessage]) -> StyleTrait:
    """Where the conversation with the client happens most (ties: the client's newest)."""
    by_channel: Counter[str] = Counter(item.source.channel.value for item in account.sources)
    if not by_channel:
        return StyleTrait(value="email", detail="no communication on file")
    newest: dict[str, int] = {m.channel: order for order, m in enumerate(messages)}
    best = max(by_channel, key=lambda c: (by_channel[c], newest.get(c, -1)))
    paths = [i.raw_path for i in account.sources if i.source.channel.value == best]
    counts = ", ".join(f"{n} {c}" for c, n in by_channel.most_common())
    return StyleTrait(value=best, evidence=paths, detail=counts)


def style_profile(account: AccountFiles) -> StyleProfile:
    messages = client_messages(account)
    voice, voice_paths = voice_of(messages)
    emails = [m for m in messages if m.channel == "email"]
    greeting = next((m.greeting for m in reversed(emails) if m.greeting), None)
    sign_off = next((m.sign_off for m in reversed(emails) if m.sign_off), None)
    return StyleProfile(
        voice=voice,
        formality=StyleTrait(value=FORMALITY[voice], evidence=voice_paths),
        length=length_of(voice, messages),
        tone=StyleTrait(value=TONE[voice], evidence=voice_paths),
        channel=channel_of(account, messages),
        greeting=greeting,
        sign_off=sign_off,
        messages_read=len(messages),
    )


def _paths(messages: list[ClientMessage]) -> list[str]:
    return list(dict.fromkeys(m.path for m in messages))
