"""A demo memory root of the test session's own (80 accounts, as of 2026-11-22), its ground
truth, and the skills folder."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import pytest

from harper_common.demo import generate_demo
from harper_common.demo.truth import GroundTruth
from harper_common.memory import MemoryRoot

AS_OF = date(2026, 11, 22)
sys.path.insert(0, str(Path(__file__).parent))  # followup_fakes, shared by the test modules


@pytest.fixture(scope="session")
def skills_dir() -> Path:
    return Path(__file__).resolve().parents[3] / "skills"


@pytest.fixture(scope="session")
def demo_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("followup-demo")
    generate_demo(base / "mem", accounts=80, seed=7, as_of=AS_OF, truth_path=base / "truth.json")
    return base


@pytest.fixture(scope="session")
def demo_root(demo_base: Path) -> MemoryRoot:
    return MemoryRoot(demo_base / "mem")


@pytest.fixture(scope="session")
def truth(demo_base: Path) -> GroundTruth:
    return GroundTruth.model_validate_json((demo_base / "truth.json").read_text(encoding="utf-8"))
