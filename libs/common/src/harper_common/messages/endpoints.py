"""Every request/reply endpoint on Harper's bus, declared once (subject, request, reply, server).

Servers: ``BusService.serve(endpoints.INDEX_LOOKUP, handler)``.
Callers: ``await bus.call(endpoints.INDEX_LOOKUP, LookupRequest(name=...))`` -> ``LookupReply``.
"""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import Field

from harper_common.messages import subjects
from harper_common.messages.communications import (
    CommunicationFiled,
    CommunicationRequest,
    CommunicationUnmatched,
    UnmatchedListReply,
    UnmatchedListRequest,
)
from harper_common.messages.endpoint import Endpoint
from harper_common.messages.followup import (
    FollowupApproveRequest,
    FollowupBatchReply,
    FollowupBatchRequest,
    FollowupDraftReply,
    FollowupDraftRequest,
    FollowupExecuteReply,
    FollowupExecuteRequest,
    FollowupNoticesReply,
    FollowupNoticesRequest,
    FollowupOutboxReply,
    FollowupOutboxRequest,
    FollowupPendingReply,
    FollowupPendingRequest,
)
from harper_common.messages.index import (
    EmbedReply,
    EmbedRequest,
    IndexApplied,
    IndexStatus,
    IndexStatusRequest,
    IndexVerifyReply,
    IndexVerifyRequest,
    IndexWaitRequest,
    LookupManyReply,
    LookupManyRequest,
    LookupReply,
    LookupRequest,
    PassagesReply,
    PassagesRequest,
    ScanReply,
    ScanRequest,
    SearchReply,
    SearchRequest,
)
from harper_common.messages.query import (
    AgentRequest,
    ConfirmRequest,
    QueryRequest,
    QueryResponse,
)
from harper_common.messages.record import FollowupRecordReply, FollowupRecordRequest
from harper_common.messages.status import ReplicaStatus, StatusRequest

CommunicationOutcome = Annotated[
    CommunicationFiled | CommunicationUnmatched, Field(discriminator="type")
]

# gateway -> starter
STARTER_QUERY: Final[Endpoint[QueryRequest, QueryResponse]] = Endpoint(
    subjects.STARTER_QUERY, QueryRequest, QueryResponse, "starter"
)
STARTER_CONFIRM: Final[Endpoint[ConfirmRequest, QueryResponse]] = Endpoint(
    subjects.STARTER_CONFIRM, ConfirmRequest, QueryResponse, "starter"
)

# starter (or gateway) -> agents
SEARCH_ASK: Final[Endpoint[AgentRequest, QueryResponse]] = Endpoint(
    subjects.SEARCH_ASK, AgentRequest, QueryResponse, "search"
)
UPDATER_APPLY: Final[Endpoint[AgentRequest, QueryResponse]] = Endpoint(
    subjects.UPDATER_APPLY, AgentRequest, QueryResponse, "updater"
)
UPDATER_CLARIFIED: Final[Endpoint[AgentRequest, QueryResponse]] = Endpoint(
    subjects.UPDATER_CLARIFIED, AgentRequest, QueryResponse, "updater"
)
UPDATER_CREATE: Final[Endpoint[AgentRequest, QueryResponse]] = Endpoint(
    subjects.UPDATER_CREATE, AgentRequest, QueryResponse, "updater"
)
UPDATER_COMMUNICATION: Final[Endpoint[CommunicationRequest, CommunicationOutcome]] = Endpoint(
    subjects.UPDATER_COMMUNICATION, CommunicationRequest, CommunicationOutcome, "updater"
)
UPDATER_UNMATCHED: Final[Endpoint[UnmatchedListRequest, UnmatchedListReply]] = Endpoint(
    subjects.UPDATER_UNMATCHED, UnmatchedListRequest, UnmatchedListReply, "updater"
)
UPDATER_RECORD_FOLLOWUP: Final[Endpoint[FollowupRecordRequest, FollowupRecordReply]] = Endpoint(
    subjects.UPDATER_RECORD_FOLLOWUP, FollowupRecordRequest, FollowupRecordReply, "updater"
)
FOLLOWUP_QUERY: Final[Endpoint[AgentRequest, QueryResponse]] = Endpoint(
    subjects.FOLLOWUP_QUERY, AgentRequest, QueryResponse, "followup"
)
FOLLOWUP_APPROVE: Final[Endpoint[FollowupApproveRequest, QueryResponse]] = Endpoint(
    subjects.FOLLOWUP_APPROVE, FollowupApproveRequest, QueryResponse, "followup"
)
FOLLOWUP_PENDING: Final[Endpoint[FollowupPendingRequest, FollowupPendingReply]] = Endpoint(
    subjects.FOLLOWUP_PENDING, FollowupPendingRequest, FollowupPendingReply, "followup"
)
FOLLOWUP_DRAFT: Final[Endpoint[FollowupDraftRequest, FollowupDraftReply]] = Endpoint(
    subjects.FOLLOWUP_DRAFT, FollowupDraftRequest, FollowupDraftReply, "followup"
)
FOLLOWUP_EXECUTE: Final[Endpoint[FollowupExecuteRequest, FollowupExecuteReply]] = Endpoint(
    subjects.FOLLOWUP_EXECUTE, FollowupExecuteRequest, FollowupExecuteReply, "followup"
)
FOLLOWUP_BATCH: Final[Endpoint[FollowupBatchRequest, FollowupBatchReply]] = Endpoint(
    subjects.FOLLOWUP_BATCH, FollowupBatchRequest, FollowupBatchReply, "followup"
)
FOLLOWUP_OUTBOX: Final[Endpoint[FollowupOutboxRequest, FollowupOutboxReply]] = Endpoint(
    subjects.FOLLOWUP_OUTBOX, FollowupOutboxRequest, FollowupOutboxReply, "followup"
)
FOLLOWUP_NOTICES: Final[Endpoint[FollowupNoticesRequest, FollowupNoticesReply]] = Endpoint(
    subjects.FOLLOWUP_NOTICES, FollowupNoticesRequest, FollowupNoticesReply, "followup"
)

# anyone -> indexer
INDEX_LOOKUP: Final[Endpoint[LookupRequest, LookupReply]] = Endpoint(
    subjects.INDEX_LOOKUP, LookupRequest, LookupReply, "indexer"
)
INDEX_LOOKUP_MANY: Final[Endpoint[LookupManyRequest, LookupManyReply]] = Endpoint(
    subjects.INDEX_LOOKUP_MANY, LookupManyRequest, LookupManyReply, "indexer"
)
INDEX_SEARCH: Final[Endpoint[SearchRequest, SearchReply]] = Endpoint(
    subjects.INDEX_SEARCH, SearchRequest, SearchReply, "indexer"
)
INDEX_SCAN: Final[Endpoint[ScanRequest, ScanReply]] = Endpoint(
    subjects.INDEX_SCAN, ScanRequest, ScanReply, "indexer"
)
INDEX_EMBED: Final[Endpoint[EmbedRequest, EmbedReply]] = Endpoint(
    subjects.INDEX_EMBED, EmbedRequest, EmbedReply, "indexer"
)
INDEX_STATUS: Final[Endpoint[IndexStatusRequest, IndexStatus]] = Endpoint(
    subjects.INDEX_STATUS, IndexStatusRequest, IndexStatus, "indexer"
)
INDEX_WAIT: Final[Endpoint[IndexWaitRequest, IndexApplied]] = Endpoint(
    subjects.INDEX_WAIT, IndexWaitRequest, IndexApplied, "indexer"
)
INDEX_VERIFY: Final[Endpoint[IndexVerifyRequest, IndexVerifyReply]] = Endpoint(
    subjects.INDEX_VERIFY, IndexVerifyRequest, IndexVerifyReply, "indexer"
)
INDEX_PASSAGES: Final[Endpoint[PassagesRequest, PassagesReply]] = Endpoint(
    subjects.INDEX_PASSAGES, PassagesRequest, PassagesReply, "indexer"
)
STATUS: Final[Endpoint[StatusRequest, ReplicaStatus]] = Endpoint(
    subjects.STATUS, StatusRequest, ReplicaStatus, "every bus service, each replica"
)
"""Scatter-gather: one request, one reply from every replica of every bus service."""
