"""``harper skills``: list the agents' skills with their trigger phrases, and what they cover.

harper skills                      # every agent's skills
harper skills --agent followup     # one agent's
harper skills --coverage           # plus intents and tools covered, and the gaps
harper skills --skills-dir DIR     # default: HARPER_SKILLS_DIR, else ./skills
"""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Final

import typer
from rich.table import Table
from rich.text import Text

from harper_cli.console import err, out
from harper_common.skills import (
    AGENTS,
    INTENTS,
    CoverageReport,
    Skill,
    SkillError,
    coverage_report,
    load_all_skills,
)

SKILLS_DIR_ENV: Final = "HARPER_SKILLS_DIR"
NONE: Final = "-"


class AgentName(StrEnum):
    SEARCH = "search"
    UPDATE = "update"
    FOLLOWUP = "followup"


def default_skills_dir() -> Path:
    """``HARPER_SKILLS_DIR`` when set, else ``./skills``."""
    return Path(os.environ.get(SKILLS_DIR_ENV) or "skills")


def skills_command(
    agent: Annotated[
        AgentName | None, typer.Option("--agent", help="Only this agent's skills.")
    ] = None,
    coverage: Annotated[
        bool, typer.Option("--coverage", help="Also report the intents and tools covered.")
    ] = False,
    skills_dir: Annotated[
        Path | None,
        typer.Option("--skills-dir", help=f"Skills root (default: {SKILLS_DIR_ENV} or ./skills)."),
    ] = None,
) -> None:
    """List the skills of each agent with their trigger phrases; --coverage adds the gaps."""
    root = skills_dir if skills_dir is not None else default_skills_dir()
    if not root.is_dir():
        err.print(f"no skills folder at {root} (set {SKILLS_DIR_ENV} or --skills-dir)")
        raise typer.Exit(code=2)
    agents = tuple(a for a in AGENTS if agent is None or a == agent.value)
    try:
        skills = load_all_skills(root, agents)
    except SkillError as exc:
        err.print(Text(f"invalid skill: {exc.describe()}"))
        raise typer.Exit(code=1) from None
    out.print(Text(f"skills root: {root}"))
    out.print(skills_table(skills))
    if coverage:
        intents = INTENTS if agent is None else tuple(i for i in INTENTS if i == agent.value)
        print_coverage(coverage_report(skills, agents, intents=intents))


def skills_table(skills: list[Skill]) -> Table:
    """One row per skill: agent, name, trigger phrases (one a line) and tools."""
    table = Table(title=f"{len(skills)} skills")
    table.add_column("agent")
    table.add_column("skill", no_wrap=True)
    table.add_column("trigger phrases", overflow="fold")
    table.add_column("tools")
    for skill in skills:
        table.add_row(
            skill.agent,
            skill.name,
            Text("\n".join(skill.triggers)),
            Text("\n".join(skill.tools)),
        )
    return table


def print_coverage(report: CoverageReport) -> None:
    """Intents and tools with the skills covering them, then a line per gap."""
    intents = Table(title="coverage by intent")
    intents.add_column("intent")
    intents.add_column("skills")
    for intent, names in report.intents.items():
        intents.add_row(intent, ", ".join(names) or Text(NONE, style="red"))
    out.print(intents)
    tools = Table(title="coverage by tool")
    tools.add_column("agent")
    tools.add_column("tool")
    tools.add_column("skills")
    for agent, by_tool in report.tools.items():
        for tool, names in by_tool.items():
            tools.add_row(agent, tool, ", ".join(names) or Text(NONE, style="red"))
    out.print(tools)
    for line in coverage_gaps(report):
        out.print(Text(line))


def coverage_gaps(report: CoverageReport) -> list[str]:
    """Plain sentences naming each gap, or one saying there is none."""
    lines = [f"intent not covered by any skill: {intent}" for intent in report.uncovered_intents]
    lines += [
        f"{agent} tools not covered by any skill: {', '.join(missing)}"
        for agent, missing in report.uncovered_tools.items()
    ]
    lines += [f"skill {s} names a tool its agent lacks: {t}" for s, t in report.unknown_tools]
    return lines or ["every intent and tool is covered by a skill"]
