"""The whole of Harper on one machine: NATS, Redis and the six services, started and stopped."""

from __future__ import annotations

import asyncio
import datetime
import json
import os
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Literal

from harper_cli.services import START_ORDER
from harper_common.servers.instance import (
    instance_id,
    nats_owner,
    redis_owner,
    server_name,
    smtp_owner,
)
from harper_common.servers.nats_auth import PROVISION
from harper_common.servers.nats_server import host_port, start_nats
from harper_common.servers.processes import (
    ManagedProcess,
    StartFailed,
    child_env,
    free_port,
    port_open,
    wait_for_port,
)
from harper_common.servers.provision import provision
from harper_common.servers.redis_server import start_redis
from harper_common.servers.smtp_sink import start_smtp_sink
from harper_common.settings import HarperSettings


def absolute_settings(settings: HarperSettings) -> HarperSettings:
    """Paths made absolute, so children started elsewhere agree on them."""
    return settings.model_copy(
        update={
            "mem_root": settings.mem_root.resolve(),
            "data_dir": settings.data_dir.resolve(),
            "skills_dir": settings.skills_dir.resolve(),
        }
    )


def service_env(
    settings: HarperSettings, service: str = "", nats_passwords: dict[str, str] | None = None
) -> dict[str, str]:
    """The environment of a service's process: its own NATS user when the server has users;
    the admin key goes to the gateway alone; every other setting the launcher was given (in
    code, as the tests do, or from its environment) goes to every service."""
    extra = {
        "NATS_URL": settings.nats_url,
        "REDIS_URL": settings.redis_url,
        "HARPER_MEM_ROOT": str(settings.mem_root),
        "HARPER_DATA_DIR": str(settings.data_dir),
        "HARPER_SKILLS_DIR": str(settings.skills_dir),
        "HARPER_PORT": str(settings.port),
        "HARPER_HOST": settings.host,
        "HARPER_SMTP_HOST": settings.smtp_host,
        "HARPER_SMTP_PORT": str(settings.smtp_port),
    }
    if settings.qdrant_url:
        extra["QDRANT_URL"] = settings.qdrant_url
    if service == "gateway" and settings.admin_key:
        extra["HARPER_ADMIN_KEY"] = settings.admin_key
    if nats_passwords and service in nats_passwords:
        extra["HARPER_NATS_USER"] = service
        extra["HARPER_NATS_PASSWORD"] = nats_passwords[service]
    if settings.followup_today is not None:
        extra["HARPER_FOLLOWUP_TODAY"] = settings.followup_today.isoformat()
    if service == "updater" and UPDATER_LOCK_ENV not in os.environ:
        # every process harper up starts shares this host: the file lock is the fast path
        # (bench_updater_locks); a deployment over several hosts keeps the service's default lease
        extra[UPDATER_LOCK_ENV] = "flock"
    for name in sorted(settings.model_fields_set - NOT_PASSED_ON):
        value = getattr(settings, name)
        if value is not None and HarperSettings.model_fields[name].validation_alias is None:
            extra.setdefault(f"HARPER_{name.upper()}", _env_text(value))
    return child_env(extra)


UPDATER_LOCK_ENV = "HARPER_UPDATER_LOCK"
NOT_PASSED_ON = frozenset({"admin_key", "nats_password", "metrics_port"})
"""Settings a service never inherits from the launcher's: secrets go to the service that needs
them (above), and one metrics port cannot serve several processes."""


def _env_text(value: object) -> str:
    """A setting as its environment variable spells it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, dict | list):
        return json.dumps(value)
    return str(value)


Probe = Callable[[str, int], str | None]


@dataclass(frozen=True)
class ServerSlot:
    """One server ``harper up`` needs: what it is, where, how to tell whose it is."""

    what: str
    host: str
    port: int
    setting: str
    """The environment variable that chooses its address."""
    named: bool
    """True when the settings name this address explicitly (not the default)."""
    owner: Probe


@dataclass
class Stack:
    """What ``harper up`` started, in start order; ``stop`` ends them in reverse."""

    settings: HarperSettings
    replicas: Mapping[str, int] = field(default_factory=dict)
    nats_passwords: dict[str, str] | None = None
    """Users of the NATS server ``harper up`` runs (None: an open server, or not ours)."""
    processes: list[ManagedProcess] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def log_dir(self) -> Path:
        return self.settings.data_dir / "logs"

    def start_servers(self) -> None:
        for slot, start in self._server_slots():
            claimed = self.claim(slot)
            if claimed == "start":
                self.processes.append(start())
            elif claimed == "named" and slot.what == "NATS":
                self.nats_passwords = None  # a server the settings name: its users are not ours
        password = (self.nats_passwords or {}).get(PROVISION)
        asyncio.run(provision(self.settings.nats_url, password, self.settings.jetstream_replicas))

    def _server_slots(self) -> list[tuple[ServerSlot, Callable[[], ManagedProcess]]]:
        settings, logs = self.settings, self.log_dir
        named = settings.model_fields_set
        nats_host, nats_port = host_port(settings.nats_url, 4222)
        redis_host, redis_port = host_port(settings.redis_url, 6379)
        sink_name = server_name(settings.data_dir)
        return [
            (
                ServerSlot("NATS", nats_host, nats_port, "NATS_URL", "nats_url" in named,
                           nats_owner),
                partial(
                    start_nats, settings.nats_url, settings.data_dir, logs, self.nats_passwords
                ),
            ),
            (
                ServerSlot("Redis", redis_host, redis_port, "REDIS_URL", "redis_url" in named,
                           redis_owner),
                partial(start_redis, settings.redis_url, settings.data_dir, logs),
            ),
            (
                ServerSlot("SMTP sink", settings.smtp_host, settings.smtp_port,
                           "HARPER_SMTP_PORT", "smtp_port" in named, smtp_owner),
                partial(start_smtp_sink, settings.smtp_host, settings.smtp_port,
                        settings.mail_dir, logs, ident=sink_name),
            ),
        ]  # fmt: skip

    def claim(self, slot: ServerSlot) -> Literal["start", "own", "named"]:
        """``start`` when the port is free; ``own`` or ``named`` to use the server there (this
        instance's, or the one the settings name); else StartFailed.

        A server already listening is used only when it is this instance's own, or when the
        settings name its address and it is not another Harper instance's.
        """
        if not port_open(slot.host, slot.port):
            return "start"
        where = f"{slot.host}:{slot.port}"
        owner = slot.owner(slot.host, slot.port)
        if owner == instance_id(self.settings.data_dir):
            self.notes.append(f"{slot.what}: using this instance's server already on {where}")
            return "own"
        if owner is not None:
            raise StartFailed(
                f"{slot.what}: {where} belongs to another Harper instance (harper-{owner}), "
                f"started with another data dir. Choose a free port for this one, e.g. "
                f"{slot.setting}={_example(slot)}, or stop the other instance."
            )
        if slot.named:
            self.notes.append(f"{slot.what}: using the server {slot.setting} names, on {where}")
            return "named"
        raise StartFailed(
            f"{slot.what}: {where} is already in use by something that is not this Harper's. "
            f"Set {slot.setting}={_example(slot)} to start ours on a free port, or set "
            f"{slot.setting} to {where} explicitly to use the server there."
        )

    def start_services(self) -> None:
        for name in START_ORDER:
            env = service_env(self.settings, name, self.nats_passwords)
            count = self.replicas.get(name, 1)
            for number in range(1, count + 1):
                label = name if count == 1 else f"{name}-{number}"
                argv = [sys.executable, "-m", "harper_cli", "serve", name]
                process = ManagedProcess(label, argv, self.log_dir / f"{label}.log", env=env)
                process.start()
                self.processes.append(process)
        gateway = self.processes[-1]
        wait_for_port(gateway, self.settings.host, self.settings.port, timeout_s=60)

    def check_alive(self) -> None:
        for process in self.processes:
            if not process.running:
                raise process.failure("stopped unexpectedly")

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.stop()


def _example(slot: ServerSlot) -> str:
    port = free_port(slot.host)
    if slot.setting == "NATS_URL":
        return f"nats://{slot.host}:{port}"
    if slot.setting == "REDIS_URL":
        return f"redis://{slot.host}:{port}/0"
    return str(port)


def parse_replicas(spec: str | list[str] | None) -> dict[str, int]:
    """``"search=3,starter=2"`` (or a list of such) -> ``{"search": 3, "starter": 2}``."""
    items: list[str] = []
    for part in [spec] if isinstance(spec, str) else list(spec or []):
        items.extend(piece.strip() for piece in part.split(",") if piece.strip())
    counts: dict[str, int] = {}
    for item in items:
        name, sep, number = item.partition("=")
        name = name.strip()
        if not sep or not number.strip().isdigit() or int(number) < 1:
            raise StartFailed(f"replicas: {item!r} is not NAME=COUNT (e.g. search=3)")
        if name not in START_ORDER:
            raise StartFailed(f"replicas: {name!r} is not a service ({', '.join(START_ORDER)})")
        if name == "gateway" and int(number) != 1:
            raise StartFailed(
                "replicas: `harper up` runs one gateway (it owns the HTTP port); run more "
                "with `harper serve gateway` on other ports behind a load balancer"
            )
        counts[name] = int(number)
    return counts


def wait_until_healthy(
    settings: HarperSettings,
    stack: Stack,
    report: Callable[[str], None],
    timeout_s: float = 900.0,
) -> dict[str, object]:
    """Poll ``/health`` until it answers 200; report the index's progress meanwhile."""
    url = f"http://{settings.host}:{settings.port}/health"
    deadline = time.monotonic() + timeout_s
    last = ""
    while time.monotonic() < deadline:
        stack.check_alive()
        status, body = _get_json(url)
        if status == 200:
            return body
        detail = _waiting_for(body)
        if detail and detail != last:
            report(detail)
            last = detail
        time.sleep(0.5)
    raise StartFailed(f"/health did not report ready within {timeout_s:g} s: {last}")


def _get_json(url: str) -> tuple[int, dict[str, object]]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        try:
            return error.code, json.loads(error.read())
        except ValueError:
            return error.code, {}
    except (OSError, ValueError):
        return 0, {}


def _waiting_for(body: dict[str, object]) -> str:
    """The first component that is not ok, as 'name: detail'."""
    for group in ("dependencies", "services"):
        components = body.get(group)
        if not isinstance(components, dict):
            continue
        for name, component in components.items():
            if isinstance(component, dict) and not component.get("ok"):
                return f"{name}: {component.get('detail', '')}"
    return ""
