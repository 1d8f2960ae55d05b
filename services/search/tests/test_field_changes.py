"""Which accounts changed a field: read from history.md, where each change is old → new."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from harper_common.memory.paths import MemoryRoot
from harper_common.skills import load_skills
from harper_search.field_changes import HistoryChanges, changed_fields_asked
from harper_search.listing_words import load_listing_words

CREATED = """## 2026-06-05T14:30:00Z

Account created from the owner's email.

- **stage**: – → New Lead
- **primary_contact**: – → Ines Varga
- **Evidence**: Email 2026-06-05
- **By**: updater

---
"""

HANDED_OVER = """
## 2026-09-30T14:20:00Z

Ines retires at month end; Tomas Reyes handles insurance from now on.

- **primary_contact**: Ines Varga → Tomas Reyes
- **Evidence**: Email 2026-09-30
- **By**: updater
- **Previous**: [2026-06-05T14:30:00Z](#2026-06-05t143000z)

---
"""


def history(root: Path, account_id: str, text: str) -> Path:
    folder = root / "accounts" / account_id
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "history.md"
    path.write_text(text, encoding="utf-8")
    return path


SKILLS = Path(__file__).resolve().parents[3] / "skills"


@pytest.fixture
def change_words() -> frozenset[str]:
    return load_listing_words(load_skills(SKILLS, "search")).change_words


def test_a_question_asks_for_changes_with_a_word_of_change_and_a_field(
    change_words: frozenset[str],
) -> None:
    assert changed_fields_asked("did any clients swap their point person", change_words) == (
        "primary_contact",
    )
    assert changed_fields_asked("whose premium changed", change_words) == ("premium",)
    assert changed_fields_asked("which accounts have a premium over 20k", change_words) == ()
    assert changed_fields_asked("which accounts changed anything", change_words) == ()


def test_a_value_replacing_another_is_a_change_and_a_first_value_is_not(tmp_path: Path) -> None:
    history(tmp_path, "1", CREATED)
    path = history(tmp_path, "2", CREATED + HANDED_OVER)
    changes = HistoryChanges(MemoryRoot(tmp_path))
    found = changes.changing(["1", "2", "3"], ("primary_contact",))
    assert list(found) == ["2"]
    change = found["2"]
    assert (change.old, change.new, change.when[:10]) == ("Ines Varga", "Tomas Reyes", "2026-09-30")
    assert change.summary.startswith("Ines retires") and change.path == "accounts/2/history.md"
    assert changes.changing(["2"], ("stage",)) == {}

    # the file is read again once it changes (an edit from outside Harper, or a new entry)
    path.write_text(CREATED, encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert changes.changing(["2"], ("primary_contact",)) == {}


def test_a_malformed_history_is_no_change_and_no_crash(tmp_path: Path) -> None:
    history(tmp_path, "1", "## not a timestamp\n\n- **stage**: a → b\n")
    assert HistoryChanges(MemoryRoot(tmp_path)).of("1") == []
