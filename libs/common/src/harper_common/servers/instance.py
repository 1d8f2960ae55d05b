"""Which Harper instance a server on a port belongs to, so two ``harper up`` never mix.

Each instance is named by its data dir (``instance_id``). The servers ``harper up`` starts carry
that name where a client can read it: NATS as its ``server_name`` (sent in the INFO line on
connect), Redis as the key ``harper:instance``, the SMTP sink in its greeting. Before reusing a
server already on a port, ``harper up`` reads the name: its own is reused, another instance's is
refused with a message saying how to choose other ports.
"""

from __future__ import annotations

import hashlib
import json
import re
import socket
from pathlib import Path

import redis

PREFIX = "harper-"
REDIS_KEY = "harper:instance"
_SMTP_NAME = re.compile(rf"\b{PREFIX}([0-9a-f]{{12}})\b")


def instance_id(data_dir: Path) -> str:
    """A short stable name for the instance whose state lives in ``data_dir``."""
    return hashlib.sha256(str(data_dir.resolve()).encode()).hexdigest()[:12]


def server_name(data_dir: Path) -> str:
    return PREFIX + instance_id(data_dir)


def _first_line(host: str, port: int, timeout_s: float = 1.0) -> str:
    with socket.create_connection((host, port), timeout=timeout_s) as sock:
        sock.settimeout(timeout_s)
        data = b""
        while b"\n" not in data and len(data) < 65536:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    return data.split(b"\n", 1)[0].decode("utf-8", "replace")


def nats_owner(host: str, port: int) -> str | None:
    """The Harper instance id of the NATS server there, or None (not Harper's, or no NATS)."""
    try:
        line = _first_line(host, port)
    except OSError:
        return None
    if not line.startswith("INFO "):
        return None
    try:
        name = json.loads(line[5:]).get("server_name", "")
    except ValueError:
        return None
    return name[len(PREFIX) :] if isinstance(name, str) and name.startswith(PREFIX) else None


def redis_owner(host: str, port: int) -> str | None:
    try:
        client = redis.Redis(host=host, port=port, socket_timeout=1.0, socket_connect_timeout=1.0)
        try:
            value = client.get(REDIS_KEY)
        finally:
            client.close()
    except (redis.RedisError, OSError):
        return None
    return value.decode() if isinstance(value, bytes) else None


def mark_redis(host: str, port: int, data_dir: Path) -> None:
    client = redis.Redis(host=host, port=port, socket_timeout=2.0)
    try:
        client.set(REDIS_KEY, instance_id(data_dir))
    finally:
        client.close()


def smtp_owner(host: str, port: int) -> str | None:
    try:
        line = _first_line(host, port)
    except OSError:
        return None
    found = _SMTP_NAME.search(line) if line.startswith("220") else None
    return found[1] if found else None
