"""``python -m harper_eval.field_probes <book> [--show] [--second]``: every field of every
account's state.md asked in several wordings of our own, the account already resolved, graded by whether the answer
holds the value.

The books' questions are few per field; these probes ask each field of each account the ways
brokers shorten things ("<name> number?", "where is <name>", "who did <name> bind with"), with
the account named as people shorten it (its first two words). They are written here, not drawn
from any book's questions, so they may be read and fixed against freely. Prints passes per field.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date

from harper_common.memory import AccountState
from harper_common.memory.people import account_people
from harper_common.memory.state import parse_state
from harper_common.messages.query import AccountRef, AgentRequest, IntentInfo
from harper_eval.books import load_book
from harper_eval.direct import local_search

WORDINGS: dict[str, tuple[str, ...]] = {
    "stage": (
        "{n} stage",
        "where are we with {n}",
        "status on {n}?",
        "is {n} bound yet",
        "{c} stage",
        "{n} stge?",
        "{n} - bound?",
    ),
    "premium": ("{n} premium", "how much is {n} paying", "{n} price?", "what's {cf} paying"),
    "contact": ("who's the contact at {n}", "who do i talk to at {n}", "main person at {n}?"),
    "email": ("{n} email", "email for {n}", "what's the email address at {n}", "{c} email?"),
    "phone": (
        "{n} phone",
        "{n} number?",
        "how do i reach {n} by phone",
        "{c} cell #?",
        "{cf}'s number",
        "{n} phne",
    ),
    "location": ("where is {n}", "what city is {n} in", "where's {n} based", "{n} - what town"),
    "industry": ("what does {n} do", "{n} industry", "{n} - what kind of shop"),
    "coverage": ("{n} coverages", "what lines for {cf}", "what cov does {n} need"),
    "next_step": ("next step on {n}", "what do we owe {cf}", "what's outstanding on {n}"),
    "last_contact": ("when did we last talk to {n}", "when did i last hear from {cf}"),
    "renewal_date": ("when does {n} renew", "{n} renewal date", "{n} x-date", "{cf} renewal"),
    "current_carrier": ("who is {n} with now", "who's {cf} with right now", "who writes {n} today"),
    "carrier": ("{n} carrier", "who did {n} bind with"),
    "policy_number": ("{n} policy number", "policy # for {n}"),
    "effective_date": ("{n} effective date", "{n} eff date"),
    "expiring_premium": ("what does {n} pay now", "{n} expiring premium"),
    "broker": ("who handles {n} for us", "{n} broker"),
    "submitted_to": ("where did we submit {n}", "which markets for {n}"),
    "stage+premium": ("{n} stage and premium",),
    "location+industry": ("{n} - where and what do they do",),
    "contact+phone": ("who do i call at {n} and what's the number",),
    "other_person": ("{p} phone", "{p} email"),
}
"""Field -> wordings: {n} is the account as people shorten it, {c} and {cf} its primary contact
(full and first name), {p} another person of state.md; "a+b" asks two fields at once."""

SECOND_WORDINGS: dict[str, tuple[str, ...]] = {
    "stage": (
        "{n}: stage?",
        "is {n} quoted or bound",
        "what's the status of the {n} deal",
        "where do things stand w {n}",
    ),
    "premium": (
        "remind me what {n} pays",
        "{n} - how much",
        "what's the premium on {n}'s quote",
        "cost for {n}?",
    ),
    "contact": ("who's our point person at {n}", "who runs {n}", "{n} - who do we deal with"),
    "email": ("best email for {cf}", "{n} contact email?", "how do i email {n}"),
    "phone": ("best number for {cf}", "{n} - phone #", "how do i call {cf}", "digits for {n}"),
    "location": ("where's {n} located", "{n} - city?", "what town is {n} out of"),
    "industry": (
        "what line of business is {n}",
        "what kind of business is {n}",
        "{n} - what do they do",
    ),
    "coverage": ("what's {n} shopping", "what coverage is {n} after", "lines on {n}?"),
    "next_step": ("what's next for {n}", "anything pending on {n}", "{n} next steps"),
    "last_contact": (
        "last time we talked to {n}?",
        "when was our last touch with {n}",
        "{n} last contact",
    ),
    "renewal_date": (
        "when is {n} up for renewal",
        "when does {n}'s policy expire",
        "{n} expiration",
    ),
    "current_carrier": (
        "who's {n}'s current insurer",
        "incumbent carrier for {n}",
        "who has {n} now",
    ),
    "carrier": ("which carrier is {n} bound with", "who wrote {n}"),
    "policy_number": ("{n} pol #", "what's {n}'s policy no"),
    "effective_date": ("when does {n}'s coverage start", "{n} start date"),
    "broker": ("whose account is {n}", "which of us has {n}"),
    "submitted_to": ("what markets did {n} go to", "who did we send {n} to"),
}
"""A second set, written after the engines were (``--second``): wordings the engines were not
tuned to when first run ("what line of business" is the insurance sense as often as the trade's)."""


@dataclass(frozen=True)
class Probe:
    account_id: str
    field: str
    question: str
    wanted: tuple[str, ...]


def _first(value: object) -> str | None:
    """The part of a value the answer must hold: a list's first item, a date in ISO form."""
    if isinstance(value, list):
        value = value[0] if value else None
    if value is None or value == "":
        return None
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return f"{value:,.0f}"
    return str(value)[:25]


VALUES: dict[str, Callable[[AccountState], object]] = {
    "stage": lambda s: s.stage.value,
    "premium": lambda s: s.premium,
    "contact": lambda s: s.primary_contact.name if s.primary_contact else None,
    "email": lambda s: s.primary_contact.email if s.primary_contact else None,
    "phone": lambda s: s.primary_contact.phone if s.primary_contact else None,
    "location": lambda s: s.location.split(",")[0] if s.location else None,
    "industry": lambda s: s.industry,
    "coverage": lambda s: s.insurance_types,
    "next_step": lambda s: s.next_step,
    "last_contact": lambda s: s.last_contact,
}


def short_name(name: str) -> str:
    """The account as people shorten it: its first two words, without "The" or a legal form."""
    words = [w for w in re.findall(r"[\w&'.]+", name) if w.lower() not in ("the", "llc", "inc")]
    kept: list[str] = []
    for word in words:
        if sum(w not in ("&", "and") for w in kept) == 2:
            break
        kept.append(word)
    return " ".join(kept).lower()


def probes(state: AccountState, wordings: dict[str, tuple[str, ...]] | None = None) -> list[Probe]:
    found = []
    contact = state.primary_contact.name if state.primary_contact else None
    names = {"n": short_name(state.name)}
    if contact:
        first = next((w for w in contact.split() if not w.endswith(".")), contact)  # not "Dr."
        names.update(c=contact.lower(), cf=first.lower())
    for field, written in (wordings or WORDINGS).items():
        if field == "other_person":
            others = [p for p in account_people(state) if not p.primary]
            for person in others[:1]:
                for wording, wanted in zip(written, (person.phone, person.email), strict=True):
                    if wanted:
                        question = wording.format(p=person.name.lower())
                        found.append(Probe(state.account_id, field, question, (wanted,)))
            continue
        wanted = tuple(_value(state, part) or "" for part in field.split("+"))
        if not all(wanted):
            continue
        for wording in written:
            if "{c" in wording and "c" not in names:
                continue
            found.append(Probe(state.account_id, field, wording.format(**names), wanted))
    return found


def _value(state: AccountState, field: str) -> str | None:
    read = VALUES.get(field)
    return _first(read(state) if read else state.extra.get(field))


async def run(name: str, show: bool, second: bool = False) -> int:
    book = load_book(name)
    states = [
        parse_state((folder / "state.md").read_text(encoding="utf-8"))
        for folder in sorted((book.mem / "accounts").iterdir())
        if (folder / "state.md").is_file()
    ]
    wordings = SECOND_WORDINGS if second else WORDINGS
    asked = [probe for state in states for probe in probes(state, wordings)]
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    with local_search(book) as local:
        agent, catalog = local.agent, local.catalog
        for probe in asked:
            card = catalog.get(probe.account_id)
            if card is None:
                continue
            request = AgentRequest(
                request_id="probe",
                query=probe.question,
                intent=IntentInfo(intent="search", confidence=0.9),
                account=AccountRef(account_id=card.account_id, account_name=card.name),
            )
            answer = await agent.handle(request)
            passed = all(part.lower() in answer.answer.lower() for part in probe.wanted)
            total[probe.field] += 1
            right[probe.field] += passed
            if show and not passed:
                said = " ".join(answer.answer.split())[:200]
                print(f"FAIL {probe.field} {probe.account_id} {probe.question!r}: {said}")
    print_tally(f"{name}: probes answered", right, total)
    return 0


def print_tally(title: str, right: Counter[str], total: Counter[str]) -> None:
    """``title`` with the passes of all probes ("<book>: 12/14 ..."), then a line per kind."""
    head, _, tail = title.partition(": ")
    print(f"{head}: {sum(right.values())}/{sum(total.values())} {tail}")
    for kind in total:
        print(f"  {kind}: {right[kind]}/{total[kind]}")


def run_on_a_book(
    run: Callable[[str, bool], Awaitable[int]], show_help: str = "print the probes missed"
) -> int:
    """The command line of a probe set: a book's name and ``--show``."""
    parser = argparse.ArgumentParser()
    parser.add_argument("book")
    parser.add_argument("--show", action="store_true", help=show_help)
    args = parser.parse_args()
    return asyncio.run(run(args.book, args.show))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("book")
    parser.add_argument("--show", action="store_true", help="print the probes not answered")
    parser.add_argument("--second", action="store_true", help="the second set of wordings")
    args = parser.parse_args()
    return asyncio.run(run(args.book, args.show, args.second))


if __name__ == "__main__":
    sys.exit(main())
