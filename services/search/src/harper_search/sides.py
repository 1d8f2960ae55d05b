"""Whose side the person something befell is on: the business's own people ("one of my
installers fell") or the people it serves ("a guest slipped on the dock").

A question about many accounts that names one side ("a customer got hurt") is not answered by
an account whose sentence names only people of the other side. The words of each side are data
(the description-search skill's "Whom it befell").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from harper_search.terms import stem, straight_words


@dataclass(frozen=True)
class Sides:
    """Each side's name and its words, lower case."""

    sides: tuple[tuple[str, frozenset[str]], ...] = ()
    stems: tuple[tuple[str, frozenset[str]], ...] = field(init=False)
    """Each side's words as ``stem`` cuts them, cut once."""

    def __post_init__(self) -> None:
        cut = tuple((side, frozenset(map(stem, members))) for side, members in self.sides)
        object.__setattr__(self, "stems", cut)

    def named(self, text: str) -> set[str]:
        """The sides whose words ``text`` says (a plural or a possessive as its word)."""
        said = {stem(word) for word in straight_words(text)}
        return {side for side, members in self.stems if members & said}

    def only_the_other(self, asked: str, told: str) -> bool:
        """Whether ``told`` names people of a side only, and not the one side ``asked`` names
        (False when the question names both sides or neither)."""
        return self.other_than(self.named(asked), told)

    def other_than(self, wanted: set[str], told: str) -> bool:
        """``only_the_other`` for the sides a question names, ``wanted``, read once."""
        if len(wanted) != 1:
            return False
        found = self.named(told)
        return bool(found) and not found & wanted
