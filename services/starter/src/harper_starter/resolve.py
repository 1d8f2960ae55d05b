"""Account resolution: which account the broker means, checked against the name index."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher

import numpy as np

from harper_common.bus.client import BusError
from harper_common.bus.index_client import IndexClient
from harper_common.messages.index import AccountPayload, DescriptionFilters, NameMatch
from harper_common.messages.query import AccountAlternative, AccountRef
from harper_starter.intent_embed import unit_rows
from harper_starter.intent_lexicon import FRAME
from harper_starter.intent_text import is_business_noun
from harper_starter.mention import (
    Span,
    candidate_spans,
    holds,
    in_dictionary,
    is_frame_word,
    may_be_initials,
    name_words,
    plural_of,
)
from harper_starter.mention import looks_like_a_business as looks_like_a_business

GENERIC_BUSINESS_WORDS = frozenset(
    "company companies service services group shop store business enterprises holdings "
    "partners associates solutions new".split()
)
"""Words any business may carry: they never say which account is meant ("New Company LLC")."""
LEGAL_FORMS = frozenset(
    "llc inc co corp corporation company ltd llp pllc pc pa plc lp group".split()
)

FOUND_SCORE = 0.75
"""A name match at or above this similarity is the account. Measured on demo data: names with
1-2 typos score 0.8-0.9, businesses not in the book at most 0.66 among 10,000 accounts."""
AMBIGUOUS_GAP = 0.03
"""Two different accounts scoring within this of each other: ask which one was meant."""
ALTERNATIVE_SCORE = 0.45
"""Matches at or above this are offered as "did you mean" alternatives."""
MAX_CANDIDATES = 4
PREFIX_DROP = 2
"""Up to this many trailing words dropped, the rest must be an account's name exactly."""
PREFIX_WORDS = 8
"""Past ``PREFIX_DROP``, starts of at most this many words are looked up: a business's name is
no longer, and a question read as one run of name words may be twenty words long."""


@dataclass
class Resolution:
    account: AccountRef | None = None
    written_name: str | None = None
    alternatives: list[AccountAlternative] = field(default_factory=list)
    how: str = ""
    ambiguous: list[AccountAlternative] = field(default_factory=list)
    """Accounts that match the name about equally well; the broker must pick one."""
    person: str | None = None
    """The account's person the mention named, when it named a person rather than the name."""


async def resolve_by_name(index: IndexClient, candidates: Sequence[str]) -> Resolution:
    """Look each written candidate up; the best match above FOUND_SCORE wins."""
    matches: dict[str, NameMatch] = {}
    asked = list(candidates[:MAX_CANDIDATES])
    found = await index.lookup_many(asked, limit=LOOKUP_LIMIT)  # one bus round trip for all
    each = [_as_written(name, replies) for name, replies in zip(asked, found, strict=True)]
    for written_matches in each:
        for match in written_matches:
            known = matches.get(match.account_id)
            if known is None or match.score > known.score:
                matches[match.account_id] = match
    ranked = sorted(matches.values(), key=lambda m: (-m.score, m.account_name))
    written = candidates[0] if candidates else None
    by_words = _by_its_words(written, each[0] if each else [])
    if by_words is not None:
        return _told_apart(by_words, each[1:])
    if ranked and ranked[0].score >= FOUND_SCORE:
        best = ranked[0]
        close = [m for m in ranked if m.score >= best.score - AMBIGUOUS_GAP]
        if len(close) > 1 and not best.exact:
            return Resolution(
                written_name=written,
                ambiguous=[_alternative(m) for m in close[:5]],
                how=f"{len(close)} names match about equally",
            )
        return Resolution(
            account=AccountRef(account_id=best.account_id, account_name=best.account_name),
            written_name=written,
            how=f"name match {best.score:.2f}",
            person=best.contact,
        )
    slip = _a_slip_of_one_name(asked, ranked)
    if slip is not None:
        best, typed = slip
        return Resolution(
            account=AccountRef(account_id=best.account_id, account_name=best.account_name),
            written_name=typed,
            how=f"'{typed}' is {best.account_name} with a letter or two off",
            person=best.contact,
        )
    prefix = await _known_prefix(index, written)
    if prefix is not None:
        return Resolution(
            account=AccountRef(account_id=prefix.account_id, account_name=prefix.account_name),
            written_name=written,
            how=f"name match on the start of '{written}'",
        )
    alternatives = [_alternative(m) for m in ranked if m.score >= ALTERNATIVE_SCORE][:5]
    return Resolution(written_name=written, alternatives=alternatives, how="no name match")


def _told_apart(found: Resolution, others: list[list[NameMatch]]) -> Resolution:
    """Of the accounts a mention names equally ("Desert Rose" of two names), the one another
    mention of the question names too ("Marisela at Desert Rose": one of its people)."""
    if not found.ambiguous:
        return found
    ids = {alternative.account_id for alternative in found.ambiguous}
    named = {
        match.account_id: match
        for matches in others
        for match in matches
        if match.account_id in ids and match.score >= FOUND_SCORE
    }
    if len(named) != 1:
        return found
    one = next(iter(named.values()))
    return Resolution(
        account=AccountRef(account_id=one.account_id, account_name=one.account_name),
        written_name=found.written_name,
        how=f"{found.how}; another mention names {one.account_name}",
        person=one.contact,
    )


LOOKUP_LIMIT = 10
EXACT_INITIALS = 0.99
MAX_HOLDERS = 4
"""A mention whose words all belong to more names than this is a common word, not a name."""


SLIP_LIKENESS = 0.8
"""A typed word this alike to a word of a name (``difflib`` ratio) is that word with a letter
or two off: "fery" for "ferry", "awnnig" for "awning", "marlwo" for "marlow"."""
SLIP_LEAD = 0.2
"""A name read with a slip must score this much above every other account's."""
SLIP_WORDS = 2
"""A slip is read in a mention of at least this many words, or in one word of at least
``SLIP_LETTERS`` that is no English word ("Marlwo", "Tolivler"): a word of the dictionary
alone may be meant as itself."""
SLIP_LETTERS = 5


def _typed_for(typed: str, known: str) -> bool:
    return typed == known or (
        len(typed) >= 3 and SequenceMatcher(None, typed, known).ratio() >= SLIP_LIKENESS
    )


def _a_slip_of_one_name(
    asked: Sequence[str], ranked: list[NameMatch]
) -> tuple[NameMatch, str] | None:
    """The account a mention names with a letter or two off in some of its words ("Marlow
    Fery" for Marlow Ferry Co.), and the mention: every typed word is alike to a
    word of the name, the first to the name's first word, and the account scores well ahead of
    any other; one word alone only when it is no word of the dictionary (``lemminflect``).
    The name's words as written (no slip) are left to ``_by_its_words``."""
    if not ranked or ranked[0].score < ALTERNATIVE_SCORE or ranked[0].alias is not None:
        return None
    best = ranked[0]
    if any(m.account_id != best.account_id and m.score > best.score - SLIP_LEAD for m in ranked):
        return None
    known = name_words(best.account_name)
    for written in asked:
        typed = name_words(written)
        if not known or not typed or not _typed_for(typed[0], known[0]):
            continue
        if len(typed) < SLIP_WORDS and (len(typed[0]) < SLIP_LETTERS or in_dictionary(typed[0])):
            continue
        if all(word in known for word in typed):
            continue
        if all(any(_typed_for(word, name) for name in known) for word in typed):
            return best, written
    return None


def _holders(written: str, matches: list[NameMatch]) -> list[NameMatch]:
    """The accounts whose names hold every word of ``written`` ("Larkspur", "Finch Funeral
    Home", "Tall Pine Tree Svc"); none when too many do for the words to tell accounts apart."""
    held = [
        m
        for m in matches
        if m.contact is None and m.alias is None and holds(written, m.account_name)
    ]
    return held if len(held) <= MAX_HOLDERS else []


def _by_its_words(written: str | None, ranked: list[NameMatch]) -> Resolution | None:
    """A mention made of words of one account's name is that account; of several accounts'
    names, ask which one. An exact name match, or words no name holds: decide by score."""
    if not written or any(m.exact and m.alias is None for m in ranked):
        return None
    if len(written.split()) == 1 and is_frame_word(written):
        return None  # "service", "status": a word of the question, even if a name holds it
    held = _holders(written, ranked)
    if len(held) == 1:
        found = held[0]
        return Resolution(
            account=AccountRef(account_id=found.account_id, account_name=found.account_name),
            written_name=written,
            how=f"'{written}' is words of one name only",
        )
    if len(held) > 1:
        return Resolution(
            written_name=written,
            ambiguous=[_alternative(m) for m in held],
            how=f"'{written}' is words of {len(held)} names",
        )
    return None


async def _known_prefix(index: IndexClient, written: str | None) -> NameMatch | None:
    """A known account named by the start of the written name, when the extraction took words
    of the question with it: a word or two ("Caldwell CPA located" -> "Caldwell CPA"), the
    account's name exactly; otherwise ("caldwell cpa deadline questions from last season") its
    name or words of its name and of no other's, followed by no business word
    ("Maple Avenue Dental Lab" is a business of its own)."""
    words = written.split() if written else []
    near = len(words) - PREFIX_DROP  # a start this long must be the name exactly
    keeps = [k for k in range(len(words) - 1, 1, -1) if k <= PREFIX_WORDS or k >= near]
    starts = [" ".join(words[:keep]) for keep in keeps]
    found_by_start = await index.lookup_many(starts, limit=3)
    for keep, start, found in zip(keeps, starts, found_by_start, strict=True):
        exact = [m for m in found if m.exact]
        if len(exact) == 1 and keep >= near:
            return exact[0]
        if is_business_noun(words[keep]):
            continue
        held = _holders(start, found)
        if len(exact) == 1 or (len(held) == 1 and held[0].score >= FOUND_SCORE):
            return exact[0] if exact else held[0]
    return None


MAX_SPANS = 24
SINGLE_WORD_SCORE = 0.8
"""A one-word mention ("Larkspur", "Marta") needs a stronger match than a longer one."""


def mention_spans(query: str) -> list[str]:
    """Runs of the query's words that could name an account (``mention.candidate_spans``):
    none starts or ends with a closed-class word or a verb form, unless written capitalised."""
    return [span.text for span in candidate_spans(query, MAX_SPANS)]


def _as_written(written: str, matches: list[NameMatch]) -> list[NameMatch]:
    """Initials ("HTA") count when written in capitals, or in lowercase when they are no word:
    "ovh" may be initials, "ace" is a word (``mention.may_be_initials``)."""
    if written.strip().isupper():
        return matches
    initials = may_be_initials(written)  # in lowercase, only initials spelled exactly
    return [m for m in matches if m.alias is None or (initials and m.score >= EXACT_INITIALS)]


@dataclass(frozen=True)
class _Pick:
    """The best reading of one span: its score, size, capitals, and the accounts it names."""

    score: float
    words: int
    capitals: int
    span: str
    matches: list[NameMatch]
    held: bool
    """The span is words of the matched names (not merely like them)."""

    @property
    def key(self) -> tuple[float, int, int]:
        return (round(self.score, 3), self.words, self.capitals)


def _read_span(span: Span, looked_up: list[NameMatch], people_only: bool) -> _Pick | None:
    found = _as_written(span.text, looked_up)
    if people_only:  # a person, or initials in capitals: lowercase ones are read as words
        found = [m for m in found if m.contact or (m.alias and span.text.strip().isupper())]
    held = [] if people_only else _holders(span.text, found)
    if held and not any(m.exact for m in found):
        floor = SINGLE_WORD_SCORE if span.words == 1 else FOUND_SCORE
        scored = [m.model_copy(update={"score": max(m.score, floor)}) for m in held]
        return _Pick(scored[0].score, span.words, span.capitals, span.text, scored, True)
    floor = SINGLE_WORD_SCORE if span.words == 1 else FOUND_SCORE
    family = [m.model_copy(update={"score": floor}) for m in found if _family_of(span, m)]
    matches = [m for m in found if m.score >= floor] or family
    if not matches:
        return None
    return _Pick(matches[0].score, span.words, span.capitals, span.text, matches, False)


def _family_of(span: Span, match: NameMatch) -> bool:
    """A family named by its person's last name in the plural: "the Ruizes", "the Pikes"."""
    if span.words != 1 or match.contact is None:
        return False
    last = name_words(match.contact)[-1:]
    written = name_words(span.text)
    return bool(last and written) and plural_of(written[0], set(last))


async def resolve_by_spans(index: IndexClient, query: str, people_only: bool = False) -> Resolution:
    """The account a run of the question's words names best (its name, words of its name, or
    one of its people): the mention is found by what matches the index, not by the words
    around it. Words shared by several accounts' names: ask which one. With ``people_only``
    (a question about many accounts), only a person of an account (or initials written in
    capitals) counts: "how many drivers does Marta have" is about Marta's account."""
    best: _Pick | None = None
    spans = candidate_spans(query, MAX_SPANS)
    found = await index.lookup_many([span.text for span in spans], limit=LOOKUP_LIMIT)
    for span, matches in zip(spans, found, strict=True):
        pick = _read_span(span, matches, people_only)
        if pick is not None and (best is None or pick.key > best.key):
            best = pick
    if best is None:
        return Resolution(how="no run of the question's words names an account")
    matches, written = best.matches, best.span
    close = matches if best.held else [m for m in matches if m.score >= best.score - 0.09]
    if len({m.account_id for m in close}) > 1 and not matches[0].exact:
        return Resolution(
            written_name=written,
            ambiguous=[_alternative(m) for m in close[:5]],
            how=f"'{written}' matches {len(close)} accounts about equally",
        )
    top = matches[0]
    how = f"'{written}' names it ({top.score:.2f}" + (
        f", contact {top.contact})" if top.contact else ")"
    )
    return Resolution(
        account=AccountRef(account_id=top.account_id, account_name=top.account_name),
        written_name=written,
        how=how,
        person=None if _words_of(written) <= _words_of(top.account_name) else top.contact,
    )


async def resolve_by_kind(
    index: IndexClient, written: str, query: str = "", by_meaning: bool = True
) -> Resolution:
    """An account named by what it is ("the food pantry", "the winery", "the reno kite
    shop"): the one description match whose name, trade or place holds at least half of the
    written words, and no other account that does. When several do, the one the question's
    other words name ("Desert Rose, the dance studio": of the studios, the one named so).
    With ``by_meaning``, a kind no trade holds in words may still mean one ("daycare")."""
    words = _describing(written)
    if not words:
        return Resolution(written_name=written, how="no words to describe an account")
    hits = await index.search(written, limit=5)
    fitting = [
        hit.payload
        for hit in hits
        if len(words & _words_of(_what_and_where(hit.payload))) * 2 >= len(words)
    ]
    fits = [len(_said(words, _what_and_where(account))) for account in fitting]
    if len(fitting) > 1 and fits.count(max(fits)) == 1:
        # "the glass studio": of the studios, the one whose trade says glass too
        fitting = [fitting[fits.index(max(fits))]]
    if len(fitting) > 1 and query:
        others = _describing(query) - words
        named = [a for a in fitting if others and _said(others, _what_and_where(a))]
        fitting = named if len(named) == 1 else fitting
    how = f"the only account that is '{written}'"
    if by_meaning and not fitting and hits and len(words) <= KIND_WORDS:
        fitting = await _of_that_trade(index, written, [hit.payload for hit in hits])
        how = f"the only account whose trade means '{written}'"
    if len(fitting) != 1:
        return Resolution(written_name=written, how=f"{len(fitting)} accounts are '{written}'")
    found = fitting[0]
    return Resolution(
        account=AccountRef(account_id=found.account_id, account_name=found.account_name),
        written_name=written,
        how=how,
    )


KIND_WORDS = 3
"""A kind said in more words than this is a question, not a trade, to compare in meaning."""
KIND_SIMILARITY = 0.5
KIND_MARGIN = 0.15
"""A kind written in other words than the book's ("daycare" for a Childcare Center, "plumbers"
for a Plumbing Contractor) names the account whose trade or name is this close to it in meaning
(MiniLM cosine) and clearly closer than any other trade. Measured on the hand-written books:
a trade's own synonyms score 0.53-0.76 against it, other trades at most 0.43."""


async def _of_that_trade(
    index: IndexClient, written: str, accounts: list[AccountPayload]
) -> list[AccountPayload]:
    """The accounts, of ``accounts`` (a description search's best), whose trade or name means
    what ``written`` says; several when they share that trade, none when none is close enough."""
    kind = " ".join(word for word in written.split() if _describing(word))
    if not kind:
        return []
    trades = [account.industry or "" for account in accounts]
    names = [account.account_name for account in accounts]
    try:
        rows = unit_rows(await index.embed([kind, *trades, *names]))
    except BusError:
        return []
    by_trade, by_name = np.split(rows[1:] @ rows[0], 2)
    closeness = np.maximum(by_trade, by_name)
    best = float(closeness.max())
    meant = [a for a, close in zip(accounts, closeness, strict=True) if close >= best - KIND_TIE]
    their_trades = {_trade_of(account) for account in meant}
    others = [
        float(close)
        for account, close in zip(accounts, closeness, strict=True)
        if _trade_of(account) not in their_trades
    ]
    if best < KIND_SIMILARITY or (others and max(others) > best - KIND_MARGIN):
        return []
    return meant


KIND_TIE = 0.02
"""Accounts this close to the best are as close to the kind (the same trade, said alike)."""


def _trade_of(account: AccountPayload) -> str:
    return (account.industry or account.account_name).lower()


def _describing(text: str) -> set[str]:
    """The words of ``text`` that may describe an account (not the question's frame)."""
    return _words_of(text) - FRAME - LEGAL_FORMS - GENERIC_BUSINESS_WORDS


async def pick_described(index: IndexClient, query: str, found: Resolution) -> Resolution | None:
    """Of the accounts a mention fits equally ("Gail" writes for two clients), the one the rest
    of the question describes ("who is Gail at the cleaning company": its trade, its name or
    its city says which; of several, the one that more of them fit); None when they fit none,
    or several equally."""
    ids = [alternative.account_id for alternative in found.ambiguous]
    reply = await index.scan(DescriptionFilters(account_id=ids))
    asked = _describing(query)
    fits = {a.account_id: len(_said(asked, _what_and_where(a))) for a in reply.accounts}
    most = max(fits.values(), default=0)
    fitting = [a for a in reply.accounts if most and fits[a.account_id] == most]
    if len(fitting) != 1:
        return None
    one = fitting[0]
    return Resolution(
        account=AccountRef(account_id=one.account_id, account_name=one.account_name),
        written_name=found.written_name,
        how=f"'{found.written_name}' at the account the question describes",
    )


def _what_and_where(account: AccountPayload) -> str:
    """An account's name, trade and city: the words a description of it may use."""
    return " ".join(filter(None, (account.account_name, account.industry, account.city)))


def _words_of(text: str) -> set[str]:
    return set(re.findall(r"[a-z]{3,}", text.lower()))


SHARED_START = 5
SHARED_SHARE = 0.7


def _said(asked: set[str], what: str) -> set[str]:
    """The words of ``asked`` that are words of ``what`` in some form: the same word, one cut
    short ("chiro"), or one that starts the same for most of its length ("chiropractor" for
    "Chiropractic", "plumber" for "Plumbing")."""
    held = _words_of(what)
    return {word for word in asked if any(_alike(word, other) for other in held)}


def _alike(a: str, b: str) -> bool:
    if a == b:
        return True
    shared = len(os.path.commonprefix([a, b]))
    return shared >= SHARED_START and shared >= SHARED_SHARE * min(len(a), len(b))


def _alternative(match: NameMatch) -> AccountAlternative:
    return AccountAlternative(
        account_id=match.account_id, account_name=match.account_name, score=round(match.score, 3)
    )


async def resolve_by_description(index: IndexClient, description: str) -> Resolution:
    """ "the childcare center in Texas": the best description match, if any."""
    hits = await index.search(description, limit=3)
    if not hits:
        return Resolution(written_name=description, how="no description match")
    best = hits[0].payload
    return Resolution(
        account=AccountRef(account_id=best.account_id, account_name=best.account_name),
        written_name=description,
        alternatives=[
            AccountAlternative(
                account_id=hit.payload.account_id,
                account_name=hit.payload.account_name,
                score=hit.score,
            )
            for hit in hits[1:]
        ],
        how="description match",
    )


async def mentioned_in_files(index: IndexClient, written: str) -> bool:
    """Whether the book's emails, calls or texts name ``written`` (a client's customer, a
    carrier, an agency): a question about it is a question for the whole book, not a question
    about an account that is missing."""
    return bool(await _accounts_whose_files_name(index, written, limit=5))


async def named_beyond_own_account(index: IndexClient, person: str, account_id: str) -> bool:
    """Whether the files of an account other than ``account_id`` name ``person`` (one of that
    account's people) in full: a client who sends the agency others ("referred by ..."), a
    contact who works for two accounts. A question about what such a person did for the book
    ("has <person> referred anyone to us") is then the book's, not their own account's. Their
    first name may be written cut short ("Doug Begay" names Douglas Begay)."""
    found = await _accounts_whose_files_name(index, person, limit=8, short_first=True)
    return bool(found - {account_id})


SHORT_FIRST_NAME = 3
"""A first name cut short names the person from this many letters ("Doug", "Rob", "Kat")."""
COMMON_WORD_HOLDERS = 2
"""Other accounts whose files write a word for the word to be the book's, not one name's."""
COMMON_WORD_PASSAGES = 30
"""Passages read for it: an account's own files write its name often and come first."""


INDEFINITE = frozenset({"a", "an", "any", "some", "another", "every", "each", "no"})
"""Words before a noun that say no one thing is meant ("a tree came down", "any event")."""


def said_as_a_common_noun(query: str, resolution: Resolution) -> bool:
    """Whether the account was found by one word of its name, not the first, that the broker
    typed in lower case as a common noun: after "a", "an", "any" ... ("did a tree come
    down": no tree service is meant), or in the plural where the name has the singular ("who
    serves alcohol at events" and a "... Event Rentals" account)."""
    written = resolution.written_name or ""
    words = _later_name_word_in_lower_case(resolution, query)
    if words is None or not re.search(rf"(?<![\w'-]){re.escape(written)}(?![\w'-])", query):
        return False
    before = re.findall(rf"([\w']+)\s+{re.escape(written)}(?![\w'-])", query.lower())
    if any(word in INDEFINITE for word in before):
        return True
    singular = written[:-1] if written.endswith("s") else ""
    return written not in words and bool(singular) and singular in words


async def a_word_of_the_book(index: IndexClient, resolution: Resolution, query: str) -> bool:
    """Whether the account was found by one word of its name, not the first, that the broker
    typed in lower case and that is a word of the question rather than a mention of the
    account: the files of other accounts write it too (hail damage "in the storm" and a "Gulf
    Storm Shutters" account), or the question pairs it with a word the name does not hold
    ("dairy & cheese makers" and a "... Dairy Barn" account: two kinds, not one name)."""
    written = resolution.written_name or ""
    words = _later_name_word_in_lower_case(resolution, query)
    if resolution.account is None or words is None:
        return False
    if _paired_beyond_the_name(written, words, query):
        return True
    others = await _accounts_whose_files_name(index, written, limit=COMMON_WORD_PASSAGES)
    return len(others - {resolution.account.account_id}) >= COMMON_WORD_HOLDERS


_PAIRED = r"\s*(?:&|\+|/|\band\b|\bor\b)\s*"
"""What joins two words into a pair of things ("food & drink", "sheds or barns")."""


def _paired_beyond_the_name(written: str, name_words: list[str], query: str) -> bool:
    """Whether the query joins ``written`` by "&", "and", "or", "/" to a word that is not a
    word of the name: a pair of kinds or things, not the account's name."""
    word = re.escape(written)
    partners = re.findall(
        rf"(?<![\w'-]){word}{_PAIRED}([\w'-]+)|([\w'-]+){_PAIRED}{word}(?![\w'-])", query.lower()
    )
    return any(p and p not in name_words for pair in partners for p in pair)


def _later_name_word_in_lower_case(resolution: Resolution, query: str) -> list[str] | None:
    """The name's words when the account was found by one word of its name, not the first,
    written in lower case in the query; else None."""
    written = resolution.written_name or ""
    if resolution.account is None or len(written.split()) != 1 or written != written.lower():
        return None
    if written not in query:
        return None  # written in capitals in the query after all
    words = name_words(resolution.account.account_name)
    if words[:1] == [written]:
        return None  # a name's first word is how brokers call it ("begay", "pham")
    return words


async def _accounts_whose_files_name(
    index: IndexClient, written: str, limit: int, short_first: bool = False
) -> set[str]:
    """The accounts among the best ``limit`` passages for ``written`` whose passage writes it
    word for word (case and punctuation aside); with ``short_first``, its first word may be
    cut short ("doug" for "douglas", from three letters)."""
    said = re.findall(r"[a-z0-9]+", written.lower())
    if not said:
        return set()
    try:
        reply = await index.passages(written, limit=limit)
    except BusError:
        return set()
    first = re.escape(said[0])
    if short_first and len(said) > 1 and len(said[0]) > SHORT_FIRST_NAME:
        cut = [re.escape(said[0][:end]) for end in range(SHORT_FIRST_NAME, len(said[0]))]
        first = "(?:" + "|".join([first, *cut]) + ")"
    rest = "".join(f" {re.escape(word)}" for word in said[1:])
    pattern = re.compile(rf"(?<![a-z0-9]){first}{rest}(?![a-z0-9])")
    return {
        hit.account_id
        for hit in reply.hits
        if pattern.search(" ".join(re.findall(r"[a-z0-9]+", hit.text.lower())))
    }
