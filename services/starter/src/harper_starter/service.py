"""The starter service. Run alone with ``harper serve starter`` (NATS_URL, REDIS_URL)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from redis.asyncio import Redis

from harper_common.bus.client import BusClient
from harper_common.bus.index_client import IndexClient
from harper_common.bus.progress import BusProgress
from harper_common.bus.service import BusService
from harper_common.messages import endpoints
from harper_common.sessions import SessionStore
from harper_common.settings import HarperSettings
from harper_common.skills import SkillError, load_all_skills
from harper_starter.agent import StarterAgent
from harper_starter.claude_intent import ClaudeIntentClassifier, make_classifier
from harper_starter.confirm import ConfirmHandler
from harper_starter.intent import Classifier, IntentClassifier

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
    index = IndexClient(bus)
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


async def serve(settings: HarperSettings, stop: asyncio.Event) -> None:
    await build(settings).run(stop)
