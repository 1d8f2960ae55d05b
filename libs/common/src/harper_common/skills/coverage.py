"""Coverage report: which intents and tools the skills teach, and which nothing teaches yet.

A tool no skill covers still works, but the model has no guidance on when and how to use it; an
intent no skill covers leaves an agent with nothing to activate. Tools a skill names that its
agent does not have are reported too (a typo, or a tool that was renamed).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from harper_common.skills.model import AGENTS, INTENTS, Agent, Skill

AGENT_TOOLS: Final[Mapping[Agent, tuple[str, ...]]] = {
    "search": ("lookup_account", "search_descriptions", "list_files", "read_file", "search_files"),
    "update": (
        "read_file",
        "create_account",
        "update_state",
        "append_history",
        "file_communication",
        "sync_index",
    ),
    "followup": (
        "read_file",
        "list_files",
        "scan_pending",
        "draft_message",
        "send_message",
        "record_followup",
    ),
}
"""The tools each agent's brain can call (DESIGN.md, "The brain"). Keep in step with the agents'
tool registries; the skills' ``metadata.tools`` name tools from this list."""


@dataclass(frozen=True)
class CoverageReport:
    """What the given skills cover. Every intent and every known tool of the agents appears."""

    agents: tuple[Agent, ...]
    intents: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Intent -> names of the skills covering it (empty when none does)."""
    tools: dict[Agent, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    """Agent -> its tool -> names of that agent's skills covering it."""
    unknown_tools: tuple[tuple[str, str], ...] = ()
    """(skill, tool) for tools a skill names that its agent does not have."""

    @property
    def uncovered_intents(self) -> tuple[str, ...]:
        return tuple(intent for intent, names in self.intents.items() if not names)

    @property
    def uncovered_tools(self) -> dict[Agent, tuple[str, ...]]:
        """Agent -> its tools that no skill of that agent covers (agents with none left out)."""
        gaps = {
            agent: tuple(tool for tool, names in tools.items() if not names)
            for agent, tools in self.tools.items()
        }
        return {agent: missing for agent, missing in gaps.items() if missing}

    @property
    def complete(self) -> bool:
        """Every intent and tool covered, and no skill naming a tool its agent lacks."""
        return not (self.uncovered_intents or self.uncovered_tools or self.unknown_tools)


def coverage_report(
    skills: Iterable[Skill],
    agents: Iterable[Agent] = AGENTS,
    agent_tools: Mapping[Agent, tuple[str, ...]] = AGENT_TOOLS,
    intents: Iterable[str] = INTENTS,
) -> CoverageReport:
    """Coverage of ``agents``' intents and tools by those of ``skills`` that belong to them."""
    chosen = tuple(agents)
    mine = [skill for skill in skills if skill.agent in chosen]
    by_intent = {
        intent: tuple(skill.name for skill in mine if intent in skill.intents) for intent in intents
    }
    by_tool: dict[Agent, dict[str, tuple[str, ...]]] = {
        agent: {
            tool: tuple(s.name for s in mine if s.agent == agent and tool in s.tools)
            for tool in agent_tools.get(agent, ())
        }
        for agent in chosen
    }
    unknown = tuple(
        (skill.name, tool)
        for skill in mine
        for tool in skill.tools
        if tool not in agent_tools.get(skill.agent, ())
    )
    return CoverageReport(agents=chosen, intents=by_intent, tools=by_tool, unknown_tools=unknown)
