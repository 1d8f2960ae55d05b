"""The starter's Claude brain: one forced ``classify_intent`` call per query, with safety nets.

    classifier = make_classifier(settings.data_dir, Path("skills"), embedder=index)
    decision = await classifier.classify(query)            # or, with the step for the trace:
    decision, step = await classifier.classify_with_usage(query, request_id=request.request_id)

Failure policy:
- the key is refused (401/403), or the model or base URL does not exist (404): `BrainConfigError`,
  raised after that one request, so the agent answers ``error`` with the error's ``fix``;
- Claude unavailable (429/529/5xx once the retries are spent, timeouts, lost connections), a
  rejected request or a malformed answer: the local `IntentClassifier` decides, and ``rule``
  reads ``local (claude unavailable: <reason>)``.

Safety nets on a well-formed answer (seed 004, `claude_prompt.apply_safety_nets`): confidence
clamped into [0, 1]; account candidates that do not occur in the query are dropped (the model must
not invent accounts); an unclear answer, or a missing account, without suggestions gets the local
engine's suggestions.

Each call makes a `StepRecord` named ``starter.classify`` (tokens, duration); with an `AuditLog`
it is also appended to the audit trail as a `RunAudit` (agent ``starter``, brain ``claude``).
"""

from __future__ import annotations

import logging
from pathlib import Path

import anthropic
from pydantic import ValidationError

from harper_common.brain import (
    AuditLog,
    BrainAuthError,
    BrainError,
    BrainRequestError,
    BrainSettings,
    BrainTimeout,
    BrainUnavailable,
    ClaudeClient,
    RunAudit,
    StepRecord,
    StepTimer,
    TokenUsage,
    TurnResult,
    force_tool,
)
from harper_common.brain.prompt import user_message
from harper_common.brain.tools import describe_invalid_input
from harper_common.messages.base import ErrorCode
from harper_common.skills import available_skills_xml, load_all_skills
from harper_starter.claude_prompt import (
    CLASSIFY_TOOL,
    SYSTEM_PROMPT,
    ClassifyIntentInput,
    apply_safety_nets,
    skills_block,
    user_prompt,
)
from harper_starter.intent import Classifier, Embedder, IntentClassifier, IntentDecision

__all__ = ["BrainConfigError", "ClaudeIntentClassifier", "make_classifier"]

log = logging.getLogger(__name__)

STEP = "starter.classify"
MAX_TOKENS = 1024
AUTH_FIX = "Check ANTHROPIC_API_KEY, or set HARPER_BRAIN=local to use the built-in engine."
MODEL_FIX = "Check HARPER_CLAUDE_MODEL and ANTHROPIC_BASE_URL, or set HARPER_BRAIN=local."


class BrainConfigError(BrainError):
    """Claude cannot work as configured (key refused, unknown model): the settings need fixing.

    Not a reason to fall back silently: the agent turns it into an ``error`` response with
    ``message=str(error)``, ``code`` and ``fix`` (which names ANTHROPIC_API_KEY for a bad key).
    """

    code = ErrorCode.UNAVAILABLE

    def __init__(self, message: str, fix: str) -> None:
        super().__init__(message)
        self.fix = fix


class _Unusable(Exception):
    """Claude gave no usable decision; the local engine takes over. ``usage``: tokens spent."""

    def __init__(self, reason: str, usage: TokenUsage | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.usage = usage or TokenUsage()


class ClaudeIntentClassifier:
    """Classifies with one Claude call; falls back to ``local`` when Claude cannot answer."""

    def __init__(
        self,
        client: ClaudeClient,
        *,
        local: Classifier,
        skills_xml: str = "",
        audit: AuditLog | None = None,
    ) -> None:
        self.client = client
        self.local = local
        self.audit = audit
        self.system = [SYSTEM_PROMPT, skills_block(skills_xml)]

    async def aclose(self) -> None:
        """Close the Claude client's HTTP pool."""
        await self.client.aclose()

    async def classify(self, query: str) -> IntentDecision:
        """The decision alone (the `Classifier` protocol)."""
        decision, _step = await self.classify_with_usage(query)
        return decision

    async def classify_with_usage(
        self, query: str, *, request_id: str | None = None
    ) -> tuple[IntentDecision, StepRecord]:
        """The decision and its step record; raises `BrainConfigError` on a settings problem."""
        timer = StepTimer.start()
        model = self.client.model
        try:
            answer, turn = await self._ask(query)
        except BrainConfigError as error:
            await self._record(request_id, timer.finish(STEP, ok=False, detail=str(error)), model)
            raise
        except _Unusable as failure:
            decision, local_rule = await self._fallback(query, failure.reason)
            detail = f"{failure.reason}; local rule {local_rule} decided"
            step = timer.finish(STEP, usage=failure.usage, ok=False, detail=detail)
        else:
            decision, notes = apply_safety_nets(query, answer)
            detail = "; ".join([answer.reasoning.strip(), *notes]).strip("; ")
            step = timer.finish(STEP, usage=turn.usage, detail=detail or None)
            model = turn.model or model
        await self._record(request_id, step, model, decision)
        return decision, step

    async def _ask(self, query: str) -> tuple[ClassifyIntentInput, TurnResult]:
        """One forced tool call; every failure becomes `BrainConfigError` or `_Unusable`."""
        try:
            turn = await self.client.turn(
                system=self.system,
                messages=[user_message(user_prompt(query))],
                tools=[CLASSIFY_TOOL],
                tool_choice=force_tool(CLASSIFY_TOOL.name),
                cache_history=False,
                max_tokens=MAX_TOKENS,
            )
        except BrainAuthError as error:
            raise BrainConfigError(str(error), AUTH_FIX) from error
        except BrainRequestError as error:
            if error.status == 404:
                raise BrainConfigError(str(error), MODEL_FIX) from error
            raise _Unusable(f"request rejected, HTTP {error.status}") from error
        except BrainTimeout as error:
            raise _Unusable(f"timed out after {error.attempts} attempt(s)") from error
        except BrainUnavailable as error:
            raise _Unusable(f"{error.reason} after {error.attempts} attempt(s)") from error
        except (BrainError, anthropic.AnthropicError) as error:
            raise _Unusable(type(error).__name__) from error
        return _parse(turn), turn

    async def _fallback(self, query: str, reason: str) -> tuple[IntentDecision, str]:
        """The local engine's decision, its rule renamed for the trace; and that rule."""
        log.warning("Claude could not classify (%s); the local engine decides", reason)
        decision = await self.local.classify(query)
        rule = f"local (claude unavailable: {reason})"
        return decision.model_copy(update={"rule": rule}), decision.rule

    async def _record(
        self,
        request_id: str | None,
        step: StepRecord,
        model: str,
        decision: IntentDecision | None = None,
    ) -> None:
        """Append the run to the audit trail, if there is one; a failed write is only logged."""
        if self.audit is None:
            return
        if decision is None:
            outcome = "config_error"
        else:
            outcome = f"{'classified' if step.ok else 'fallback'}: {decision.intent}"
        await self.audit.keep(
            RunAudit.of_steps(
                request_id=request_id,
                agent="starter",
                brain="claude",
                model=model,
                outcome=outcome,
                steps=[step],
            )
        )


def _parse(turn: TurnResult) -> ClassifyIntentInput:
    """The validated tool input (parsed here, not by ``call_tool``, to keep the usage)."""
    call = next((c for c in turn.tool_calls if c.name == CLASSIFY_TOOL.name), None)
    if call is None:
        raise _Unusable(f"no {CLASSIFY_TOOL.name} call (stop: {turn.stop_reason})", turn.usage)
    try:
        return ClassifyIntentInput.model_validate(call.input)
    except ValidationError as error:
        wrong = {".".join(map(str, e["loc"])) or "input" for e in error.errors(include_url=False)}
        log.info("%s", describe_invalid_input(CLASSIFY_TOOL.name, error))
        raise _Unusable(f"malformed answer ({', '.join(sorted(wrong))})", turn.usage) from error


def make_classifier(
    settings_data_dir: Path,
    skills_root: Path,
    embedder: Embedder | None,
    *,
    settings: BrainSettings | None = None,
) -> IntentClassifier | ClaudeIntentClassifier:
    """The Claude classifier when the brain resolves to Claude, else the local `IntentClassifier`.

    Sends no request. The Claude one reads the three agents' skills from ``skills_root`` (a
    `SkillError` if they are broken), audits into ``settings_data_dir`` and must be closed
    (`ClaudeIntentClassifier.aclose`) when the service stops.
    """
    brain = settings if settings is not None else BrainSettings()
    local = IntentClassifier(embedder)
    if brain.resolved_brain != "claude":
        return local
    skills_xml = available_skills_xml(load_all_skills(skills_root))
    client = ClaudeClient.from_settings(brain, agent="starter")
    return ClaudeIntentClassifier(
        client, local=local, skills_xml=skills_xml, audit=AuditLog(settings_data_dir)
    )
