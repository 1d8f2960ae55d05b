"""What a loaded skill is: its frontmatter fields, its folder and its SKILL.md body."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Literal, get_args

Agent = Literal["search", "update", "followup"]
"""The agents that own skills; each has a folder of the same name under the skills root."""

AGENTS: Final[tuple[Agent, ...]] = get_args(Agent)

INTENTS: Final[tuple[str, ...]] = ("search", "update", "followup")
"""The intents the starter routes on (``unclear`` goes back to the broker, not to a skill)."""

SKILL_FILE: Final = "SKILL.md"
RESOURCE_FOLDERS: Final = ("references", "assets")
"""The folders of a skill whose files are loaded on demand (level 3)."""

LIST_SEPARATOR: Final = ";"
"""Separates trigger phrases in ``metadata.triggers`` (metadata values are strings)."""


@dataclass(frozen=True)
class Skill:
    """One skill folder, ``<root>/<agent>/<name>/``, parsed and checked.

    Level 1 of disclosure is ``name`` + ``description``; level 2 is ``body``; level 3 are the files
    under ``references/`` and ``assets/`` (read with ``read_resource``).
    """

    name: str
    description: str
    agent: Agent
    directory: Path
    """The skill's folder, resolved."""
    body: str
    """SKILL.md after the frontmatter's closing fence, without surrounding blank lines."""
    intents: tuple[str, ...] = ()
    """From ``metadata.intents`` (space-separated)."""
    tools: tuple[str, ...] = ()
    """From ``metadata.tools`` (space-separated): the agent tools the skill teaches."""
    triggers: tuple[str, ...] = ()
    """From ``metadata.triggers`` (';'-separated): phrases that should load the skill.
    ``[company]``-style brackets stand for any words."""
    metadata: dict[str, str] = field(default_factory=dict, compare=False)
    """Every ``metadata`` key as written, including ones Harper does not read."""

    @property
    def skill_md(self) -> Path:
        return self.directory / SKILL_FILE

    @property
    def location(self) -> str:
        """Where the skill's SKILL.md is, as shown to a model: ``skills/<agent>/<name>/SKILL.md``.

        Independent of where the skills root is mounted, so prompts stay byte-identical (and
        cacheable) across machines.
        """
        return f"skills/{self.agent}/{self.name}/{SKILL_FILE}"
