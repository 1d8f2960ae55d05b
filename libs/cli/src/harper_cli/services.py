"""The six services by name: where each one's ``serve`` lives (imported only when asked, so
``harper --help`` loads no service). The one place that names every service's package."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import cast

from harper_common.bus.service import ServeFunction
from harper_common.messages.subjects import SERVICES
from harper_common.servers.serving import NamedServe

START_ORDER = ("indexer", "starter", "search", "updater", "followup", "gateway")
"""The indexer first (the starter asks it), the gateway last (it reports everyone's health)."""

SERVICE_MODULES = {
    "indexer": "harper_indexer.service",
    "starter": "harper_starter.service",
    "search": "harper_search.service",
    "updater": "harper_updater.service",
    "followup": "harper_followup.service",
    "gateway": "harper_gateway.service",
}


class UnknownService(ValueError):
    pass


def serve_function(name: str) -> ServeFunction:
    if name not in SERVICES or name not in SERVICE_MODULES:
        raise UnknownService(f"{name!r} is not a Harper service (one of: {', '.join(SERVICES)})")
    return cast(ServeFunction, importlib.import_module(SERVICE_MODULES[name]).serve)


def named_serves(names: Sequence[str]) -> list[NamedServe]:
    return [(name, serve_function(name)) for name in names]
