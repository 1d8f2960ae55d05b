"""Question words matched by meaning to the book's values: an industry, a line of coverage, a
category of the skill's table ("hospitality"), or one of a category's members ("gyms").

Similarities are cosines of MiniLM vectors. Longer phrases are read first. A phrase reads as a
value when the two are at least ``CLOSE`` and no target of another field comes within
``MARGIN`` (so "auto", as close to "Auto Repair" as to "Commercial Auto", reads as neither);
values of one field within ``MARGIN`` of the best are all taken ("contractors" -> every
contractor trade of the book).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from harper_search.book_values import BookVocabulary
from harper_search.category_kinds import CategoryKinds, Kinds
from harper_search.listing_words import Category
from harper_search.question_words import ngrams
from harper_search.text_vectors import TextVectors

CLOSE = 0.62
"""A question phrase and a value (or a category's name or member) at least this close match."""
MARGIN = 0.05

INDUSTRY = "industry"
LINE = "insurance_type"
Row = npt.NDArray[np.float32]


@dataclass(frozen=True, kw_only=True)
class Reading:
    """Words of the question read as values of one field (a category reads as industries)."""

    phrase: str
    field: str
    values: tuple[str, ...]
    category: str | None = None
    exact: bool = True
    """The phrase is one of the names read (a category's, a member's, a value's) as written;
    False when it was read by meaning only ("meals" as the food businesses)."""


@dataclass(frozen=True, kw_only=True)
class _Target:
    text: str
    field: str
    category: Category | None = None
    """Set for a category's name (the category) and for one of its members."""
    member: bool = False


@dataclass(frozen=True, kw_only=True)
class _Pick:
    score: float
    words: int
    run: int
    phrase: str
    targets: tuple[_Target, ...]


class ValueMatcher:
    def __init__(
        self,
        vectors: TextVectors | None,
        categories: tuple[Category, ...],
        heads: frozenset[str] = frozenset(),
    ) -> None:
        self.vectors = vectors
        self.kinds = CategoryKinds(vectors, categories)
        self.heads = heads
        """Head nouns of kinds ("services"): a phrase of them alone is read as nothing."""

    async def category_values(
        self, category: Category, industries: tuple[str, ...]
    ) -> tuple[str, ...]:
        """The book's industries of this kind (`category_kinds`)."""
        return (await self.kinds.of(industries)).by_category.get(category.name, ())

    async def read(self, runs: list[list[str]], book: BookVocabulary) -> list[Reading]:
        """Readings of the free words, longest phrases first, each word read at most once."""
        if self.vectors is None or not runs:
            return []
        kinds = await self.kinds.of(book.industries)
        targets = self._targets(book, kinds)
        if not targets:
            return []
        grams = [
            (r, g)
            for r, run in enumerate(runs)
            for g in ngrams(run)
            if not set(g.lower().split()) <= self.heads
        ]
        if not grams:
            return []
        phrases = await self.vectors.matrix([g for _, g in grams], keep=False)
        scores = phrases @ (await self.vectors.matrix([t.text for t in targets])).T
        picks = [
            pick
            for (run, gram), row in zip(grams, scores, strict=True)
            if (pick := _pick(run, gram, row, targets)) is not None
        ]
        picks.sort(key=lambda p: (-p.words, -p.score))
        used: set[tuple[int, str]] = set()
        readings: list[Reading] = []
        for pick in picks:
            taken = {(pick.run, w) for w in pick.phrase.split()}
            if not taken & used:
                used |= taken
                readings.append(_reading(pick, kinds))
        return readings

    def _targets(self, book: BookVocabulary, kinds: Kinds) -> list[_Target]:
        found = [_Target(text=v, field=INDUSTRY) for v in book.industries]
        found += [_Target(text=v, field=LINE) for v in book.lines]
        for category in self.kinds.categories:
            found += [_Target(text=n, field=INDUSTRY, category=category) for n in category.names]
            found += [
                _Target(text=m, field=INDUSTRY, category=category, member=True)
                for m in category.members
                if kinds.by_member.get(m)
            ]
        return found


def _pick(run: int, phrase: str, row: Row, targets: list[_Target]) -> _Pick | None:
    """What a phrase reads as (targets of one field); None when nothing is close enough or a
    target of another field comes too near."""
    best = int(np.argmax(row))
    score = float(row[best])
    field = targets[best].field
    if score < CLOSE:
        return None
    if any(s > score - MARGIN for s, t in zip(row, targets, strict=True) if t.field != field):
        return None
    near = tuple(
        t for s, t in zip(row, targets, strict=True) if t.field == field and s >= score - MARGIN
    )
    return _Pick(score=score, words=len(phrase.split()), run=run, phrase=phrase, targets=near)


def _reading(pick: _Pick, kinds: Kinds) -> Reading:
    values: list[str] = []
    categories: list[str] = []
    for target in pick.targets:
        if target.category is None:
            values.append(target.text)
        elif target.member:
            values += kinds.by_member.get(target.text, ())
        else:
            values += kinds.by_category.get(target.category.name, ())
            categories.append(target.category.name)
    field = pick.targets[0].field
    category = " / ".join(dict.fromkeys(categories)) or None
    exact = any(t.text.casefold() == pick.phrase.casefold() for t in pick.targets)
    return Reading(
        phrase=pick.phrase,
        field=field,
        values=tuple(dict.fromkeys(values)),
        category=category,
        exact=exact,
    )
