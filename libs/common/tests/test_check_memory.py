"""check-memory: a hand-written folder passes; each kind of damage is reported with its place."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from harper_common.memory import check_memory, read_state

HANDWRITTEN = Path(__file__).parent / "fixtures" / "handwritten"
ACCOUNT = "accounts/29041"


@pytest.fixture
def mem(tmp_path: Path) -> Path:
    copy = tmp_path / "mem"
    shutil.copytree(HANDWRITTEN, copy)
    return copy


def test_handwritten_memory_passes(mem: Path) -> None:
    report = check_memory(mem)
    assert report.ok, [p.describe() for p in report.problems]
    assert (report.accounts, report.valid_accounts, report.history_entries) == (2, 2, 2)
    assert dict(report.sources) == {"email": 1, "call": 1, "sms": 1}
    assert [p.path for p in report.warnings] == ["accounts/31007/history.md"]


def _edit(relative: str, old: str, new: str) -> Callable[[Path], None]:
    def apply(mem: Path) -> None:
        path = mem / relative
        path.write_text(path.read_text().replace(old, new, 1))

    return apply


def _remove(relative: str) -> Callable[[Path], None]:
    return lambda mem: (mem / relative).unlink()


def _create(relative: str, text: str = "x") -> Callable[[Path], None]:
    def apply(mem: Path) -> None:
        (mem / relative).parent.mkdir(parents=True, exist_ok=True)
        (mem / relative).write_text(text)

    return apply


EMAIL = f"{ACCOUNT}/sources/emails/email_20260105_1403"
DAMAGE = [
    (
        _edit(f"{ACCOUNT}/state.md", 'account_id: "29041"', 'account_id: "29042"'),
        f"{ACCOUNT}/state.md:2",
        "does not match its folder",
    ),
    (
        _edit("accounts/31007/state.md", "account_id: 31007", "account_id: 31008"),
        "accounts/31007/state.md:4",
        "does not match its folder",
    ),
    (
        _edit(f"{ACCOUNT}/state.md", "name: Maple Avenue Dental\n", ""),
        f"{ACCOUNT}/state.md:1",
        "required field 'name'",
    ),
    (
        _edit(
            f"{ACCOUNT}/history.md",
            "- **Previous**: [2026-01-15T10:00:00Z]",
            "- **Previous**: [2026-01-14T10:00:00Z]",
        ),
        f"{ACCOUNT}/history.md:12",
        "chain broken",
    ),
    (
        _edit(f"{ACCOUNT}/history.md", "## 2026-01-21T14:30:00Z", "## 2026-01-15T10:00:00Z"),
        f"{ACCOUNT}/history.md:12",
        "already used",
    ),
    (_remove(f"{EMAIL}/raw.txt"), f"{EMAIL}/raw.txt", "file is missing"),
    (_remove(f"{EMAIL}/summary.md"), f"{EMAIL}/summary.md", "file is missing"),
    (
        _edit(f"{EMAIL}/raw.txt", "Date: 2026-01-05T14:03:00Z", "Date: last Tuesday"),
        f"{EMAIL}/raw.txt:4",
        "ISO 8601",
    ),
    (
        _create(f"{ACCOUNT}/sources/faxes/f1/raw.txt"),
        f"{ACCOUNT}/sources/faxes",
        "not a sources folder",
    ),
    (
        _create(f"{ACCOUNT}/sources/emails/Bad Name/raw.txt"),
        f"{ACCOUNT}/sources/emails/Bad Name",
        "a source is a folder",
    ),
    (_create("accounts/notes.txt"), "accounts/notes.txt", "not an account folder"),
    (_create(f"{ACCOUNT}/todo.md"), f"{ACCOUNT}/todo.md", "not part of an account folder"),
    (_create("accounts/40000/history.md", ""), "accounts/40000/state.md", "file is missing"),
]


@pytest.mark.parametrize(("damage", "where", "words"), DAMAGE)
def test_damage_is_reported_with_path_line_and_reason(
    mem: Path, damage: Callable[[Path], None], where: str, words: str
) -> None:
    damage(mem)
    report = check_memory(mem)
    assert not report.ok
    described = [p.describe() for p in report.errors]
    assert any(f"error: {where}" in d and words in d for d in described), described


def test_a_file_saved_as_windows_1252_is_read_as_such_with_a_warning(mem: Path) -> None:
    state = mem / ACCOUNT / "state.md"
    text = state.read_text(encoding="utf-8")
    lines = text.split("\n")
    at = next(n for n, line in enumerate(lines) if line.startswith("name:"))
    lines[at] = "name: Caf\u00e9 Mar\u00eda\u2019s"
    state.write_bytes("\n".join(lines).encode("cp1252"))
    report = check_memory(mem)
    assert report.errors == []
    assert [p.describe() for p in report.warnings if "UTF-8" in p.message] == [
        f"warning: {ACCOUNT}/state.md:{at + 1}: not UTF-8 text (first at this line): its lines"
        " that are not UTF-8 are read as Windows-1252; Harper writes UTF-8"
    ]
    assert read_state(state).name == "Caf\u00e9 Mar\u00eda\u2019s"


def test_leftover_temp_file_is_a_warning(mem: Path) -> None:
    _create(f"{ACCOUNT}/.state.md.abc123.tmp")(mem)
    report = check_memory(mem)
    assert report.ok
    assert any("interrupted write" in p.message for p in report.warnings)


def test_not_a_memory_root(tmp_path: Path) -> None:
    report = check_memory(tmp_path)
    assert not report.ok and "no 'accounts' folder" in report.errors[0].message
