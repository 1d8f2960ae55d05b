"""The vector-store seam: two collections of accounts, whichever Qdrant holds them.

``account_names`` holds each account's name as a sparse trigram vector; ``account_descriptions``
holds its description as a dense vector (cosine) and a lexical sparse vector, both beside the
payload that filters match. Both collections key a point by ``point_id(account_id)``.
Implementations: ``EdgeStore`` (qdrant-edge, in-process, one directory) and ``ServerStore``
(qdrant-client: a Qdrant server, or its local mode in tests).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from harper_indexer.sparse import SparseVec

NAMES = "account_names"
DESCRIPTIONS = "account_descriptions"
NAME_VECTOR = "trigrams"
DENSE_VECTOR = "dense"
LEXICAL_VECTOR = "lexical"
RRF_K = 10
"""Reciprocal rank fusion constant: score = sum of 1 / (RRF_K + rank) over the two rankings."""
SCROLL_PAGE = 1024

PayloadMatch = Mapping[str, Sequence[str]]
"""Payload key -> accepted values: a point matches when every key has one of its values."""

DEFAULT_DENSE_DIM = 384

_NAMESPACE = uuid.UUID("6f1c1f4e-7d2a-5b8e-9a43-2f4d8c1e0a57")


def point_id(account_id: str) -> str:
    """The point id of an account in both collections: a UUID5 of its id (stable, unique)."""
    return str(uuid.uuid5(_NAMESPACE, account_id))


@dataclass(frozen=True)
class AccountPoint:
    """Everything stored for one account, across the two collections."""

    account_id: str
    name_vector: SparseVec
    name_payload: dict[str, Any]
    dense: Sequence[float]
    lexical: SparseVec
    payload: dict[str, Any]
    contacts: Sequence[tuple[str, SparseVec]] = ()
    """The account's people (name, trigram vector), stored beside its name in ``account_names``
    with payload ``contact`` so a look-up by a person's name finds their account."""
    initials: Sequence[tuple[str, SparseVec]] = ()
    """Short forms of the name ("KMA" for Kessel Moreau Associates), payload ``alias``; a
    look-up takes them only when written exactly."""


def contact_point_id(account_id: str, contact: str) -> str:
    """The point id of one of an account's people in ``account_names``."""
    return str(uuid.uuid5(_NAMESPACE, f"{account_id}#contact#{contact.lower()}"))


def name_points(point: AccountPoint) -> list[tuple[str, SparseVec, dict[str, Any]]]:
    """Every ``account_names`` point of an account: its name, then each of its people."""
    found = [(point_id(point.account_id), point.name_vector, point.name_payload)]
    for contact, vector in point.contacts:
        payload = dict(point.name_payload, contact=contact, kind="contact")
        found.append((contact_point_id(point.account_id, contact), vector, payload))
    for alias, vector in point.initials:
        payload = dict(point.name_payload, alias=alias, kind="initials")
        found.append((contact_point_id(point.account_id, f"initials:{alias}"), vector, payload))
    return found


EXTRA_NAME_KINDS = ("contact", "initials")
"""Kinds of ``account_names`` points beside the name itself, replaced with the account."""


@dataclass(frozen=True)
class Scored:
    """A payload found by a search, with the engine's score (higher is better)."""

    score: float
    payload: dict[str, Any]


class VectorStore(Protocol):
    """The operations the account index needs from a Qdrant, embedded or remote."""

    @property
    def label(self) -> str:
        """Which store this is, for status replies: "qdrant-edge (path)", "qdrant server (url)"."""
        ...

    def upsert(self, points: Sequence[AccountPoint]) -> None:
        """Write (or replace) these accounts in both collections."""
        ...

    def delete(self, account_ids: Sequence[str]) -> None:
        """Remove these accounts from both collections (absent ones are ignored)."""
        ...

    def payloads(self, account_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        """Stored description payloads by account id; accounts not stored are left out."""
        ...

    def search_names(self, vector: SparseVec, limit: int) -> list[Scored]:
        """Names nearest to a trigram vector (IDF-weighted dot product), best first."""
        ...

    def search_names_now(self, vector: SparseVec, limit: int) -> list[Scored] | None:
        """``search_names`` when it can answer at once, in this process, without waiting on a
        lock held by a writer; None otherwise (the caller asks ``search_names`` on the worker).
        For the event loop: an in-memory search of a few hundred microseconds."""
        ...

    def search_descriptions(
        self, dense: Sequence[float], lexical: SparseVec, match: PayloadMatch, limit: int
    ) -> list[Scored]:
        """Descriptions within ``match``, ranked by RRF of the dense and lexical rankings."""
        ...

    def scan(
        self, match: PayloadMatch, limit: int | None = None, fields: Sequence[str] | None = None
    ) -> list[dict[str, Any]]:
        """Description payloads within ``match``, in the store's order, up to ``limit``;
        only the keys ``fields`` of each when given (much faster than whole payloads)."""
        ...

    def count(self, match: PayloadMatch | None = None) -> int:
        """How many accounts are within ``match`` (all accounts without one)."""
        ...

    def optimize(self) -> None:
        """Settle after a bulk load (build indexes, flush); may take a while."""
        ...

    def clear(self) -> None:
        """Remove every account."""
        ...

    def close(self) -> None:
        """Release the store; the object is unusable afterwards."""
        ...


def open_store(
    qdrant_url: str | None, directory: Path, *, dense_dim: int = DEFAULT_DENSE_DIM
) -> tuple[VectorStore, str]:
    """The store to use and its label: the Qdrant server at ``qdrant_url`` when one is given,
    otherwise qdrant-edge under ``directory`` (created if missing)."""
    from harper_indexer.edge_store import EdgeStore  # the implementations import this module
    from harper_indexer.server_store import ServerStore

    store: VectorStore
    if qdrant_url:
        store = ServerStore.connect(qdrant_url, dense_dim=dense_dim)
    else:
        store = EdgeStore(directory, dense_dim=dense_dim)
    return store, store.label
