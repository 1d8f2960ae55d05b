"""A question as a row of words that phrases take in turn, longest first.

Words are compared lower-cased and lightly stemmed (``terms.stem``), so "new leads" holds the
phrase "New Lead" and "the Carolinas" the region "carolinas". A word taken by one phrase is not
read again by another: "auto repair" taken as an industry is not also the line "auto".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from lemminflect import getAllLemmas  # type: ignore[import-untyped]

from harper_search.terms import MIN_SHORT_FORM, STOP_WORDS, cut_short, hyphen_joins, stem, words

NEGATIONS = frozenset(
    {
        "not", "no", "never", "without", "except", "excluding", "outside", "isn't", "aren't",
        "missing", "lacking",
    }
)  # fmt: skip
LISTING_FRAME = frozenset(
    """account accounts acct accts client clients customer customers insured insureds company
    companies business businesses book books list show which who who's whos every all ones do does
    have has we our us in on with any anything there pls please see find give me got
    want wants need needs that those deal deals ones folks around near nearby anyone anybody
    anyone's anybody's everyone everybody someone somebody else now currently presently
    nowadays like such e.g eg i.e ie etc""".split()
)
"""Words of a question about a group that say nothing about which group ("did anyone ...",
"who else ...", "who's shopping around now": the time of the asking is no thing to find), and
the words that bring in examples ("a language like Greek", "such as", "e.g."): the examples
are what to find."""
THE_ACCOUNT_ITSELF = frozenset(
    {"insured", "insureds", "account", "accounts", "company", "business"}
)
"""Words naming the account a question is about: "the insured's operations" names no thing to
find (and "insured" would find every "insurance")."""
RIGHT_NOW = ("right", "now")
""""right" before "now" is part of the time of the asking too."""
GOAL_BEFORE = frozenset({"be", "get", "gets", "getting", "it"})
"""Words after which a stage is what someone wants done ("to be bound", "get it quoted"), not
where an account stands ("are bound", "got bound", "everything quoted")."""
CAUSING = frozenset({"have", "get", "want", "wants", "need", "needs", "like"})
DONE_TO = frozenset({"everything", "them", "all", "this", "that", "one", "ones"})
"""A verb of having something done and what it is done to: a stage after both is wished ("to
have everything bound", "wants them submitted")."""
DONE_TO_WORDS = 2
"""What a verb of having something done takes, at most this many words ("them all")."""
LIST_JOINS = frozenset({"and", "or", "nor", "&"})
"""Words that join the items of a list: a negation before its first item reaches them all."""


OTHERS_AFTER = frozenset({"to", "from", "at"})
"""Prepositions after which a noun is who the accounts deal with ("a cert to a venue")."""
OF_A_GROUP = frozenset(
    "kind kinds type types sort sorts list lot lots couple most many some none one each".split()
)
"""Nouns before "of" that pick from a group ("any kind of bakery"): the noun after is the kind."""
ASPECT_VERBS = frozenset(
    "start started starts starting began begun keep keeps kept stop stopped been".split()
)
"""Verbs of starting or going on: a doing after them is an activity ("started shopping")."""
PHRASE_REACH = 4
POSSESSIVES = frozenset({"whose", "their", "his", "her", "its", "our", "my", "your"})
"""Words owning what follows: "own" after one only stresses whose ("their own crew"), where
alone it is a doing ("who owns a boat")."""
OBJECT_PRONOUNS = frozenset({"them", "us", "him", "me", "it"})
"""Pronouns a verb takes as its object: the word right before one is a doing ("making them
carry", "sending us"). "her" is left out: it also owns ("her salon")."""


def is_base_verb(word: str) -> bool:
    """A verb's base form ("to sell", "to cater"): after "to", no noun follows."""
    return word in getAllLemmas(word).get("VERB", ())


def _key(word: str) -> str:
    return stem(word.replace("'", "").replace("\u2019", ""))


@lru_cache(maxsize=8192)
def _keys_of(phrase: str) -> tuple[str, ...]:
    """A phrase's words as they are compared (the book's values recur from question to
    question, so each is stemmed once)."""
    return tuple(_key(w) for w in words(phrase))


PLACE_PREPOSITIONS = frozenset({"on", "at", "onto", "off", "around", "across", "inside"})
PLACE_DETERMINERS = frozenset({"the", "their", "our", "his", "her", "its", "my", "that", "this"})
"""A noun after "on the", "at their" ... says where something is, not what it is."""


@dataclass
class QuestionWords:
    raw: list[str]
    keys: list[str]
    taken: list[bool] = field(default_factory=list)
    negated: list[str] = field(default_factory=list)
    """Phrases taken only right after a negation ("no workers comp"), in the order taken."""
    joined: list[bool] = field(default_factory=list)
    """Whether a hyphen joins each word to the next one ("brand-new")."""
    listed_after_negation: set[int] = field(default_factory=set)
    """Where the later items of a negated list start ("not in Arizona or New Mexico")."""
    left_out: set[int] = field(default_factory=set)
    """Where the words of an aside leaving something out are ("(not landlords or banks)")."""

    @classmethod
    def of(cls, question: str) -> QuestionWords:
        raw = words(question)
        keys = [_key(w) for w in raw]
        return cls(raw=raw, keys=keys, taken=[False] * len(raw), joined=hyphen_joins(question))

    def take(self, phrase: str, negatable: bool = False, reach: int = 3) -> bool:
        """Mark every free occurrence of ``phrase`` as taken; True when one was found. With
        ``negatable``, occurrences within ``reach`` words after a negation ("not submitted")
        are taken but do not count (they are noted in ``negated``)."""
        wanted = _keys_of(phrase)
        found = said_negated = False
        for start in self._starts(wanted):
            self.taken[start : start + len(wanted)] = [True] * len(wanted)
            negated = start in self.left_out or (negatable and self._negated(start, reach))
            found = found or not negated
            said_negated = said_negated or negated
        if said_negated and not found:
            self.negated.append(phrase)
        return found

    def take_cut_short(self, name: str) -> str | None:
        """Take the first free run of words that writes a name of several words with each word
        cut short ("gen liab", "comm auto"); whether a negation comes right before it decides
        the answer: the run taken, or None (a negated run is noted in ``negated``)."""
        full = words(name)
        size = len(full)
        if size < 2:
            return None
        for i in range(len(self.raw) - size + 1):
            said = self.raw[i : i + size]
            if any(self.taken[i : i + size]) or said == full:
                continue
            if all(
                len(w) >= MIN_SHORT_FORM and cut_short(w, f)
                for w, f in zip(said, full, strict=True)
            ):
                self.taken[i : i + size] = [True] * size
                if self._negated(i):
                    self.negated.append(name)
                    return None
                return " ".join(said)
        return None

    def said_wished(self, phrase: str) -> bool:
        """Whether a free occurrence of ``phrase`` is a stage wished for: right after one of
        ``GOAL_BEFORE``, or after a verb of having something done and what it is done to ("to
        have everything bound", "want them all submitted")."""
        return any(self._wished_at(start) for start in self._starts(_keys_of(phrase)))

    def _wished_at(self, start: int) -> bool:
        if start and self.raw[start - 1] in GOAL_BEFORE:
            return True
        at = start - 1
        while at >= 0 and start - at <= DONE_TO_WORDS and self.raw[at] in DONE_TO:
            at -= 1
        return at >= 0 and at < start - 1 and self.raw[at] in CAUSING

    def said_after(self, phrase: str, before: frozenset[str]) -> bool:
        """Whether a free occurrence of ``phrase`` comes right after one of ``before``."""
        wanted = _keys_of(phrase)
        return any(start and self.raw[start - 1] in before for start in self._starts(wanted))

    def free_after(self, before: frozenset[str]) -> list[str]:
        """The free words that come right after one of ``before``, in order."""
        return [
            word
            for previous, word, taken in zip(self.raw, self.raw[1:], self.taken[1:], strict=False)
            if previous in before and not taken
        ]

    def said_as_a_place(self, phrase: str) -> bool:
        """Whether every free occurrence of ``phrase`` is where something is: after "on the",
        "at their" ... ("horses on the property" says where the horses are)."""
        wanted = _keys_of(phrase)
        starts = self._starts(wanted)
        return bool(starts) and all(
            start >= 2
            and self.raw[start - 2] in PLACE_PREPOSITIONS
            and self.raw[start - 1] in PLACE_DETERMINERS
            for start in starts
        )

    def said_of_another(self) -> frozenset[str]:
        """Words that name someone or something the accounts deal with, not what they are: the
        words after "to", "from" or "at" ("a certificate to a venue", "referred from a
        clinic"), after a noun and "of" ("a chamber of commerce"), or a doing after a verb
        of starting or going on ("they started shopping")."""
        found: set[str] = set()
        for i, word in enumerate(self.raw):
            before = self.raw[i - 1] if i else ""
            complement = word in OTHERS_AFTER or (
                word == "of" and before not in STOP_WORDS and before not in OF_A_GROUP
            )
            infinitive = word == "to" and i + 1 < len(self.raw) and is_base_verb(self.raw[i + 1])
            if complement and not infinitive:
                found.update(self._phrase_after(i + 1))
            elif word.endswith("ing") and before in ASPECT_VERBS:
                found.add(word)
            elif i + 1 < len(self.raw) and self.raw[i + 1] in OBJECT_PRONOUNS:
                found.add(word)  # "making them carry it": a doing, not a trade
        return frozenset(found)

    def _phrase_after(self, start: int) -> list[str]:
        """The words of the noun phrase from ``start``: determiners and joiners skipped, up to
        the next small word or ``PHRASE_REACH`` words."""
        said: list[str] = []
        for word in self.raw[start : start + PHRASE_REACH]:
            if word in PLACE_DETERMINERS or word in LIST_JOINS or word in {"a", "an"}:
                continue
            if word in STOP_WORDS:
                break
            said.append(word)
        return said

    def said_before(self, phrase: str, after: frozenset[str]) -> bool:
        """Whether a free occurrence of ``phrase`` comes right before one of ``after``."""
        wanted = _keys_of(phrase)
        size = len(wanted)
        return any(
            start + size < len(self.raw) and self.raw[start + size] in after
            for start in self._starts(wanted)
        )

    def give_back(self, phrase: str) -> None:
        """Free again every taken occurrence of ``phrase`` (a reading that named nothing)."""
        wanted = _keys_of(phrase)
        for i in self._occurrences(wanted):
            self.taken[i : i + len(wanted)] = [False] * len(wanted)

    def mark_asides(self, asides: Iterable[str]) -> None:
        """Note where ``asides`` (what a question leaves out: "(not landlords or banks)") are
        written: a phrase there is taken as negated, whatever it names. Call before taking
        phrases."""
        for aside in asides:
            wanted = _keys_of(aside)
            for i in self._occurrences(wanted):
                self.left_out.update(range(i, i + len(wanted)))

    def take_asides(self) -> None:
        """Mark every word of the asides ``mark_asides`` noted as taken, also where another
        reading took some of them first: what an aside leaves out ("(not landlord or lender)")
        is no part of what is asked."""
        for i in self.left_out:
            self.taken[i] = True

    def _starts(self, wanted: Sequence[str]) -> list[int]:
        """Where ``wanted`` is written with none of its words taken yet."""
        size = len(wanted)
        return [i for i in self._occurrences(wanted) if not any(self.taken[i : i + size])]

    def _occurrences(self, wanted: Sequence[str]) -> list[int]:
        size = len(wanted)
        if not size:
            return []
        target = tuple(wanted)
        return [
            i for i in range(len(self.keys) - size + 1) if tuple(self.keys[i : i + size]) == target
        ]

    def _negated(self, start: int, reach: int = 3) -> bool:
        if start in self.listed_after_negation:
            return True
        before = self.raw[max(0, start - reach) : start]
        return any(w in NEGATIONS or w.endswith("n't") for w in before)

    def mark_lists(self, phrases: Mapping[str, int]) -> None:
        """Find where ``phrases`` (the values a question may name, each with the reach of a
        negation before it) are written one after another, joined by "and", "or" or a comma,
        and note the later items of each list whose first item a negation comes right before:
        "without general liability or commercial auto" leaves out both. Call before taking
        phrases, so the order they are taken in does not matter."""
        at: dict[str, list[int]] = {}
        for index, key in enumerate(self.keys):
            at.setdefault(key, []).append(index)
        spans: dict[int, tuple[int, int]] = {}
        for phrase, reach in phrases.items():
            wanted = _keys_of(phrase)
            size = len(wanted)
            for start in at.get(wanted[0], []) if wanted else []:
                if (
                    tuple(self.keys[start : start + size]) == wanted
                    and start + size > spans.get(start, (0, 0))[0]
                ):
                    spans[start] = (start + size, reach)
        previous: tuple[int, int] | None = None
        negated = False
        for start in sorted(spans):
            end, reach = spans[start]
            if previous is not None and start < previous[1]:
                continue  # inside the item before
            between = self.raw[previous[1] : start] if previous is not None else None
            if between is not None and all(w in LIST_JOINS for w in between) and negated:
                self.listed_after_negation.add(start)
            else:
                negated = self._negated(start, reach)
            previous = (start, end)

    def take_longest_first(self, phrases: Iterable[str], negatable: bool = False) -> list[str]:
        """The phrases found, longer phrases taking their words before shorter ones."""
        ordered = sorted(set(phrases), key=lambda p: (-len(words(p)), -len(p), p))
        return [phrase for phrase in ordered if self.take(phrase, negatable)]

    def free_runs(self) -> list[list[str]]:
        """Runs of words not taken, without stop words and words that only frame a listing."""
        runs: list[list[str]] = [[]]
        broken = self._broken_compounds()
        for i, (word, taken) in enumerate(zip(self.raw, self.taken, strict=True)):
            if (
                taken
                or i in broken
                or word in STOP_WORDS
                or word in LISTING_FRAME
                or possessive_of(word) in THE_ACCOUNT_ITSELF
                or word in NEGATIONS
                or tuple(self.raw[i : i + 2]) == RIGHT_NOW
                or (word == "own" and i > 0 and self.raw[i - 1] in POSSESSIVES)
            ):
                if runs[-1]:
                    runs.append([])
            elif not word.isdigit():
                runs[-1].append(word)
        return [run for run in runs if run]

    def _broken_compounds(self) -> set[int]:
        """Words of a hyphenated compound another part of which was taken: "brand" once "new"
        of "brand-new" was read as a stage is no word of its own."""
        joined = self.joined or [False] * len(self.raw)
        broken: set[int] = set()
        start = 0
        for i in range(len(self.raw)):
            if joined[i]:
                continue
            span = range(start, i + 1)
            if len(span) > 1 and any(self.taken[j] for j in span):
                broken |= {j for j in span if not self.taken[j]}
            start = i + 1
        return broken

    def take_words(self, chosen: Iterable[str]) -> None:
        """Mark these exact words as taken (a phrase matched by meaning)."""
        wanted = set(chosen)
        self.taken = [t or w in wanted for w, t in zip(self.raw, self.taken, strict=True)]


def possessive_of(word: str) -> str:
    """What a possessive names ("insured's" -> "insured"), or "" when ``word`` is none."""
    if word.endswith(("'s", "\u2019s")) and len(word) > 2:
        return word[:-2]
    return word[:-1] if word.endswith("s'") and len(word) > 2 else ""


def ngrams(run: list[str], longest: int = 3) -> list[str]:
    """Every phrase of one to ``longest`` neighbouring words of a run, longest first."""
    found: list[str] = []
    for size in range(min(longest, len(run)), 0, -1):
        found += [" ".join(run[i : i + size]) for i in range(len(run) - size + 1)]
    return found
