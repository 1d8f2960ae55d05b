"""A broker's query on its way through the services, and every answer the spec defines.

The response models are the HTTP API's response types (spec, "Response Types"): the gateway
returns them as they are. ``type`` tells the kind; successes are told apart by ``routed_to``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, JsonValue

from harper_common.memory.models import AccountId
from harper_common.messages.base import ErrorCode, ErrorReply, RequestEnvelope, WireModel

Intent = Literal["search", "update", "followup", "unclear"]
AgentName = Literal["search_agent", "updater_agent", "followup_agent"]
QueryText = Annotated[str, Field(min_length=1, max_length=4000)]


class AccountRef(WireModel):
    account_id: AccountId
    account_name: str


class IntentInfo(WireModel):
    """What the starter understood: shown in the UI's thinking card and passed to the agent."""

    intent: Intent
    confidence: float = Field(ge=0, le=1)
    account_name: str | None = None
    """The account as the broker wrote it, when one was named."""
    requires_specific_account: bool = False
    cross_account: bool = False
    rule: str = ""


class QueryRequest(RequestEnvelope):
    """Gateway -> starter: a broker's query."""

    request_id: str
    query: QueryText
    session_id: str | None = None


class VagueUpdateForm(WireModel):
    """The clarification form of a vague update as the broker filled it (seed 000: stage,
    insurance types, next step, note); a field left empty is None."""

    stage: str | None = Field(default=None, max_length=100)
    insurance_types: list[Annotated[str, Field(max_length=200)]] | None = Field(
        default=None, max_length=50
    )
    next_step: str | None = Field(default=None, max_length=2000)
    note: str | None = Field(default=None, max_length=4000)


class NewAccountDetails(WireModel):
    """What ``/confirm`` brings for a new account (all optional but the name)."""

    account_name: str = Field(min_length=1, max_length=200)
    industry: str | None = Field(default=None, max_length=200)
    location: str | None = Field(default=None, max_length=200)
    primary_email: str | None = Field(default=None, max_length=320)
    primary_phone: str | None = Field(default=None, max_length=40)
    insurance_types: list[str] | None = None
    notes: str | None = Field(default=None, max_length=4000)


class AgentRequest(RequestEnvelope):
    """Starter (or gateway, for ``/search``) -> an agent: the query with its account resolved."""

    request_id: str
    query: QueryText
    intent: IntentInfo
    account: AccountRef | None = None
    session_id: str | None = None
    clarification: VagueUpdateForm | None = None
    """The filled clarification form, when the broker answers a vague update."""
    new_account: NewAccountDetails | None = None
    """The new account's details, when the broker confirms creating one."""


class ConfirmRequest(RequestEnvelope):
    """Gateway -> starter: the broker's answer to ``confirmation_required`` or a vague update."""

    request_id: str
    session_id: str
    confirmed: bool = True
    industry: str | None = None
    location: str | None = None
    primary_email: str | None = None
    primary_phone: str | None = None
    insurance_types: list[str] | None = None
    notes: str | None = None
    clarification_data: dict[str, JsonValue] | None = None


class StepUsage(WireModel):
    """One step of a request: which service did it, how long it took, the tokens it used."""

    service: str
    step: str
    brain: str = "local"
    duration_ms: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    cost_usd: float | None = None
    """What the step's tokens cost (US dollars, the price table of its model); None for the
    local engine or a model without a price."""
    ok: bool = True
    detail: str | None = None


class UsageReport(WireModel):
    """Token accounting and step durations of one request, across the services it touched."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    cost_usd: float | None = None
    """The priced steps' cost summed (US dollars); None when no step had a price."""
    steps: list[StepUsage] = Field(default_factory=list)

    def with_step(self, step: StepUsage) -> UsageReport:
        costs = [c for c in (self.cost_usd, step.cost_usd) if c is not None]
        return UsageReport(
            input_tokens=self.input_tokens + step.input_tokens,
            output_tokens=self.output_tokens + step.output_tokens,
            cache_read_tokens=self.cache_read_tokens + step.cache_read_tokens,
            cache_write_tokens=self.cache_write_tokens + step.cache_write_tokens,
            cost_usd=round(sum(costs), 6) if costs else None,
            steps=[step, *self.steps],
        )


class StateChange(WireModel):
    field: str
    old_value: str | None = None
    new_value: str | None = None


class BudgetUsed(WireModel):
    tool_calls: int = 0
    read_file: int = 0
    search_files: int = 0


class AnswerResponse(WireModel):
    """A question answered from the account memory, with the files that back it."""

    type: Literal["success"] = "success"
    routed_to: Literal["search_agent"] = "search_agent"
    request_id: str | None = None
    usage: UsageReport | None = None
    message: str = ""
    answer: str
    citations: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    budget_used: BudgetUsed | None = None
    account_id: str | None = None
    account_name: str | None = None


class UpdateResponse(WireModel):
    """An update applied, with the proof of what changed (spec, "Update Response Fields")."""

    type: Literal["success"] = "success"
    routed_to: Literal["updater_agent"] = "updater_agent"
    request_id: str | None = None
    usage: UsageReport | None = None
    message: str
    account_id: str
    account_name: str
    changes: list[StateChange] = Field(default_factory=list)
    history_entry_id: str | None = None
    files_modified: list[str] = Field(default_factory=list)
    qdrant_updated: bool = False
    new_description: str | None = None
    state_file_path: str | None = None
    history_file_path: str | None = None
    previous_history_entry: str | None = None


class FollowupDraft(WireModel):
    channel: Literal["email", "call_script", "sms"]
    subject: str | None = None
    body: str
    context_used: list[str] = Field(default_factory=list)
    rationale: str = ""


class FollowupResponse(WireModel):
    type: Literal["success"] = "success"
    routed_to: Literal["followup_agent"] = "followup_agent"
    request_id: str | None = None
    usage: UsageReport | None = None
    message: str
    account_id: str
    account_name: str
    draft: FollowupDraft | None = None
    sent: bool = False
    recorded: bool = False
    history_entry_id: str | None = None
    session_id: str | None = None
    """In review-before mode: approve or reject the draft with ``/confirm`` and this id."""
    action_id: str | None = None


class AccountAlternative(WireModel):
    account_id: str
    account_name: str
    score: float


class ConfirmationRequired(WireModel):
    type: Literal["confirmation_required"] = "confirmation_required"
    request_id: str | None = None
    usage: UsageReport | None = None
    message: str
    session_id: str
    account_name: str
    alternatives: list[AccountAlternative] = Field(default_factory=list)
    original_query: str


class ClarificationNeeded(WireModel):
    type: Literal["clarification_needed"] = "clarification_needed"
    request_id: str | None = None
    usage: UsageReport | None = None
    message: str
    reason: str | None = None
    suggestions: list[str] = Field(default_factory=list)
    original_query: str
    session_id: str | None = None
    """Send the answer (e.g. the account's name) to ``/query`` with this id to carry on."""


class ClarificationField(WireModel):
    id: str
    label: str
    type: Literal["select", "multi-select", "text", "textarea"]
    options: list[str] | None = None
    placeholder: str | None = None
    current_value: str | list[str] | None = None


class VagueUpdateClarification(WireModel):
    type: Literal["vague_update_clarification"] = "vague_update_clarification"
    request_id: str | None = None
    usage: UsageReport | None = None
    message: str
    session_id: str
    account_id: str
    account_name: str
    clarification_fields: list[ClarificationField]
    original_query: str


class ErrorResponse(WireModel):
    """A failure, with the HTTP status of its ``code``. Its schema requires only ``type``,
    ``code`` and ``message``: the gateway's own refusals (a body too large, a request already
    being handled) send no more."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_serialization_defaults_required=False,
        json_schema_extra={"required": ["type", "code", "message"]},
    )

    type: Literal["error"] = "error"
    request_id: str | None = None
    usage: UsageReport | None = None
    message: str
    code: ErrorCode = ErrorCode.INTERNAL
    fix: str | None = None
    service: str | None = None

    @classmethod
    def from_reply(cls, reply: ErrorReply, request_id: str | None) -> ErrorResponse:
        """A service's failure on the bus, as the API's ``error`` response."""
        return cls(
            request_id=request_id,
            message=reply.message,
            code=reply.code,
            fix=reply.fix,
            service=reply.service,
        )


SuccessResponse = Annotated[
    AnswerResponse | UpdateResponse | FollowupResponse, Field(discriminator="routed_to")
]
QueryResponse = Annotated[
    SuccessResponse
    | ConfirmationRequired
    | ClarificationNeeded
    | VagueUpdateClarification
    | ErrorResponse,
    Field(discriminator="type"),
]
