"""What the model is shown of tools and skills: compact, and as strict underneath as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel, Field, ValidationError

from harper_common.brain.tools import ToolSpec, compact_schema
from harper_common.skills import load_skills, skills_index

SKILLS = Path(__file__).resolve().parents[3] / "skills"


class Filters(BaseModel):
    """A long class docstring the model does not need to read."""

    stage: list[str] | None = None
    account_id: list[str] | None = Field(default=None, description="Account ids.")


class FindInput(BaseModel):
    text: str = Field(default="", max_length=20, description="Free text.")
    filters: Filters = Field(default_factory=Filters, description="Exact filters.")
    limit: int | None = Field(default=50, ge=1, description="Most to return; null for all.")


def test_a_schema_is_compact_and_keeps_what_the_model_decides_by() -> None:
    schema = compact_schema(FindInput.model_json_schema())
    text = json.dumps(schema)
    for gone in ("$defs", "$ref", "title", "additionalProperties", "maxLength", "docstring"):
        assert gone not in text
    filters = schema["properties"]["filters"]
    assert filters["description"] == "Exact filters."
    assert filters["properties"]["stage"] == {"items": {"type": "string"}, "type": "array"}
    assert filters["properties"]["account_id"]["description"] == "Account ids."
    limit = schema["properties"]["limit"]
    assert {"type": "null"} in limit["anyOf"] and limit["default"] == 50  # null means "all"


def test_the_input_is_still_validated_by_the_model_itself() -> None:
    spec = ToolSpec(name="find", description="Find.", input_model=FindInput)
    assert spec.input_schema()["type"] == "object"
    with pytest.raises(ValidationError):
        spec.parse({"text": "x" * 21})
    with pytest.raises(ValidationError):
        spec.parse({"limit": 0})
    assert spec.parse({"limit": None, "filters": {"stage": ["Quoted"]}}) == FindInput(
        limit=None, filters=Filters(stage=["Quoted"])
    )


def test_the_skills_index_has_one_line_per_skill_and_the_folder_once() -> None:
    skills = load_skills(SKILLS, "search")
    index = skills_index(skills).splitlines()
    assert index[0] == '<available_skills location="skills/search/<name>/SKILL.md">'
    assert index[-1] == "</available_skills>"
    lines = index[1:-1]
    assert [line.split(":")[0] for line in lines] == [f"- {s.name}" for s in skills]
    for skill, line in zip(skills, lines, strict=True):
        what = line.partition(": ")[2]
        assert what.endswith(".") and len(what) < len(skill.description)
        assert skill.description.startswith(what.rstrip(".")[:40])


def test_skills_of_several_agents_keep_their_own_locations() -> None:
    skills = load_skills(SKILLS, "search")[:1] + load_skills(SKILLS, "update")[:1]
    lines = skills_index(skills).splitlines()
    assert lines[0] == "<available_skills>"
    assert lines[1].startswith(f"- {skills[0].location}: ")
    assert lines[2].startswith(f"- {skills[1].location}: ")
