"""Short English words (two to five letters) and the insurance shorthand brokers type in lower
case, from ``short_words.txt`` next to this module: a lowercase mention of one of them is a word,
never an account's initials (the starter), and never a typo of a longer cue word (the search)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

SHORT_WORDS_FILE = Path(__file__).with_name("short_words.txt")


@cache
def short_words() -> frozenset[str]:
    text = SHORT_WORDS_FILE.read_text(encoding="utf-8")
    return frozenset(
        line.strip().lower() for line in text.splitlines() if line.strip() and line[0] != "#"
    )
