"""Skill files as read_file and list_files see them (``skills/search/<name>/...``).

Reading ``SKILL.md`` activates a skill (level 2); a file under its ``references/`` or
``assets/`` is level 3. Only the search agent's own skills are reachable, through the skills
library's guard.
"""

from __future__ import annotations

from harper_common.skills import Skill, SkillError, activate, find_skill, read_resource, resources


def _skill_and_rest(skills: list[Skill], path: str) -> tuple[Skill, str]:
    parts = path.strip("/").split("/")
    if len(parts) < 3 or parts[0] != "skills" or parts[1] != "search":
        raise SkillError(path, "search skills live under skills/search/<name>/")
    return find_skill(skills, parts[2]), "/".join(parts[3:])


def list_skill_files(skills: list[Skill], path: str) -> list[str]:
    """The skill locations under ``skills``/``skills/search``, or one skill's files."""
    if path.strip("/") in ("skills", "skills/search"):
        return [skill.location for skill in skills]
    skill, _ = _skill_and_rest(skills, path)
    base = skill.location.rsplit("/", 1)[0]
    return [skill.location, *(f"{base}/{resource}" for resource in resources(skill))]


def read_skill_file(skills: list[Skill], path: str) -> str:
    """SKILL.md's instructions, or one of the skill's resources."""
    skill, rest = _skill_and_rest(skills, path)
    if rest in ("", "SKILL.md"):
        return activate(skill)
    return read_resource(skill, rest)
