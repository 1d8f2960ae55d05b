"""One account as the follow-up agent reads it: state.md, its sources, the contact and the broker.

Read straight from the memory root (read-only; the updater is the only writer). Sources are
evidence written by outsiders: they are quoted and summarised, never followed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from email.utils import parseaddr

from harper_common.bus.routes import ServiceFailure
from harper_common.memory import (
    AccountState,
    CallTranscript,
    Channel,
    EmailMessage,
    HarperMemoryError,
    MemoryRoot,
    SmsThread,
    Source,
    read_source,
    read_state,
)
from harper_common.messages.base import ErrorCode

_BROKER_NOTE = re.compile(r"\bBroker:\s*(?P<name>[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,3})")
_TITLES = ("Dr.", "Mr.", "Ms.", "Mrs.", "Prof.")
_AGENCY = re.compile(
    r"\b(?P<agency>(?:[A-Z][\w&'-]* ){1,3}(?:Insurance|Agency|Brokerage)(?: (?:Group|Agency|"
    r"Services|Partners))?)\b"
)


@dataclass(frozen=True)
class SourceFile:
    """One source with its memory paths (``accounts/<id>/sources/...``)."""

    source: Source
    raw_path: str
    summary_path: str

    @property
    def when(self) -> datetime:
        return self.source.summary.date

    @property
    def inbound(self) -> bool:
        return self.source.summary.direction is not None and (
            self.source.summary.direction.value == "inbound"
        )


@dataclass(frozen=True)
class Person:
    name: str

    @property
    def first_name(self) -> str:
        parts = [p for p in self.name.split() if p not in _TITLES]
        return parts[0] if parts else self.name

    @property
    def formal_name(self) -> str:
        """ "Dr. Reed" for "Dr. Lisa Reed"; "Ms. Vaughn" is not guessed: full name instead."""
        parts = self.name.split()
        if len(parts) >= 2 and parts[0] in _TITLES:
            return f"{parts[0]} {parts[-1]}"
        return self.name


@dataclass(frozen=True)
class AccountFiles:
    state: AccountState
    state_path: str
    sources: list[SourceFile] = field(default_factory=list)
    """Oldest first."""
    broker: Person | None = None
    broker_email: str | None = None
    agency: str | None = None

    @property
    def contact(self) -> Person | None:
        contact = self.state.primary_contact
        return Person(contact.name) if contact and contact.name else None


def load_account(root: MemoryRoot, account_id: str) -> AccountFiles:
    """state.md and every source of the account; ServiceFailure when the account is not there."""
    try:
        state_file = root.state_path(account_id)
    except HarperMemoryError as exc:
        raise ServiceFailure(ErrorCode.BAD_REQUEST, str(exc)) from exc
    if not state_file.exists():
        raise ServiceFailure(
            ErrorCode.NOT_FOUND,
            f"No account {account_id} in the memory root.",
            fix="Check the account id (GET /followup/pending lists the due ones).",
        )
    try:
        # the follow-up agent never writes state.md: a stage in other words reads as it says
        state = read_state(state_file, expected_id=account_id, lenient_stage=True)
    except HarperMemoryError as exc:
        raise ServiceFailure(ErrorCode.INTERNAL, f"state.md does not parse: {exc}") from exc
    sources = _sources(root, account_id)
    broker, email = _broker(state, sources)
    agency = _agency(sources, broker)
    return AccountFiles(state, root.relative(state_file), sources, broker, email, agency)


def _sources(root: MemoryRoot, account_id: str) -> list[SourceFile]:
    found: list[SourceFile] = []
    base = root.account_dir(account_id) / "sources"
    for channel in Channel:
        folder = base / channel.folder
        if not folder.is_dir():
            continue
        for source_dir in sorted(folder.iterdir()):
            if not source_dir.is_dir():
                continue
            try:
                source = read_source(source_dir, channel)
            except (HarperMemoryError, ValueError):
                continue  # a broken source is check-memory's to report; draft from the rest
            found.append(
                SourceFile(
                    source,
                    root.relative(source_dir / "raw.txt"),
                    root.relative(source_dir / "summary.md"),
                )
            )
    return sorted(found, key=lambda s: s.when)


def _broker(state: AccountState, sources: list[SourceFile]) -> tuple[Person | None, str | None]:
    """The broker from the notes ("Broker: Jordan Hale."), else the sender of outbound email."""
    named = _BROKER_NOTE.search(state.body)
    name = named["name"].rstrip(".") if named else None
    email = None
    for item in reversed(sources):
        raw = item.source.raw
        if isinstance(raw, EmailMessage) and not item.inbound:
            sender_name, address = parseaddr(raw.sender)
            if name is None or sender_name == name:
                name, email = name or sender_name or None, address or None
                break
    return (Person(name) if name else None), email


def _agency(sources: list[SourceFile], broker: Person | None) -> str | None:
    """The agency's name as the broker writes it in a signature ("Northgate Insurance Group")."""
    for item in reversed(sources):
        raw = item.source.raw
        if isinstance(raw, EmailMessage) and not item.inbound:
            found = _AGENCY.search(raw.body)
        elif isinstance(raw, CallTranscript) and broker is not None:
            spoken = " ".join(t.text for t in raw.turns if t.speaker == broker.name)
            found = _AGENCY.search(spoken)
        else:
            continue
        if found:
            return found["agency"]
    return None


def client_speaker(account: AccountFiles, speaker: str) -> bool:
    """Whether a transcript or SMS speaker is the client (not the broker)."""
    contact = account.contact
    if contact is not None:
        return speaker.strip().lower() == contact.name.lower()
    return account.broker is None or speaker.strip().lower() != account.broker.name.lower()


def client_wrote(account: AccountFiles, item: SourceFile) -> bool:
    """Whether an email source was written by the client (by sender, or inbound direction)."""
    raw = item.source.raw
    if not isinstance(raw, EmailMessage):
        return False
    name, address = parseaddr(raw.sender)
    contact = account.state.primary_contact
    if contact is not None and (
        (contact.email and address.lower() == contact.email.lower())
        or (contact.name and name.lower() == contact.name.lower())
    ):
        return True
    return item.inbound and (account.broker is None or name != account.broker.name)


__all__ = [
    "AccountFiles",
    "CallTranscript",
    "Person",
    "SmsThread",
    "SourceFile",
    "client_speaker",
    "client_wrote",
    "load_account",
]
