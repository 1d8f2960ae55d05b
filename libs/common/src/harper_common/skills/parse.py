"""Read one skill folder into a Skill, checking the Agent Skills rules and Harper's stricter ones.

Agent Skills: ``name`` (lowercase letters, digits, single hyphens, at most 64, equal to the
folder's name), ``description`` (at most 1024), only the spec's frontmatter keys, ``metadata``
mapping strings to strings. Harper adds: ASCII names, no ``<`` or ``>`` in any frontmatter value
(they are pasted into the ``<available_skills>`` prompt), ``metadata`` with ``agent`` (equal to
the agent folder), ``intents``, ``tools`` and ``triggers``, and a body under 500 lines.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Final

from harper_common.skills.errors import SkillError
from harper_common.skills.frontmatter import load_frontmatter, split_skill_md
from harper_common.skills.model import INTENTS, LIST_SEPARATOR, SKILL_FILE, Agent, Skill

MAX_NAME: Final = 64
MAX_DESCRIPTION: Final = 1024
MAX_COMPATIBILITY: Final = 500
MAX_BODY_LINES: Final = 500
ALLOWED_FIELDS: Final = frozenset(
    {"name", "description", "license", "allowed-tools", "metadata", "compatibility"}
)
REQUIRED_METADATA: Final = ("agent", "intents", "tools", "triggers")

_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_TOOL = re.compile(r"[a-z][a-z0-9_]*")
_PLACEHOLDER = re.compile(r"\[[^\]]*\]")


def parse_skill(directory: Path, agent: Agent) -> Skill:
    """The skill in ``directory`` (a folder under the ``agent`` folder); SkillError if invalid."""
    path = directory / SKILL_FILE
    if not path.is_file():
        raise SkillError(directory, f"a skill folder needs a {SKILL_FILE} file (exactly that name)")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise SkillError(path, "SKILL.md is not valid UTF-8 text") from None
    frontmatter, body, _ = split_skill_md(text, path)
    fields = load_frontmatter(frontmatter, path)
    _check_fields(fields, path)
    name = _check_name(fields.get("name"), directory, path)
    description = _check_description(fields.get("description"), path)
    metadata = _check_metadata(fields.get("metadata"), agent, path)
    _check_body(body, path)
    return Skill(
        name=name,
        description=description,
        agent=agent,
        directory=directory.resolve(),
        body=body,
        intents=_check_intents(metadata["intents"], path),
        tools=_check_tools(metadata["tools"], path),
        triggers=_split_triggers(metadata["triggers"], path),
        metadata=metadata,
    )


def _check_fields(fields: dict[str, Any], path: Path) -> None:
    unknown = sorted(set(fields) - ALLOWED_FIELDS)
    if unknown:
        allowed = ", ".join(sorted(ALLOWED_FIELDS))
        raise SkillError(path, f"unknown frontmatter keys {unknown} (allowed: {allowed})")
    for key in ("license", "allowed-tools", "compatibility"):
        if key in fields:
            _text(fields[key], key, path)
    if len(fields.get("compatibility") or "") > MAX_COMPATIBILITY:
        raise SkillError(path, f"compatibility is longer than {MAX_COMPATIBILITY} characters")


def _text(value: Any, what: str, path: Path) -> str:
    """A non-blank string without '<' or '>'."""
    if not isinstance(value, str):
        kind = "nothing" if value is None else type(value).__name__
        raise SkillError(path, f"{what} must be a string, found {kind}")
    if not value.strip():
        raise SkillError(path, f"{what} must not be empty")
    if "<" in value or ">" in value:
        raise SkillError(path, f"{what} must not contain '<' or '>' (it goes into an XML prompt)")
    return value.strip()


def _check_name(value: Any, directory: Path, path: Path) -> str:
    if value is None:
        raise SkillError(path, "the frontmatter has no 'name'")
    name = _text(value, "name", path)
    if not name.isascii() or _NAME.fullmatch(name) is None:
        raise SkillError(
            path,
            f"name {name!r} must be lowercase ASCII letters and digits joined by single hyphens",
        )
    if len(name) > MAX_NAME:
        raise SkillError(path, f"name {name!r} is longer than {MAX_NAME} characters")
    if name != directory.name:
        raise SkillError(path, f"name {name!r} must equal its folder's name {directory.name!r}")
    return name


def _check_description(value: Any, path: Path) -> str:
    if value is None:
        raise SkillError(path, "the frontmatter has no 'description'")
    description = _text(value, "description", path)
    if len(description) > MAX_DESCRIPTION:
        raise SkillError(
            path,
            f"description has {len(description)} characters; at most {MAX_DESCRIPTION} allowed",
        )
    return description


def _check_metadata(value: Any, agent: Agent, path: Path) -> dict[str, str]:
    if not isinstance(value, dict):
        raise SkillError(path, f"'metadata' must be a mapping with keys {list(REQUIRED_METADATA)}")
    metadata: dict[str, str] = {}
    for key, item in value.items():
        metadata[str(key)] = _text(item, f"metadata.{key}", path)
    missing = [key for key in REQUIRED_METADATA if key not in metadata]
    if missing:
        raise SkillError(path, f"metadata lacks {missing} (Harper needs {list(REQUIRED_METADATA)})")
    if metadata["agent"] != agent:
        raise SkillError(
            path,
            f"metadata.agent is {metadata['agent']!r} but the skill is in the {agent!r} folder",
        )
    return metadata


def _check_intents(value: str, path: Path) -> tuple[str, ...]:
    intents = tuple(value.split())
    unknown = [intent for intent in intents if intent not in INTENTS]
    if unknown:
        raise SkillError(path, f"metadata.intents has {unknown}; intents are {list(INTENTS)}")
    return intents


def _check_tools(value: str, path: Path) -> tuple[str, ...]:
    tools = tuple(value.split())
    bad = [tool for tool in tools if _TOOL.fullmatch(tool) is None]
    if bad:
        raise SkillError(
            path, f"metadata.tools has {bad}; tool names are snake_case, space-separated"
        )
    return tools


def _split_triggers(value: str, path: Path) -> tuple[str, ...]:
    triggers = tuple(" ".join(part.split()) for part in value.split(LIST_SEPARATOR))
    for trigger in triggers:
        if not _PLACEHOLDER.sub("", trigger).strip():
            raise SkillError(
                path,
                f"metadata.triggers has a phrase without words: {trigger!r} "
                f"(separate phrases with {LIST_SEPARATOR!r})",
            )
    return triggers


def _check_body(body: str, path: Path) -> None:
    if not body:
        raise SkillError(path, "SKILL.md has no instructions after the frontmatter")
    lines = body.count("\n") + 1
    if lines >= MAX_BODY_LINES:
        raise SkillError(path, f"the body has {lines} lines; keep it under {MAX_BODY_LINES}")
