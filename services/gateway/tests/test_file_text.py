"""``/file`` shows a memory file's text as the agents read it: UTF-8, or Windows-1252 where a
tool saved it so ("ANSI")."""

from __future__ import annotations

from pathlib import Path

from harper_common.memory.paths import MemoryRoot
from harper_gateway.files import read_file


def test_a_file_saved_as_windows_1252_shows_its_characters(tmp_path: Path) -> None:
    account = tmp_path / "accounts" / "40004"
    account.mkdir(parents=True)
    text = "---\nname: Caf\u00e9 Ren\u00e9\u2019s\n---\n"
    (account / "state.md").write_bytes(text.encode("cp1252"))
    shown = read_file(MemoryRoot(tmp_path), "accounts/40004/state.md")
    assert shown.content == text and shown.size == len(text.encode("cp1252"))
    (account / "state.md").write_text(text, encoding="utf-8")
    assert read_file(MemoryRoot(tmp_path), "accounts/40004/state.md").content == text
