"""Level 1 of disclosure: the ``<available_skills>`` block injected into an agent's prompt."""

from __future__ import annotations

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
