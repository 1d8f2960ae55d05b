"""The skills under ./skills and their loader: spec validity, Harper's stricter rules, the three
levels of disclosure, the stage rules table (kept equal to FOLLOW_UP_RULES), coverage.
`harper skills` is tested in libs/cli/tests/test_skills_command.py."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import skills_ref

from harper_common.memory import (
    FOLLOW_UP_RULES,
    Stage,
    canonical_stage,
    parse_history,
    parse_state,
    render_history,
    render_state,
)
from harper_common.memory.stages import FollowUpRule
from harper_common.skills import (
    AGENTS,
    INTENTS,
    ResourceRefused,
    Skill,
    SkillError,
    activate,
    available_skills_xml,
    coverage_report,
    find_skill,
    load_all_skills,
    load_skills,
    load_stage_rules,
    matching_skills,
    parse_stage_rules,
    read_resource,
    referenced_files,
    resources,
    rules_by_stage,
)

ROOT = Path(__file__).resolve().parents[3] / "skills"
EXPECTED = {
    "search": ["description-search", "file-navigation", "name-lookup", "text-search"],
    "update": ["account-create", "history-chain", "qdrant-sync", "state-edit"],
    "followup": ["action-execute", "communication-draft", "pending-scan"],
}
SKILL_DIRS = [ROOT / agent / name for agent, names in EXPECTED.items() for name in names]


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.fixture(scope="module")
def all_skills() -> list[Skill]:
    return load_all_skills(ROOT)


# --- the skills folder --------------------------------------------------------------------


def test_each_agent_has_the_skills_the_spec_lists() -> None:
    for agent, names in EXPECTED.items():
        assert sorted(p.name for p in (ROOT / agent).iterdir() if p.is_dir()) == names
        assert [s.name for s in load_skills(ROOT, agent)] == names


@pytest.mark.parametrize("skill_dir", SKILL_DIRS, ids=_id)
def test_agentskills_command_validates_the_skill(skill_dir: Path) -> None:
    command = shutil.which("agentskills", path=str(Path(sys.executable).parent)) or "agentskills"
    done = subprocess.run(
        [command, "validate", str(skill_dir)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Valid skill" in done.stdout


@pytest.mark.parametrize("skill_dir", SKILL_DIRS, ids=_id)
def test_skills_ref_api_validates_and_reads_what_we_read(skill_dir: Path) -> None:
    assert skills_ref.validate(skill_dir) == []
    props = skills_ref.read_properties(skill_dir)
    ours = find_skill(load_skills(ROOT, skill_dir.parent.name), skill_dir.name)  # type: ignore[arg-type]
    assert (props.name, props.description, props.metadata) == (
        ours.name,
        ours.description,
        ours.metadata,
    )


@pytest.mark.parametrize("skill_dir", SKILL_DIRS, ids=_id)
def test_stricter_rules_hold(skill_dir: Path) -> None:
    skill = find_skill(load_skills(ROOT, skill_dir.parent.name), skill_dir.name)  # type: ignore[arg-type]
    assert skill.name.isascii() and skill.name == skill_dir.name
    values = [skill.name, skill.description, *skill.metadata.keys(), *skill.metadata.values()]
    assert not [v for v in values if "<" in v or ">" in v]
    assert skill.body.count("\n") + 1 < 500
    assert " Use " in skill.description or skill.description.startswith("Use ")
    assert skill.metadata["agent"] == skill_dir.parent.name
    assert len(skill.triggers) >= 3 and skill.tools and skill.intents
    referenced = referenced_files(skill)
    missing = [ref for ref in referenced if not (skill_dir / ref).is_file()]
    assert not missing, f"{skill.location} refers to missing files {missing}"
    unreachable = sorted(set(resources(skill)) - set(referenced))
    assert not unreachable, f"{skill.location} never mentions {unreachable}"
    assert all(path.is_relative_to(skill_dir) for path in skill_dir.rglob("*"))
    assert all(p.name.isascii() and " " not in p.name for p in skill_dir.rglob("*"))


def test_resources_the_spec_names_exist() -> None:
    assert (ROOT / "search/file-navigation/references/directory-structure.md").is_file()
    assert (ROOT / "update/history-chain/references/format-examples.md").is_file()
    assert (ROOT / "followup/pending-scan/references/stage-rules.md").is_file()
    assets = ROOT / "followup/communication-draft/assets"
    for channel in ("email", "call-script", "sms"):
        assert (assets / f"{channel}-template.md").is_file()
    assert (ROOT / "followup/communication-draft/references/tone-and-length.md").is_file()


def test_skill_names_are_unique_across_agents(all_skills: list[Skill]) -> None:
    names = [skill.name for skill in all_skills]
    assert len(names) == len(set(names)) == 11


# --- the examples in the skills parse as Harper's memory format -----------------------------

_BLOCK = re.compile(r"```markdown\n(.*?)```", re.DOTALL)


def _markdown_blocks() -> list[tuple[str, str]]:
    found = []
    for path in sorted(ROOT.rglob("*.md")):
        for block in _BLOCK.findall(path.read_text(encoding="utf-8")):
            found.append((str(path.relative_to(ROOT)), block))
    return found


def test_history_examples_parse_and_render_back_unchanged() -> None:
    blocks = [(f, b) for f, b in _markdown_blocks() if b.startswith("## 20")]
    assert len(blocks) >= 10
    for file, block in blocks:
        assert render_history(parse_history(block, file)) == block, file


def test_state_examples_parse_and_render_back_unchanged() -> None:
    blocks = [
        (f, b) for f, b in _markdown_blocks() if b.startswith("---\naccount_id:") and "{{" not in b
    ]
    assert blocks
    for file, block in blocks:
        assert render_state(parse_state(block, file)) == block, file


def test_stage_alias_table_agrees_with_canonical_stage() -> None:
    text = (ROOT / "search/description-search/references/filters.md").read_text(encoding="utf-8")
    section = text.split("## Stages and the aliases brokers use")[1].split("\n## ")[0]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    checked = 0
    for stage, aliases in rows[1:]:
        for alias in aliases.split(","):
            assert canonical_stage(alias.strip()) == Stage(stage.strip())
            checked += 1
    assert checked >= 20


# --- disclosure levels ----------------------------------------------------------------------


@pytest.mark.parametrize("agent", AGENTS)
def test_available_skills_xml_lists_exactly_the_agents_skills(agent: str) -> None:
    skills = load_skills(ROOT, agent)  # type: ignore[arg-type]
    tree = ET.fromstring(available_skills_xml(skills))
    assert tree.tag == "available_skills"
    entries = [(s.findtext("name"), s.findtext("location")) for s in tree.findall("skill")]
    assert entries == [(name, f"skills/{agent}/{name}/SKILL.md") for name in EXPECTED[agent]]
    others = {n for a, names in EXPECTED.items() if a != agent for n in names}
    assert not others & {name for name, _ in entries}
    descriptions = [s.findtext("description") for s in tree.findall("skill")]
    assert descriptions == [skill.description for skill in skills]


def test_xml_escapes_text(tmp_path: Path) -> None:
    skill = Skill("odd", 'Fish & chips <b> "quoted"', "search", tmp_path, "# Odd")
    xml = available_skills_xml([skill])
    assert "&amp;" in xml and "&lt;b&gt;" in xml
    assert ET.fromstring(xml).findtext("skill/description") == skill.description


def test_activate_returns_the_whole_body(all_skills: list[Skill]) -> None:
    for skill in all_skills:
        text = skill.skill_md.read_text(encoding="utf-8")
        body = activate(skill)
        assert body.startswith("# ") and text.rstrip().endswith(body)
        assert "description:" not in body.splitlines()[0]


def test_read_resource_reads_references_and_assets(all_skills: list[Skill]) -> None:
    scan = find_skill(all_skills, "skills/followup/pending-scan/SKILL.md")
    assert "| Quoted | 2 | call, then email |" in read_resource(scan, "references/stage-rules.md")
    draft = find_skill(all_skills, "communication-draft")
    assert "VOICEMAIL" in read_resource(draft, "./assets/call-script-template.md")


@pytest.mark.parametrize(
    "path",
    [
        "../state-edit/SKILL.md",
        "references/../../action-execute/SKILL.md",
        "references/../SKILL.md",
        "/etc/passwd",
        "~/secrets",
        "SKILL.md",
        "references",
        "",
        "references\\stage-rules.md",
        "references/\x00stage-rules.md",
    ],
)
def test_read_resource_refuses_paths_out_of_the_resource_folders(
    all_skills: list[Skill], path: str
) -> None:
    scan = find_skill(all_skills, "pending-scan")
    with pytest.raises(ResourceRefused, match="refused"):
        read_resource(scan, path)


def test_read_resource_refuses_a_symlink_out_and_names_a_missing_file(tmp_path: Path) -> None:
    skill_dir = _write_skill(tmp_path, "search", "probe")
    (skill_dir / "references").mkdir()
    outside = tmp_path / "outside.md"
    outside.write_text("secret")
    (skill_dir / "references" / "leak.md").symlink_to(outside)
    skill = load_skills(tmp_path, "search")[0]
    with pytest.raises(ResourceRefused, match="leads out"):
        read_resource(skill, "references/leak.md")
    with pytest.raises(SkillError, match="no such file") as missing:
        read_resource(skill, "references/nothing.md")
    assert not isinstance(missing.value, ResourceRefused)


def test_triggers_pick_the_skill_a_broker_means(all_skills: list[Skill]) -> None:
    cases = {
        "What's the status of Sunny Days Childcare?": "name-lookup",
        "Which accounts are quoted in Texas?": "description-search",
        "did anyone mention loss runs?": "text-search",
        "Mark Sunny Days Childcare as Quoted, $2,600 premium": "state-edit",
        "yes, create it": "account-create",
        "Which accounts need follow-up?": "pending-scan",
        "Follow up with Maple Avenue Dental": "communication-draft",
        "send it": "action-execute",
    }
    for query, expected in cases.items():
        names = [skill.name for skill in matching_skills(all_skills, query)]
        assert names and names[0] == expected, (query, names)
    assert matching_skills(all_skills, "good morning, Harper") == []


# --- strict parsing -------------------------------------------------------------------------

GOOD_FRONTMATTER = """name: probe
description: Probe things. Use when probing.
metadata:
  agent: search
  intents: search
  tools: read_file
  triggers: probe [thing]; poke [thing]"""


def _write_skill(
    root: Path, agent: str, name: str, frontmatter: str = GOOD_FRONTMATTER, body: str = "# Probe\n"
) -> Path:
    folder = root / agent / name
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(f"---\n{frontmatter}\n---\n{body}", encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("frontmatter", "problem"),
    [
        (GOOD_FRONTMATTER.replace("name: probe", "name: other"), "must equal its folder"),
        (GOOD_FRONTMATTER.replace("name: probe", "name: Probe"), "lowercase ASCII"),
        (GOOD_FRONTMATTER.replace("name: probe", "name: prob\u00e9"), "lowercase ASCII"),
        (GOOD_FRONTMATTER + "\nversion: 2", "unknown frontmatter keys ['version']"),
        (GOOD_FRONTMATTER.replace("Probe things.", "x" * 1025), "at most 1024"),
        (GOOD_FRONTMATTER.replace("Probe things.", "Probe <b>things</b>."), "'<' or '>'"),
        (GOOD_FRONTMATTER.replace("tools: read_file", "tools: [read_file]"), "must be a string"),
        (GOOD_FRONTMATTER + "\nname: again", "appears twice"),
        (GOOD_FRONTMATTER.replace("agent: search", "agent: update"), "'search' folder"),
        (GOOD_FRONTMATTER.replace("intents: search", "intents: chat"), "intents"),
        (GOOD_FRONTMATTER.replace("  tools: read_file\n", ""), "lacks ['tools']"),
        (GOOD_FRONTMATTER.replace("Probe things.", "Probe --- things."), "'---' inside"),
        (GOOD_FRONTMATTER.replace("poke [thing]", "[thing]"), "without words"),
        ("name: probe\ndescription: [unclosed", "invalid YAML"),
        ("- a list", "must be a YAML mapping"),
    ],
)
def test_bad_frontmatter_is_refused_naming_file_and_problem(
    tmp_path: Path, frontmatter: str, problem: str
) -> None:
    _write_skill(tmp_path, "search", "probe", frontmatter)
    with pytest.raises(SkillError) as raised:
        load_skills(tmp_path, "search")
    assert problem in raised.value.problem
    assert raised.value.path.endswith(os.path.join("search", "probe", "SKILL.md"))


def test_missing_fence_long_body_and_missing_skill_md_are_refused(tmp_path: Path) -> None:
    folder = _write_skill(tmp_path, "search", "probe", body="# Probe\n" + "line\n" * 500)
    with pytest.raises(SkillError, match="under 500"):
        load_skills(tmp_path, "search")
    (folder / "SKILL.md").write_text(f"---\n{GOOD_FRONTMATTER}\n# no closing fence\n")
    with pytest.raises(SkillError, match="not closed"):
        load_skills(tmp_path, "search")
    (folder / "SKILL.md").unlink()
    with pytest.raises(SkillError, match="needs a SKILL.md"):
        load_skills(tmp_path, "search")


def test_a_name_used_by_two_agents_is_refused(tmp_path: Path) -> None:
    _write_skill(tmp_path, "search", "probe")
    _write_skill(tmp_path, "update", "probe", GOOD_FRONTMATTER.replace("search", "update"))
    assert [s.name for s in load_skills(tmp_path, "update")] == ["probe"]
    with pytest.raises(SkillError, match="also used by skills/search/probe"):
        load_all_skills(tmp_path)


# --- the stage rules: one table, equal to FOLLOW_UP_RULES -----------------------------------


def test_stage_rules_from_the_skill_equal_follow_up_rules() -> None:
    rules = load_stage_rules(ROOT)
    assert rules == tuple(FOLLOW_UP_RULES.values())
    assert rules_by_stage(rules) == FOLLOW_UP_RULES
    assert all(isinstance(rule, FollowUpRule) for rule in rules)


TABLE = (ROOT / "followup/pending-scan/references/stage-rules.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("| Quoted | 2 |", "| Quote Pitched | 2 |", "not a canonical stage"),
        ("| Quoted | 2 |", "| Quoted | two |", "whole number or 'never'"),
        ("call, then email", "call, then fax", "unknown channel 'fax'"),
        ("| Bound | never | – |", "| Bound | never | email |", "exactly when"),
        ("| Bound | never | – |\n", "", "no row for ['Bound']"),
        ("| Intake | 2 |", "| New Lead | 2 |", "two rows"),
        ("| stage | follow", "| stages | follow", "expected one table"),
    ],
)
def test_a_broken_stage_table_is_refused_with_its_line(old: str, new: str, problem: str) -> None:
    assert old in TABLE
    with pytest.raises(SkillError, match=re.escape(problem)) as raised:
        parse_stage_rules(TABLE.replace(old, new, 1), "stage-rules.md")
    assert raised.value.path == "stage-rules.md"


def test_channel_order_is_kept() -> None:
    rules = rules_by_stage(parse_stage_rules(TABLE))
    assert rules[Stage.APPLICATION_RECEIVED].channels == ("email", "call")
    assert rules[Stage.QUOTED].channels == ("call", "email")
    assert rules[Stage.CLOSED_LOST].after_days is None


# --- coverage -------------------------------------------------------------------------------


def test_coverage_lists_every_intent_and_names_no_unknown_tool(all_skills: list[Skill]) -> None:
    report = coverage_report(all_skills)
    assert tuple(report.intents) == INTENTS
    assert all(report.intents[intent] for intent in INTENTS)
    assert report.uncovered_intents == ()
    assert report.unknown_tools == ()
    assert report.tools["search"]["search_files"] == ("text-search",)
    assert report.tools["followup"]["scan_pending"] == ("pending-scan",)


def test_coverage_reports_gaps(all_skills: list[Skill]) -> None:
    search_only = [s for s in all_skills if s.agent == "search" and s.name != "text-search"]
    report = coverage_report(
        search_only,
        agent_tools={"search": ("search_files", "lookup_account", "read_file", "teleport")},
    )
    assert report.uncovered_intents == ("update", "followup")
    assert report.uncovered_tools["search"] == ("search_files", "teleport")
    odd = Skill("odd", "Odd. Use never.", "search", ROOT, "# Odd", ("search",), ("grep",))
    assert coverage_report([odd]).unknown_tools == (("odd", "grep"),)
    assert not coverage_report([odd]).complete
