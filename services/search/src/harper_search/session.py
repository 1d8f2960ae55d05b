"""One query's use of the tools: the budget, the run log, and a progress event per call.

The local engine calls `ToolSession.call` (which charges the budget and refuses what is over
it); the Claude loop charges the budget itself and hands calls to `ToolSession.execute`.
Either way every call and its result is a progress event, so ``/query/stream`` shows the journey.
"""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

from pydantic import BaseModel, JsonValue

from harper_common.brain.budget import Budget
from harper_common.brain.events import BrainEvent, ToolFinished
from harper_common.brain.tools import ToolOutcome
from harper_common.brain.turns import ToolCall
from harper_common.bus.progress import Progress
from harper_common.messages.progress import ThinkingStep, ToolCallStep, ToolResultStep
from harper_search.run_log import RunLog
from harper_search.tool_specs import (
    LIST_FILES,
    LOOKUP_ACCOUNT,
    READ_FILE,
    SEARCH_DESCRIPTIONS,
    SEARCH_FILES,
    ListFilesInput,
    LookupAccountInput,
    ReadFileInput,
    SearchDescriptionsInput,
    SearchFilesInput,
)
from harper_search.toolbox import Toolbox, ToolResult, failure

Runner = Callable[[BaseModel, RunLog], Awaitable[ToolResult]]


class ToolSession:
    def __init__(self, toolbox: Toolbox, budget: Budget, progress: Progress) -> None:
        self.toolbox = toolbox
        self.budget = budget
        self.progress = progress
        self.log = RunLog()
        self.refused: list[str] = []
        """What could not be run because a budget ran out (said in the answer's notes)."""
        self._executed: set[str] = set()
        self._ids = itertools.count(1)
        self.set_aside: frozenset[str] = frozenset()
        """Accounts the local engine's calls leave out of their results (an account the
        question compares with: "who else ... besides it")."""

    @contextmanager
    def setting_aside(self, accounts: set[str]) -> Iterator[None]:
        """While open, the local engine's searches and look-ups find nothing of ``accounts``."""
        before = self.set_aside
        self.set_aside = before | frozenset(accounts)
        try:
            yield
        finally:
            self.set_aside = before

    async def think(self, text: str) -> None:
        await self.progress.step(ThinkingStep(text=text))

    async def call(self, name: str, args: BaseModel) -> ToolResult | None:
        """Run one tool for the local engine; None when the budget refuses it."""
        refusal = self.budget.refusal(name)
        if refusal is not None:
            self.refused.append(f"{name}({_short_args(args)}): {refusal}")
            return None
        self.budget.charge(name)
        result = await self.run(f"local_{next(self._ids)}", name, args)
        return _without(result, self.set_aside) if self.set_aside else result

    def can_call(self, name: str) -> bool:
        return self.budget.refusal(name) is None

    async def run(self, call_id: str, name: str, args: BaseModel) -> ToolResult:
        """Execute one call (already charged) and report it as progress."""
        arguments = args.model_dump(mode="json", exclude_defaults=True)
        await self.progress.step(ToolCallStep(call_id=call_id, tool=name, arguments=arguments))
        runner = self._runner(name)
        result = await runner(args, self.log) if runner else failure(f"unknown tool {name}")
        self._executed.add(call_id)
        await self.progress.step(
            ToolResultStep(
                call_id=call_id,
                tool=name,
                ok=not result.is_error,
                summary=result.summary,
                files=result.files[:50],
            )
        )
        return result

    async def execute(self, call: ToolCall) -> ToolOutcome:
        """The Claude loop's executor: ``call.args`` is already validated and charged."""
        if call.args is None:
            return ToolOutcome(content=f"{call.name}: no input", is_error=True)
        result = await self.run(call.id, call.name, call.args)
        return ToolOutcome(content=result.content, is_error=result.is_error)

    async def on_brain_event(self, event: BrainEvent) -> None:
        """Calls the loop refused (budget, bad input) still show up in the stream."""
        if isinstance(event, ToolFinished) and event.call.id not in self._executed:
            call = event.call
            self.refused.append(f"{call.name}: refused")
            await self.progress.step(
                ToolCallStep(call_id=call.id, tool=call.name, arguments=_json_args(call.input))
            )
            await self.progress.step(
                ToolResultStep(call_id=call.id, tool=call.name, ok=False, summary="refused")
            )

    def _runner(self, name: str) -> Runner | None:
        tools = self.toolbox
        runners: dict[str, tuple[type[BaseModel], Callable[..., Awaitable[ToolResult]]]] = {
            LOOKUP_ACCOUNT: (LookupAccountInput, tools.lookup_account),
            SEARCH_DESCRIPTIONS: (SearchDescriptionsInput, tools.search_descriptions),
            LIST_FILES: (ListFilesInput, tools.list_files),
            READ_FILE: (ReadFileInput, tools.read_file),
            SEARCH_FILES: (SearchFilesInput, tools.search_files),
        }
        found = runners.get(name)
        if found is None:
            return None
        model, method = found

        async def run(args: BaseModel, log: RunLog) -> ToolResult:
            if not isinstance(args, model):
                return failure(f"{name} expects {model.__name__}")
            return await method(args, log)

        return run


def _without(result: ToolResult, accounts: frozenset[str]) -> ToolResult:
    """``result`` with nothing of ``accounts``: no account, name match or passage of theirs."""
    return replace(
        result,
        accounts=[a for a in result.accounts if a.account_id not in accounts],
        matches=[m for m in result.matches if m.account_id not in accounts],
        passages=[p for p in result.passages if p.account_id not in accounts],
    )


def _short_args(args: BaseModel) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in args.model_dump(exclude_defaults=True).items())


def _json_args(raw: dict[str, object]) -> dict[str, JsonValue]:
    """A refused call's raw input as JSON values (anything else shown as text)."""
    shown: dict[str, JsonValue] = {}
    for key, value in raw.items():
        shown[key] = value if isinstance(value, str | int | float | bool) else str(value)
    return shown
