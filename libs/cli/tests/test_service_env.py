"""What a service's process is started with: the launcher's settings, secrets only where due."""

from __future__ import annotations

import json
from datetime import time
from pathlib import Path

import pytest
from pydantic import ValidationError

from harper_cli.stack import service_env
from harper_common.settings import HarperSettings


def launcher(tmp_path: Path) -> HarperSettings:
    return HarperSettings(
        mem_root=tmp_path / "mem",
        data_dir=tmp_path / "data",
        admin_key="k" * 32,
        rate_limit_per_min=0,
        followup_schedule_enabled=False,
        followup_schedule_time=time(7, 30),
        metrics_port=9464,
    )


def test_settings_given_in_code_reach_every_service(tmp_path: Path) -> None:
    env = service_env(launcher(tmp_path), "search")
    assert env["HARPER_RATE_LIMIT_PER_MIN"] == "0"
    assert env["HARPER_FOLLOWUP_SCHEDULE_ENABLED"] == "false"
    assert env["HARPER_FOLLOWUP_SCHEDULE_TIME"] == "07:30:00"
    assert env["HARPER_MEM_ROOT"] == str(tmp_path / "mem")
    assert HarperSettings.model_validate({}).rate_limit_per_min != 0  # the override mattered


def test_secrets_and_the_metrics_port_go_only_where_due(tmp_path: Path) -> None:
    settings = launcher(tmp_path)
    search = service_env(settings, "search", nats_passwords={"search": "pw-search"})
    assert "HARPER_ADMIN_KEY" not in search or search["HARPER_ADMIN_KEY"] != settings.admin_key
    assert search["HARPER_NATS_PASSWORD"] == "pw-search"
    assert search.get("HARPER_METRICS_PORT") != "9464"
    assert service_env(settings, "gateway")["HARPER_ADMIN_KEY"] == settings.admin_key


def test_channel_modes_reach_a_service_and_a_wrong_one_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = launcher(tmp_path).model_copy(
        update={"followup_channel_modes": {"email": "notify-after", "sms": "review-before"}}
    )
    settings = HarperSettings.model_validate(settings.model_dump())  # as fields set in code
    env = service_env(settings, "followup")
    monkeypatch.setenv("HARPER_FOLLOWUP_CHANNEL_MODES", env["HARPER_FOLLOWUP_CHANNEL_MODES"])
    child = HarperSettings()  # as the service reads its environment
    assert child.followup_channel_modes == {"email": "notify-after", "sms": "review-before"}
    monkeypatch.setenv("HARPER_FOLLOWUP_CHANNEL_MODES", json.dumps({"fax": "auto"}))
    with pytest.raises(ValidationError, match="fax"):
        HarperSettings()


def test_the_updaters_harper_up_starts_share_one_host_so_they_use_the_file_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HARPER_UPDATER_LOCK", raising=False)
    assert service_env(launcher(tmp_path), "updater")["HARPER_UPDATER_LOCK"] == "flock"
    assert "HARPER_UPDATER_LOCK" not in service_env(launcher(tmp_path), "search")
    monkeypatch.setenv("HARPER_UPDATER_LOCK", "lease")  # an operator's choice stands
    assert service_env(launcher(tmp_path), "updater")["HARPER_UPDATER_LOCK"] == "lease"
