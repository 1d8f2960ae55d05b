"""New accounts, after the broker's ``/confirm`` (``harper.updater.create``).

Creates ``accounts/<new id>/`` with state.md (version 1) and the first history entry, publishes
``created``, waits until the index holds it, then carries on with the original request ("Add a
note to New Company LLC" adds the note as its own entry). The new id is the highest id in use
plus one, allocated under a lock so two replicas never pick the same one; a retried confirm of
the same session finds the account it already created instead of making a second one.
"""

from __future__ import annotations

import logging
import re
from typing import Protocol

from harper_common.auth.roles import require
from harper_common.bus.client import BusError
from harper_common.bus.routes import ServiceFailure
from harper_common.memory.atomic import atomic_write_text
from harper_common.memory.models import AccountState, Contact, FieldChange, History
from harper_common.memory.stages import Stage
from harper_common.messages.base import ErrorCode
from harper_common.messages.events import AccountEventKind
from harper_common.messages.index import NameMatch
from harper_common.messages.query import AgentRequest, NewAccountDetails, UpdateResponse
from harper_updater.agent import UpdaterAgent, asked_by, evidence_of
from harper_updater.apply import add_notes, list_text
from harper_updater.changes import ProposedChange
from harper_updater.lines import canonical_line
from harper_updater.proof import IndexConfirmation, confirm_indexed, update_response
from harper_updater.writer import Committed, Draft, Unchanged

log = logging.getLogger(__name__)
CREATE_LOCK = "_create"
_NOTE_REQUEST = re.compile(r"\bnotes?\b", re.IGNORECASE)


class NameLookup(Protocol):
    """The part of the index client account creation needs."""

    async def lookup(self, name: str, limit: int = 5) -> list[NameMatch]: ...


def _clean(text: str | None) -> str | None:
    return " ".join(text.split()) if text and text.strip() else None


class AccountCreator:
    def __init__(self, agent: UpdaterAgent, names: NameLookup | None) -> None:
        self.agent = agent
        self.deps = agent.deps
        self.names = names
        self.marks = self.deps.memory.root / ".updater" / "created"
        self.marks.mkdir(parents=True, exist_ok=True)

    async def create(self, request: AgentRequest) -> UpdateResponse:
        require(request.caller, "broker", "Creating an account")
        details = self._details(request)
        if (done := self._already_created(request.session_id)) is not None:
            state = self.agent.read(done)
            return UpdateResponse(
                request_id=request.request_id,
                message=f"Account {state.name} (ID: {done}) was already created for this "
                "confirmation; nothing more was done.",
                account_id=done,
                account_name=state.name,
            )
        await self._refuse_duplicate(details.account_name)
        follow_on, creation_notes = await self._follow_on(request, details)
        first = await self._create(request, details, creation_notes)
        account_id = first.state.account_id
        index = await confirm_indexed(self.deps.index, account_id, 1, self.deps.index_timeout_s)
        writes = [first]
        message = f"Created new account: {first.state.name} (ID: {account_id})"
        if follow_on:
            evidence = evidence_of(request.query)
            more = await self.agent.commit_changes(
                account_id, follow_on, evidence, by=asked_by(request)
            )
            if isinstance(more, Committed):
                writes.append(more)
                listed = ", ".join(f"{c.field}: {c.new_value}" for c in more.entry.changes)
                message += f"; then updated {listed}"
                index = await confirm_indexed(
                    self.deps.index, account_id, more.state.version, self.deps.index_timeout_s
                )
        return update_response(
            self.deps.memory, writes, index, message=message, request_id=request.request_id
        )

    def _details(self, request: AgentRequest) -> NewAccountDetails:
        if request.new_account is None:
            raise ServiceFailure(
                ErrorCode.BAD_REQUEST,
                "No details of the new account came with the request.",
                fix="Confirm the new account again with the same session_id.",
            )
        return request.new_account

    def _already_created(self, session_id: str | None) -> str | None:
        if not session_id or not re.fullmatch(r"[A-Za-z0-9_-]{1,100}", session_id):
            return None
        mark = self.marks / session_id
        return mark.read_text().strip() if mark.exists() else None

    async def _refuse_duplicate(self, name: str) -> None:
        if self.names is None:
            return
        try:
            matches = await self.names.lookup(name, limit=3)
        except BusError as exc:
            log.warning("name check before creating %r failed: %s", name, exc)
            return
        same = [m for m in matches if m.account_name.strip().lower() == name.strip().lower()]
        if same:
            raise ServiceFailure(
                ErrorCode.CONFLICT,
                f"An account named {same[0].account_name!r} already exists "
                f"(ID: {same[0].account_id}); no new account was created.",
                fix="Update the existing account instead.",
            )

    async def _follow_on(
        self, request: AgentRequest, details: NewAccountDetails
    ) -> tuple[list[ProposedChange], list[str]]:
        """The original request's own changes, and the form notes that go in at creation."""
        notes = [n for n in [_clean(details.notes)] if n]
        provisional = self._state("0", details, [])
        planned = await self.deps.brain.plan(
            request.query,
            provisional,
            account_names=[details.account_name],
            today=self.deps.today(),
            request_id=request.request_id,
        )
        if not planned.plan.vague:
            return planned.plan.changes, notes
        if notes and _NOTE_REQUEST.search(request.query):
            note = ProposedChange(field="note", value=notes[0], evidence=notes[0])
            return [note], []
        return [], notes

    def _state(self, account_id: str, details: NewAccountDetails, notes: list[str]) -> AccountState:
        name = " ".join(details.account_name.split())
        lines = [
            canonical_line(line) or " ".join(line.split()) for line in details.insurance_types or []
        ]
        contact = None
        if _clean(details.primary_email) or _clean(details.primary_phone):
            contact = Contact(
                email=_clean(details.primary_email), phone=_clean(details.primary_phone)
            )
        body = add_notes("", name, notes, self.deps.today()) if notes else f"# {name}\n"
        return AccountState(
            account_id=account_id,
            name=name,
            stage=Stage.NEW_LEAD,
            industry=_clean(details.industry),
            location=_clean(details.location),
            insurance_types=list(dict.fromkeys(lines)) or None,
            primary_contact=contact,
            version=0,
            body=body,
        )

    async def _create(
        self, request: AgentRequest, details: NewAccountDetails, notes: list[str]
    ) -> Committed:
        evidence = f"{evidence_of(request.query)}; creation confirmed by the broker"
        async with self.deps.writer.locks.hold(CREATE_LOCK):
            account_id = self._next_id()
            state = self._state(account_id, details, notes)

            def mutate(before: AccountState | None, _history: History) -> Draft:
                assert before is None, f"account {account_id} appeared during creation"
                return Draft(
                    state=state,
                    summary=f"Account opened for {state.name} ({state.stage.value}) at the "
                    "broker's request.",
                    changes=_opening_changes(state, notes),
                    evidence=evidence,
                    kind=AccountEventKind.CREATED,
                )

            result = await self.deps.writer.commit(account_id, mutate, by=asked_by(request))
            assert not isinstance(result, Unchanged)
            if request.session_id and re.fullmatch(r"[A-Za-z0-9_-]{1,100}", request.session_id):
                atomic_write_text(self.marks / request.session_id, account_id)
            return result

    def _next_id(self) -> str:
        ids = [int(i) for i in self.deps.memory.account_ids()]
        return str(max(ids, default=10000) + 1)


def _opening_changes(state: AccountState, notes: list[str]) -> list[FieldChange]:
    changes = [FieldChange(field="stage", old_value=None, new_value=state.stage.value)]
    for name in ("industry", "location"):
        if (value := getattr(state, name)) is not None:
            changes.append(FieldChange(field=name, old_value=None, new_value=value))
    if state.insurance_types:
        changes.append(
            FieldChange(field="insurance_types", new_value=list_text(state.insurance_types))
        )
    contact = state.primary_contact
    for key in ("email", "phone"):
        if contact is not None and (value := getattr(contact, key)) is not None:
            changes.append(FieldChange(field=f"primary_contact.{key}", new_value=value))
    changes += [FieldChange(field="note", new_value=note) for note in notes]
    return changes


__all__ = ["AccountCreator", "IndexConfirmation", "NameLookup", "NewAccountDetails"]
