"""What an account still waits on, as its state.md says it now: the next step and the pending
actions.

A question about many accounts that asks who is still waiting on something ("who's still
waiting for an appraisal", "which clients still need a certificate") asks what is open today.
The files tell the story over months: an email asking for the appraisal, and a later one thanking
for them. The state.md's next step and pending actions say where it stands now, so they decide
which accounts wait on the thing; a sentence of the files that names it is no wait.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from harper_common.messages.index import AccountPayload
from harper_search.line_forms import lines_written_out
from harper_search.passage_answers import root_words, roots
from harper_search.terms import straight_words, term_set
from harper_search.word_pairs import word_pairs

NO_STEP = ("none", "n/a", "-")
"""How a next step that says there is none begins ("None until renewal")."""


@dataclass(frozen=True)
class Phrases:
    """The phrases of a table of words (those asking who still waits on something: "still
    waiting", "outstanding"; or who has it done: "already"), each as its lower-case words."""

    phrases: tuple[tuple[str, ...], ...]

    def said_in(self, question: str) -> frozenset[str]:
        """The words of the phrases ``question`` says (empty when it says none)."""
        said = straight_words(question)
        found: set[str] = set()
        for phrase in self.phrases:
            size = len(phrase)
            if any(tuple(said[i : i + size]) == phrase for i in range(len(said) - size + 1)):
                found |= set(phrase)
        return frozenset(found)


@dataclass(frozen=True)
class OpenItem:
    """One thing an account's state.md holds open: its next step or one pending action."""

    field: str
    text: str


def open_items(account: AccountPayload) -> list[OpenItem]:
    """The account's next step (unless it says there is none) and its pending actions."""
    found: list[OpenItem] = []
    step = (account.next_step or "").strip()
    if step and not step.lower().startswith(NO_STEP):
        found.append(OpenItem("next step", step))
    found += [OpenItem("pending", action) for action in account.pending_actions if action.strip()]
    return found


@dataclass(frozen=True)
class ItemWords:
    """What an open item says, read once: the roots of its words (a line in any of its forms)
    and its pairs of neighbouring words."""

    roots: frozenset[str]
    pairs: frozenset[frozenset[str]]


def item_words(item: str) -> ItemWords:
    return ItemWords(frozenset(root_words(lines_written_out(item))), frozenset(word_pairs(item)))


@dataclass(frozen=True)
class Thing:
    """What a question says is waited on: the roots of its words (a line of coverage in any of
    its forms, a short word of the trade with its fuller forms) and the pairs of neighbouring
    words that name it ("driver list", "evidence of insurance")."""

    roots: frozenset[str]
    pairs: frozenset[frozenset[str]]

    def named_by(self, item: str) -> bool:
        """``item`` names the thing: it shares a word with it, and when the thing's words are
        written side by side in some account's open items, it writes one such pair too (a
        "list" of questions is no driver list)."""
        return self.names(item_words(item))

    def names(self, said: ItemWords) -> bool:
        """``named_by`` for an item already read."""
        if not self.roots & said.roots:
            return False
        return not self.pairs or bool(self.pairs & said.pairs)


def thing_asked(asked: str, other_forms: str, items: Sequence[str]) -> Thing:
    """The thing ``asked`` names (the question's words, those asking what is open left out),
    with ``other_forms`` (its trade words' short or full forms), numbers aside. Its pairs are
    the neighbouring words of ``asked`` that any of ``items`` also writes side by side."""
    return thing_in(asked, other_forms, [item_words(item) for item in items])


def thing_in(asked: str, other_forms: str, items: Iterable[ItemWords]) -> Thing:
    """``thing_asked`` among open items already read."""
    text = f"{asked} {other_forms}".strip()
    found = roots(term_set(text) | term_set(lines_written_out(text)))
    written: set[frozenset[str]] = set().union(*(item.pairs for item in items))
    pairs = {pair for pair in word_pairs(asked) & written if all(map(names_a_thing, pair))}
    return Thing(frozenset(filter(names_a_thing, found)), frozenset(pairs))


def names_a_thing(word: str) -> bool:
    """A word that can name a thing: not a number or a date ("by 12/9" says when, not what)."""
    return any(char.isalpha() for char in word)
