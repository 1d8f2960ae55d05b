"""``AccountIndex``: accounts in, look-ups out; the one object the indexer's handlers call.

It turns account states into points (trigram name vector, embedded profile, BM25 description
vector, payload), writes only what is newer than what is stored, finds accounts by name
(trigram candidates reranked by edit distance) and by description (dense + lexical, fused,
within exact payload filters). All methods are blocking: call them from a worker thread
(``lookup_now``, which never waits, may run in the event loop).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from harper_common.memory import AccountState
from harper_common.memory.people import account_people
from harper_common.messages.index import (
    AccountPayload,
    DescriptionFilters,
    DescriptionHit,
    NameMatch,
)
from harper_indexer.descriptions import (
    describe,
    filter_terms,
    payload_from_state,
    payload_from_stored,
    profile,
    stored_payload,
)
from harper_indexer.embedding import Embedder
from harper_indexer.lexical import Bm25Vectors
from harper_indexer.names import name_similarity, name_vector, normalise_name, query_vector
from harper_indexer.store import AccountPoint, PayloadMatch, Scored, VectorStore

INDEX_FORMAT = 6
"""Raise when descriptions, payloads or vectors change shape: stored points are then rewritten."""
LISTING_SCORE = 1.0
"""The score of every hit of a search without text (a filtered listing: all match equally)."""
_CANDIDATES = 30
TIE_SPARE = 4
"""Descriptions asked of the store beyond the limit, so that a tie at the cut is broken by
account id like the others, not by the store's own order."""


class AccountIndex:
    """The name and description index of every account, over a store and an embedder."""

    def __init__(
        self,
        store: VectorStore,
        embedder: Embedder,
        people_of: Callable[[str], list[str]] | None = None,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.people_of = people_of
        """The people of an account's sources (account id -> names), besides its primary
        contact; in the service, read from the sources' summary.md files."""
        self._lexical = Bm25Vectors()
        self._writing = threading.Lock()

    @property
    def indexed_with(self) -> str:
        """Model and format stamped on every point; read now, since ``load()`` may fall back."""
        return f"{self.embedder.model_name}#format{INDEX_FORMAT}"

    def upsert_states(self, states: Sequence[AccountState]) -> list[str]:
        """Index these states, skipping any whose account is stored at that version or later.

        Returns the ids actually written. Writers are serialised, so a late older version
        never overwrites a newer one.
        """
        with self._writing:
            latest = _latest(states)
            stored = self._current_versions([s.account_id for s in latest])
            fresh = [s for s in latest if stored.get(s.account_id, -1) < s.version]
            if fresh:
                self.store.upsert(self._points(fresh))
            return [state.account_id for state in fresh]

    def lookup(self, name: str, limit: int = 5) -> list[NameMatch]:
        """Accounts whose names are most like ``name``, best first (scores 0..1)."""
        candidates = self.store.search_names(query_vector(name), max(limit * 4, _CANDIDATES))
        return _ranked(name, candidates, limit)

    def lookup_now(self, name: str, limit: int = 5) -> list[NameMatch] | None:
        """``lookup`` from the event loop: the same answer when the store can give it at once
        (see ``VectorStore.search_names_now``), None when it cannot."""
        vector = query_vector(name)
        candidates = self.store.search_names_now(vector, max(limit * 4, _CANDIDATES))
        return None if candidates is None else _ranked(name, candidates, limit)

    def search(
        self, text: str, filters: DescriptionFilters | None = None, limit: int = 10
    ) -> list[DescriptionHit]:
        """Descriptions ranked against ``text`` within ``filters`` (RRF scores, best first).

        Without text it is a listing of the filtered accounts, each scored ``LISTING_SCORE``.
        UnknownStage when a stage filter names no stage.
        """
        terms = filter_terms(filters or DescriptionFilters())
        if any(not values for values in terms.values()):
            return []
        if not text.strip():
            return [
                DescriptionHit(score=LISTING_SCORE, payload=p) for p in self.scan(filters, limit)
            ]
        dense = self.embedder.embed([text])[0].tolist()
        lexical = self._lexical.query(text)
        found = self.store.search_descriptions(dense, lexical, terms, limit + TIE_SPARE)
        hits = [
            DescriptionHit(score=hit.score, payload=payload_from_stored(hit.payload))
            for hit in found
        ]
        # equal fused scores come back in the store's own order: break ties by account id
        hits.sort(key=lambda h: (-h.score, _id_order(h.payload.account_id)))
        return hits[:limit]

    def scan(
        self, filters: DescriptionFilters | None = None, limit: int | None = None
    ) -> list[AccountPayload]:
        """Every account within ``filters``, ordered by account id, the first ``limit`` of them."""
        terms = filter_terms(filters or DescriptionFilters())
        if any(not values for values in terms.values()):
            return []
        if limit is None:
            found = sorted(self.store.scan(terms), key=lambda p: _id_order(p["account_id"]))
            return [payload_from_stored(p) for p in found]
        first = sorted(self._ids(terms), key=_id_order)[:limit]
        stored = self.store.payloads(first)
        return [payload_from_stored(stored[i]) for i in first if i in stored]

    def count(self, filters: DescriptionFilters | None = None) -> int:
        """How many accounts are within ``filters`` (all indexed accounts without)."""
        terms = filter_terms(filters or DescriptionFilters())
        if any(not values for values in terms.values()):
            return 0
        return self.store.count(terms)

    def stored_version(self, account_id: str) -> int | None:
        """The version of the account the index holds, or None when it holds none."""
        payload = self.store.payloads([account_id]).get(account_id)
        return int(payload["version"]) if payload else None

    def payload(self, account_id: str) -> AccountPayload | None:
        """What the index holds for the account (its description included), or None."""
        stored = self.store.payloads([account_id]).get(account_id)
        return payload_from_stored(stored) if stored else None

    def account_ids(self) -> set[str]:
        """Ids of every indexed account."""
        return set(self._ids({}))

    def remove(self, account_id: str) -> None:
        """Forget an account (nothing happens when it is not indexed)."""
        with self._writing:
            self.store.delete([account_id])

    def clear(self) -> None:
        """Forget every account."""
        with self._writing:
            self.store.clear()

    def optimize(self) -> None:
        """Let the store settle after a bulk load (index building, flush)."""
        self.store.optimize()

    def _ids(self, terms: PayloadMatch) -> list[str]:
        return [p["account_id"] for p in self.store.scan(terms, fields=["account_id"])]

    def _current_versions(self, account_ids: Sequence[str]) -> dict[str, int]:
        stored = self.store.payloads(account_ids)
        return {
            account_id: int(payload["version"])
            for account_id, payload in stored.items()
            if payload.get("indexed_with") == self.indexed_with
        }

    def _people(self, state: AccountState) -> list[str]:
        people = [person.name for person in account_people(state)]  # state.md's, primary first
        if self.people_of is not None:
            known = {p.casefold() for p in people}
            people += [p for p in self.people_of(state.account_id) if p.casefold() not in known]
        return people[:MAX_PEOPLE]

    def _points(self, states: Sequence[AccountState]) -> list[AccountPoint]:
        dense = self.embedder.embed([profile(state) for state in states])
        points = []
        for state, vector in zip(states, dense, strict=True):
            description = describe(state)
            payload = stored_payload(payload_from_state(state, description))
            payload["indexed_with"] = self.indexed_with
            points.append(
                AccountPoint(
                    account_id=state.account_id,
                    name_vector=name_vector(state.name),
                    contacts=[(person, name_vector(person)) for person in self._people(state)],
                    initials=[(short, name_vector(short)) for short in _initials(state.name)],
                    name_payload={"account_id": state.account_id, "account_name": state.name},
                    dense=vector.tolist(),
                    lexical=self._lexical.document(description),
                    payload=payload,
                )
            )
        return points


MAX_PEOPLE = 12
"""At most this many people per account in the names collection (primary contact first)."""
PERSON_SCORE = 0.9
"""A person named by some of their own words ("Dr. Okonkwo", "Gerald Finch") matches this well."""
_HONORIFICS = frozenset({"dr", "mr", "mrs", "ms", "miss", "jr", "sr", "ii", "iii"})


@dataclass(frozen=True, slots=True)
class _Named:
    """A candidate of a look-up, scored; made a `NameMatch` only if it is among those returned
    (a look-up scores ~30 candidates and returns a few)."""

    account_id: str
    account_name: str
    score: float
    exact: bool
    contact: str | None
    alias: str | None

    @property
    def plain(self) -> bool:
        """The account's own name rather than one of its people or its initials."""
        return not self.contact and not self.alias

    def rank(self) -> tuple[float, bool, bool, str, str]:
        """Best first: score, then the name before its people, exact first, then by name."""
        return (-self.score, self.contact is not None, not self.exact, self.account_name,
                self.account_id)  # fmt: skip

    def as_message(self) -> NameMatch:
        return NameMatch(
            account_id=self.account_id,
            account_name=self.account_name,
            score=self.score,
            exact=self.exact,
            contact=self.contact,
            alias=self.alias,
        )


def _ranked(name: str, candidates: Sequence[Scored], limit: int) -> list[NameMatch]:
    """The store's candidates for ``name`` rescored by name similarity, one per account (its
    best point), best first."""
    best: dict[str, _Named] = {}
    for candidate in candidates:
        match = _named(name, candidate.payload)
        if match is None:
            continue
        known = best.get(match.account_id)
        if known is None or (match.score, match.plain) > (known.score, known.plain):
            best[match.account_id] = match
    ranked = sorted(best.values(), key=_Named.rank)
    return [match.as_message() for match in ranked[:limit]]


def _named(name: str, payload: dict[str, Any]) -> _Named | None:
    """How well ``name`` matches one point of ``account_names`` (None: initials not as written)."""
    contact = payload.get("contact")
    alias = payload.get("alias")
    if alias is not None and normalise_name(name) != alias.lower():
        return None  # initials match only as written
    similarity = name_similarity(name, contact or alias or payload["account_name"])
    score = similarity.score
    if contact and _names_a_person(name, contact):
        score = max(score, PERSON_SCORE)
    return _Named(
        account_id=payload["account_id"],
        account_name=payload["account_name"],
        score=score,
        exact=similarity.exact and alias is None,
        contact=contact,
        alias=alias,
    )


def _names_a_person(written: str, person: str) -> bool:
    """Every word written (titles aside) is one of the person's own words, and at least one is."""
    typed = [w for w in normalise_name(written).split() if w not in _HONORIFICS]
    known = set(normalise_name(person).split())
    return bool(typed) and all(word in known for word in typed)


def _initials(name: str) -> list[str]:
    """The ways brokers write a long name by its first letters: of its words ("KMA" for
    "Kessel Moreau Associates, PLLC"; the legal form, "and" and "the" left out), of a word
    written as two ("SSPC" for "SureShot Pest Control Inc."), with the legal form when that
    makes three letters ("CBC" for "Cascade Bike Co."), and cut before the last words ("SCL"
    for "Steel City Lanes & Lounge"). Three letters at least; each matches only as written."""
    words = normalise_name(name).split()
    runs = [words, normalise_name(_CAMEL.sub(" ", name)).split()]
    if len(words) < MIN_INITIALS:
        runs.append(normalise_name(f"{name} x").split()[:-1])  # the legal form kept
    found: list[str] = []
    for run in runs:
        letters = "".join(w[0] for w in run).upper()
        for size in range(len(letters), MIN_INITIALS - 1, -1):
            if letters[:size] not in found:
                found.append(letters[:size])
    return found


MIN_INITIALS = 3
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def _latest(states: Sequence[AccountState]) -> list[AccountState]:
    """One state per account: the highest version given, in order of first appearance."""
    latest: dict[str, AccountState] = {}
    for state in states:
        known = latest.get(state.account_id)
        if known is None or state.version > known.version:
            latest[state.account_id] = state
    return list(latest.values())


def _id_order(account_id: str) -> tuple[int, str]:
    return len(account_id), account_id
