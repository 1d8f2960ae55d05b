"""Account resolution: which account the broker means, checked against the name index."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from harper_common.bus.index_client import IndexClient
from harper_common.messages.index import NameMatch
from harper_common.messages.query import AccountAlternative, AccountRef

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
        for match in await index.lookup(candidate, limit=5):
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
