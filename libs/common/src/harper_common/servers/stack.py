"""The whole of Harper on one machine: NATS, Redis and the six services, started and stopped."""

from __future__ import annotations

import json
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from harper_common.servers.nats_server import host_port, start_nats
from harper_common.servers.processes import (
    ManagedProcess,
    StartFailed,
    child_env,
    port_open,
    wait_for_port,
)
from harper_common.servers.redis_server import start_redis
from harper_common.servers.services import START_ORDER
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


def service_env(settings: HarperSettings) -> dict[str, str]:
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
    if settings.followup_today is not None:
        extra["HARPER_FOLLOWUP_TODAY"] = settings.followup_today.isoformat()
    return child_env(extra)


@dataclass
class Stack:
    """What ``harper up`` started, in start order; ``stop`` ends them in reverse."""

    settings: HarperSettings
    processes: list[ManagedProcess] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def log_dir(self) -> Path:
        return self.settings.data_dir / "logs"

    def start_servers(self) -> None:
        for url, default, starter, what in (
            (self.settings.nats_url, 4222, start_nats, "NATS"),
            (self.settings.redis_url, 6379, start_redis, "Redis"),
        ):
            host, port = host_port(url, default)
            if port_open(host, port):
                self.notes.append(f"{what}: using the server already listening on {host}:{port}")
                continue
            self.processes.append(starter(url, self.settings.data_dir, self.log_dir))
        self.start_smtp_sink()

    def start_smtp_sink(self) -> None:
        """The local SMTP sink that follow-up email goes to (mail kept under the data dir)."""
        host, port = self.settings.smtp_host, self.settings.smtp_port
        if port_open(host, port):
            self.notes.append(f"SMTP: using the server already listening on {host}:{port}")
            return
        self.processes.append(start_smtp_sink(host, port, self.settings.mail_dir, self.log_dir))

    def start_services(self) -> None:
        env = service_env(self.settings)
        for name in START_ORDER:
            argv = [sys.executable, "-m", "harper_common.cli", "serve", name]
            process = ManagedProcess(name, argv, self.log_dir / f"{name}.log", env=env)
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
