"""The search agent counts days since contact from the same day as the follow-up agent."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from harper_common.settings import HarperSettings
from harper_search.agent import utc_today
from harper_search.service import pinned_today


def test_a_pinned_day_is_used_by_search_too(tmp_path: Path) -> None:
    pinned = HarperSettings(data_dir=tmp_path, followup_today=date(2026, 11, 22))
    assert pinned_today(pinned)() == date(2026, 11, 22)


def test_without_a_pinned_day_it_is_today(tmp_path: Path) -> None:
    assert pinned_today(HarperSettings(data_dir=tmp_path)) is utc_today
