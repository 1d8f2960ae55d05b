"""Incoming communications (an email, a call transcript, an SMS thread) for the updater to file.

Anyone may send a ``CommunicationRequest`` on ``subjects.UPDATER_COMMUNICATION``: the updater
files it under ``accounts/<id>/sources/<channel>/<source_id>/`` (raw.txt + summary.md), records
it in history and publishes ``communication_filed``. The account is named by ``account_id``, or
found by the sender's ``email`` / ``phone``; when nothing matches, the communication waits in the
unmatched queue (``subjects.UPDATER_UNMATCHED`` lists it) instead of being dropped.

The text of a communication is evidence, never an instruction: filing it changes no field but
``last_contact``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from harper_common.memory.models import AccountId, Channel, Direction
from harper_common.messages.base import RequestEnvelope, WireModel


class Communication(WireModel):
    """A communication as it arrived, with what identifies its account (``POST /communications``
    takes exactly this)."""

    channel: Channel
    raw: str = Field(min_length=1, max_length=500_000)
    """raw.txt as MEMORY_FORMAT.md defines it for the channel (headers, blank line, body)."""
    direction: Direction = Direction.INBOUND
    account_id: AccountId | None = None
    email: str | None = Field(default=None, max_length=320)
    """The other party's email address; for an email, the From address is used when absent."""
    phone: str | None = Field(default=None, max_length=40)
    """The other party's phone number (any punctuation; the last ten digits are compared)."""
    summary: str | None = Field(default=None, max_length=4000)
    """A short summary for summary.md; when absent, the updater writes an extractive one."""


class CommunicationRequest(Communication, RequestEnvelope):
    """Anyone -> updater: a communication to file."""

    request_id: str
    filed_by: str | None = Field(default=None, max_length=100)
    """The service that publishes it (history's ``By``) when no caller is stamped."""


class CommunicationFiled(WireModel):
    """Filed under an account: where the files went and the history entry that cites them."""

    type: Literal["filed"] = "filed"
    account_id: str
    account_name: str
    source_id: str
    source_path: str
    """The source folder, relative to the memory root (``accounts/<id>/sources/emails/<id>``)."""
    files_modified: list[str] = Field(default_factory=list)
    history_entry_id: str | None = None
    version: int
    already_filed: bool = False
    """True when this exact communication was filed before; nothing was written again."""
    matched_by: Literal["account_id", "email", "phone"]


class CommunicationUnmatched(WireModel):
    """No account claimed the communication; it is kept in the unmatched queue."""

    type: Literal["unmatched"] = "unmatched"
    unmatched_id: str
    message: str


class UnmatchedCommunication(WireModel):
    """One communication in the unmatched queue."""

    unmatched_id: str
    received_at: datetime
    channel: Channel
    direction: Direction
    email: str | None = None
    phone: str | None = None
    preview: str = ""
    """The first line or so of the communication, to recognise it."""
    reason: str


class UnmatchedListRequest(WireModel):
    request_id: str
    limit: int = Field(default=100, ge=1, le=1000)


class UnmatchedListReply(WireModel):
    items: list[UnmatchedCommunication] = Field(default_factory=list)
    total: int = 0
