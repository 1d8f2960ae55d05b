"""A real Harper on loopback for integration tests: NATS, Redis and the services as processes.

Built from the same code ``harper up`` uses (``harper_common.servers``), on free ports, with a
memory root and data dir of the test session's own.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import httpx

from harper_cli.stack import service_env
from harper_common.auth.keys import new_key
from harper_common.demo import generate_demo
from harper_common.servers.nats_server import start_nats
from harper_common.servers.processes import ManagedProcess, free_port, wait_for_port
from harper_common.servers.redis_server import start_redis
from harper_common.servers.smtp_sink import start_smtp_sink
from harper_common.settings import HarperSettings

AS_OF = date(2026, 11, 22)
API_KEY_ENV = "HARPER_API_KEY"


def api_headers() -> dict[str, str]:
    """The key a client script sends (``HARPER_API_KEY``), as HTTP headers."""
    key = os.environ.get(API_KEY_ENV)
    return {"Authorization": f"Bearer {key}"} if key else {}


def use_key_of(harper: Harper) -> None:
    """Make this process's clients (eval, benchmarks) send ``harper``'s admin key."""
    os.environ[API_KEY_ENV] = harper.settings.admin_key or ""


SKILLS = Path(__file__).resolve().parents[2] / "skills"


@dataclass
class Harper:
    settings: HarperSettings
    base_url: str
    log_dir: Path
    otel_exporter: str = "console"
    servers: list[ManagedProcess] = field(default_factory=list)
    services: dict[str, list[ManagedProcess]] = field(default_factory=dict)

    @property
    def headers(self) -> dict[str, str]:
        """What every request to this Harper sends: its admin key."""
        return {"Authorization": f"Bearer {self.settings.admin_key}"}

    def client(self, timeout_s: float = 30.0) -> httpx.Client:
        """An HTTP client for this Harper, signed in with its admin key."""
        return httpx.Client(base_url=self.base_url, timeout=timeout_s, headers=self.headers)

    def start_service(self, name: str) -> ManagedProcess:
        replicas = self.services.setdefault(name, [])
        log = self.log_dir / f"{name}-{len(replicas)}.log"
        argv = [sys.executable, "-m", "harper_cli", "serve", name]
        env = service_env(self.settings, name)
        env["HARPER_OTEL_EXPORTER"] = self.otel_exporter
        process = ManagedProcess(f"{name}-{len(replicas)}", argv, log, env=env)
        process.start()
        replicas.append(process)
        return process

    def stop_service(self, name: str) -> None:
        for process in self.services.pop(name, []):
            process.stop()

    def wait_healthy(self, timeout_s: float = 120.0) -> dict[str, object]:
        deadline = time.monotonic() + timeout_s
        body: dict[str, object] = {}
        while time.monotonic() < deadline:
            for replicas in self.services.values():
                for process in replicas:
                    if not process.running:
                        raise process.failure("stopped")
            try:
                response = httpx.get(f"{self.base_url}/health", timeout=5)
                body = response.json()
                if response.status_code == 200:
                    return body
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        raise AssertionError(f"Harper did not become healthy: {body}")

    def stop(self) -> None:
        for replicas in reversed(list(self.services.values())):
            for process in replicas:
                process.stop()
        for process in reversed(self.servers):
            process.stop()


def start_harper(
    base: Path,
    accounts: int = 60,
    otel_exporter: str = "console",
    healthy_timeout_s: float = 120.0,
    **settings: Any,
) -> Harper:
    """Demo data in ``base/mem`` (ground truth in ``base/truth.json``), then a Harper over it.

    Spans go to each service's log by default, so tests can follow a trace across them;
    ``settings`` overrides HarperSettings fields (``rate_limit_per_min=0``)."""
    generate_demo(
        base / "mem", accounts=accounts, seed=7, as_of=AS_OF, truth_path=base / "truth.json"
    )
    return start_harper_on(base, otel_exporter, healthy_timeout_s, **settings)


def start_harper_on(
    base: Path,
    otel_exporter: str = "console",
    healthy_timeout_s: float = 120.0,
    today: date = AS_OF,
    **overrides: Any,
) -> Harper:
    """A whole Harper on free ports over the memory root already in ``base/mem``, counting
    follow-up days from ``today``."""
    mem, data = base / "mem", base / "data"
    port = free_port()
    settings = HarperSettings(
        mem_root=mem,
        data_dir=data,
        port=port,
        nats_url=f"nats://127.0.0.1:{free_port()}",
        redis_url=f"redis://127.0.0.1:{free_port()}/0",
        skills_dir=SKILLS,
        smtp_port=free_port(),
        followup_today=today,
        admin_key=new_key(),
        **overrides,
    )
    harper = Harper(settings, f"http://127.0.0.1:{port}", base / "logs", otel_exporter)
    harper.servers.append(start_nats(settings.nats_url, data, harper.log_dir))
    harper.servers.append(start_redis(settings.redis_url, data, harper.log_dir))
    harper.servers.append(
        start_smtp_sink(settings.smtp_host, settings.smtp_port, settings.mail_dir, harper.log_dir)
    )
    try:
        for name in ("indexer", "starter", "search", "updater", "followup", "gateway"):
            harper.start_service(name)
        wait_for_port(harper.services["gateway"][0], "127.0.0.1", port, timeout_s=60)
        harper.wait_healthy(healthy_timeout_s)
    except BaseException:
        harper.stop()
        raise
    return harper
