"""Search questions at three levels, written from the ground truth in our own words.

L1 asks for one field of one account's state; L2 for a fact that only the sources hold (the
answer must cite a raw.txt listed for that fact); L3 for every account matching a filter
(stage, state or city, industry, coverage, overdue). The phrasings are ours, varied the way
brokers write (shorthand, no question mark, "pls", lower case), and deliberately unrelated to
the demo generator's templates, so an engine cannot pass by echoing them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from harper_common.demo.truth import AccountTruth, Fact, GroundTruth
from harper_eval.grading import CitationNeed
from harper_eval.truth import US_STATES, AccountFacts, is_overdue

Level = Literal["L1", "L2", "L3"]
FactSpec = str | tuple[str, ...]
"""One expected fact: a string, or the spellings any one of which is enough."""


@dataclass(frozen=True)
class Criteria:
    """An L3 filter. Every field that is set must hold."""

    stage: str | None = None
    state: str | None = None
    city: str | None = None
    industry: str | None = None
    coverage: str | None = None
    overdue: bool | None = None

    def matches(self, account: AccountFacts, today: date) -> bool:
        return (
            (self.stage is None or account.stage == self.stage)
            and (self.state is None or account.state == self.state)
            and (self.city is None or account.city == self.city)
            and (self.industry is None or account.industry == self.industry)
            and (self.coverage is None or self.coverage in account.insurance_types)
            and (
                self.overdue is None
                or is_overdue(account.stage, account.last_contact, today) == self.overdue
            )
        )


@dataclass(frozen=True)
class SearchQuestion:
    id: str
    level: Level
    topic: str
    query: str
    facts: tuple[FactSpec, ...]
    needs: tuple[CitationNeed, ...]
    account_id: str | None = None
    criteria: Criteria | None = None
    expected_ids: tuple[str, ...] = ()
    other_names: tuple[str, ...] = field(default=(), repr=False)
    """For L3: names of accounts that must NOT be listed."""


_SUFFIX = re.compile(r",?\s+(Inc\.|LLC|Co\.)$")


def spoken_name(name: str, rng: random.Random) -> str:
    """How a broker types the name: as is, lower case, or without "Inc."/"LLC"."""
    choice = rng.random()
    if choice < 0.25:
        return name.lower()
    if choice < 0.5 and _SUFFIX.search(name):
        return _SUFFIX.sub("", name)
    return name


def _account_folder(account_id: str) -> CitationNeed:
    return CitationNeed((f"accounts/{account_id}/",), f"a file of account {account_id}")


def _money(amount: int) -> str:
    return f"${amount:,}"


L1Builder = Callable[[AccountTruth], tuple[tuple[FactSpec, ...], list[str]] | None]


def _l1_stage(a: AccountTruth) -> tuple[tuple[FactSpec, ...], list[str]] | None:
    return (str(a.stage),), [
        "what stage is {n} in",
        "where are we with {n}?",
        "{n} - pipeline status pls",
        "Status on {n}?",
        "is {n} still open? what stage",
    ]


def _l1_premium(a: AccountTruth) -> tuple[tuple[FactSpec, ...], list[str]] | None:
    if a.premium is None:
        return None
    return (_money(a.premium),), [
        "how much is the premium for {n}",
        "{n} premium?",
        "what premium are we looking at on {n}",
        "whats the annual premium on {n}",
    ]


def _l1_contact(a: AccountTruth) -> tuple[tuple[FactSpec, ...], list[str]] | None:
    return (a.contact.name,), [
        "who is the main contact at {n}",
        "who do i talk to at {n}",
        "{n} point of contact?",
        "name of our contact over at {n} pls",
    ]


def _l1_email(a: AccountTruth) -> tuple[tuple[FactSpec, ...], list[str]] | None:
    return (a.contact.email,), [
        "what's the email for the contact at {n}",
        "email address for {n} pls",
        "how do I email {n}",
    ]


def _l1_phone(a: AccountTruth) -> tuple[tuple[FactSpec, ...], list[str]] | None:
    return (a.contact.phone,), [
        "phone number for {n}?",
        "what number do I call to reach {n}",
        "{n} phone #",
    ]


def _l1_next_step(a: AccountTruth) -> tuple[tuple[FactSpec, ...], list[str]] | None:
    if not a.next_step:
        return None
    return (a.next_step,), [
        "what's the next step on {n}",
        "what do we need to do next for {n}",
        "next action for {n}?",
        "what am I supposed to do next w/ {n}",
    ]


def _l1_pending(a: AccountTruth) -> tuple[tuple[FactSpec, ...], list[str]] | None:
    if not a.pending_actions:
        return None
    return tuple(a.pending_actions), [
        "anything outstanding on {n}?",
        "what's pending for {n}",
        "open items on {n}",
    ]


def _l1_last_contact(a: AccountTruth) -> tuple[tuple[FactSpec, ...], list[str]] | None:
    return (a.last_contact.isoformat(),), [
        "when did we last hear from {n}",
        "last contact date with {n}?",
        "when was the last touchpoint w/ {n}",
    ]


def _l1_location(a: AccountTruth) -> tuple[tuple[FactSpec, ...], list[str]] | None:
    return (a.city, (a.state, US_STATES.get(a.state, a.state))), [
        "where is {n} located",
        "what city is {n} in",
        "{n} location?",
    ]


def _l1_coverage(a: AccountTruth) -> tuple[tuple[FactSpec, ...], list[str]] | None:
    return tuple(a.insurance_types), [
        "what coverage is {n} looking for",
        "which lines of insurance does {n} need",
        "{n} coverages?",
        "what are we writing for {n}",
    ]


def _l1_broker(a: AccountTruth) -> tuple[tuple[FactSpec, ...], list[str]] | None:
    return (a.broker,), [
        "who's the broker on {n}",
        "which producer handles {n}",
        "whose account is {n}",
    ]


L1_TOPICS: dict[str, L1Builder] = {
    "stage": _l1_stage,
    "premium": _l1_premium,
    "contact": _l1_contact,
    "email": _l1_email,
    "phone": _l1_phone,
    "next_step": _l1_next_step,
    "pending_actions": _l1_pending,
    "last_contact": _l1_last_contact,
    "location": _l1_location,
    "insurance_types": _l1_coverage,
    "broker": _l1_broker,
}

L2_PHRASES: dict[str, list[str]] = {
    "employee_count": [
        "how many employees does {n} have",
        "headcount at {n}?",
        "# of staff at {n}",
    ],
    "payroll": ["what's {n}'s annual payroll", "payroll for {n}?", "how big is the payroll at {n}"],
    "renewal_date": [
        "when does {n}'s current policy renew",
        "renewal date for {n}",
        "when is {n} up for renewal",
    ],
    "current_carrier": [
        "who is {n} insured with right now",
        "current carrier for {n}?",
        "who's the incumbent on {n}",
    ],
    "missing_document": [
        "what documents are we still missing from {n}",
        "what paperwork does {n} still owe us",
        "docs outstanding from {n}?",
    ],
    "quote_amount": [
        "how much did the carrier quote {n}",
        "quote amount on {n}? check the emails",
        "what number came back on the {n} quote",
    ],
    "carrier": [
        "which carrier came back with the quote for {n}",
        "who wrote the quote for {n}",
    ],
    "decision": [
        "what did {n} decide about the quote",
        "did {n} say yes or no on the quote?",
        "what was {n}'s answer on the proposal",
    ],
    "effective_date": [
        "when does {n}'s new coverage start",
        "effective date for {n}'s policy?",
    ],
    "underwriter_question": [
        "what did the underwriter ask about {n}",
        "any UW questions on {n}?",
        "what info did underwriting want for {n}",
    ],
    "competitor": [
        "is {n} shopping with another agency? who",
        "which competitor is {n} talking to",
    ],
    "objection": [
        "what was {n}'s concern about the quote",
        "any pushback from {n}?",
        "what did {n} object to",
    ],
}

STAGE_WORDS: dict[str, list[str]] = {
    "New Lead": ["new lead", "new-lead"],
    "Intake": ["intake", "intake-stage"],
    "Application Received": ["app received", "application received"],
    "Submitted": ["submitted", "submitted"],
    "Quoted": ["quoted", "quoted"],
    "Bound": ["bound", "bound"],
    "Closed Won": ["closed won", "won"],
    "Closed Lost": ["closed lost", "lost"],
}


def build_l1(truth: GroundTruth, rng: random.Random, count: int) -> list[SearchQuestion]:
    topics = list(L1_TOPICS)
    accounts = rng.sample(truth.accounts, min(len(truth.accounts), count * 2))
    questions: list[SearchQuestion] = []
    for i, account in enumerate(accounts):
        if len(questions) >= count:
            break
        for attempt in range(len(topics)):
            topic = topics[(i + attempt) % len(topics)]
            built = L1_TOPICS[topic](account)
            if built is None:
                continue
            facts, phrases = built
            query = rng.choice(phrases).format(n=spoken_name(account.name, rng))
            questions.append(
                SearchQuestion(
                    f"L1-{len(questions) + 1:03d}",
                    "L1",
                    topic,
                    query,
                    facts,
                    (_account_folder(account.id),),
                    account.id,
                )
            )
            break
    return questions


def _l2_candidates(truth: GroundTruth) -> dict[str, list[tuple[AccountTruth, list[Fact]]]]:
    by_kind: dict[str, list[tuple[AccountTruth, list[Fact]]]] = {}
    for account in truth.accounts:
        grouped: dict[str, list[Fact]] = {}
        for fact in account.facts:
            if str(fact.kind) in L2_PHRASES:
                grouped.setdefault(str(fact.kind), []).append(fact)
        for kind, facts in grouped.items():
            by_kind.setdefault(kind, []).append((account, facts))
    return by_kind


def build_l2(truth: GroundTruth, rng: random.Random, count: int) -> list[SearchQuestion]:
    """Questions spread over every fact kind, round robin, each account asked about once."""
    by_kind = _l2_candidates(truth)
    for options in by_kind.values():
        rng.shuffle(options)
    kinds = sorted(by_kind)
    used: set[str] = set()
    questions: list[SearchQuestion] = []
    while len(questions) < count and any(by_kind[k] for k in kinds):
        for kind in kinds:
            while by_kind[kind] and by_kind[kind][-1][0].id in used:
                by_kind[kind].pop()
            if not by_kind[kind] or len(questions) >= count:
                continue
            account, facts = by_kind[kind].pop()
            used.add(account.id)
            values = list(dict.fromkeys(f.value for f in facts))
            needs = tuple(
                CitationNeed(tuple(f.files), f"a source stating {f.value!r}")
                for f in {f.value: f for f in facts}.values()
            )
            query = rng.choice(L2_PHRASES[kind]).format(n=spoken_name(account.name, rng))
            questions.append(
                SearchQuestion(
                    f"L2-{len(questions) + 1:03d}",
                    "L2",
                    kind,
                    query,
                    tuple(values),
                    needs,
                    account.id,
                )
            )
    return questions


def _l3_phrase(criteria: Criteria, rng: random.Random) -> str:
    stage = rng.choice(STAGE_WORDS[criteria.stage]) if criteria.stage else ""
    place = ""
    if criteria.state:
        place = rng.choice([criteria.state, US_STATES.get(criteria.state, criteria.state)])
    if criteria.city:
        place = criteria.city
    if criteria.overdue:
        return rng.choice(
            [
                f"which {stage} accounts are overdue for a follow up",
                f"{stage} deals we haven't touched in too long?",
                f"list every {stage} account that needs follow-up now",
            ]
        )
    if criteria.coverage and stage:
        return rng.choice(
            [
                f"which {stage} accounts need {criteria.coverage}",
                f"{stage} accounts with {criteria.coverage} on them pls",
            ]
        )
    if criteria.industry and place:
        return rng.choice(
            [
                f"{criteria.industry.lower()} accounts in {place}?",
                f"do we have any {criteria.industry.lower()} clients in {place}",
            ]
        )
    if criteria.industry:
        return rng.choice(
            [
                f"list all our {criteria.industry.lower()} accounts",
                f"which accounts are in the {criteria.industry.lower()} business",
                f"show me every {criteria.industry.lower()} account",
            ]
        )
    if stage and place:
        return rng.choice(
            [
                f"which {stage} accounts are in {place}",
                f"show me {stage} deals in {place}",
                f"{place} accounts that are {stage}?",
            ]
        )
    return rng.choice(
        [
            f"who do we have in {place}",
            f"accounts located in {place}?",
            f"list every account based in {place}",
        ]
    )


def _l3_pool(accounts: Sequence[AccountFacts], today: date) -> list[Criteria]:
    pool: set[Criteria] = set()
    for a in accounts:
        pool.add(Criteria(stage=a.stage, state=a.state))
        pool.add(Criteria(city=a.city))
        pool.add(Criteria(industry=a.industry))
        pool.add(Criteria(industry=a.industry, state=a.state))
        for coverage in a.insurance_types:
            pool.add(Criteria(stage=a.stage, coverage=coverage))
        if is_overdue(a.stage, a.last_contact, today):
            pool.add(Criteria(stage=a.stage, overdue=True))
    return sorted(pool, key=repr)


def expected_accounts(
    criteria: Criteria, accounts: Sequence[AccountFacts], today: date
) -> list[AccountFacts]:
    return [a for a in accounts if criteria.matches(a, today)]


def build_l3(
    truth: GroundTruth, rng: random.Random, count: int, today: date
) -> list[SearchQuestion]:
    """Filters whose answer lists 1 to 12 accounts (20 for overdue), mixed over the kinds."""
    accounts = [AccountFacts.from_truth(a) for a in truth.accounts]
    pool = [
        c
        for c in _l3_pool(accounts, today)
        if 1 <= len(expected_accounts(c, accounts, today)) <= (20 if c.overdue else 12)
    ]
    rng.shuffle(pool)

    def kind(c: Criteria) -> str:
        return ",".join(k for k, v in vars(c).items() if v is not None)

    by_kind: dict[str, list[Criteria]] = {}
    for c in pool:
        by_kind.setdefault(kind(c), []).append(c)
    chosen: list[Criteria] = []
    while len(chosen) < count and any(by_kind.values()):
        for options in by_kind.values():
            if options and len(chosen) < count:
                chosen.append(options.pop())
    questions = []
    for i, criteria in enumerate(chosen, start=1):
        matching = expected_accounts(criteria, accounts, today)
        ids = {a.id for a in matching}
        questions.append(
            SearchQuestion(
                f"L3-{i:03d}",
                "L3",
                kind(criteria),
                _l3_phrase(criteria, rng),
                tuple(a.name for a in matching),
                (
                    CitationNeed(
                        tuple(f"accounts/{a.id}/" for a in matching), "a file of a matching account"
                    ),
                ),
                criteria=criteria,
                expected_ids=tuple(a.id for a in matching),
                other_names=tuple(a.name for a in accounts if a.id not in ids),
            )
        )
    return questions


def build_search_questions(
    truth: GroundTruth,
    today: date,
    per_level: tuple[int, int, int] = (60, 60, 40),
    seed: int = 2026,
    reserved: frozenset[str] = frozenset(),
) -> list[SearchQuestion]:
    """L1 and L2 ask about accounts outside ``reserved`` (those the write sets change)."""
    rng = random.Random(seed)
    l1, l2, l3 = per_level
    readable = truth.model_copy(
        update={"accounts": [a for a in truth.accounts if a.id not in reserved]}
    )
    return [
        *build_l1(readable, rng, l1),
        *build_l2(readable, rng, l2),
        *build_l3(truth, rng, l3, today),
    ]
