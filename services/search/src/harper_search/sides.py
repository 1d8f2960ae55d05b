"""Whose side the person something befell is on: the business's own people ("one of my
installers fell") or the people it serves ("a guest slipped on the dock").

A question about many accounts that names one side ("a customer got hurt") is not answered by
an account whose sentence names only people of the other side. The words of each side are data
(the description-search skill's "Whom it befell").
"""

from __future__ import annotations

from dataclasses import dataclass

from harper_search.terms import stem, words


@dataclass(frozen=True)
class Sides:
    """Each side's name and its words, lower case."""

    sides: tuple[tuple[str, frozenset[str]], ...] = ()

    def named(self, text: str) -> set[str]:
        """The sides whose words ``text`` says (a plural or a possessive as its word)."""
        said = {stem(word) for word in words(text.replace("\u2019", "'"))}
        return {side for side, members in self.sides if {stem(member) for member in members} & said}

    def only_the_other(self, asked: str, told: str) -> bool:
        """Whether ``told`` names people of a side only, and not the one side ``asked`` names
        (False when the question names both sides or neither)."""
        wanted = self.named(asked)
        if len(wanted) != 1:
            return False
        found = self.named(told)
        return bool(found) and not found & wanted
