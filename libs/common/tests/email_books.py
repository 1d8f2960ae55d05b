"""Small books for listing tests: one email per account, saying one sentence."""

from __future__ import annotations

from pathlib import Path

from fake_directory import FakeDirectory, email_hit

from harper_common.memory.paths import MemoryRoot
from harper_common.messages.index import PassageHit


def email_book(root: Path, said: dict[str, str]) -> MemoryRoot:
    """A memory root whose accounts (id -> sentence) each hold a state.md and one email of
    2026-10-08 saying the sentence (``fake_directory.email_hit`` finds it there)."""
    for account_id, sentence in said.items():
        folder = root / f"accounts/{account_id}/sources/emails/email_20261008_0900"
        folder.mkdir(parents=True)
        (folder / "raw.txt").write_text(
            "Date: 2026-10-08T09:00:00Z\nFrom: Dana <dana@example.com>\nSubject: news\n\n"
            f"{sentence}\n",
            encoding="utf-8",
        )
        (root / f"accounts/{account_id}/state.md").write_text(
            f'---\naccount_id: "{account_id}"\nname: Shop {account_id}\nstage: Intake\n'
            "version: 1\n---\n",
            encoding="utf-8",
        )
    return MemoryRoot(root)


class SaidBook(FakeDirectory):
    """A passage index finding every account's sentence (``email_book``) for any question."""

    def __init__(self, said: dict[str, str]) -> None:
        super().__init__()
        self.said = said

    def hits(self, text: str) -> list[PassageHit]:
        return [email_hit(account_id, sentence) for account_id, sentence in self.said.items()]
