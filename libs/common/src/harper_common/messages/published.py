"""Every message on Harper's bus that is published without a reply (an event), declared once:
where it goes, what it carries, who publishes it. With ``endpoints`` (request and reply), this
is the whole bus contract; ``harper_common.messages.asyncapi`` makes the AsyncAPI document of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from harper_common.messages import subjects
from harper_common.messages.base import WireModel
from harper_common.messages.dead_letters import DeadLetter
from harper_common.messages.endpoint import Endpoint
from harper_common.messages.events import AccountEvent, AccountEventKind
from harper_common.messages.followup import FollowupNotice
from harper_common.messages.health import HealthRequest, ServiceHealth
from harper_common.messages.index import IndexApplied
from harper_common.messages.progress import ProgressEvent


@dataclass(frozen=True)
class Parameter:
    """A variable part of an address (``{account_id}``)."""

    description: str
    values: tuple[str, ...] = ()
    """The values it takes, when they are a fixed few."""


@dataclass(frozen=True)
class Published:
    """An event: published on ``address`` (``{name}`` marks a parameter) by ``publishers``."""

    name: str
    address: str
    payload: type[WireModel]
    publishers: tuple[str, ...]
    description: str
    parameters: dict[str, Parameter] = field(default_factory=dict)
    stream: str | None = None
    """The JetStream stream that keeps it; None for core NATS (gone when nobody listens)."""


ACCOUNT_ID = Parameter("The account's id (its folder name under ``accounts/``).")

ACCOUNT_EVENT: Final = Published(
    name="account_event",
    address=f"{subjects.ACCOUNT_EVENTS_PREFIX}.{{kind}}.{{account_id}}",
    payload=AccountEvent,
    publishers=("updater",),
    description="Something durable happened to an account (created, state changed, a "
    "communication filed, a follow-up recorded). Kept in JetStream: consume "
    f"``{subjects.ACCOUNT_EVENTS_ALL}`` with a durable consumer of your own to read them all, "
    "from the start or from now on. Deduplicated by ``Nats-Msg-Id`` "
    "(``<account_id>:<version>:<kind>``).",
    parameters={
        "kind": Parameter("What happened.", tuple(kind.value for kind in AccountEventKind)),
        "account_id": ACCOUNT_ID,
    },
    stream=subjects.ACCOUNT_STREAM,
)

INDEX_APPLIED: Final = Published(
    name="index_applied",
    address=f"{subjects.INDEX_APPLIED_PREFIX}.{{account_id}}",
    payload=IndexApplied,
    publishers=("indexer",),
    description="The index now holds this version of the account (its search sees it).",
    parameters={"account_id": ACCOUNT_ID},
)

PROGRESS: Final = Published(
    name="progress",
    address=f"{subjects.PROGRESS_PREFIX}.{{request_id}}",
    payload=ProgressEvent,
    publishers=("starter", "search", "updater", "followup"),
    description="One step of one request (intent, routing, thinking, a tool call and its "
    "result), for whoever follows the request (``/query/stream``); not sent when the request "
    "says ``watched: false``.",
    parameters={"request_id": Parameter("The request's ``request_id``.")},
)

FOLLOWUP_SENT: Final = Published(
    name="followup_sent",
    address=subjects.NOTIFY_FOLLOWUP_SENT,
    payload=FollowupNotice,
    publishers=("followup",),
    description="A follow-up went out in notify-after mode (at once, without review): what "
    "the broker should know was sent.",
)

DEAD_LETTER: Final = Published(
    name="dead_letter",
    address=f"{subjects.DEAD_LETTER_PREFIX}.{subjects.ACCOUNT_EVENTS_PREFIX}.{{kind}}.{{account_id}}",
    payload=DeadLetter,
    publishers=("indexer",),
    description="An account event the indexer failed to apply too many times, with why; kept "
    "for a person to look at (``harper.dead.`` and the event's own subject). Deduplicated by "
    "``Nats-Msg-Id`` (``dead:<stream sequence>``).",
    parameters=ACCOUNT_EVENT.parameters,
    stream=subjects.DEAD_LETTER_STREAM,
)

EVENTS: Final[tuple[Published, ...]] = (
    ACCOUNT_EVENT,
    INDEX_APPLIED,
    PROGRESS,
    FOLLOWUP_SENT,
    DEAD_LETTER,
)

HEALTH: Final[Endpoint[HealthRequest, ServiceHealth]] = Endpoint(
    subjects.health_subject("{service}"), HealthRequest, ServiceHealth, "every service"
)
"""Each service answers its own probe on ``harper.<service>.health`` (one replica answers)."""

HEALTH_PARAMETERS: Final = {
    "service": Parameter("The service probed.", tuple(subjects.SERVICES)),
}
