"""The harper command: demo-data then check-memory, refusals, and `up`'s memory preparation.

`harper up` itself (servers and services for real) is tested in tests/integration/test_harper_up.py.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harper_cli import app
from harper_cli.up_command import prepare_memory
from harper_common.settings import HarperSettings

runner = CliRunner()


def test_demo_data_then_check_memory_reports_every_account_valid(tmp_path: Path) -> None:
    mem = tmp_path / "m"
    made = runner.invoke(
        app, ["demo-data", "--accounts", "60", "--out", str(mem), "--as-of", "2026-11-22"]
    )
    assert made.exit_code == 0, made.output
    assert (tmp_path / "m-ground-truth.json").is_file()
    checked = runner.invoke(app, ["check-memory", "--mem", str(mem)])
    assert checked.exit_code == 0, checked.output
    assert "│ valid accounts  │  60 │" in checked.output
    assert "│ errors          │   0 │" in checked.output


def test_demo_data_refuses_a_root_with_accounts_and_says_why(tmp_path: Path) -> None:
    mem = tmp_path / "m"
    (mem / "accounts" / "10001").mkdir(parents=True)
    refused = runner.invoke(app, ["demo-data", "--accounts", "5", "--out", str(mem)])
    assert refused.exit_code == 2
    assert "already holds accounts" in refused.output
    assert [p.name for p in (mem / "accounts").iterdir()] == ["10001"]


def test_up_fills_an_empty_root_once(tmp_path: Path) -> None:
    mem = tmp_path / "mem"
    settings = HarperSettings(mem_root=mem, demo_accounts=12)
    prepare_memory(settings)
    state = next((mem / "accounts").iterdir()) / "state.md"
    assert len(list((mem / "accounts").iterdir())) == 12
    before = state.stat().st_mtime_ns
    prepare_memory(settings)
    assert state.stat().st_mtime_ns == before


def test_up_refuses_to_report_ready_on_broken_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    account = tmp_path / "mem" / "accounts" / "10001"
    account.mkdir(parents=True)
    (account / "state.md").write_text("---\nname: no id\n---\n")
    monkeypatch.setenv("HARPER_MEM_ROOT", str(tmp_path / "mem"))
    broken = runner.invoke(app, ["up"])
    assert broken.exit_code == 1
    assert "memory has errors" in broken.output


HANDWRITTEN = Path(__file__).resolve().parents[2] / "common" / "tests" / "fixtures" / "handwritten"
EMAIL = "accounts/29041/sources/emails/email_20260105_1403"


def test_check_memory_exit_codes_and_table(tmp_path: Path) -> None:
    mem = tmp_path / "mem"
    shutil.copytree(HANDWRITTEN, mem)
    good = runner.invoke(app, ["check-memory", "--mem", str(mem)])
    assert good.exit_code == 0, good.output
    assert "valid accounts" in good.output and "errors" in good.output
    (mem / EMAIL / "raw.txt").unlink()
    bad = runner.invoke(app, ["check-memory", "--mem", str(mem)])
    assert bad.exit_code == 1
    assert f"{EMAIL}/raw.txt: file is missing" in bad.output


@pytest.mark.parametrize(
    ("args", "env", "named"),
    [
        (["--replicas", "serch=3"], {}, "'serch' is not a service"),
        (["--replicas", "search=three"], {}, "'search=three' is not NAME=COUNT"),
        ([], {"HARPER_REPLICAS": "search=3,starter=0"}, "'starter=0' is not NAME=COUNT"),
    ],
)
def test_up_refuses_bad_replicas_naming_the_value(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    env: dict[str, str],
    named: str,
) -> None:
    monkeypatch.setenv("HARPER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("HARPER_MEM_ROOT", str(tmp_path / "mem"))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = runner.invoke(app, ["up", *args])
    assert result.exit_code == 2, result.output
    assert named in result.output
    assert not (tmp_path / "mem").exists()  # refused before anything was prepared or started
