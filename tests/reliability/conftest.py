"""The fault suite's Harper (one per session, on loopback) and its report."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

# The suite's own helpers (fault_mode, fault_report, faults) import by name, like the harness.
sys.path.insert(0, str(Path(__file__).parent))

from fault_mode import FULL  # noqa: E402
from fault_report import Report  # noqa: E402
from harness import Harper, start_harper  # noqa: E402

REPORT = Report()
STARTED = time.monotonic()
HERE = "tests/reliability/"


@pytest.fixture(scope="session")
def report() -> Report:
    return REPORT


@pytest.fixture(scope="session")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Harper]:
    """Twelve accounts; callers wait at most 6 s for a service (a request lost with a killed
    process fails in 6 s, not 30); no answer cache, so every question takes the whole path; the
    soak's streams all under one key."""
    harper = start_harper(
        tmp_path_factory.mktemp("reliability"),
        accounts=12,
        request_timeout_s=6.0,
        rate_limit_per_min=0,
        cache_ttl_s=0,
        max_streams_per_key=1000,
    )
    try:
        yield harper
    finally:
        harper.stop()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if not report.nodeid.startswith(HERE):
        return
    if report.when == "call" or report.outcome != "passed":
        REPORT.outcomes[report.nodeid.removeprefix(HERE)] = report.outcome


def pytest_sessionfinish(session: pytest.Session) -> None:
    target = os.environ.get("HARPER_RELIABILITY_REPORT")
    if target and REPORT.outcomes:
        REPORT.write(Path(target), "full" if FULL else "fast", time.monotonic() - STARTED)
