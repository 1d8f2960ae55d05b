"""Turn one moment of a story into the communication as it arrived (raw.txt's model)."""

from __future__ import annotations

import random
import re
from datetime import timedelta

from harper_common.demo.beats import CLIENT_SENDS, Beat
from harper_common.demo.personas import Letterhead, Voice, Writer, compose_letter, letterhead
from harper_common.demo.plan import account_rng
from harper_common.demo.stories import Moment, Story
from harper_common.demo.texts import INJECTION_PARAGRAPH, TalkLine, scripts
from harper_common.demo.vocabulary import AGENCY
from harper_common.memory.models import (
    CallTranscript,
    Channel,
    Direction,
    EmailMessage,
    RawCommunication,
    SmsMessage,
    SmsThread,
    Turn,
)

_ASIDE_CHANCE = {Voice.FORMAL: 0.25, Voice.FRIENDLY: 0.4, Voice.CASUAL: 0.0, Voice.DETAILED: 0.8}
_SMALL_TALK_CHANCE = {
    Voice.FORMAL: 0.3,
    Voice.FRIENDLY: 0.6,
    Voice.CASUAL: 0.3,
    Voice.DETAILED: 0.9,
}


class Composer:
    """Writes an account's communications in its contact's voice; the broker answers in kind."""

    def __init__(self, story: Story, values: dict[str, str], seed: int) -> None:
        self.story = story
        self.values = values
        self.voice = story.plan.voice
        self.rng = account_rng(seed, story.plan.index, "words")
        self.client_head, self.broker_head = _letterheads(story, self.rng)
        self.chatted: set[int] = set()

    def raw(self, moment: Moment) -> RawCommunication:
        if moment.channel is Channel.EMAIL:
            return self.email(moment)
        if moment.channel is Channel.CALL:
            return self.call(moment)
        return self.sms(moment)

    def keys(self, moment: Moment) -> list[str]:
        """The scripts a moment is made of."""
        if moment.beat is Beat.NUDGE:
            return ["nudge_quote" if Beat.QUOTE in self.story.beats else "nudge_early"]
        if moment.beat is Beat.DISCUSSION and self.story.deal.competitor:
            return ["discussion", "competitor"]
        return [moment.beat.value]

    def paragraphs(self, moment: Moment, client_writes: bool) -> list[str]:
        """The email's paragraphs: the beat's, sometimes an aside, and the planted injection."""
        chosen = [self.rng.choice(scripts()[key].email[self.voice]) for key in self.keys(moment)]
        paragraphs = [line.format_map(self.values) for part in chosen for line in part]
        if self.rng.random() < _ASIDE_CHANCE[self.voice]:
            aside = "aside_client" if client_writes else "aside_broker"
            extra = self.rng.choice(scripts()[aside].email[self.voice])
            paragraphs[-1:-1] = [line.format_map(self.values) for line in extra]
        if self.story.plan.injection and moment.beat is Beat.INQUIRY:
            paragraphs.append(INJECTION_PARAGRAPH)
        return paragraphs

    def email(self, moment: Moment) -> EmailMessage:
        client_writes = moment.beat in CLIENT_SENDS
        paragraphs = self.paragraphs(moment, client_writes)
        subject = scripts()[self.keys(moment)[0]].subject[self.voice]
        plan = self.story.plan
        client = f"{plan.contact.name} <{plan.email}>"
        broker = f"{plan.broker.name} <{plan.broker.email}>"
        return EmailMessage(
            sender=client if client_writes else broker,
            to=broker if client_writes else client,
            date=moment.at,
            subject=subject.format_map(self.values),
            body=compose_letter(
                self.client_head if client_writes else self.broker_head, paragraphs
            ),
        )

    def lines(self, keys: list[str]) -> list[TalkLine]:
        chosen = (self.pick_talk(key) for key in keys)
        return [(role, line.format_map(self.values)) for part in chosen for role, line in part]

    def pick_talk(self, key: str) -> list[TalkLine]:
        """One alternative of a script; small talk never repeats within an account."""
        options = scripts()[key].talk[self.voice]
        if key != "smalltalk":
            return self.rng.choice(options)
        fresh = [i for i in range(len(options)) if i not in self.chatted]
        if not fresh:
            return []
        self.chatted.add(index := self.rng.choice(fresh))
        return options[index]

    def call(self, moment: Moment) -> CallTranscript:
        opening, middle, closing = self.call_parts(moment)
        lines = self.lines(opening)
        body = self.lines(middle)
        if opening and body:
            body[0] = (body[0][0], _without_greeting(body[0][1]))
        lines += body + self.lines(closing)
        words = sum(len(line.split()) for _, line in lines)
        seconds = int(words / 2.4) + 4 * len(lines) + self.rng.randint(5, 60)
        return CallTranscript(
            date=moment.at,
            participants=self.participants,
            duration=f"00:{seconds // 60:02d}:{seconds % 60:02d}",
            turns=[Turn(speaker=self.speaker(role), text=line) for role, line in lines],
        )

    def call_parts(self, moment: Moment) -> tuple[list[str], list[str], list[str]]:
        """Scripts of a call: hello and small talk (sometimes); the beat; goodbyes."""
        if moment.beat is Beat.NUDGE:
            return [], ["voicemail", *self.keys(moment)], []
        if moment.beat is Beat.INQUIRY:
            return [], ["call_answer", *self.keys(moment)], ["call_close"]
        inbound = moment.direction is Direction.INBOUND
        opener = ["call_answer", "call_hello"] if inbound else ["call_open"]
        chat = ["smalltalk"] if self.rng.random() < _SMALL_TALK_CHANCE[self.voice] else []
        claims = ["claims"] if moment.beat is Beat.INTAKE else []
        return [*opener, *chat], [*self.keys(moment), *claims], ["call_close"]

    def sms(self, moment: Moment) -> SmsThread:
        lines = [(role, line) for role, line in self.lines(self.keys(moment)) if role != "note"]
        sent = moment.at.replace(tzinfo=None)
        messages = []
        for index, (role, line) in enumerate(lines):
            if index:
                sent += timedelta(minutes=self.rng.randint(1, 9))
            messages.append(SmsMessage(sent_at=sent, speaker=self.speaker(role) or "", text=line))
        return SmsThread(date=moment.at, participants=self.participants, messages=messages)

    @property
    def participants(self) -> list[str]:
        return [self.story.plan.contact.name, self.story.plan.broker.name]

    def speaker(self, role: str) -> str | None:
        if role == "note":
            return None
        return self.story.plan.contact.name if role == "client" else self.story.plan.broker.name


_GREETING = re.compile(
    r"^(?:Hi|Hey|Good afternoon)[ ,]+[A-Z][A-Za-z.]*(?: [A-Z][A-Za-z]*)?[,.!:] +"
)


def _without_greeting(line: str) -> str:
    """A line without its opening "Hi Jordan," (the call has already said hello)."""
    rest = _GREETING.sub("", line, count=1)
    return rest if rest == line else rest[:1].upper() + rest[1:]


def _letterheads(story: Story, rng: random.Random) -> tuple[Letterhead, Letterhead]:
    """The contact's way of opening and closing an email, and the broker's, mirroring it."""
    plan = story.plan
    client = Writer(
        plan.contact.first,
        plan.contact.name,
        plan.contact.salute,
        plan.title,
        plan.name,
        plan.phone,
    )
    broker = Writer(
        plan.broker.first,
        plan.broker.name,
        plan.broker.salute,
        plan.broker.title,
        AGENCY,
        plan.broker.phone,
        broker=True,
    )
    return letterhead(plan.voice, client, broker, rng), letterhead(plan.voice, broker, client, rng)
