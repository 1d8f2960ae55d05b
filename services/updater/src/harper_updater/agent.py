"""The updater agent: read the request, validate every change, write once, prove it.

- ``apply``: a broker's command on a resolved account (``harper.updater.apply``);
- ``clarified``: the vague-update form the broker filled (``harper.updater.clarified``).

A request with nothing to change gets the clarification form (and a ``vague_update`` session
for ``/confirm``). A change that does not validate refuses the whole request: nothing is written.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime

from harper_common.auth.roles import require
from harper_common.brain.usage import StepTimer
from harper_common.bus.routes import ServiceFailure
from harper_common.memory.errors import HarperMemoryError
from harper_common.memory.files import read_state
from harper_common.memory.models import AccountState, History
from harper_common.memory.paths import MemoryRoot
from harper_common.messages.base import ErrorCode
from harper_common.messages.query import (
    AccountRef,
    AgentRequest,
    StepUsage,
    UpdateResponse,
    UsageReport,
    VagueUpdateClarification,
)
from harper_common.sessions import PendingSession, SessionStore
from harper_updater.apply import apply_changes, summary_of
from harper_updater.brain import UpdateBrain
from harper_updater.changes import InvalidChange, ProposedChange, validate_all
from harper_updater.idempotency import (
    Replayed,
    entry_for_key,
    key_detail,
    refuse_if_too_late,
    replayed_response,
)
from harper_updater.proof import (
    IndexWaiter,
    changes_message,
    confirm_indexed,
    update_response,
)
from harper_updater.vague import VAGUE_MESSAGE, FormError, clarification_fields, form_changes
from harper_updater.writer import (
    SERVICE_NAME,
    AccountWriter,
    Committed,
    Draft,
    StaleWrite,
    Unchanged,
)


@dataclass
class UpdaterDeps:
    memory: MemoryRoot
    writer: AccountWriter
    index: IndexWaiter
    sessions: SessionStore
    brain: UpdateBrain
    index_timeout_s: float = 10.0
    clock: Callable[[], datetime] = lambda: datetime.now(UTC)

    def today(self) -> date:
        return self.clock().date()


def asked_by(request: AgentRequest) -> str:
    """Who the history will say asked: the caller's key name, else this service."""
    return request.caller.name if request.caller else SERVICE_NAME


def evidence_of(query: str) -> str:
    return f'User command: "{" ".join(query.split())}"'


class UpdaterAgent:
    def __init__(self, deps: UpdaterDeps) -> None:
        self.deps = deps

    async def apply(self, request: AgentRequest) -> UpdateResponse | VagueUpdateClarification:
        require(request.caller, "broker", "Changing an account")
        account = self._account(request)
        state = self.read(account.account_id)
        names = [account.account_name, state.name, request.intent.account_name or ""]
        timer = StepTimer.start()
        planned = await self.deps.brain.plan(
            request.query,
            state,
            account_names=names,
            today=self.deps.today(),
            request_id=request.request_id,
        )
        steps = planned.steps or [_local_step(timer, planned.plan.vague)]
        usage = _usage(steps)
        if planned.plan.vague:
            reply = await self._clarify(request, state)
            reply.usage = usage
            return reply
        response = await self.write_changes(
            account.account_id, planned.plan.changes, evidence_of(request.query), request
        )
        response.usage = usage
        return response

    async def clarified(self, request: AgentRequest) -> UpdateResponse:
        require(request.caller, "broker", "Changing an account")
        account = self._account(request)
        form = request.clarification.model_dump(exclude_none=True) if request.clarification else {}
        if not any(_filled(value) for value in form.values()):
            raise ServiceFailure(
                ErrorCode.BAD_REQUEST,
                "The clarification form was empty, so nothing was changed.",
                fix="Fill at least one field (stage, insurance types, next step or a note) "
                "and confirm again with the same session_id.",
            )
        state = self.read(account.account_id)
        try:
            changes = form_changes(form, state)
        except FormError as exc:
            raise ServiceFailure(
                ErrorCode.BAD_REQUEST, f"The clarification form was not valid: {exc}."
            ) from None
        filled = "; ".join(change.evidence for change in changes)
        evidence = f"{evidence_of(request.query)}; clarification form: {filled}"
        return await self.write_changes(account.account_id, changes, evidence, request)

    async def write_changes(
        self,
        account_id: str,
        changes: list[ProposedChange],
        evidence: str,
        request: AgentRequest,
        *,
        expected_version: int | None = None,
    ) -> UpdateResponse:
        """Validate and apply under the lock; the response carries the index's confirmation."""
        refuse_if_too_late(request)
        result = await self.commit_changes(
            account_id,
            changes,
            evidence,
            expected_version,
            by=asked_by(request),
            idempotency_key=request.idempotency_key,
        )
        if isinstance(result, Replayed):
            return replayed_response(
                self.deps.memory, account_id, result.name, result.entry, request.request_id
            )
        if isinstance(result, Unchanged):
            return UpdateResponse(
                request_id=request.request_id,
                message=f"{result.state.name} already reads that way; nothing was changed.",
                account_id=account_id,
                account_name=result.state.name,
            )
        index = await confirm_indexed(
            self.deps.index, account_id, result.state.version, self.deps.index_timeout_s
        )
        message = changes_message(result.state.name, result.entry.changes)
        return update_response(
            self.deps.memory, [result], index, message=message, request_id=request.request_id
        )

    async def commit_changes(
        self,
        account_id: str,
        changes: list[ProposedChange],
        evidence: str,
        expected_version: int | None = None,
        *,
        by: str = SERVICE_NAME,
        idempotency_key: str | None = None,
    ) -> Committed | Unchanged | Replayed:
        """Apply the changes under the account's lock; a request whose key is already in the
        history is not applied again (``Replayed``)."""
        today = self.deps.today()
        earlier: list[Replayed] = []

        def mutate(state: AccountState | None, history: History) -> Draft | None:
            if state is None:
                raise InvalidChange(f"account {account_id} has no state.md")
            if (done := entry_for_key(history, idempotency_key)) is not None:
                earlier.append(Replayed(state.name, done))
                return None
            applied = apply_changes(state, validate_all(changes, state, today), today)
            if not applied.changes:
                return None
            return Draft(
                state=applied.state,
                summary=summary_of(state, applied.changes),
                changes=applied.changes,
                evidence=evidence,
                details=key_detail(idempotency_key),
            )

        try:
            result = await self.deps.writer.commit(
                account_id, mutate, expected_version=expected_version, by=by
            )
            return earlier[0] if earlier else result
        except InvalidChange as exc:
            raise ServiceFailure(
                ErrorCode.BAD_REQUEST,
                f"The update could not be applied, so nothing was written: {exc}.",
                fix="Say the change again with a valid value.",
            ) from None
        except StaleWrite as exc:
            raise ServiceFailure(
                ErrorCode.CONFLICT,
                f"Another write changed the account first: {exc}. Nothing was written.",
                fix="Read the account again and repeat the update.",
            ) from None

    def read(self, account_id: str) -> AccountState:
        try:
            path = self.deps.memory.state_path(account_id)
            if not path.exists():
                raise ServiceFailure(
                    ErrorCode.NOT_FOUND,
                    f"Account {account_id} does not exist.",
                    fix="Check the account id, or create the account first.",
                )
            return read_state(path, account_id)
        except HarperMemoryError as exc:
            raise ServiceFailure(
                ErrorCode.INTERNAL, f"state.md of account {account_id} is unreadable: {exc}"
            ) from None

    @staticmethod
    def _account(request: AgentRequest) -> AccountRef:
        if request.account is None:
            raise ServiceFailure(
                ErrorCode.BAD_REQUEST,
                "An update needs an account, and none was given.",
                fix="Name the account in the request.",
            )
        return request.account

    async def _clarify(
        self, request: AgentRequest, state: AccountState
    ) -> VagueUpdateClarification:
        session = PendingSession(
            session_id=uuid.uuid4().hex,
            kind="vague_update",
            original_query=request.query,
            account_name=state.name,
            account_id=state.account_id,
            intent=request.intent,
        )
        await self.deps.sessions.save(session)
        return VagueUpdateClarification(
            request_id=request.request_id,
            message=VAGUE_MESSAGE,
            session_id=session.session_id,
            account_id=state.account_id,
            account_name=state.name,
            clarification_fields=clarification_fields(state),
            original_query=request.query,
        )


def _filled(value: object) -> bool:
    if isinstance(value, str):
        return bool(value.strip())
    if isinstance(value, list):
        return bool(value)
    return value is not None


def _local_step(timer: StepTimer, vague: bool) -> StepUsage:
    record = timer.finish("updater.plan", detail="vague" if vague else "rules")
    return StepUsage(
        service="updater", step=record.name, brain="local", duration_ms=record.duration_ms,
        detail=record.detail,
    )  # fmt: skip


def _usage(steps: list[StepUsage]) -> UsageReport:
    report = UsageReport()
    for step in reversed(steps):
        report = report.with_step(step)
    return report
