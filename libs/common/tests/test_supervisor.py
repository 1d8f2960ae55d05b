"""`harper up`'s supervision: children that exit come back with backoff, crash loops stop it
(real processes, a fake clock). The launcher's own tests are in libs/cli/tests/test_stack.py."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from harper_common.servers.processes import ManagedProcess, StartFailed
from harper_common.servers.supervisor import RestartPolicy, Supervisor, read_supervisor_status


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def exiting_child(tmp_path: Path, code: int = 3) -> ManagedProcess:
    argv = [sys.executable, "-c", f"raise SystemExit({code})"]
    return ManagedProcess("worker", argv, tmp_path / "logs" / "worker.log")


def wait_exit(process: ManagedProcess) -> None:
    assert process.process is not None
    process.process.wait(30)


def test_a_child_that_exits_is_restarted_after_a_growing_delay(tmp_path: Path) -> None:
    clock = FakeClock()
    policy = RestartPolicy(first_delay_s=1.0, give_up_after=4, window_s=60.0)
    supervisor = Supervisor(tmp_path / "supervisor.json", policy, clock)
    child = exiting_child(tmp_path)
    child.start()
    supervisor.watch([child])
    wait_exit(child)

    first = supervisor.tick()
    assert first and "exited (code 3); restarting in 1 s" in first[0]
    assert read_supervisor_status(tmp_path)["worker"]["state"] == "restarting"
    assert supervisor.tick() == []  # the delay is not over yet

    clock.now += 1.0
    restarted = supervisor.tick()
    assert restarted and "restarted" in restarted[0]
    assert read_supervisor_status(tmp_path)["worker"]["restarts"] == 1
    wait_exit(child)
    clock.now += 0.1
    assert "restarting in 2 s" in supervisor.tick()[0]  # the second quick crash doubles it


def test_a_crash_loop_gives_up_and_says_why(tmp_path: Path) -> None:
    clock = FakeClock()
    policy = RestartPolicy(first_delay_s=0.5, give_up_after=3, window_s=60.0)
    supervisor = Supervisor(tmp_path / "supervisor.json", policy, clock)
    child = exiting_child(tmp_path, code=7)
    child.start()
    supervisor.watch([child])
    with pytest.raises(StartFailed, match=r"worker exited \(code 7\) 3 times within 60 s"):
        for _ in range(10):
            wait_exit(child)
            supervisor.tick()
            clock.now += 10.0
            supervisor.tick()
    status = json.loads((tmp_path / "supervisor.json").read_text())
    assert status["worker"]["state"] == "failed"


def test_a_child_that_ran_long_enough_starts_with_the_first_delay_again(tmp_path: Path) -> None:
    clock = FakeClock()
    policy = RestartPolicy(first_delay_s=1.0, give_up_after=2, stable_after_s=30.0)
    supervisor = Supervisor(None, policy, clock)
    child = exiting_child(tmp_path)
    child.start()
    supervisor.watch([child])
    for _ in range(3):  # three exits, each after a long run: never a crash loop
        wait_exit(child)
        clock.now += 31.0
        assert "restarting in 1 s" in supervisor.tick()[0]
        clock.now += 1.0
        assert "restarted" in supervisor.tick()[0]
