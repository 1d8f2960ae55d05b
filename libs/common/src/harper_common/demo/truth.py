"""The ground truth of a demo book: what every account is, and which file says what.

Written beside the memory root (never inside it) so that evaluations can check Harper's answers
against facts planted in the files. Structured facts only; questions are written elsewhere.
"""

from __future__ import annotations

from datetime import date
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from harper_common.memory.models import Channel
from harper_common.memory.stages import Stage


class FactKind(StrEnum):
    QUOTE_AMOUNT = "quote_amount"
    CARRIER = "carrier"
    CURRENT_CARRIER = "current_carrier"
    MISSING_DOCUMENT = "missing_document"
    OBJECTION = "objection"
    UNDERWRITER_QUESTION = "underwriter_question"
    DECISION = "decision"
    EFFECTIVE_DATE = "effective_date"
    EMPLOYEE_COUNT = "employee_count"
    PAYROLL = "payroll"
    RENEWAL_DATE = "renewal_date"
    COMPETITOR = "competitor"
    INJECTION = "injection"


class _Truth(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Fact(_Truth):
    kind: FactKind
    value: str = Field(description="Exactly as written in each of `files`.")
    files: list[str] = Field(
        description="Memory-root-relative raw.txt paths that state the fact; each contains "
        "`value` verbatim."
    )
    speaker: str | None = Field(default=None, description="Who said it, when that matters.")


class ContactTruth(_Truth):
    name: str
    email: str
    phone: str


class Style(_Truth):
    """How the primary contact writes; the broker answers in kind."""

    persona: str = Field(description="formal, friendly, casual or detailed")
    formality: str
    length: str
    tone: str
    preferred_channel: Channel


class AccountTruth(_Truth):
    id: str
    name: str
    stage: Stage
    industry: str
    city: str
    state: str
    insurance_types: list[str]
    premium: int | None
    carrier: str | None = Field(description="The quoting carrier, once a quote is in.")
    contact: ContactTruth
    broker: str
    style: Style
    next_step: str | None
    pending_actions: list[str]
    last_contact: date
    days_since_contact: int
    overdue: bool = Field(description="Due for follow-up by FOLLOW_UP_RULES on `as_of`.")
    sources: dict[Channel, int] = Field(description="Number of sources per channel.")
    facts: list[Fact]


class GroundTruth(_Truth):
    as_of: date
    seed: int
    accounts: list[AccountTruth]

    def account(self, name: str) -> AccountTruth:
        """The account with this exact name."""
        for candidate in self.accounts:
            if candidate.name == name:
                return candidate
        raise KeyError(name)
