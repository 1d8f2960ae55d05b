"""The labelled example queries the starter learns intents from (data in ``examples/``).

Each ``examples/*.jsonl`` line is one query as a broker wrote it: ``q``, ``intent`` (search,
update, followup, unclear) and, where it was labelled, whether it is about one account
(``specific``), about the book (``cross``), which account it names (``account``) and which
description (``ref``). The rules' regression tests check every line; the embedding stage
compares an unsure query with all of them. A new wording is a new line here, not new code.

``speech_acts.jsonl`` holds short sentences per intent with the account already written as
"the account"; the other files name real-looking accounts, masked the same way as a query.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import cast, get_args

from harper_common.messages.query import Intent

EXAMPLES_DIR = Path(__file__).parent / "examples"


class ExampleError(ValueError):
    """A line of an examples file that is not a labelled query."""


@dataclass(frozen=True)
class Example:
    """One labelled query."""

    q: str
    intent: Intent
    account: str | None = None
    specific: bool | None = None
    cross: bool | None = None
    ref: str | None = None
    source: str = ""
    """The file it came from, for messages."""


_FIELDS = frozenset(("q", "intent", "account", "specific", "cross", "ref"))


def _example(line: str, where: str) -> Example:
    try:
        raw = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ExampleError(f"{where}: not JSON ({exc.msg})") from exc
    if not isinstance(raw, dict):
        raise ExampleError(f"{where}: expected an object")
    unknown = set(raw) - _FIELDS
    if unknown:
        raise ExampleError(f"{where}: unknown field(s) {sorted(unknown)}")
    text, intent = raw.get("q"), raw.get("intent")
    if not isinstance(text, str) or not text.strip():
        raise ExampleError(f"{where}: 'q' must be a non-empty string")
    if intent not in get_args(Intent):
        raise ExampleError(f"{where}: 'intent' must be one of {list(get_args(Intent))}")
    return Example(
        q=text,
        intent=cast(Intent, intent),
        account=raw.get("account"),
        specific=raw.get("specific"),
        cross=raw.get("cross"),
        ref=raw.get("ref"),
        source=where,
    )


def read_examples(path: Path) -> list[Example]:
    """The examples of one file; an `ExampleError` names the file and line of a bad one."""
    found: list[Example] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            found.append(_example(line, f"{path.name}:{number}"))
    return found


@cache
def all_examples(folder: Path = EXAMPLES_DIR) -> tuple[Example, ...]:
    """Every example under ``folder``, file by file in name order."""
    return tuple(e for path in sorted(folder.glob("*.jsonl")) for e in read_examples(path))
