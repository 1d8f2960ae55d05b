"""Redis (Debian's ``redis-server``) on a loopback port, its files under the data dir."""

from __future__ import annotations

import shutil
from pathlib import Path

from harper_common.servers.instance import mark_redis
from harper_common.servers.nats_server import host_port
from harper_common.servers.processes import ManagedProcess, StartFailed, wait_for_port

INSTALL_HINT = "redis-server not found: install it with `apt-get install -y redis-server`."


def redis_binary() -> Path:
    found = shutil.which("redis-server")
    if found is None:
        raise StartFailed(INSTALL_HINT)
    return Path(found)


def start_redis(url: str, data_dir: Path, log_dir: Path) -> ManagedProcess:
    host, port = host_port(url, 6379)
    folder = data_dir / "redis"
    folder.mkdir(parents=True, exist_ok=True)
    argv = [
        str(redis_binary()),
        "--bind", host,
        "--port", str(port),
        "--dir", str(folder.resolve()),
        "--appendonly", "yes",
        "--save", "",
        "--daemonize", "no",
        "--protected-mode", "yes",
    ]  # fmt: skip
    process = RedisProcess("redis-server", argv, log_dir / "redis.log")
    process.instance = (host, port, data_dir)
    process.start()
    process.after_restart()
    return process


class RedisProcess(ManagedProcess):
    """redis-server, marked with its instance once listening (again after each restart)."""

    instance: tuple[str, int, Path] | None = None

    def after_restart(self) -> None:
        if self.instance is None:
            return
        host, port, data_dir = self.instance
        wait_for_port(self, host, port)
        mark_redis(host, port, data_dir)
