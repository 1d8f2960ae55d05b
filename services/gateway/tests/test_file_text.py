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


def test_a_source_saved_as_an_eml_shows_the_text_the_agents_quote(tmp_path: Path) -> None:
    folder = tmp_path / "accounts" / "40004" / "sources" / "emails" / "email_20261112_1440"
    folder.mkdir(parents=True)
    eml = (
        "From: Sam Ortiz <sam@example.com>\r\nDate: 2026-11-12T14:40:00Z\r\nMIME-Version: 1.0\r\n"
        'Content-Type: text/plain; charset="utf-8"\r\nContent-Transfer-Encoding: quoted-printable'
        "\r\n\r\nRevised premium: $15,950 =E2=80=93 good through 12/12.\r\n"
    )
    (folder / "raw.txt").write_text(eml, encoding="utf-8", newline="")
    shown = read_file(MemoryRoot(tmp_path), f"{folder.relative_to(tmp_path)}/raw.txt")
    assert shown.content == (
        "From: Sam Ortiz <sam@example.com>\nDate: 2026-11-12T14:40:00Z\n\n"
        "Revised premium: $15,950 \u2013 good through 12/12.\n"
    )
    assert shown.size == len(eml.encode("utf-8"))
