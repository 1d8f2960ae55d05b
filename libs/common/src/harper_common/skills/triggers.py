"""Trigger phrases: which skills a broker's words call for, without a model.

A trigger such as ``mark [company] as [stage]`` matches any text containing "mark", then any
words, then "as", then any words. Matching ignores case, curly apostrophes and extra spaces.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from harper_common.skills.model import Skill

_PLACEHOLDER = re.compile(r"\[[^\]]*\]")


def _normal(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").lower().split())


def trigger_pattern(trigger: str) -> re.Pattern[str]:
    """The regular expression a trigger stands for: its words as whole words, in order, and at
    least one character wherever it has a ``[placeholder]``."""
    pieces = _PLACEHOLDER.split(_normal(trigger))
    parts: list[str] = []
    for index, piece in enumerate(pieces):
        if piece.strip():
            parts.append(rf"(?<!\w){re.escape(piece.strip())}(?!\w)")
        if index < len(pieces) - 1:
            parts.append(r".+?")
    return re.compile(r"\s*".join(parts))


def trigger_hits(skill: Skill, text: str) -> tuple[str, ...]:
    """The skill's trigger phrases that match ``text``."""
    normal = _normal(text)
    return tuple(t for t in skill.triggers if trigger_pattern(t).search(normal) is not None)


def matching_skills(skills: Iterable[Skill], text: str) -> list[Skill]:
    """Skills with a trigger matching ``text``, the most specific match first.

    Specificity is the number of literal characters in the longest matching trigger, so "add a
    note to [company]" outranks "add [line] to [company]" for "add a note to Lopez Roof".
    """
    scored: list[tuple[int, int, Skill]] = []
    for order, skill in enumerate(skills):
        hits = trigger_hits(skill, text)
        if hits:
            best = max(len(_PLACEHOLDER.sub("", hit).replace(" ", "")) for hit in hits)
            scored.append((-best, order, skill))
    return [skill for _, _, skill in sorted(scored, key=lambda item: item[:2])]
