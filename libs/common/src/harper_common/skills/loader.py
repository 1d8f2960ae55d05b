"""Find an agent's skills under a skills root, and disclose them level by level.

Level 1 (``available_skills_xml`` in ``prompt.py``): name, description, location. Level 2
(``activate``): the SKILL.md body. Level 3 (``read_resource``): one file under the skill's
``references/`` or ``assets/``, never anything outside them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from harper_common.skills.errors import ResourceRefused, SkillError
from harper_common.skills.model import AGENTS, RESOURCE_FOLDERS, Agent, Skill
from harper_common.skills.parse import parse_skill

_REFERENCE = re.compile(r"(?<![\w./-])((?:references|assets)/[\w./-]*\w)")


def load_skills(root: Path, agent: Agent) -> list[Skill]:
    """Every skill of ``agent``: the folders of ``<root>/<agent>/``, sorted by name.

    Hidden folders (``.name``) are skipped; any other folder must be a valid skill. An agent
    without a folder has no skills. Raises SkillError naming the file and the problem.
    """
    if agent not in AGENTS:
        raise SkillError(root, f"{agent!r} is not an agent with skills (one of {list(AGENTS)})")
    if not root.is_dir():
        raise SkillError(root, "the skills folder does not exist")
    agent_dir = root / agent
    if not agent_dir.is_dir():
        return []
    folders = sorted(p for p in agent_dir.iterdir() if p.is_dir() and not p.name.startswith("."))
    return [parse_skill(folder, agent) for folder in folders]


def load_all_skills(root: Path, agents: Iterable[Agent] = AGENTS) -> list[Skill]:
    """The skills of several agents, agent by agent; names must be unique across them."""
    skills = [skill for agent in agents for skill in load_skills(root, agent)]
    seen: dict[str, Skill] = {}
    for skill in skills:
        if skill.name in seen:
            other = seen[skill.name]
            raise SkillError(
                skill.skill_md, f"skill name {skill.name!r} is also used by {other.location}"
            )
        seen[skill.name] = skill
    return skills


def find_skill(skills: Iterable[Skill], name_or_location: str) -> Skill:
    """The skill named ``name_or_location``, or whose ``location`` it is (as a model asks)."""
    wanted = name_or_location.strip()
    for skill in skills:
        if wanted in (skill.name, skill.location):
            return skill
    raise SkillError(wanted, "no such skill among the available ones")


def activate(skill: Skill) -> str:
    """Level 2: the full instructions of SKILL.md (its body, without the frontmatter)."""
    return skill.body


def read_resource(skill: Skill, relative_path: str) -> str:
    """Level 3: a file under the skill's ``references/`` or ``assets/``, as UTF-8 text.

    Refused (ResourceRefused): empty or absolute paths, NUL bytes, backslashes, ``..`` parts,
    anything outside those two folders, and symlinks that lead out of the skill's folder.
    """
    target = _guarded(skill, relative_path)
    if not target.is_file():
        raise SkillError(skill.directory / relative_path, "no such file in the skill")
    try:
        return target.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise SkillError(target, "the resource is not UTF-8 text") from None


def _guarded(skill: Skill, relative_path: str) -> Path:
    def refuse(reason: str) -> ResourceRefused:
        return ResourceRefused(f"{skill.name}: {relative_path!r}", f"refused: {reason}")

    if not relative_path.strip():
        raise refuse("the path is empty")
    if "\x00" in relative_path or "\\" in relative_path:
        raise refuse("NUL bytes and backslashes are not allowed")
    posix = PurePosixPath(relative_path)
    if posix.is_absolute() or relative_path.startswith("~"):
        raise refuse("give the path relative to the skill's folder")
    if ".." in posix.parts:
        raise refuse("'..' is not allowed")
    parts = [part for part in posix.parts if part != "."]
    if len(parts) < 2 or parts[0] not in RESOURCE_FOLDERS:
        raise refuse(f"resources live under {' or '.join(RESOURCE_FOLDERS)}/")
    real = skill.directory.joinpath(*parts).resolve()
    if not real.is_relative_to(skill.directory):
        raise refuse("it leads out of the skill's folder")
    return real


def resources(skill: Skill) -> tuple[str, ...]:
    """The files under the skill's ``references/`` and ``assets/``, as relative POSIX paths."""
    found: list[str] = []
    for folder in RESOURCE_FOLDERS:
        base = skill.directory / folder
        if base.is_dir():
            found += [
                p.relative_to(skill.directory).as_posix() for p in base.rglob("*") if p.is_file()
            ]
    return tuple(sorted(found))


def referenced_files(skill: Skill) -> tuple[str, ...]:
    """The ``references/...`` and ``assets/...`` paths SKILL.md's body mentions, in order, once."""
    return tuple(dict.fromkeys(_REFERENCE.findall(skill.body)))
