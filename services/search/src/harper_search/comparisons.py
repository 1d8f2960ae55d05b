"""A question about many accounts that names one account to compare with: the others in a state
"besides" it, the shops "like" it, the accounts with "the same carrier as" it.

The named account is left out of the answer, and the rest of the question (the account's name,
the words comparing with it and "else"/"other" taken out) is read as any listing. The words are
data (the description-search skill's "Words that compare with a named account", "Fields a
comparison names" and "Words for the other accounts").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from harper_search.catalog import AccountCard

TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\u2019&.-]*[A-Za-z0-9]|[A-Za-z0-9]")
ARTICLES = frozenset({"the", "a", "an", "our"})
"""Words that may stand between the comparing words and the name ("like the Pham shop")."""
NAME_NOISE = frozenset({"llc", "inc", "co", "corp", "the", "and", "of", "ltd", "company", "&"})
"""Words of a business's name that say nothing of which business it is."""
FIELD_REACH = 4
"""Most words between "same" and "as" ("the same workers comp carrier as")."""


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int

    @property
    def key(self) -> str:
        """The word as compared with a name's: lower case, a possessive and apostrophes aside."""
        lower = self.text.lower().replace("\u2019", "'").rstrip(".")
        if lower.endswith("'s"):
            lower = lower[:-2]
        return lower.replace("'", "")


@dataclass(frozen=True)
class Comparison:
    """The account a question compares with, what it asks and the question without it."""

    account_id: str
    account_name: str
    asks: str
    """``aside``, ``like`` or ``same`` (see the skill's table)."""
    fields: tuple[str, ...]
    """For ``same``: the fields named ("carrier", "state"); empty when none is."""
    rest: str
    """The question with the account's name, the comparing words and "else"/"other" taken out;
    for ``same``, a ``{value}`` placeholder stands where the comparison was."""


@dataclass(frozen=True)
class ComparisonWords:
    phrases: tuple[tuple[tuple[str, ...], str], ...]
    fields: tuple[tuple[tuple[str, ...], str], ...]
    others: frozenset[str]


class Comparisons:
    """Finds the account a question compares with among the book's accounts."""

    def __init__(self, words: ComparisonWords) -> None:
        self.words = words

    def read(
        self, question: str, cards: Iterable[AccountCard], given: AccountCard | None = None
    ) -> Comparison | None:
        """The comparison the question makes, or None. ``given``: the account the starter
        resolved (only it is looked for); else every account of ``cards`` whose name a word
        after the comparing words begins."""
        tokens = [Token(m.group(), m.start(), m.end()) for m in TOKEN.finditer(question)]
        if not tokens or not self.words.phrases:
            return None
        candidates: list[AccountCard] | None = [given] if given is not None else None
        for at, length, asks in self._phrases(tokens):
            start = at + length
            while start < len(tokens) and tokens[start].key in ARTICLES:
                start += 1
            if start >= len(tokens):
                continue
            if candidates is None:
                candidates = list(cards)  # the book's accounts, once a comparing word is found
            named = _named_at(tokens, start, candidates)
            if named is None:
                continue
            card, end = named
            fields: tuple[str, ...] = ()
            begin = at
            if asks == "same":
                fields, begin = self._fields_before(tokens, at, length)
            rest = self._rest(question, tokens, begin, end, asks == "same")
            return Comparison(card.account_id, card.name, asks, fields, rest)
        return None

    def names_another(
        self, rest: str, cards: Iterable[AccountCard], comparison: Comparison
    ) -> bool:
        """Whether ``rest`` still names an account of the book besides the compared one (a
        capitalised word beginning another account's name, after the first word)."""
        tokens = [Token(m.group(), m.start(), m.end()) for m in TOKEN.finditer(rest)]
        others = [card for card in cards if card.account_id != comparison.account_id]
        return any(
            token.text[0].isupper() and _named_at(tokens, at, others) is not None
            for at, token in enumerate(tokens)
            if at > 0
        )

    def _phrases(self, tokens: list[Token]) -> Iterable[tuple[int, int, str]]:
        """Where each comparing phrase ends right before a word: its first word's place, its
        length in words (for "same ... as", up to its "as") and what it asks."""
        keys = [t.key for t in tokens]
        for at in range(len(tokens)):
            for phrase, asks in self.words.phrases:
                if asks == "same" and len(phrase) == 2:
                    first, last = phrase
                    if keys[at] != first:
                        continue
                    for end in range(at + 1, min(at + 2 + FIELD_REACH, len(keys))):
                        if keys[end] == last:
                            yield at, end - at + 1, asks
                            break
                elif tuple(keys[at : at + len(phrase)]) == phrase:
                    yield at, len(phrase), asks

    def _fields_before(
        self, tokens: list[Token], at: int, length: int
    ) -> tuple[tuple[str, ...], int]:
        """The fields named between "same" and "as", and where the comparison begins (an
        article before "same" belongs to it: "the same town as")."""
        between = [t.key for t in tokens[at + 1 : at + length - 1]]
        fields: list[str] = []
        for phrase, field in self.words.fields:
            size = len(phrase)
            if any(tuple(between[i : i + size]) == phrase for i in range(len(between))):
                fields.append(field)
        begin = at - 1 if at > 0 and tokens[at - 1].key in ARTICLES else at
        return tuple(dict.fromkeys(fields)), begin

    def _rest(self, question: str, tokens: list[Token], begin: int, end: int, same: bool) -> str:
        """The question without tokens ``begin``..``end`` (exclusive) and the words asking for
        the others; ``{value}`` where they were when the value goes there."""
        pieces: list[str] = []
        cursor = 0
        for index, token in enumerate(tokens):
            drop = begin <= index < end or token.key in self.words.others
            if not drop:
                continue
            pieces.append(question[cursor : token.start])
            if index == begin and same:
                pieces.append(" {value} ")
            cursor = token.end
        pieces.append(question[cursor:])
        rest = "".join(pieces)
        rest = re.sub(r"\s+([,?.!])", r"\1", rest)
        rest = re.sub(r"^[\s,;:-]+|[\s,;:-]+(?=[?.!]?$)", "", rest)
        return re.sub(r"\s{2,}", " ", rest).strip()


def _named_at(
    tokens: list[Token], start: int, cards: list[AccountCard]
) -> tuple[AccountCard, int] | None:
    """The one account whose name the words from ``start`` write (its first word, as a name
    is written, or two of its words or more), and where the name ends; None when none or
    several do equally well."""
    best: list[tuple[int, AccountCard, int]] = []
    first = tokens[start]
    for card in cards:
        name, words = _name_keys(card.name)
        if first.key not in words:
            continue
        end, said = start, 0
        while end < len(tokens) and (tokens[end].key in name or tokens[end].key in NAME_NOISE):
            said += tokens[end].key in words
            end += 1
        while end > start and tokens[end - 1].key in NAME_NOISE:
            end -= 1  # "besides Pham and Acadia": the "and" is not the name's
        as_named = first.key == words[0] and (first.text[0].isupper() or len(words) == 1)
        if said >= 2 or as_named:
            best.append((said, card, end))
    if not best:
        return None
    best.sort(key=lambda found: -found[0])
    if len(best) > 1 and best[1][0] == best[0][0]:
        return None
    return best[0][1], best[0][2]


def writes_name(question: str, name: str) -> bool:
    """Whether ``question`` writes every telling word of ``name`` together and in its order
    (words saying nothing of which business it is aside): "Pham Brothers Seafood's quote",
    not the same words scattered over the question."""
    wanted = _name_keys(name)[1]
    said = [m for m in (Token(t.group(), 0, 0).key for t in TOKEN.finditer(question))]
    said = [key for key in said if key not in NAME_NOISE]
    size = len(wanted)
    return size > 0 and any(
        tuple(said[at : at + size]) == wanted for at in range(len(said) - size + 1)
    )


@lru_cache(maxsize=65536)
def _name_keys(name: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """A name's words as compared (``Token.key``), and those that tell it apart, in order."""
    keys = [Token(m.group(), 0, 0).key for m in TOKEN.finditer(name)]
    return frozenset(keys), tuple(k for k in keys if k not in NAME_NOISE)
