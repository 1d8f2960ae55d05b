"""Getting a follow-up out: email over SMTP, texts and call scripts to the outbox; and asking the
updater (the one writer of account memory) to record it in history.

Both the mail server and the updater sit behind Protocols, so the executor's tests can put a
real SMTP sink or a scripted recorder in front of it.
"""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Protocol

import anyio.to_thread

from harper_common.bus.client import BusClient
from harper_common.messages import endpoints
from harper_common.messages.record import FollowupRecordReply, FollowupRecordRequest
from harper_followup.store import FollowupAction

SMTP_TIMEOUT_S = 15.0


class Mailer(Protocol):
    async def send(self, message: EmailMessage) -> None: ...


class SmtpMailer:
    """Sends over plain SMTP to a configured server (the local sink under ``harper up``)."""

    def __init__(self, host: str, port: int, envelope_from: str) -> None:
        self.host = host
        self.port = port
        self.envelope_from = envelope_from

    async def send(self, message: EmailMessage) -> None:
        await anyio.to_thread.run_sync(self._send, message)

    def _send(self, message: EmailMessage) -> None:
        with smtplib.SMTP(self.host, self.port, timeout=SMTP_TIMEOUT_S) as smtp:
            smtp.send_message(message, from_addr=self.envelope_from)


def build_email(action: FollowupAction, envelope_from: str) -> EmailMessage:
    """The email of an approved follow-up, from the broker (reply-to their own address)."""
    if not action.recipient.address:
        raise ValueError(f"{action.account_name} has no email address on file")
    message = EmailMessage()
    sender = action.sender_email or envelope_from
    message["From"] = formataddr((action.sender_name or "", sender))
    message["To"] = formataddr((action.recipient.name or "", action.recipient.address))
    message["Subject"] = action.draft.subject or f"Following up: {action.account_name}"
    message["Message-ID"] = make_msgid(idstring=action.action_id[:16], domain="harper.local")
    message["X-Harper-Account"] = action.account_id
    message["X-Harper-Action"] = action.action_id
    message.set_content(action.draft.body)
    return message


class HistoryRecorder(Protocol):
    async def record(self, request: FollowupRecordRequest) -> FollowupRecordReply: ...


class BusRecorder:
    """Asks the updater over the bus (``UPDATER_RECORD_FOLLOWUP``)."""

    def __init__(self, bus: BusClient) -> None:
        self.bus = bus

    async def record(self, request: FollowupRecordRequest) -> FollowupRecordReply:
        return await self.bus.call(endpoints.UPDATER_RECORD_FOLLOWUP, request)
