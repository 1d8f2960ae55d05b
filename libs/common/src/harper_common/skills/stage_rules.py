"""The follow-up rules, read from the pending-scan skill's table (one source of truth).

``skills/followup/pending-scan/references/stage-rules.md`` holds a markdown table with the header
``| stage | follow up after (days without contact) | primary channel |`` and one row per canonical
stage: days as a whole number or ``never``, channels first choice first (``email, then call``) or
``–`` for none. Claude reads the table; the local engine reads it through ``load_stage_rules``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from harper_common.memory.stages import STAGES, FollowUpRule, Stage
from harper_common.skills.errors import SkillError

STAGE_RULES_FILE: Final = ("followup", "pending-scan", "references", "stage-rules.md")
"""Where the table lives, relative to the skills root."""

HEADER: Final = ("stage", "follow up after (days without contact)", "primary channel")
CHANNELS: Final = ("email", "call", "sms")
NEVER: Final = "never"
NO_CHANNEL: Final = frozenset({"", "–", "—", "-"})

_SEPARATOR_CELL = re.compile(r":?-{3,}:?")
_CHANNEL_SPLIT = re.compile(r"\s*,\s*(?:then\s+)?|\s+then\s+")


def stage_rules_path(root: Path) -> Path:
    return root.joinpath(*STAGE_RULES_FILE)


def load_stage_rules(root: Path) -> tuple[FollowUpRule, ...]:
    """The follow-up rules of the skills under ``root``, in the table's order."""
    path = stage_rules_path(root)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SkillError(path, "the stage rules table is missing") from None
    except UnicodeDecodeError:
        raise SkillError(path, "the stage rules file is not UTF-8 text") from None
    return parse_stage_rules(text, path)


def rules_by_stage(rules: Iterable[FollowUpRule]) -> dict[Stage, FollowUpRule]:
    """The rules keyed by stage, like ``harper_common.memory.stages.FOLLOW_UP_RULES``."""
    return {rule.stage: rule for rule in rules}


def parse_stage_rules(text: str, path: Path | str = "<text>") -> tuple[FollowUpRule, ...]:
    """Parse the table; SkillError naming the line for anything off (every stage exactly once)."""
    rules: list[FollowUpRule] = []
    for number, cells in _table_rows(text.split("\n"), path):
        rule = _rule(cells, number, path)
        if any(seen.stage == rule.stage for seen in rules):
            raise SkillError(path, f"stage {rule.stage.value!r} has two rows", number)
        rules.append(rule)
    missing = [stage.value for stage in STAGES if stage not in rules_by_stage(rules)]
    if missing:
        raise SkillError(path, f"the stage rules table has no row for {missing}")
    return tuple(rules)


def _cells(line: str) -> list[str] | None:
    """The cells of a table line ``| a | b |``, or None when the line is not a table row."""
    row = line.strip()
    if len(row) < 2 or not (row.startswith("|") and row.endswith("|")):
        return None
    return [" ".join(cell.split()) for cell in row[1:-1].split("|")]


def _table_rows(lines: list[str], path: Path | str) -> list[tuple[int, list[str]]]:
    headers = [
        i for i, line in enumerate(lines) if [c.lower() for c in _cells(line) or []] == list(HEADER)
    ]
    if len(headers) != 1:
        wanted = "| " + " | ".join(HEADER) + " |"
        found = "no" if not headers else f"{len(headers)}"
        raise SkillError(path, f"expected one table headed {wanted}, found {found}")
    start = headers[0] + 1
    separator = _cells(lines[start]) if start < len(lines) else None
    if separator is None or not all(_SEPARATOR_CELL.fullmatch(c) for c in separator):
        raise SkillError(path, "the header must be followed by a '|---|---|---|' line", start + 1)
    rows: list[tuple[int, list[str]]] = []
    for index in range(start + 1, len(lines)):
        cells = _cells(lines[index])
        if cells is None:
            break
        if len(cells) != len(HEADER):
            raise SkillError(
                path, f"a row needs {len(HEADER)} cells, found {len(cells)}", index + 1
            )
        rows.append((index + 1, cells))
    return rows


def _rule(cells: list[str], line: int, path: Path | str) -> FollowUpRule:
    stage_cell, days_cell, channel_cell = cells
    try:
        stage = Stage(stage_cell)
    except ValueError:
        known = ", ".join(stage.value for stage in STAGES)
        raise SkillError(
            path, f"{stage_cell!r} is not a canonical stage (one of: {known})", line
        ) from None
    if days_cell.lower() == NEVER:
        after_days = None
    elif days_cell.isdigit():
        after_days = int(days_cell)
    else:
        raise SkillError(path, f"days must be a whole number or 'never', not {days_cell!r}", line)
    channels = _channels(channel_cell, line, path)
    if (after_days is None) != (not channels):
        raise SkillError(
            path,
            "a stage has channels exactly when it has a number of days ('never' has '–')",
            line,
        )
    return FollowUpRule(stage, after_days, channels)


def _channels(cell: str, line: int, path: Path | str) -> tuple[str, ...]:
    if cell in NO_CHANNEL:
        return ()
    channels = tuple(part.lower() for part in _CHANNEL_SPLIT.split(cell))
    unknown = [channel for channel in channels if channel not in CHANNELS]
    if unknown:
        raise SkillError(path, f"unknown channel {unknown[0]!r} (channels: {CHANNELS})", line)
    if len(set(channels)) != len(channels):
        raise SkillError(path, f"a channel is listed twice in {cell!r}", line)
    return channels
