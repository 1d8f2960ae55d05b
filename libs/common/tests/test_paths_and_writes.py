"""The memory path guard, atomic replacement and stage aliases."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from harper_common.memory import (
    Channel,
    MemoryRoot,
    PathRefused,
    Stage,
    UnknownStage,
    atomic_write_text,
    canonical_stage,
)


@pytest.fixture
def root(tmp_path: Path) -> MemoryRoot:
    account = tmp_path / "mem" / "accounts" / "29041"
    account.mkdir(parents=True)
    (account / "state.md").write_text("x")
    (tmp_path / "secret.txt").write_text("secret")
    return MemoryRoot(tmp_path / "mem")


def test_resolves_paths_inside_account_folders(root: MemoryRoot) -> None:
    path = root.resolve("accounts/29041/state.md")
    assert path == root.root / "accounts" / "29041" / "state.md"
    assert root.relative(path) == "accounts/29041/state.md"
    assert root.resolve("./accounts/29041/sources/emails/e_1/raw.txt").name == "raw.txt"
    assert root.source_dir("29041", Channel.CALL, "call_1").parts[-3:] == (
        "sources",
        "calls",
        "call_1",
    )


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("accounts/29041/../../../secret.txt", "'..' is not allowed"),
        ("../secret.txt", "'..' is not allowed"),
        ("/etc/passwd", "absolute paths are not allowed"),
        ("~/notes", "absolute paths are not allowed"),
        ("accounts/29041/state.md\x00.txt", "NUL byte"),
        ("accounts\\29041\\state.md", "use '/'"),
        ("", "empty"),
        ("skills/search/SKILL.md", "start with 'accounts/<account id>/'"),
        ("accounts/abc/state.md", "start with 'accounts/<account id>/'"),
        ("accounts", "start with 'accounts/<account id>/'"),
    ],
)
def test_refuses_paths_with_a_clear_reason(root: MemoryRoot, path: str, reason: str) -> None:
    with pytest.raises(PathRefused) as caught:
        root.resolve(path)
    assert reason in str(caught.value)


def test_refuses_symlinks_leading_out(root: MemoryRoot, tmp_path: Path) -> None:
    account = root.root / "accounts" / "29041"
    (account / "leak.md").symlink_to(tmp_path / "secret.txt")
    (root.root / "accounts" / "77").symlink_to(account)
    with pytest.raises(PathRefused, match="leads out"):
        root.resolve("accounts/29041/leak.md")
    with pytest.raises(PathRefused, match="leads out"):
        root.resolve("accounts/77/state.md")


def test_account_and_source_ids_are_checked(root: MemoryRoot) -> None:
    with pytest.raises(PathRefused, match="string of digits"):
        root.account_dir("29041/../x")
    with pytest.raises(PathRefused, match="a-z, 0-9"):
        root.source_dir("29041", Channel.EMAIL, "../../x")
    with pytest.raises(PathRefused, match="string of digits"):
        root.account_dir("29041\n")
    with pytest.raises(PathRefused, match="a-z, 0-9"):
        root.source_dir("29041", Channel.EMAIL, "call_1\n")
    assert root.account_ids() == ["29041"]


def test_atomic_write_replaces_and_leaves_no_temp(tmp_path: Path) -> None:
    path = tmp_path / "state.md"
    path.write_text("old")
    atomic_write_text(path, "new ✓")
    assert path.read_text(encoding="utf-8") == "new ✓"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.md"]
    assert (path.stat().st_mode & 0o777) == 0o644


def test_failed_atomic_write_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "state.md"
    path.write_text("old")

    def crash(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        atomic_write_text(path, "new")
    assert path.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.md"]


@pytest.mark.parametrize(
    ("text", "stage"),
    [
        ("Submission", Stage.SUBMITTED),
        ("application", Stage.APPLICATION_RECEIVED),
        ("Quote Pitched", Stage.QUOTED),
        ("new", Stage.NEW_LEAD),
        (" closed-won ", Stage.CLOSED_WON),
        ("Bound", Stage.BOUND),
        ("app received", Stage.APPLICATION_RECEIVED),
    ],
)
def test_stage_aliases_map_to_canonical(text: str, stage: Stage) -> None:
    assert canonical_stage(text) is stage


def test_unknown_stage_lists_the_canonical_ones() -> None:
    with pytest.raises(UnknownStage, match="'Pending' is not a known stage .*New Lead, Intake"):
        canonical_stage("Pending")
