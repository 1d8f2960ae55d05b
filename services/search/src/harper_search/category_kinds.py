"""Which of the book's industries each category of the skill's table covers, by meaning.

A category ("hospitality") is described by its members ("hotels", "inns", "restaurants"...).
An industry of the book belongs to a category when it is close to one of its members and about
as close as to the members of any other category: "Coffee Roaster" is near "cafes" (hospitality)
but nearer "coffee roasters" (food businesses), so it is a food business only. Each member also
stands alone for the industries close to it ("gyms" -> "Fitness Studio").
Worked out once per set of industries (the book's values change rarely), vectors kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from harper_search.listing_words import Category
from harper_search.terms import stem, words
from harper_search.text_vectors import Matrix, TextVectors

MEMBER_CLOSE = 0.55
"""A book industry at least this close to one member of a category can belong to it..."""
MEMBER_MARGIN = 0.12
"""...when no other category's members are closer to it by more than this."""
SYNONYM_CLOSE = 0.6
"""A member standing alone covers the industries at least this close to it, and about as close
as the industry nearest to it ("HVAC contractors" is "HVAC Contractor", not every contractor)."""

Row = npt.NDArray[np.float32]


@dataclass(frozen=True, kw_only=True)
class Kinds:
    by_category: dict[str, tuple[str, ...]] = field(default_factory=dict)
    by_member: dict[str, tuple[str, ...]] = field(default_factory=dict)


class CategoryKinds:
    def __init__(self, vectors: TextVectors | None, categories: tuple[Category, ...]) -> None:
        self.vectors = vectors
        self.categories = categories
        self._held: tuple[tuple[str, ...], Kinds] | None = None

    async def of(self, industries: tuple[str, ...]) -> Kinds:
        if self._held is None or self._held[0] != industries:
            self._held = (industries, await self._work_out(industries))
        return self._held[1]

    async def _work_out(self, industries: tuple[str, ...]) -> Kinds:
        by_category = {c.name: set(_literal(c.members, industries)) for c in self.categories}
        by_member = {m: set(_literal((m,), industries)) for c in self.categories for m in c.members}
        if self.vectors is not None and industries and self.categories:
            forms = [written_forms(value) for value in industries]
            values = await self.vectors.matrix([form for group in forms for form in group])
            per_member = [
                _best_of_forms(values @ (await self.vectors.matrix(c.members)).T, forms)
                for c in self.categories
            ]
            best = np.stack([scores.max(axis=1) for scores in per_member]).max(axis=0)
            for category, scores in zip(self.categories, per_member, strict=True):
                by_category[category.name].update(_of_kind(industries, scores, best))
                for member, found in _near_members(category, industries, scores):
                    by_member[member].update(found)
        return Kinds(
            by_category={name: tuple(sorted(v)) for name, v in by_category.items()},
            by_member={name: tuple(sorted(v)) for name, v in by_member.items()},
        )


ASIDE = re.compile(r"\s*\([^)]*\)")
"""A bracketed aside of an industry ("Trout Farm (catch and release pond)")."""
ALTERNATIVES = re.compile(r"\s+/\s+")
"""Between two names of one industry ("Bed & Breakfast / Wedding Barn")."""


def written_forms(industry: str) -> tuple[str, ...]:
    """The industry as written, without its bracketed asides, and each of its names when it is
    written as two ("Kayak Rentals / Bait Shop"): an aside or a second name says more than the kind
    and pulls its vector away from the kind's members."""
    bare = ASIDE.sub("", industry).strip()
    names = [name for name in ALTERNATIVES.split(bare) if name]
    return tuple(dict.fromkeys([industry, *([bare] if bare else []), *names]))


def _best_of_forms(scores: Matrix, forms: list[tuple[str, ...]]) -> Matrix:
    """Each industry's rows of ``scores`` (one per written form, in ``forms``' order) folded
    into one: its best form for each member."""
    starts = np.cumsum([0, *(len(group) for group in forms[:-1])])
    return np.maximum.reduceat(scores, starts, axis=0)


def _of_kind(industries: tuple[str, ...], scores: Matrix, best: Row) -> list[str]:
    """Industries close to a member of this category (``scores``: industry x member) and not
    much closer to another category's (``best``: each industry's best over all members)."""
    nearest = scores.max(axis=1)
    return [
        value
        for value, score, top in zip(industries, nearest, best, strict=True)
        if score >= MEMBER_CLOSE and score >= top - MEMBER_MARGIN
    ]


def _near_members(
    category: Category, industries: tuple[str, ...], scores: Matrix
) -> list[tuple[str, list[str]]]:
    """Each member with the industries it stands for alone."""
    found = []
    for member, column in zip(category.members, scores.T, strict=True):
        top = float(column.max())
        near = [
            v
            for v, score in zip(industries, column, strict=True)
            if score >= SYNONYM_CLOSE and score >= top - MEMBER_MARGIN
        ]
        found.append((member, near))
    return found


def _literal(members: tuple[str, ...], industries: tuple[str, ...]) -> list[str]:
    """Industries that are a member in other words' forms ("Restaurant", "restaurants")."""
    keys = {tuple(stem(w) for w in words(m)) for m in members}
    return [v for v in industries if tuple(stem(w) for w in words(v)) in keys]
