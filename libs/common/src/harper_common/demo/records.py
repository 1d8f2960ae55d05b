"""An account's history chain and its current state, as the memory library models them."""

from __future__ import annotations

from datetime import timedelta

from harper_common.demo.beats import Beat
from harper_common.demo.personas import Voice
from harper_common.demo.plan import account_rng
from harper_common.demo.stories import Moment, Story
from harper_common.memory.history import chain_entry
from harper_common.memory.models import (
    AccountState,
    Channel,
    Contact,
    Detail,
    Direction,
    FieldChange,
    History,
)
from harper_common.memory.stages import Stage

_REASONS: dict[Stage, str] = {
    Stage.INTAKE: "after the intake conversation ({employees}, payroll {payroll})",
    Stage.APPLICATION_RECEIVED: "on receiving the signed application (still missing {docs})",
    Stage.SUBMITTED: "after submitting to {markets}",
    Stage.QUOTED: "based on the {carrier} quote of {premium}",
    Stage.BOUND: "after binding with {carrier}, effective {effective}",
    Stage.CLOSED_WON: "after delivering the issued policy {policy}",
}
_MANNER: dict[Voice, str] = {
    Voice.FORMAL: "Writes formal letters with a signature block; address as {csalute}.",
    Voice.FRIENDLY: "Friendly and quick to answer; first names.",
    Voice.CASUAL: "Short texts, often while {busy}; keep it brief.",
    Voice.DETAILED: "Writes long, personal emails and values the relationship.",
}
_CHANNEL_WORDS = {Channel.EMAIL: "email", Channel.CALL: "call", Channel.SMS: "text message"}
_PREFERS = {Channel.EMAIL: "email", Channel.CALL: "a phone call", Channel.SMS: "a text"}


def evidence(story: Story, moment: Moment) -> str:
    """ "Email from Dr. Lisa Reed, sources/emails/email_20260105_1403/raw.txt"."""
    name = story.plan.contact.name
    if moment.channel is Channel.EMAIL:
        way = "from" if moment.direction is Direction.INBOUND else "to"
        return f"Email {way} {name}, {moment.raw_path}"
    kind = "Call with" if moment.channel is Channel.CALL else "Text messages with"
    return f"{kind} {name}, {moment.raw_path}"


def build_history(story: Story, values: dict[str, str], seed: int) -> History:
    """The account opened at its first communication, then one entry per stage change."""
    rng = account_rng(seed, story.plan.index, "history")
    history = History()
    stage: Stage | None = None
    for moment in story.moments:
        if moment.moves_to is None or moment.moves_to is stage:
            continue
        chain_entry(
            history,
            at=moment.at + timedelta(minutes=rng.randint(60, 95)),
            summary=_summary(story, moment, stage, values),
            changes=_changes(story, moment, stage),
            details=[Detail(key="Source", value=moment.raw_path)],
            evidence=evidence(story, moment),
        )
        stage = moment.moves_to
    return history


def _changes(story: Story, moment: Moment, old: Stage | None) -> list[FieldChange]:
    """The stage change, and the premium when the quote comes in."""
    changes = [FieldChange(field="stage", old_value=old and old.value, new_value=moment.moves_to)]
    if moment.beat is Beat.QUOTE:
        changes.append(FieldChange(field="premium", old_value=None, new_value=str(story.premium)))
    return changes


def _summary(story: Story, moment: Moment, old: Stage | None, values: dict[str, str]) -> str:
    new = moment.moves_to
    if old is None:
        how = "an inbound" if moment.direction is Direction.INBOUND else "a"
        what = _CHANNEL_WORDS[moment.channel]
        return f"Account opened for {story.plan.name} from {how} {what} ({new})."
    if new is Stage.CLOSED_LOST:
        reason = (
            f"after {sum(m.beat is Beat.NUDGE for m in story.moments)} follow-ups without a reply"
            if story.quiet
            else "because the client is going with {lost_to}"
        )
    else:
        reason = _REASONS[new] if new is not None else ""
    return f'Stage updated from "{old}" to "{new}" {reason.format_map(values)}.'


def build_state(story: Story, history: History, values: dict[str, str]) -> AccountState:
    plan = story.plan
    next_step, pending = next_steps(story, values)
    last = history.last
    return AccountState(
        account_id=plan.account_id,
        name=plan.name,
        stage=plan.stage,
        industry=plan.trade.label,
        location=plan.city.location,
        insurance_types=list(plan.lines),
        premium=story.premium,
        primary_contact=Contact(name=plan.contact.name, email=plan.email, phone=plan.phone),
        last_contact=story.last_contact,
        next_step=next_step,
        pending_actions=pending or None,
        version=len(history.entries),
        updated_at=last.at if last else None,
        body=_notes(story, values),
    )


def _notes(story: Story, values: dict[str, str]) -> str:
    plan = story.plan
    day = story.moments[0].at.date()
    notes = [
        _MANNER[plan.voice].format_map(values),
        f"Prefers {_PREFERS[plan.preferred]}. Broker: {plan.broker.name}.",
    ]
    lines = "".join(f"- {day.isoformat()}: {note}\n" for note in notes)
    return f"# {plan.name}\n\n## Notes\n{lines}"


def next_steps(story: Story, v: dict[str, str]) -> tuple[str | None, list[str]]:
    """What the broker does next, and what is still outstanding, at the account's stage."""
    stage, beats = story.plan.stage, story.beats
    if stage is Stage.NEW_LEAD:
        return "Schedule intake call", ["Send intake questionnaire"]
    if stage is Stage.INTAKE:
        return "Send application for signature", ["Collect signed application"]
    if stage is Stage.APPLICATION_RECEIVED:
        return f"Submit to carriers once {v['docs']} arrive", [
            f"Collect {doc}" for doc in story.deal.documents
        ]
    if stage is Stage.SUBMITTED:
        if Beat.UW_QUESTION in beats:
            return "Await carrier quotes", [f"Answer {v['uw_carrier']} question on {v['question']}"]
        return "Await carrier quotes", [f"Chase quotes from {v['markets']}"]
    if stage is Stage.QUOTED:
        pending = ["Client review of emailed quote"]
        if Beat.DISCUSSION in beats:
            pending.append(f"Ask {v['carrier']} about {v['concern']}")
        return f"Client confirmation on {v['carrier']} quote", pending
    if stage is Stage.BOUND:
        return "Deliver issued policy documents", [f"Send policy {v['policy']} to client"]
    if stage is Stage.CLOSED_WON:
        return f"Renewal review before {v['effective']} next year", []
    return "Check in before their next renewal", []
