"""`harper up` for real: servers and six services start, /health turns 200, Ctrl-C stops them all."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from harness import SKILLS

from harper_common.servers.processes import free_port


def children_of(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(entry.name))
    return found


def wait_for_log(path: Path, text: str, up: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while text not in path.read_text():
        assert up.poll() is None, path.read_text()
        assert time.monotonic() < deadline, path.read_text()
        time.sleep(0.2)


def wait_for_health(port: int, up: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=10).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert up.poll() is None
        assert time.monotonic() < deadline, "health did not come back"
        time.sleep(0.3)


def test_up_serves_health_restarts_a_killed_service_and_stops_everything_on_ctrl_c(
    tmp_path: Path,
) -> None:
    port = free_port()
    env = {
        **os.environ,
        "HARPER_MEM_ROOT": str(tmp_path / "mem"),
        "HARPER_DATA_DIR": str(tmp_path / "data"),
        "HARPER_PORT": str(port),
        "HARPER_DEMO_ACCOUNTS": "20",
        "HARPER_SKILLS_DIR": str(SKILLS),
        "NATS_URL": f"nats://127.0.0.1:{free_port()}",
        "REDIS_URL": f"redis://127.0.0.1:{free_port()}/0",
        "HARPER_SMTP_PORT": str(free_port()),
    }
    log = (tmp_path / "up.log").open("wb")
    up = subprocess.Popen(
        [sys.executable, "-m", "harper_cli", "up"], env=env, stdout=log, stderr=log
    )
    try:
        wait_for_log(tmp_path / "up.log", "Harper is up", up)
        health = httpx.get(f"http://127.0.0.1:{port}/health", timeout=10)
        assert health.status_code == 200
        assert health.json()["accounts_indexed"] == 20
        started = children_of(up.pid)
        assert len(started) == 9  # nats, redis, the SMTP sink and six services

        updater = next(
            pid for pid in started if b"updater" in Path(f"/proc/{pid}/cmdline").read_bytes()
        )
        os.kill(updater, signal.SIGKILL)
        wait_for_log(tmp_path / "up.log", "updater restarted", up)
        wait_for_health(port, up)
        started = children_of(up.pid)
        assert len(started) == 9 and updater not in started

        up.send_signal(signal.SIGINT)
        assert up.wait(60) == 0
        for pid in started:
            assert (
                not Path(f"/proc/{pid}").exists()
                or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]
            )
        assert "stopping Harper" in (tmp_path / "up.log").read_text()
    finally:
        if up.poll() is None:
            up.kill()
        log.close()
