"""Level 1 of disclosure: the ``<available_skills>`` block injected into an agent's prompt."""

from __future__ import annotations

import re
from collections.abc import Iterable
from xml.sax.saxutils import escape

from harper_common.skills.model import Skill


def available_skills_xml(skills: Iterable[Skill]) -> str:
    """Name, description and location of each skill, XML-escaped, in the order given.

    The text depends only on the skills (locations are ``skills/<agent>/<name>/SKILL.md``
    whatever the root), so the prompt is identical from run to run and caches well.
    """
    lines = ["<available_skills>"]
    for skill in skills:
        lines += [
            "  <skill>",
            f"    <name>{escape(skill.name)}</name>",
            f"    <description>{escape(skill.description)}</description>",
            f"    <location>{escape(skill.location)}</location>",
            "  </skill>",
        ]
    lines.append("</available_skills>")
    return "\n".join(lines)


_FIRST_SENTENCE = re.compile(r"^(.+?[.!?])(?:\s|$)", re.S)


def skills_index(skills: Iterable[Skill]) -> str:
    """The compact level 1: one line per skill, its name and what it does (the first sentence
    of its description, up to a colon that opens a list of details); the rest (when to use it,
    examples) is read in SKILL.md on demand. Where the skills all sit at
    ``<folder>/<name>/SKILL.md`` the folder is said once. Stable from run to run, like
    `available_skills_xml`."""
    chosen = list(skills)
    folders = {skill.location.removesuffix(f"/{skill.name}/SKILL.md") for skill in chosen}
    shared = len(folders) == 1 and all(
        skill.location.endswith(f"/{skill.name}/SKILL.md") for skill in chosen
    )
    head = (
        f'<available_skills location="{escape(folders.pop())}/<name>/SKILL.md">'
        if shared
        else "<available_skills>"
    )
    lines = [head]
    for skill in chosen:
        what = _what_it_does(skill.description)
        where = skill.name if shared else skill.location
        lines.append(f"- {escape(where)}: {escape(what)}")
    lines.append("</available_skills>")
    return "\n".join(lines)


def _what_it_does(description: str) -> str:
    found = _FIRST_SENTENCE.match(description.strip())
    sentence = " ".join((found.group(1) if found else description).split())
    head, colon, _ = sentence.partition(": ")
    return f"{head}." if colon and len(head.split()) >= 6 else sentence
