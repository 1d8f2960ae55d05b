"""The starter service. Run alone with ``harper serve starter`` (NATS_URL, REDIS_URL;
HARPER_STARTER_LOOKUP_CACHE_ENTRIES and _TTL_S size its name look-up cache)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from pydantic import ValidationError
from redis.asyncio import Redis

from harper_common.bus.client import BusClient
from harper_common.bus.index_client import IndexClient
from harper_common.bus.progress import BusProgress
from harper_common.bus.routes import event_listener
from harper_common.bus.service import BusService
from harper_common.messages import endpoints, subjects
from harper_common.messages.index import IndexApplied
from harper_common.messages.status import ServiceDetails
from harper_common.sessions import SessionStore
from harper_common.settings import HarperSettings
from harper_common.skills import SkillError, load_all_skills
from harper_starter.agent import StarterAgent
from harper_starter.claude_intent import ClaudeIntentClassifier, make_classifier
from harper_starter.confirm import ConfirmHandler
from harper_starter.intent import Classifier, IntentClassifier
from harper_starter.lookup_cache import CachedIndexClient, LookupCache
from harper_starter.settings import StarterSettings

NAME = "starter"
log = logging.getLogger(__name__)


def skill_descriptions(skills_dir: Path) -> dict[str, str]:
    """Skill name -> description, shown in the routing step; empty (logged) when unreadable."""
    try:
        return {skill.name: skill.description for skill in load_all_skills(skills_dir)}
    except (SkillError, OSError) as exc:
        log.warning("skills not loaded from %s: %s", skills_dir, exc)
        return {}


def build(settings: HarperSettings) -> BusService:
    service = BusService(NAME, settings)
    redis = Redis.from_url(settings.redis_url)
    bus = BusClient(service.broker, timeout_s=settings.request_timeout_s)
    index = cached_index(service, bus, StarterSettings())
    sessions = SessionStore(redis, ttl_s=settings.session_ttl_s)
    classifier = make_classifier(settings.data_dir, settings.skills_dir, index)
    local: Classifier = classifier
    if isinstance(classifier, ClaudeIntentClassifier):
        service.on_stop.append(classifier.aclose)
        local = classifier.local
    if isinstance(local, IntentClassifier):
        service.in_background("embed intent examples", local.warm)
    agent = StarterAgent(
        classifier=classifier,
        index=index,
        sessions=sessions,
        bus=bus,
        progress=lambda request_id: BusProgress(service.broker, request_id, NAME),
        skill_descriptions=skill_descriptions(settings.skills_dir),
    )
    confirm = ConfirmHandler(sessions, bus)

    service.serve(endpoints.STARTER_QUERY, agent.handle_query)
    service.serve(endpoints.STARTER_CONFIRM, confirm.handle)

    async def close_redis() -> None:
        await redis.aclose()

    service.on_stop.append(close_redis)
    return service


def cached_index(service: BusService, bus: BusClient, settings: StarterSettings) -> IndexClient:
    """The index client, its name look-ups cached (`LookupCache`) unless the cache is off."""
    if settings.lookup_cache_entries == 0:
        return IndexClient(bus)
    cache = LookupCache(settings.lookup_cache_entries, settings.lookup_cache_ttl_s)
    follow_index(service, cache)

    async def details() -> ServiceDetails:
        return ServiceDetails(notes=[cache.stats.describe()])

    service.status_details = details
    return CachedIndexClient(bus, cache)


def follow_index(service: BusService, cache: LookupCache) -> None:
    """Every replica hears the indexer announce a new version of any account (core NATS, no
    queue group) and forgets its look-ups: the change may make any name match differently."""

    async def on_applied(body: bytes) -> None:
        cache.invalidate()  # even a malformed announcement says that the index changed
        try:
            applied = IndexApplied.model_validate_json(body)
        except ValidationError:
            log.warning("a malformed index announcement: %.200r", body)
            return
        log.debug("index holds %s v%d: look-ups forgotten", applied.account_id, applied.version)

    event_listener(service.broker, f"{subjects.INDEX_APPLIED_PREFIX}.*", on_applied)


async def serve(settings: HarperSettings, stop: asyncio.Event) -> None:
    await build(settings).run(stop)
