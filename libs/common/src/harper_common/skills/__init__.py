"""Agent Skills for Harper's agents: discovery, strict parsing, progressive disclosure, coverage.

Skills live under a skills root (``./skills`` by default), grouped by agent:
``<root>/<agent>/<name>/SKILL.md`` plus optional ``references/`` and ``assets/``.

    skills = load_skills(root, "followup")
    prompt = available_skills_xml(skills)                      # level 1: name, description
    scan = find_skill(skills, "pending-scan")
    instructions = activate(scan)                              # level 2: the SKILL.md body
    table = read_resource(scan, "references/stage-rules.md")   # level 3, path-guarded
    rules = load_stage_rules(root)                             # the table as FollowUpRule objects
"""

from harper_common.skills.coverage import AGENT_TOOLS, CoverageReport, coverage_report
from harper_common.skills.errors import ResourceRefused, SkillError
from harper_common.skills.loader import (
    activate,
    find_skill,
    load_all_skills,
    load_skills,
    read_resource,
    referenced_files,
    resources,
)
from harper_common.skills.model import AGENTS, INTENTS, Agent, Skill
from harper_common.skills.prompt import available_skills_xml, skills_index
from harper_common.skills.stage_rules import (
    load_stage_rules,
    parse_stage_rules,
    rules_by_stage,
    stage_rules_path,
)
from harper_common.skills.triggers import matching_skills, trigger_hits, trigger_pattern

__all__ = [
    "AGENTS",
    "AGENT_TOOLS",
    "INTENTS",
    "Agent",
    "CoverageReport",
    "ResourceRefused",
    "Skill",
    "SkillError",
    "activate",
    "available_skills_xml",
    "skills_index",
    "coverage_report",
    "find_skill",
    "load_all_skills",
    "load_skills",
    "load_stage_rules",
    "matching_skills",
    "parse_stage_rules",
    "read_resource",
    "referenced_files",
    "resources",
    "rules_by_stage",
    "stage_rules_path",
    "trigger_hits",
    "trigger_pattern",
]
