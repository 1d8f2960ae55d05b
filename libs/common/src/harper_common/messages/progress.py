"""Progress events: what an agent is doing for one request, as it does it (core NATS)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field, JsonValue

from harper_common.messages.base import WireModel
from harper_common.messages.query import AgentName, IntentInfo


class IntentStep(WireModel):
    kind: Literal["intent"] = "intent"
    info: IntentInfo


class SkillInfo(WireModel):
    name: str
    description: str = ""


class RoutingStep(WireModel):
    kind: Literal["routing"] = "routing"
    routed_to: AgentName | None
    account_id: str | None = None
    account_name: str | None = None
    skill: SkillInfo | None = None
    reason: str = ""


class ThinkingStep(WireModel):
    kind: Literal["thinking"] = "thinking"
    text: str


class ToolCallStep(WireModel):
    kind: Literal["tool_call"] = "tool_call"
    call_id: str
    tool: str
    arguments: dict[str, JsonValue] = Field(default_factory=dict)


class ToolResultStep(WireModel):
    kind: Literal["tool_result"] = "tool_result"
    call_id: str
    tool: str
    ok: bool = True
    summary: str = ""
    files: list[str] = Field(default_factory=list)


Step = Annotated[
    IntentStep | RoutingStep | ThinkingStep | ToolCallStep | ToolResultStep,
    Field(discriminator="kind"),
]


class ProgressEvent(WireModel):
    """One step of one request, published on ``progress_subject(request_id)``."""

    request_id: str
    service: str
    instance: str = ""
    """The process that did the step (host:pid): replicas of a service can be told apart."""
    at: datetime
    step: Step
