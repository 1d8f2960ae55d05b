"""Who writes the draft: the seam between the agent and its brain (local engine or Claude)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from harper_common.brain import StepRecord, StepTimer
from harper_common.brain.usage import step_usage
from harper_common.bus.routes import ServiceFailure
from harper_common.messages.base import ErrorCode
from harper_common.messages.query import FollowupDraft, StepUsage
from harper_followup.checks import draft_problems
from harper_followup.compose import DraftInput, compose, plain_compose

STEP = "followup.draft"


@dataclass(frozen=True)
class Drafted:
    draft: FollowupDraft
    brain: str
    steps: list[StepRecord] = field(default_factory=list)
    model: str | None = None
    """The Claude model that drafted (prices the steps' tokens); None for the local engine."""

    def usage_steps(self) -> list[StepUsage]:
        return [
            step_usage(step, service="followup", brain=self.brain, model=self.model)
            for step in self.steps
        ]


class Drafter(Protocol):
    async def draft(self, data: DraftInput, request_id: str | None = None) -> Drafted: ...


Composer = Callable[[DraftInput], FollowupDraft]


class LocalDrafter:
    """The built-in engine: the talking points written in the client's voice, then checked.

    A voiced draft that fails its checks is replaced by the plain one; when no composer's draft
    passes, the broker hears which check failed (never an internal error)."""

    def __init__(self, composers: Sequence[Composer] = (compose, plain_compose)) -> None:
        self.composers = tuple(composers)

    async def draft(self, data: DraftInput, request_id: str | None = None) -> Drafted:
        timer = StepTimer.start()
        problems: list[str] = []
        for composer in self.composers:
            draft = composer(data)
            problems = draft_problems(draft, data)
            if not problems:
                return Drafted(draft, "local", [timer.finish(STEP, detail=data.channel)])
        raise ServiceFailure(
            ErrorCode.BAD_REQUEST,
            f"No {data.channel} draft for {data.account.state.name} passed the checks: "
            + "; ".join(problems),
            fix="Try another channel (email or call_script), or write this follow-up by hand.",
        )
