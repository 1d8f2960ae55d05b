"""Split SKILL.md into frontmatter and body, and load the frontmatter as strict YAML.

Stricter than YAML itself, so that every other Agent Skills reader (``skills-ref`` parses with
strictyaml and splits on the first ``---``) reads the same fields: the file starts with a ``---``
line, the frontmatter is closed by a ``---`` line and holds no other ``---``, keys are unique
strings, and the whole is a mapping.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from harper_common.skills.errors import SkillError

FENCE = "---"


class _UniqueKeyLoader(yaml.SafeLoader):
    """A safe loader that refuses a mapping with the same key twice."""


def _unique_mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {key!r} appears twice", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _unique_mapping)


def split_skill_md(text: str, path: Path) -> tuple[str, str, int]:
    """(frontmatter text, body, line number of the body's first line); SkillError if malformed."""
    lines = text.split("\n")
    if lines[0].rstrip("\r") != FENCE:
        raise SkillError(path, "SKILL.md must start with a '---' line opening the frontmatter", 1)
    closing = next((i for i, line in enumerate(lines[1:], 1) if line.rstrip("\r") == FENCE), None)
    if closing is None:
        raise SkillError(path, "the frontmatter is not closed by a '---' line", 1)
    inner = lines[1:closing]
    for number, line in enumerate(inner, 2):
        if FENCE in line:
            raise SkillError(
                path, "'---' inside the frontmatter ends it early for other readers", number
            )
    body = "\n".join(lines[closing + 1 :]).strip()
    return "\n".join(inner), body, closing + 2


def load_frontmatter(text: str, path: Path) -> dict[str, Any]:
    """The frontmatter's YAML as a mapping with string keys; SkillError naming the line if not."""
    try:
        data = yaml.load(text, Loader=_UniqueKeyLoader)  # a SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 2 if mark is not None else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise SkillError(path, f"invalid YAML in the frontmatter: {problem}", line) from None
    except yaml.YAMLError as exc:
        raise SkillError(path, f"invalid YAML in the frontmatter: {exc}") from None
    if not isinstance(data, dict):
        raise SkillError(path, "the frontmatter must be a YAML mapping (key: value lines)", 2)
    bad_keys = [key for key in data if not isinstance(key, str)]
    if bad_keys:
        raise SkillError(path, f"frontmatter keys must be strings, not {bad_keys[0]!r}")
    return data
