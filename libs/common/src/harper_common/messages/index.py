"""Requests to the indexer and its replies: name lookup, description search, payload scan."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import Field

from harper_common.memory.models import AccountId
from harper_common.messages.base import WireModel
from harper_common.messages.dead_letters import DeadLetterSummary


class AccountPayload(WireModel):
    """What the index stores beside each account's vectors: the structured facts of state.md.

    Filters match on these fields exactly, so "quoted accounts in Texas" is a filter, not a guess.
    ``state`` is the two-letter code (TX), ``city`` as written in state.md.
    """

    account_id: AccountId
    account_name: str
    stage: str
    industry: str | None = None
    location: str | None = None
    city: str | None = None
    state: str | None = None
    insurance_types: list[str] = Field(default_factory=list)
    premium: float | None = None
    next_step: str | None = None
    pending_actions: list[str] = Field(default_factory=list)
    last_contact: date | None = None
    primary_contact: str | None = None
    version: int = 0
    description: str = ""


class DescriptionFilters(WireModel):
    """Exact filters on the payload. Within a field any value matches; fields are combined (AND).

    Values are compared case-insensitively; ``state`` takes a code (TX) or a name (Texas);
    ``stage`` takes a canonical stage or an alias ("quote" -> Quoted).
    """

    stage: list[str] | None = None
    state: list[str] | None = None
    city: list[str] | None = None
    industry: list[str] | None = None
    insurance_type: list[str] | None = None
    account_id: list[AccountId] | None = None

    def is_empty(self) -> bool:
        return all(value is None for value in self.model_dump().values())


class LookupRequest(WireModel):
    """Find accounts by name, typos and missing suffixes allowed ("cascade rdge rofing")."""

    name: str = Field(min_length=1, max_length=300)
    limit: int = Field(default=5, ge=1, le=50)


class NameMatch(WireModel):
    account_id: AccountId
    account_name: str
    score: float
    """Similarity of the names after normalisation, 0 to 1 (1 = same name)."""
    exact: bool = False
    """True when the normalised names are equal."""
    contact: str | None = None
    """Set when the match is one of the account's people (its primary contact), not its name."""
    alias: str | None = None
    """Set when the match is the name's initials ("HTA"), written exactly."""


class LookupReply(WireModel):
    matches: list[NameMatch] = Field(default_factory=list)


LOOKUP_MANY_BATCH = 32
"""The most names one look-up-many request carries (a question has at most a few dozen runs of
words that could name an account)."""


class LookupManyRequest(WireModel):
    """Several name look-ups in one request: one bus round trip instead of one per name."""

    names: list[Annotated[str, Field(min_length=1, max_length=300)]] = Field(
        min_length=1, max_length=LOOKUP_MANY_BATCH
    )
    limit: int = Field(default=5, ge=1, le=50)


class LookupManyReply(WireModel):
    matches: list[list[NameMatch]] = Field(default_factory=list)
    """Each name's matches, as `LookupReply.matches`, in the order of the names."""


class SearchRequest(WireModel):
    """Rank account descriptions against free text, within the filters."""

    text: str = Field(default="", max_length=2000)
    filters: DescriptionFilters = Field(default_factory=DescriptionFilters)
    limit: int = Field(default=10, ge=1, le=200)


class DescriptionHit(WireModel):
    score: float
    payload: AccountPayload


class SearchReply(WireModel):
    hits: list[DescriptionHit] = Field(default_factory=list)


class ScanRequest(WireModel):
    """Every account matching the filters, unranked: for listings and the follow-up scan."""

    filters: DescriptionFilters = Field(default_factory=DescriptionFilters)
    limit: int | None = Field(default=None, ge=1)


class ScanReply(WireModel):
    accounts: list[AccountPayload] = Field(default_factory=list)
    total: int = 0


EMBED_BATCH = 64
"""The most texts one embed request carries: the reply's vectors, as JSON, stay well under
NATS's 1 MB message limit (384 floats take about 8 KB)."""


class EmbedRequest(WireModel):
    texts: list[str] = Field(min_length=1, max_length=EMBED_BATCH)


class EmbedReply(WireModel):
    model: str
    vectors: list[list[float]]


class IndexStatusRequest(WireModel):
    pass


class IndexVerifyRequest(WireModel):
    """Compare the index with the files: every account, both collections."""

    limit: int = Field(default=1000, ge=1, le=100_000)


IndexCollection = Literal["accounts", "passages"]
IndexProblem = Literal["missing", "stale", "not_in_files"]


class IndexDifference(WireModel):
    """One way the index and the files disagree about an account."""

    account_id: str
    collection: IndexCollection
    problem: IndexProblem
    indexed_version: int | None = None
    file_version: int | None = None


class IndexVerifyReply(WireModel):
    checked: int
    """Accounts in the files and in the index, together."""
    differences: list[IndexDifference] = Field(default_factory=list)
    """At most the request's ``limit``; ``total`` counts them all."""
    total: int = 0
    passages_filling: bool = False
    """The passages' dense vectors are still being filled after start: accounts not reached yet
    are not counted as missing."""


class IndexStatus(WireModel):
    ready: bool
    """True once every account of the memory root has been indexed at start-up."""
    accounts_indexed: int
    store: str
    """Which vector store is in use: "qdrant-edge (path)" or "qdrant server (url)"."""
    model: str
    detail: str = ""
    passages: str = ""
    """How far the background fill of the passage index is ("passages: 120/400 accounts")."""
    dead_letters: DeadLetterSummary = Field(default_factory=DeadLetterSummary)
    """Account events the indexer gave up on (stream HARPER_DEAD)."""


class IndexWaitRequest(WireModel):
    """Answered once the index holds ``version`` (or later) of the account, or at the timeout."""

    account_id: AccountId
    version: int = Field(ge=0)
    timeout_s: float = Field(default=5.0, gt=0, le=60)


class IndexApplied(WireModel):
    """The index now holds this version of the account (also the reply to IndexWaitRequest)."""

    account_id: AccountId
    version: int
    applied: bool
    """False when the wait timed out before the index caught up."""
    description: str = ""
    removed: bool = False
    """The account's state.md is gone and so is the account from the index (an announcement:
    caches of names and payloads forget it)."""


PassageChannel = Literal["email", "call", "sms", "summary", "state", "history"]


class PassagesRequest(WireModel):
    """The best passages of these accounts' sources for a question (hybrid dense + BM25, fused).

    ``account_ids`` empty means the whole book. ``channels`` narrows to some kinds of source.
    """

    text: str = Field(min_length=1, max_length=2000)
    account_ids: list[AccountId] = Field(default_factory=list, max_length=2000)
    channels: list[PassageChannel] | None = None
    limit: int = Field(default=8, ge=1, le=200)


class PassageHit(WireModel):
    """One passage: a paragraph of an email, a call turn with its neighbour, SMS lines, a summary.

    ``path`` is relative to the memory root (``accounts/29041/sources/emails/<id>/raw.txt``);
    ``text`` is the passage as it stands in that file, so it can be quoted and checked there.
    """

    score: float
    account_id: AccountId
    path: str
    channel: PassageChannel
    date: datetime | None = None
    kind: str = "paragraph"
    """subject, paragraph, quoted (an older message quoted in an email), turn, message, summary."""
    speaker: str | None = None
    direction: str | None = None
    """inbound (the client, a carrier) or outbound (the agency), when the source says."""
    line: int = 0
    """The 1-based line of ``path`` where ``text`` starts."""
    text: str
    after: str = ""
    """For a call turn or a text message: the one after it (often the answer to it)."""
    version: int = 0
    """The account's state.md version when the passage was indexed."""


class PassagesReply(WireModel):
    hits: list[PassageHit] = Field(default_factory=list)
    dense_complete: bool = True
    """False while dense vectors are still being filled in the background (BM25 only so far)."""
