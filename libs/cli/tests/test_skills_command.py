"""`harper skills`: the skills of every agent with their triggers, one agent's, coverage, refusals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from harper_cli import app
from harper_common.skills import INTENTS

ROOT = Path(__file__).resolve().parents[3] / "skills"
EXPECTED = {
    "search": ["description-search", "file-navigation", "name-lookup", "text-search"],
    "update": ["account-create", "history-chain", "qdrant-sync", "state-edit"],
    "followup": ["action-execute", "communication-draft", "pending-scan"],
}
BAD_NAME = "name: Probe\ndescription: Probe things. Use when probing."
runner = CliRunner()


def test_cli_lists_skills_with_triggers_and_coverage(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    result = runner.invoke(app, ["skills", "--skills-dir", str(ROOT), "--coverage"])
    assert result.exit_code == 0, result.output
    for names in EXPECTED.values():
        for name in names:
            assert name in result.output
    assert "what's the status of [company]" in result.output
    assert "which accounts need follow-up" in result.output
    assert "coverage by intent" in result.output and "coverage by tool" in result.output
    for intent in INTENTS:
        assert re.search(rf"│ {intent}\s+│ \w", result.output), intent


def test_cli_filters_by_agent_and_reads_the_env_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("HARPER_SKILLS_DIR", str(ROOT))
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["skills", "--agent", "followup"])
    assert result.exit_code == 0, result.output
    assert "pending-scan" in result.output and "send it" in result.output
    assert "name-lookup" not in result.output and "coverage" not in result.output
    covered = runner.invoke(app, ["skills", "--agent", "update", "--coverage"])
    assert covered.exit_code == 0, covered.output
    assert re.search(r"│ update\s+│ account-create", covered.output)
    assert not re.search(r"│ (search|followup)\s+│", covered.output)
    assert "lookup_account" not in covered.output


def test_cli_refuses_a_missing_folder_and_an_invalid_skill(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HARPER_SKILLS_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    missing = runner.invoke(app, ["skills"])
    assert missing.exit_code == 2 and "no skills folder" in missing.output
    folder = tmp_path / "skills" / "search" / "probe"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(f"---\n{BAD_NAME}\n---\n# Probe\n", encoding="utf-8")
    invalid = runner.invoke(app, ["skills"])
    assert invalid.exit_code == 1
    assert "SKILL.md" in invalid.output and "lowercase ASCII" in invalid.output
