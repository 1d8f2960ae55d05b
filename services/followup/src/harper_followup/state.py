"""Where the follow-up agent keeps what it must remember, shared by every replica: one NATS
JetStream KV bucket each for actions, claims, agent memory, outbox and notices
(``harper_common.bus.buckets``), or dicts in a unit test."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nats.js.client import JetStreamContext

from harper_common.bus import buckets
from harper_common.bus.kv import BucketOnUse, BucketSpec, MemoryKv
from harper_followup.memory import AgentMemory
from harper_followup.store import ActionStore, Notices, Outbox


@dataclass(frozen=True)
class FollowupState:
    actions: ActionStore
    memory: AgentMemory
    outbox: Outbox
    notices: Notices

    @classmethod
    def on_nats(cls, js: Callable[[], JetStreamContext], replicas: int = 1) -> FollowupState:
        """The buckets of the connection ``js()`` returns, opened on first use."""

        def bucket(spec: BucketSpec) -> BucketOnUse:
            return BucketOnUse(js, spec, replicas)

        return cls(
            ActionStore(bucket(buckets.FOLLOWUP_ACTIONS), bucket(buckets.FOLLOWUP_CLAIMS)),
            AgentMemory(bucket(buckets.FOLLOWUP_MEMORY)),
            Outbox(bucket(buckets.FOLLOWUP_OUTBOX)),
            Notices(bucket(buckets.FOLLOWUP_NOTICES)),
        )

    @classmethod
    def in_memory(cls) -> FollowupState:
        return cls(
            ActionStore(MemoryKv(), MemoryKv()),
            AgentMemory(MemoryKv()),
            Outbox(MemoryKv()),
            Notices(MemoryKv()),
        )
