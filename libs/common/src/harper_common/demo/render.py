"""One account from plan to files: its story rendered through the memory library, plus its truth."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date

from harper_common.demo.beats import Beat
from harper_common.demo.compose import Composer
from harper_common.demo.facts import planted_facts
from harper_common.demo.personas import PERSONAS
from harper_common.demo.plan import AccountPlan
from harper_common.demo.records import build_history, build_state
from harper_common.demo.stories import Story, build_story
from harper_common.demo.summaries import summarize
from harper_common.demo.texts import fields
from harper_common.demo.truth import AccountTruth, ContactTruth, Fact, Style
from harper_common.memory.history import render_history
from harper_common.memory.models import AccountState, Channel
from harper_common.memory.sources import render_raw, render_summary
from harper_common.memory.stages import FOLLOW_UP_RULES, Stage
from harper_common.memory.state import render_state


@dataclass(frozen=True)
class RenderedAccount:
    folders: list[str]
    """Folders to create, parents first, relative to the memory root."""
    files: list[tuple[str, str]]
    """``(path relative to the memory root, text)``."""
    truth: AccountTruth


def render_account(plan: AccountPlan, seed: int, as_of: date) -> RenderedAccount:
    story = build_story(plan, seed, as_of)
    values = fields(story)
    base = f"accounts/{plan.account_id}"
    folders, files, raw_texts = _sources(story, values, seed, base)
    history = build_history(story, values, seed)
    state = build_state(story, history, values)
    files += [
        (f"{base}/state.md", render_state(state)),
        (f"{base}/history.md", render_history(history)),
    ]
    facts = _facts(story, values, raw_texts, base)
    return RenderedAccount(folders, files, account_truth(story, state, facts, as_of))


def _sources(
    story: Story, values: dict[str, str], seed: int, base: str
) -> tuple[list[str], list[tuple[str, str]], dict[str, str]]:
    """Folders, files (raw.txt and summary.md of each source) and each raw text by its path."""
    composer = Composer(story, values, seed)
    folders, files, raw_texts = [base], [], {}
    for moment in story.moments:
        raw = composer.raw(moment)
        text = render_raw(raw)
        injected = story.plan.injection and moment.beat is Beat.INQUIRY
        summary = summarize(
            moment, composer.keys(moment), raw, text, values,
            voice=story.plan.voice, participants=composer.participants, injected=injected,
        )  # fmt: skip
        folder = f"{base}/{moment.raw_path.removesuffix('/raw.txt')}"
        folders.extend(_new_parents(folders, folder))
        files += [(f"{folder}/raw.txt", text), (f"{folder}/summary.md", render_summary(summary))]
        raw_texts[moment.raw_path] = text
    return folders, files, raw_texts


def _new_parents(existing: list[str], folder: str) -> list[str]:
    """``folder`` and those of its parents not yet in ``existing`` (parents first)."""
    parts = folder.split("/")
    chain = ["/".join(parts[: i + 1]) for i in range(2, len(parts))]
    return [path for path in chain if path not in existing]


def _facts(story: Story, values: dict[str, str], texts: dict[str, str], base: str) -> list[Fact]:
    facts = []
    for planted in planted_facts(story, values):
        paths = [m.raw_path for m in story.moments if m.beat in planted.beats]
        for path in paths:
            if planted.value not in texts[path]:
                raise RuntimeError(f"{base}/{path} does not state {planted.kind}={planted.value!r}")
        files = [f"{base}/{path}" for path in dict.fromkeys(paths)]
        facts.append(
            Fact(kind=planted.kind, value=planted.value, files=files, speaker=planted.speaker)
        )
    return facts


def account_truth(
    story: Story, state: AccountState, facts: list[Fact], as_of: date
) -> AccountTruth:
    plan = story.plan
    days = (as_of - story.last_contact).days
    channels = Counter(m.channel for m in story.moments)
    return AccountTruth(
        id=plan.account_id,
        name=plan.name,
        stage=plan.stage,
        industry=plan.trade.label,
        city=plan.city.name,
        state=plan.city.state,
        insurance_types=list(plan.lines),
        premium=story.premium,
        carrier=story.deal.carrier if story.premium is not None else None,
        contact=ContactTruth(name=plan.contact.name, email=plan.email, phone=plan.phone),
        broker=plan.broker.name,
        style=_style(plan),
        next_step=state.next_step,
        pending_actions=list(state.pending_actions or []),
        last_contact=story.last_contact,
        days_since_contact=days,
        overdue=is_overdue(plan.stage, days),
        sources={channel: channels[channel] for channel in Channel},
        facts=facts,
    )


def is_overdue(stage: Stage, days_since_contact: int) -> bool:
    """Due for follow-up: at least the stage's FOLLOW_UP_RULES days without contact."""
    after = FOLLOW_UP_RULES[stage].after_days
    return after is not None and days_since_contact >= after


def _style(plan: AccountPlan) -> Style:
    persona = PERSONAS[plan.voice]
    return Style(
        persona=plan.voice.value,
        formality=persona.formality,
        length=persona.length,
        tone=persona.tone,
        preferred_channel=plan.preferred,
    )
