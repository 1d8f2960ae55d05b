"""The local engine's drafts: the talking points written in the client's voice, per channel.

Voices, greetings, sign-offs and lengths follow the communication-draft skill's
``references/tone-and-length.md``: a formal letter for Dr. Reed, two short lines for the client
who texts "k", a warm paragraph for the one who writes long emails. The broker signs.
"""

from __future__ import annotations

from dataclasses import dataclass

from harper_common.messages.followup import DraftChannel, StyleProfile
from harper_common.messages.query import FollowupDraft
from harper_followup.account import AccountFiles, Person
from harper_followup.open_items import OpenItems
from harper_followup.talking_points import TalkingPoints, talking_points

SMS_LIMIT = 320


@dataclass(frozen=True)
class DraftInput:
    """Everything a brain needs to write one follow-up."""

    account: AccountFiles
    profile: StyleProfile
    items: OpenItems
    channel: DraftChannel
    days_since_contact: int | None
    purpose: str | None = None

    @property
    def contact(self) -> Person:
        return self.account.contact or Person(self.account.state.name)

    @property
    def broker(self) -> Person:
        return self.account.broker or Person("Your broker")

    @property
    def points(self) -> TalkingPoints:
        state = self.account.state
        return talking_points(state.stage.value, self.items, list(state.insurance_types or []))

    @property
    def context_used(self) -> list[str]:
        files = [self.account.state_path, *self.items.files]
        files += self.profile.formality.evidence[:2] + self.profile.channel.evidence[:1]
        return list(dict.fromkeys(files))

    def rationale(self) -> str:
        state = self.account.state
        quiet = (
            f"{self.days_since_contact} days since last contact"
            if self.days_since_contact is not None
            else "no contact on record"
        )
        why = f"{state.stage.value}, {quiet}; open: {self.points.topic}"
        style = f"{self.profile.voice} voice ({self.profile.formality.value}, "
        style += f"{self.profile.length.value}); {self.channel}"
        purpose = f"; broker's purpose: {self.purpose}" if self.purpose else ""
        return f"{why}. Written in the client's {style}{purpose}."


def compose(data: DraftInput) -> FollowupDraft:
    if data.channel == "email":
        subject, body = _email(data)
        return FollowupDraft(
            channel="email",
            subject=subject,
            body=body,
            context_used=data.context_used,
            rationale=data.rationale(),
        )
    body = _sms(data) if data.channel == "sms" else _call_script(data)
    return FollowupDraft(
        channel=data.channel, body=body, context_used=data.context_used, rationale=data.rationale()
    )


def _email(data: DraftInput) -> tuple[str, str]:
    points, voice = data.points, data.profile.voice
    contact, broker = data.contact, data.broker
    if voice == "formal":
        agency = f"\n{data.account.agency}" if data.account.agency else ""
        lines = [
            f"Dear {contact.formal_name},",
            f"I hope all is well at {data.account.state.name.rstrip('.')}. {_since(data)}"
            f"{points.fact}",
            points.ask,
            f"Best regards,\n{broker.name}{agency}",
        ]
    elif voice == "detailed":
        lines = [
            f"Hi {contact.first_name},",
            f"I hope you're doing well. {_recap(data)}I wanted to pick up where we left off on "
            f"{points.topic}. {points.fact} {points.ask} If it's easier to talk it through, "
            "I'm happy to set up a call at a time that suits you.",
            f"Warm regards,\n{broker.first_name}",
        ]
    elif voice == "casual":
        lines = [f"Hey {contact.first_name},", f"{points.fact} {points.ask}", broker.first_name]
    else:
        lines = [
            f"Hi {contact.first_name},",
            f"Quick check-in on {points.topic}! {points.fact} {points.ask}",
            f"Thanks,\n{broker.first_name}",
        ]
    return points.subject, "\n\n".join(lines)


def _since(data: DraftInput) -> str:
    """ "I am following up on my email of October 5." from the newest exchange on file."""
    last = data.items.last_exchange
    if last is None:
        return f"I am writing about {data.points.topic}. "
    channel = last.source.channel.value
    whose = "our" if channel != "email" else "your" if last.inbound else "my"
    kind = {"email": "email", "call": "call", "sms": "messages"}[channel]
    return f"I am following up on {whose} {kind} of {last.when:%B} {last.when.day}. "


def _recap(data: DraftInput) -> str:
    last = data.items.last_exchange
    if last is None:
        return ""
    return f"Thank you for your time on {last.when:%B} {last.when.day}. "


def _sms(data: DraftInput) -> str:
    points, voice = data.points, data.profile.voice
    contact, broker = data.contact, data.broker
    if voice == "casual":
        text = f"hey {contact.first_name} - {points.short_ask} - {broker.first_name}"
    elif voice == "formal":
        text = (
            f"{contact.formal_name}, this is {broker.name} about {points.topic}. "
            f"{points.short_ask[:1].upper()}{points.short_ask[1:]} Thank you."
        )
    else:
        text = (
            f"Hi {contact.first_name}! {points.short_ask[:1].upper()}{points.short_ask[1:]} "
            f"Happy to help. - {broker.first_name}"
        )
    return _fit_text(text, data)


def _fit_text(text: str, data: DraftInput) -> str:
    """A text within the SMS limit: when the voiced one is too long, a shorter one that still
    names the contact and the open item (never a cut that drops them)."""
    if len(text) <= SMS_LIMIT:
        return text
    contact, topic = data.contact.first_name, data.points.topic
    shorter = f"Hi {contact}, checking in on {topic}. - {data.broker.first_name}"
    if len(shorter) <= SMS_LIMIT:
        return shorter
    room = SMS_LIMIT - len(f"Hi {contact}, re ...")
    return f"Hi {contact}, re {topic[: max(room, 0)].rstrip()}..."


def plain_compose(data: DraftInput) -> FollowupDraft:
    """The plainest draft for the channel: the contact, the open item and the ask, no voice.

    The fallback when the voiced draft fails its checks."""
    points, contact, broker = data.points, data.contact, data.broker
    about = f"I am following up on {points.topic}."
    if data.channel == "sms":
        body = _fit_text(f"Hi {contact.first_name}, {about} {points.short_ask}", data)
        subject = None
    elif data.channel == "email":
        body = f"Hi {contact.first_name},\n\n{about} {points.fact} {points.ask}\n\n{broker.name}"
        subject = points.subject or f"Following up on {points.topic}"
    else:
        body = (
            f"CALL: {contact.name}, {data.account.state.name}\n\n"
            f"  Hi {contact.first_name}, this is {broker.name}. {about}\n  {points.ask}"
        )
        subject = None
    return FollowupDraft(
        channel=data.channel,
        subject=subject,
        body=body,
        context_used=data.context_used,
        rationale=data.rationale() + " (plain draft)",
    )


def _call_script(data: DraftInput) -> str:
    points, contact, broker = data.points, data.contact, data.broker
    state = data.account.state
    phone = state.primary_contact.phone if state.primary_contact else None
    greeting = {
        "formal": f"Good afternoon, {contact.formal_name}",
        "casual": f"Hey {contact.first_name}",
    }.get(data.profile.voice, f"Hi {contact.first_name}")
    quiet = data.days_since_contact
    return "\n".join(
        [
            f"CALL: {contact.name}, {state.name}" + (f" ({phone})" if phone else ""),
            f"WHY NOW: {state.stage.value}, "
            + (f"{quiet} days since last contact" if quiet is not None else "no contact on record")
            + f"; {points.topic}",
            "",
            "OPEN",
            f"  {greeting}, this is {broker.name}.",
            "",
            "PURPOSE",
            f"  {points.fact}",
            "",
            "ASK",
            f"  {points.ask}",
            "",
            "VOICEMAIL",
            f"  {contact.first_name}, it's {broker.first_name} about {points.topic}. "
            "Please give me a call back when you have a moment. Thanks.",
        ]
    )
