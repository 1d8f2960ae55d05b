"""Every NATS subject Harper uses, named once. Services import these; nobody spells a subject.

Requests go to a service's queue group (``QUEUE[service]``), so replicas share the load.
Progress events for one request go to ``progress_subject(request_id)`` on core NATS.
Account events are durable: JetStream stream ``ACCOUNT_STREAM`` over ``account.>``.
"""

from __future__ import annotations

from typing import Final

from harper_common.messages.events import AccountEventKind

PREFIX: Final = "harper"

# gateway -> starter
STARTER_QUERY: Final = f"{PREFIX}.starter.query"
STARTER_CONFIRM: Final = f"{PREFIX}.starter.confirm"

# starter or gateway -> agents
SEARCH_ASK: Final = f"{PREFIX}.search.ask"
UPDATER_APPLY: Final = f"{PREFIX}.updater.apply"
UPDATER_CREATE: Final = f"{PREFIX}.updater.create"
UPDATER_CLARIFIED: Final = f"{PREFIX}.updater.clarified"
UPDATER_RECORD_FOLLOWUP: Final = f"{PREFIX}.updater.record_followup"
"""Follow-up agent -> updater: a follow-up was sent (or rejected); write it into history."""
UPDATER_COMMUNICATION: Final = f"{PREFIX}.updater.communication"
"""Anyone -> updater: a new email, call transcript or SMS to file under an account."""
UPDATER_UNMATCHED: Final = f"{PREFIX}.updater.unmatched"
"""Anyone -> updater: list the communications no account claimed yet."""
FOLLOWUP_QUERY: Final = f"{PREFIX}.followup.query"
FOLLOWUP_PENDING: Final = f"{PREFIX}.followup.pending"
FOLLOWUP_DRAFT: Final = f"{PREFIX}.followup.draft"
FOLLOWUP_EXECUTE: Final = f"{PREFIX}.followup.execute"
FOLLOWUP_BATCH: Final = f"{PREFIX}.followup.batch"
FOLLOWUP_APPROVE: Final = f"{PREFIX}.followup.approve"
"""Starter (``/confirm``) -> follow-up agent: the broker approved or rejected a draft."""
FOLLOWUP_OUTBOX: Final = f"{PREFIX}.followup.outbox"
FOLLOWUP_NOTICES: Final = f"{PREFIX}.followup.notices"
NOTIFY_FOLLOWUP_SENT: Final = f"{PREFIX}.notify.followup_sent"
"""Event (core NATS): a follow-up went out in notify-after mode; a FollowupNotice."""
"""Anyone -> follow-up agent: list what was sent (mail, SMS, call scripts)."""

# anyone -> indexer (the only service that talks to the vector store)
INDEX_LOOKUP: Final = f"{PREFIX}.index.lookup"
INDEX_LOOKUP_MANY: Final = f"{PREFIX}.index.lookup_many"
INDEX_SEARCH: Final = f"{PREFIX}.index.search"
INDEX_SCAN: Final = f"{PREFIX}.index.scan"
INDEX_EMBED: Final = f"{PREFIX}.index.embed"
INDEX_STATUS: Final = f"{PREFIX}.index.status"
INDEX_WAIT: Final = f"{PREFIX}.index.wait"
INDEX_VERIFY: Final = f"{PREFIX}.index.verify"
INDEX_PASSAGES: Final = f"{PREFIX}.index.passages"
INDEX_APPLIED_PREFIX: Final = f"{PREFIX}.index.applied"

STATUS: Final = f"{PREFIX}.status"
"""``harper status`` -> every replica of every bus service (no queue group: all of them answer)."""

SERVICES: Final = ("gateway", "starter", "search", "updater", "followup", "indexer")
QUEUE: Final = {name: f"{PREFIX}-{name}" for name in SERVICES}

# JetStream: durable account events
ACCOUNT_STREAM: Final = "HARPER_ACCOUNTS"
ACCOUNT_EVENTS_PREFIX: Final = f"{PREFIX}.account"
ACCOUNT_EVENTS_ALL: Final = f"{ACCOUNT_EVENTS_PREFIX}.>"
INDEXER_DURABLE: Final = "indexer"

# JetStream: account events the indexer gave up on (kept for a person to look at)
DEAD_LETTER_STREAM: Final = "HARPER_DEAD"
DEAD_LETTER_PREFIX: Final = f"{PREFIX}.dead"
DEAD_LETTERS_ALL: Final = f"{DEAD_LETTER_PREFIX}.>"

PROGRESS_PREFIX: Final = f"{PREFIX}.progress"


def health_subject(service: str) -> str:
    """Each service answers its own health probe (one replica answers, through the queue)."""
    return f"{PREFIX}.{service}.health"


def progress_subject(request_id: str) -> str:
    """Core NATS subject carrying the progress events of one request."""
    return f"{PROGRESS_PREFIX}.{request_id}"


def account_event_subject(kind: AccountEventKind, account_id: str) -> str:
    """``harper.account.<kind>.<account_id>``: one subject per kind and account."""
    return f"{ACCOUNT_EVENTS_PREFIX}.{kind.value}.{account_id}"


def index_applied_subject(account_id: str) -> str:
    """Where the indexer announces that it has indexed a version of an account."""
    return f"{INDEX_APPLIED_PREFIX}.{account_id}"


def dead_letter_subject(event_subject: str) -> str:
    """``harper.dead.<the account-event subject>``: where a poison event is kept."""
    return f"{DEAD_LETTER_PREFIX}.{event_subject}"
