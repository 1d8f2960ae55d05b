"""``python -m harper_eval.listing_bound <book> [--split dev]``: for a book half's questions
about many accounts, whether the accounts to list are among the local engine's candidates at
all, and where the ones it should not list come from.

A listing the book's values cannot read (no industry, line, stage or place fits) is answered
from passages across the book and the closest account descriptions: candidates, of which the
engine lists a few. This tool separates the two ways that goes wrong: the account wanted is not
among the candidates (a search problem), or it is and the engine lists the wrong few (a
selection problem). Candidates here: the accounts of the best ``MENTION_HITS`` passages for the
whole question, and the ``DESCRIPTION_CANDIDATES`` closest descriptions.

Prints figures only, never a question's text, so it may be run on the test halves.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from harper_eval.books import load_book
from harper_eval.direct import LocalSearch, ask, local_search
from harper_eval.grading import mentions, states_fact
from harper_eval.questions_search import SearchQuestion
from harper_search.listing_engine import MENTION_ACCOUNTS, MENTION_HITS

DESCRIPTION_CANDIDATES = 10

PASSAGES_LISTED = f"passages, first {MENTION_ACCOUNTS} accounts"
PASSAGES_BEYOND = "passages, further down"
DESCRIPTIONS = "descriptions only"
NEITHER = "not a candidate"
BUCKETS = (PASSAGES_LISTED, PASSAGES_BEYOND, DESCRIPTIONS, NEITHER)


@dataclass(frozen=True)
class Place:
    """Where an account stands among the candidates (0-based ranks; None: not there)."""

    passage_rank: int | None = None
    """Among the distinct accounts of the passage search, in the order they first appear."""
    description_rank: int | None = None

    @property
    def bucket(self) -> str:
        if self.passage_rank is not None:
            return PASSAGES_LISTED if self.passage_rank < MENTION_ACCOUNTS else PASSAGES_BEYOND
        return DESCRIPTIONS if self.description_rank is not None else NEITHER

    @property
    def candidate(self) -> bool:
        return self.bucket != NEITHER


@dataclass
class ListingRecord:
    """One question about many accounts, as the engine answered it."""

    question_id: str
    passed: bool
    wanted: list[set[str]]
    """For each fact that names an account: the accounts whose name or id states it."""
    wrongly_listed: list[str]
    places: dict[str, Place] = field(default_factory=dict)

    def place(self, account_id: str) -> Place:
        return self.places.get(account_id, Place())

    @property
    def within_reach(self) -> bool:
        """Every account to list is a candidate: a perfect choice among them would list it."""
        return all(any(self.place(a).candidate for a in holders) for holders in self.wanted)

    def wanted_buckets(self) -> list[str]:
        """For each fact that names an account: the best place of an account stating it."""
        order = {bucket: n for n, bucket in enumerate(BUCKETS)}
        return [
            min((self.place(a).bucket for a in holders), key=order.__getitem__)
            for holders in self.wanted
        ]


@dataclass
class Summary:
    questions: int = 0
    passed: int = 0
    within_reach: int = 0
    wanted: Counter[str] = field(default_factory=Counter)
    wrongly_listed: Counter[str] = field(default_factory=Counter)


def summarise(records: Iterable[ListingRecord]) -> Summary:
    summary = Summary()
    for record in records:
        summary.questions += 1
        summary.passed += record.passed
        summary.within_reach += record.within_reach
        summary.wanted.update(record.wanted_buckets())
        summary.wrongly_listed.update(record.place(a).bucket for a in record.wrongly_listed)
    return summary


def places_of(passage_owners: Sequence[str], described: Sequence[str]) -> dict[str, Place]:
    """Each candidate account's place, from the owners of the ranked passages (repeats kept)
    and the ranked description hits."""
    ranks: dict[str, int] = {}
    for owner in passage_owners:
        ranks.setdefault(owner, len(ranks))
    described_rank = {a: n for n, a in enumerate(dict.fromkeys(described))}
    return {a: Place(ranks.get(a), described_rank.get(a)) for a in {*ranks, *described_rank}}


async def record(local: LocalSearch, question: SearchQuestion) -> ListingRecord:
    _, grade = await ask(local, question)
    cards = list(local.catalog.cards.values())
    wanted = []
    for fact in question.facts:
        holders = {
            c.account_id for c in cards if states_fact(f"{c.name} (account {c.account_id})", fact)
        }
        if holders:
            wanted.append(holders)
    wrong = [
        c.account_id
        for c in cards
        if any(mentions(c.name, n) or n == c.account_id for n in grade.wrongly_listed)
    ]
    passages = await local.directory.passages(question.query[:300], limit=MENTION_HITS)
    described = await local.directory.search(question.query, None, DESCRIPTION_CANDIDATES)
    places = places_of(
        [hit.account_id for hit in passages.hits], [d.payload.account_id for d in described]
    )
    return ListingRecord(question.id, grade.passed, wanted, wrong, places)


def report(name: str, split: str, summary: Summary) -> list[str]:
    lines = [
        f"{name} {split}: {summary.questions} questions about many accounts; "
        f"{summary.passed} answered right; {summary.within_reach} within reach "
        "(every account to list is a candidate)"
    ]
    for title, counts in (
        ("accounts to list", summary.wanted),
        ("accounts listed that must not be", summary.wrongly_listed),
    ):
        parts = ", ".join(f"{bucket}: {counts[bucket]}" for bucket in BUCKETS)
        lines.append(f"  {title} ({sum(counts.values())}): {parts}")
    return lines


async def run(name: str, split: str) -> int:
    book = load_book(name)
    with local_search(book) as local:
        records = [await record(local, q) for q in book.split(split) if q.account_id is None]
    print("\n".join(report(name, split, summarise(records))))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("book")
    parser.add_argument("--split", default="dev")
    args = parser.parse_args()
    return asyncio.run(run(args.book, args.split))


if __name__ == "__main__":
    sys.exit(main())
