"""The follow-up agent service. Run alone with ``harper serve followup``.

Needs NATS_URL (its state lives in JetStream KV buckets, shared by every replica), REDIS_URL
(approval sessions), the memory root (read-only) and an SMTP server
(HARPER_SMTP_HOST/PORT; ``harper up`` starts a local sink). HARPER_FOLLOWUP_MODE picks the
oversight (review-before, auto, notify-after, dry_run), HARPER_FOLLOWUP_CHANNEL_MODES one per
channel; HARPER_FOLLOWUP_SCHEDULE_TIME the daily run (UTC).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

from pydantic import ValidationError
from redis.asyncio import Redis

from harper_common.brain import AuditLog, BrainSettings, ClaudeClient
from harper_common.bus.broker import jetstream
from harper_common.bus.client import BusClient, BusError
from harper_common.bus.index_client import IndexClient
from harper_common.bus.progress import BusProgress
from harper_common.bus.routes import event_listener
from harper_common.bus.service import BusService
from harper_common.memory import MemoryRoot
from harper_common.messages import endpoints, subjects
from harper_common.messages.followup import FollowupBatchRequest, FollowupNotice
from harper_common.messages.index import IndexApplied
from harper_common.messages.query import IntentInfo
from harper_common.sessions import PendingSession, SessionStore
from harper_common.settings import HarperSettings
from harper_followup.agent import FollowupAgent, Mode
from harper_followup.batch import DAILY_LIMIT, BatchRunner, DailySchedule
from harper_followup.claude_draft import ClaudeDrafter
from harper_followup.conversation import Conversation
from harper_followup.delivery import BusRecorder, SmtpMailer
from harper_followup.drafter import Drafter, LocalDrafter
from harper_followup.execute import Executor
from harper_followup.legacy_files import import_files
from harper_followup.notify import NoticeBoard
from harper_followup.payload_cache import CachedPayloads
from harper_followup.rules import load_rules
from harper_followup.scan import IndexPayloads, PendingScanner
from harper_followup.state import FollowupState
from harper_followup.store import FollowupAction

NAME = "followup"
CACHE_MAX_AGE_S = 300.0
SESSION_GRACE = timedelta(days=1)
"""The /confirm session outlives the action's expiry, so a late approval hears "expired"."""
log = logging.getLogger(__name__)


def utc_now() -> datetime:
    return datetime.now(UTC)


class RedisApprovalSessions:
    """A ``followup_approval`` session per pending action, under the action's id."""

    def __init__(self, sessions: SessionStore) -> None:
        self.sessions = sessions

    async def open(self, action: FollowupAction, query: str, intent: IntentInfo) -> None:
        session = PendingSession(
            session_id=action.action_id,
            kind="followup_approval",
            original_query=query[:4000] or "follow-up",
            account_name=action.account_name,
            account_id=action.account_id,
            intent=intent,
            context={
                "action_id": action.action_id,
                "channel": action.draft.channel,
                "expires_at": action.expires_at.isoformat(),
            },
        )
        await self.sessions.save(session)


def make_drafter(settings: HarperSettings, service: BusService) -> Drafter:
    brain = BrainSettings()
    if brain.resolved_brain != "claude":
        return LocalDrafter()
    drafter = ClaudeDrafter(
        ClaudeClient.from_settings(brain, agent="followup"),
        settings.skills_dir,
        AuditLog(settings.data_dir),
    )
    service.on_stop.append(drafter.aclose)
    return drafter


def build(settings: HarperSettings) -> BusService:
    service = BusService(NAME, settings)
    bus = BusClient(service.broker, timeout_s=settings.request_timeout_s)
    redis = Redis.from_url(settings.redis_url)
    ttl = timedelta(seconds=settings.followup_approval_ttl_s)
    session_ttl = int((ttl + SESSION_GRACE).total_seconds())
    rules = load_rules(settings.skills_dir)
    root = MemoryRoot(settings.mem_root)
    state = FollowupState.on_nats(lambda: jetstream(service.broker), settings.jetstream_replicas)
    import_legacy_files(service, settings, state)
    mailer = SmtpMailer(settings.smtp_host, settings.smtp_port, settings.smtp_from)
    index = IndexClient(bus)
    payloads = CachedPayloads(IndexPayloads(index, root), max_age_s=CACHE_MAX_AGE_S)
    follow_index(service, payloads)
    keep_warm(service, index, payloads)
    executor = Executor(
        state.actions,
        state.outbox,
        state.memory,
        mailer,
        BusRecorder(bus),
        settings.smtp_from,
        utc_now,
    )

    async def announce(notice: FollowupNotice) -> None:
        await service.broker.publish(notice.model_dump(mode="json"), subjects.NOTIFY_FOLLOWUP_SENT)

    notices = NoticeBoard(state.notices, announce, utc_now)
    agent = FollowupAgent(
        root=root,
        rules=rules,
        scanner=PendingScanner(rules, payloads),
        drafter=make_drafter(settings, service),
        executor=executor,
        actions=state.actions,
        outbox_store=state.outbox,
        memory=state.memory,
        sessions=RedisApprovalSessions(SessionStore(redis, ttl_s=session_ttl)),
        mode=settings.followup_mode,
        channel_modes=settings.followup_channel_modes,
        approval_ttl=ttl,
        clock=utc_now,
        notifier=notices,
        fixed_today=settings.followup_today,
        progress=lambda request_id: BusProgress(service.broker, request_id, NAME),
    )
    add_routes(service, agent, notices)
    if settings.followup_schedule_enabled:
        add_daily_run(service, agent, settings)

    async def close_redis() -> None:
        await redis.aclose()

    service.on_stop.append(close_redis)
    return service


def import_legacy_files(
    service: BusService, settings: HarperSettings, state: FollowupState
) -> None:
    """Before serving: the JSON files of an earlier version into the buckets, once."""

    async def run() -> None:
        await import_files(settings.followup_dir, state)

    service.on_start.append(run)


def follow_index(service: BusService, cache: CachedPayloads) -> None:
    """Every replica hears the indexer announce a new version of an account (core NATS)."""

    async def on_applied(body: bytes) -> None:
        try:
            applied = IndexApplied.model_validate_json(body)
        except ValidationError:
            log.warning("ignored a malformed index announcement: %.200r", body)
            return
        cache.mark_stale(applied.account_id)

    event_listener(service.broker, f"{subjects.INDEX_APPLIED_PREFIX}.*", on_applied)


def keep_warm(service: BusService, index: IndexClient, cache: CachedPayloads) -> None:
    """Load the payloads once the index is ready, then reload them before they grow old, so a
    scan never waits for the indexer."""

    async def warm() -> None:
        while True:
            try:
                if (await index.status()).ready:
                    count = await cache.reload()
                    log.info("payload cache loaded: %d accounts", count)
                    await asyncio.sleep(CACHE_MAX_AGE_S * 0.8)
                    continue
            except BusError as exc:
                log.info("payload cache waits for the indexer: %s", exc.reply.message)
            except Exception:  # keep warming; a scan still loads what it needs itself
                log.exception("payload cache reload failed")
            await asyncio.sleep(2.0)

    service.in_background("followup-payload-cache", warm)


def add_routes(service: BusService, agent: FollowupAgent, notices: NoticeBoard) -> None:
    conversation, batches = Conversation(agent), BatchRunner(agent)
    service.serve(endpoints.FOLLOWUP_QUERY, conversation.query)
    service.serve(endpoints.FOLLOWUP_APPROVE, conversation.approve)
    service.serve(endpoints.FOLLOWUP_PENDING, agent.pending)
    service.serve(endpoints.FOLLOWUP_DRAFT, agent.draft)
    service.serve(endpoints.FOLLOWUP_EXECUTE, agent.execute)
    service.serve(endpoints.FOLLOWUP_BATCH, batches.batch)
    service.serve(endpoints.FOLLOWUP_OUTBOX, agent.outbox)
    service.serve(endpoints.FOLLOWUP_NOTICES, notices.listed)


def add_daily_run(service: BusService, agent: FollowupAgent, settings: HarperSettings) -> None:
    """An asyncio task preparing the day's drafts for review at the configured time."""
    runner = BatchRunner(agent)

    async def job() -> None:
        request_id = f"daily-{utc_now():%Y%m%d}"
        request = FollowupBatchRequest(request_id=request_id, limit=DAILY_LIMIT, dry_run=False)
        mode: Mode = "dry_run" if agent.mode == "dry_run" else "review-before"
        reply = await runner.batch(request, mode=mode)
        log.info("daily follow-up run: %d drafts prepared for review", reply.processed)

    schedule = DailySchedule(settings.followup_schedule_time, job, utc_now)
    service.in_background("followup-daily", schedule.run_forever)


async def serve(settings: HarperSettings, stop: asyncio.Event) -> None:
    await build(settings).run(stop)
