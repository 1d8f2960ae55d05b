"""Labelled queries for intent and routing, worded the many ways brokers write.

Each probe has the intent the starter should see (search, update, followup, unclear) and the
outcome the broker should get: routed to an agent (``search_agent``, ``updater_agent``,
``followup_agent``), ``clarification_needed``, ``confirmation_required`` or
``vague_update_clarification``. Probes that route to the updater or the follow-up agent only
name accounts reserved for them, so they never change what the search set asks about.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from harper_common.demo.truth import AccountTruth, GroundTruth
from harper_eval.truth import Reservation

Intent = Literal["search", "update", "followup", "unclear"]
Outcome = Literal[
    "search_agent",
    "updater_agent",
    "followup_agent",
    "clarification_needed",
    "confirmation_required",
    "vague_update_clarification",
]
ROUTED: tuple[Outcome, ...] = ("search_agent", "updater_agent", "followup_agent")

UNKNOWN_BUSINESSES = [
    "Lakeshore Pediatrics", "ABC Security Services", "New Company LLC", "Zephyr Aerospace",
    "Quantum Bagels", "Harborview Orthodontics", "Moonbeam Candles", "Thunderbird Karate",
    "Evergold Jewelers", "Juniper Yoga Loft", "Polaris Data Labs", "Starlight Dance Academy",
    "Copperfield Vineyards", "Silverline Robotics", "Northwind Traders",
]  # fmt: skip


@dataclass(frozen=True)
class IntentProbe:
    id: str
    category: str
    query: str
    intent: Intent
    outcome: Outcome

    @property
    def clear(self) -> bool:
        """A clear query: it should be answered, not sent back with a question."""
        return self.outcome in ROUTED


SEARCH_NAMED = [
    "what stage is {n} at",
    "whats the status on {n}",
    "{n} status?",
    "where r we w/ {n}",
    "any update on {n}? what did they say last",
    "pls pull up {n}",
    "who's the contact at {n}",
    "what did {n} say on the last call",
    "has {n} sent the loss runs yet",
    "{n} premium",
    "when did we last talk to {n}",
    "what coverages does {n} have",
    "what's going on with {n}",
    "did {n} get back to us on the quote",
    "what carrier is {n} with",
    "summarize {n} for me",
    "what docs are missing for {n}",
    "how many employees at {n}",
    "is {n} bound yet?",
    "remind me what {n} does",
]
SEARCH_CROSS = [
    "Which accounts need follow-up?",
    "how many quoted accounts do we have",
    "any dental offices in texas",
    "show me all bound policies",
    "pipeline summary pls",
    "who's overdue for a call",
    "list the accounts in Florida",
    "which deals are in submission right now",
    "what accounts need workers comp",
    "any restaurants we're quoting",
    "accounts we haven't talked to in 30+ days",
    "which clients are in ohio",
    "show new leads from this month",
    "how many accounts does jordan hale have",
    "which trucking accounts are quoted",
    "all roofing contractors pls",
    "what's closed lost this quarter",
    "who has cyber liability",
    "list every account in intake",
    "which accounts are waiting on loss runs",
    "accounts in austin?",
    "which quotes are still pending a decision",
    "top premiums in the book",
    "whose renewals are coming up in january",
    "brewery accounts",
    "what did we lose to competitors",
    "any hvac accounts in application received",
    "show me everything quoted in TX",
    "who needs a follow up this week",
    "which accounts have an underwriter question open",
]
SEARCH_NO_ACCOUNT = [
    "What did the customer say in the call?",
    "whats their premium",
    "when did they last email us",
    "did he send the loss runs",
    "what stage is it in",
    "what did she say about the price",
    "who's their current carrier?",
    "what's the next step for them",
    "did the client sign the app",
    "what docs are they still missing",
    "how many employees do they have",
    "what did the underwriter ask them",
    "when does their policy renew",
    "what's the contact's phone number",
    "what was the objection on the call",
    "is the account bound",
    "what did they decide",
    "read me the last email from the client",
    "whats the payroll on this one",
    "what carrier quoted them",
]
UPDATE_NAMED = [
    "mark {n} as quoted",
    "move {n} to bound",
    "set premium on {n} to $4,200",
    "add a note to {n}: called, left vm",
    "change next step for {n} to send loss runs to underwriter",
    "{n} app received today, update the stage",
    "update {n} stage to submitted pls",
    "log that {n} emailed the payroll report",
    "{n} signed - mark bound",
    "set {n} to closed lost, they went with another agency",
    "put {n} in submission",
    "note on {n}: wants umbrella quote too",
    "change the stage of {n} to application received",
    "{n} premium is 12500 now",
    "add cyber liability to {n}'s coverages",
]
VAGUE_UPDATE = [
    "update {n}",
    "change the status on {n}",
    "make some updates to {n}",
    "edit {n} pls",
    "{n} needs updating",
    "Update {n} account",
    "can you update {n}",
    "modify {n}",
]
UPDATE_UNKNOWN = [
    "Add a note to {u}",
    "mark {u} as quoted",
    "move {u} to submitted",
    "set premium for {u} to 3000",
    "log a call with {u}",
]
SEARCH_UNKNOWN = [
    "what stage is {u} in",
    "status on {u}?",
    "who's the contact at {u}",
]
FOLLOWUP_NAMED = [
    "follow up with {n}",
    "draft a follow-up email to {n}",
    "send {n} a reminder about the missing docs",
    "write a call script for {n}",
    "text {n} about the quote",
    "nudge {n} pls",
    "chase {n} for the signed app",
    "can u draft something to {n} checking in",
    "follow-up w/ {n} on the quote decision",
    "ping {n} by sms",
    "reach out to {n}",
    "send {n} a check-in email",
]
FOLLOWUP_UNKNOWN = ["follow up with {u}", "draft an email to {u}"]
FOLLOWUP_NO_ACCOUNT = [
    "send them a follow up",
    "draft a reminder email to the client",
    "follow up with him",
    "text her about the quote",
    "write a call script for the customer",
    "nudge them pls",
    "email the client a check in",
    "send a reminder about the docs",
]
UPDATE_NO_ACCOUNT = [
    "mark it as bound",
    "change the stage to quoted",
    "add a note: client called back",
    "set the premium to 5k",
    "move them to submitted",
    "log that they sent the loss runs",
    "update the next step to call the underwriter",
    "mark as closed lost",
]
UNCLEAR = [
    "hmm",
    "asdf",
    "thanks!",
    "ok",
    "?",
    "hello",
    "lol",
    "blue",
    "the thing",
    "insurance",
    "yes",
    "idk",
    "good morning harper",
    "...",
    "pizza",
    "123",
    "test",
    "k thx",
    "whatever",
    "nvm",
]


def _typo(name: str, rng: random.Random) -> str:
    """One letter dropped from a word of five letters or more (a slip brokers make)."""
    words = name.split()
    long_words = [i for i, w in enumerate(words) if len(w) >= 5]
    if not long_words:
        return name
    i = rng.choice(long_words)
    j = rng.randrange(1, len(words[i]) - 1)
    words[i] = words[i][:j] + words[i][j + 1 :]
    return " ".join(words)


def _written(account: AccountTruth, rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.2:
        return _typo(account.name, rng)
    if roll < 0.45:
        return account.name.lower()
    return account.name


def build_intent_probes(
    truth: GroundTruth, reservation: Reservation, seed: int = 11
) -> list[IntentProbe]:
    rng = random.Random(seed)
    readers = [a for a in truth.accounts if a.id not in reservation.ids]
    writers = list(reservation.intent)
    probes: list[IntentProbe] = []

    def add(category: str, query: str, intent: Intent, outcome: Outcome) -> None:
        probes.append(IntentProbe(f"I-{len(probes) + 1:03d}", category, query, intent, outcome))

    def named(
        templates: Sequence[str], pool: Sequence[AccountTruth], repeat: int
    ) -> list[tuple[str, AccountTruth]]:
        return [(t, rng.choice(pool)) for t in templates for _ in range(repeat)]

    for template, account in named(SEARCH_NAMED, readers, 2):
        add(
            "search, account named",
            template.format(n=_written(account, rng)),
            "search",
            "search_agent",
        )
    for text in SEARCH_CROSS:
        add("search, cross-account", text, "search", "search_agent")
    for text in SEARCH_NO_ACCOUNT:
        add("search, needs an account", text, "search", "clarification_needed")
    for template in SEARCH_UNKNOWN:
        for name in rng.sample(UNKNOWN_BUSINESSES, 2):
            add(  # a question never offers to create an account: it asks which one is meant
                "search, unknown account",
                template.format(u=name),
                "search",
                "clarification_needed",
            )
    for template, account in named(UPDATE_NAMED, writers, 2):
        add(
            "update, account named",
            template.format(n=_written(account, rng)),
            "update",
            "updater_agent",
        )
    for template, account in named(VAGUE_UPDATE, writers, 2):
        add(
            "update, vague", template.format(n=account.name), "update", "vague_update_clarification"
        )
    for template in UPDATE_UNKNOWN:
        for name in rng.sample(UNKNOWN_BUSINESSES, 3):
            add(
                "update, unknown account",
                template.format(u=name),
                "update",
                "confirmation_required",
            )
    for text in UPDATE_NO_ACCOUNT:
        add("update, needs an account", text, "update", "clarification_needed")
    for template, account in named(FOLLOWUP_NAMED, writers, 2):
        add(
            "followup, account named",
            template.format(n=_written(account, rng)),
            "followup",
            "followup_agent",
        )
    for template in FOLLOWUP_UNKNOWN:
        for name in rng.sample(UNKNOWN_BUSINESSES, 2):
            add(  # only a change to a business not in the book offers to create it
                "followup, unknown account",
                template.format(u=name),
                "followup",
                "clarification_needed",
            )
    for text in FOLLOWUP_NO_ACCOUNT:
        add("followup, needs an account", text, "followup", "clarification_needed")
    for text in UNCLEAR:
        add("unclear", text, "unclear", "clarification_needed")
    return probes
