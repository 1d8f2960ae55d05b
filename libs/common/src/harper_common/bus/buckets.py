"""The JetStream KV buckets the services keep their shared state in, declared once: ``provision``
makes them all (services may not create streams), each service opens its own.

Follow-up (``harper_followup.state``): actions, the claim that lets one replica send an action,
per-account agent memory, the outbox and the notify-after notices. Updater: the per-account
write lease (``harper_updater.locks``), a per-key TTL so a crashed holder's lease runs out.
"""

from __future__ import annotations

from typing import Final

from nats.js.client import JetStreamContext

from harper_common.bus.kv import BucketSpec, open_bucket

FOLLOWUP_ACTIONS: Final = BucketSpec(
    "HARPER_FOLLOWUP_ACTIONS", "Follow-up actions: drafts and what became of them"
)
FOLLOWUP_CLAIMS: Final = BucketSpec(
    "HARPER_FOLLOWUP_CLAIMS", "Follow-up approvals: who took the right to send or reject"
)
FOLLOWUP_MEMORY: Final = BucketSpec("HARPER_FOLLOWUP_MEMORY", "Follow-up agent memory per account")
FOLLOWUP_OUTBOX: Final = BucketSpec("HARPER_FOLLOWUP_OUTBOX", "Follow-ups that went out")
FOLLOWUP_NOTICES: Final = BucketSpec(
    "HARPER_FOLLOWUP_NOTICES", "Notices of follow-ups sent in notify-after mode"
)
FOLLOWUP_BUCKETS: Final = (
    FOLLOWUP_ACTIONS,
    FOLLOWUP_CLAIMS,
    FOLLOWUP_MEMORY,
    FOLLOWUP_OUTBOX,
    FOLLOWUP_NOTICES,
)
UPDATER_LEASES: Final = BucketSpec(
    "HARPER_UPDATER_LEASES",
    "Updater write leases per account (the revision is the fencing token)",
    history=1,
)
SERVICE_BUCKETS: Final = (*FOLLOWUP_BUCKETS, UPDATER_LEASES)


async def ensure_service_buckets(js: JetStreamContext, replicas: int = 1) -> None:
    """Make every service bucket that does not exist yet (idempotent)."""
    for spec in SERVICE_BUCKETS:
        await open_bucket(js, spec, replicas)
