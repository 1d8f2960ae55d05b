"""Account resolution: which account the broker means, checked against the name index."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from harper_common.bus.index_client import IndexClient
from harper_common.messages.index import NameMatch
from harper_common.messages.query import AccountAlternative, AccountRef
from harper_starter.intent_lexicon import FRAME

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
"""At most this many trailing words are dropped to find a known account named by the rest."""


@dataclass
class Resolution:
    account: AccountRef | None = None
    written_name: str | None = None
    alternatives: list[AccountAlternative] = field(default_factory=list)
    how: str = ""
    ambiguous: list[AccountAlternative] = field(default_factory=list)
    """Accounts that match the name about equally well; the broker must pick one."""


async def resolve_by_name(index: IndexClient, candidates: Sequence[str]) -> Resolution:
    """Look each written candidate up; the best match above FOUND_SCORE wins."""
    matches: dict[str, NameMatch] = {}
    for candidate in candidates[:MAX_CANDIDATES]:
        for match in _as_written(candidate, await index.lookup(candidate, limit=5)):
            known = matches.get(match.account_id)
            if known is None or match.score > known.score:
                matches[match.account_id] = match
    ranked = sorted(matches.values(), key=lambda m: (-m.score, m.account_name))
    written = candidates[0] if candidates else None
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


async def _known_prefix(index: IndexClient, written: str | None) -> NameMatch | None:
    """A known account named exactly by the start of the written name, when the extraction took
    a word or two of the question with it ("Caldwell CPA located" -> "Caldwell CPA")."""
    words = written.split() if written else []
    for keep in range(len(words) - 1, max(len(words) - 1 - PREFIX_DROP, 1), -1):
        exact = [m for m in await index.lookup(" ".join(words[:keep]), limit=3) if m.exact]
        if len(exact) == 1:
            return exact[0]
    return None


SPAN_WORDS = 5
"""Longest run of words tried as a mention."""
MAX_SPANS = 24
SINGLE_WORD_SCORE = 0.8
"""A one-word mention ("Bluewater", "Devon") needs a stronger match than a longer one."""
_TOKEN = re.compile(r"[\w][\w'’&.-]*")


def mention_spans(query: str) -> list[str]:
    """Runs of the query's words that could name an account: each starts and ends with a word
    that is not a frame word (question words, verbs of asking, pronouns; ``FRAME``), longest
    first. "what did rainier offer ingrid" -> "rainier offer ingrid", ..., "ingrid"."""
    tokens = [t.strip(".'’") for t in _TOKEN.findall(query)]
    tokens = [t for t in tokens if t]
    content = [t.lower().removesuffix("'s").removesuffix("’s") not in FRAME for t in tokens]
    spans: list[str] = []
    for size in range(min(SPAN_WORDS, len(tokens)), 0, -1):
        for start in range(len(tokens) - size + 1):
            if content[start] and content[start + size - 1]:
                span = " ".join(tokens[start : start + size])
                spans.append(re.sub(r"['’]s\b", "", span))
    return list(dict.fromkeys(spans))[:MAX_SPANS]


def _as_written(written: str, matches: list[NameMatch]) -> list[NameMatch]:
    """Initials ("HTA") count only when written in capitals: "hta" in lower case may be a word."""
    capitals = written.strip().isupper()
    return [m for m in matches if m.alias is None or capitals]


def _word_of_a_name(word: str, matches: list[NameMatch]) -> list[NameMatch]:
    """The accounts whose name holds ``word`` as one of its words ("marina" in "Bluewater Marina
    & Boat Storage"), scored as a found one-word mention; none when no name does."""
    wanted = word.lower()
    holding = [
        m.model_copy(update={"score": max(m.score, SINGLE_WORD_SCORE)})
        for m in matches
        if m.contact is None and wanted in re.findall(r"[a-z0-9]+", m.account_name.lower())
    ]
    return holding


async def resolve_by_spans(index: IndexClient, query: str, people_only: bool = False) -> Resolution:
    """The account a run of the question's words names best (its name or one of its people),
    when nothing else resolved: the mention is found by what matches the index, not by the
    words around it. Several accounts matching one word equally well: ask which one. With
    ``people_only`` (a question about many accounts), only a person of an account (or initials
    written in capitals) counts:
    "how many drivers does Devon have" is about Devon's account."""
    best: tuple[float, int, str, list[NameMatch]] | None = None
    for span in mention_spans(query):
        words = len(span.split())
        floor = SINGLE_WORD_SCORE if words == 1 else FOUND_SCORE
        if words == 1 and (len(span) < 3 or span.lower().strip(".") in LEGAL_FORMS):
            continue
        found = _as_written(span, await index.lookup(span, limit=10 if words == 1 else 5))
        if words == 1:
            found = _word_of_a_name(span, found) or found
        deliberate = [m for m in found if m.contact or m.alias]  # a person, or initials in caps
        matches = [m for m in (deliberate if people_only else found) if m.score >= floor]
        if not matches:
            continue
        key = (matches[0].score, words)
        if best is None or key > (best[0], best[1]):
            best = (matches[0].score, words, span, matches)
    if best is None:
        return Resolution(how="no run of the question's words names an account")
    score, _, span, matches = best
    close = [m for m in matches if m.score >= score - AMBIGUOUS_GAP * 3]
    if len({m.account_id for m in close}) > 1 and not matches[0].exact:
        return Resolution(
            written_name=span,
            ambiguous=[_alternative(m) for m in close[:5]],
            how=f"'{span}' matches {len(close)} accounts about equally",
        )
    top = matches[0]
    how = f"'{span}' names it ({top.score:.2f}" + (
        f", contact {top.contact})" if top.contact else ")"
    )
    return Resolution(
        account=AccountRef(account_id=top.account_id, account_name=top.account_name),
        written_name=span,
        how=how,
    )


async def resolve_by_kind(index: IndexClient, written: str) -> Resolution:
    """An account named by what it is ("the food pantry", "the winery"): the one description
    match whose name or trade holds most of the written words, and no other account that does."""
    words = {w for w in re.findall(r"[a-z]{3,}", written.lower()) if w not in FRAME}
    if not words:
        return Resolution(written_name=written, how="no words to describe an account")
    hits = await index.search(written, limit=5)
    fitting = [
        hit.payload
        for hit in hits
        if len(words & _words_of(f"{hit.payload.account_name} {hit.payload.industry or ''}")) * 2
        >= len(words)
    ]
    if len(fitting) != 1:
        return Resolution(written_name=written, how=f"{len(fitting)} accounts are '{written}'")
    found = fitting[0]
    return Resolution(
        account=AccountRef(account_id=found.account_id, account_name=found.account_name),
        written_name=written,
        how=f"the only account that is '{written}'",
    )


def _words_of(text: str) -> set[str]:
    return set(re.findall(r"[a-z]{3,}", text.lower()))


def looks_like_a_business(name: str, query: str) -> bool:
    """Whether a mention could be a business nobody has filed yet: written with capitals in the
    query, or ending in a legal form (LLC, Inc, Co). A lowercase fragment of the question is not."""
    words = name.split()
    if not words:
        return False
    if words[-1].lower().strip(".,") in LEGAL_FORMS:
        return True
    written = [w for w in _TOKEN.findall(query) if w.lower() in {x.lower() for x in words}]
    return any(w[:1].isupper() for w in written)


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
