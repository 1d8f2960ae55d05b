"""Tool specifications for the model: a name, a description, a pydantic input model.

The JSON schema sent to the API is generated from the input model (field docstrings or
descriptions become schema descriptions), and the model's answer is validated against it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from anthropic.types import CacheControlEphemeralParam, ToolParam
from pydantic import BaseModel, ValidationError


@dataclass(frozen=True, kw_only=True)
class ToolSpec:
    """A tool the model may call. ``input_model`` is the contract of its input."""

    name: str
    description: str
    input_model: type[BaseModel]

    def input_schema(self) -> dict[str, object]:
        """The JSON schema of the input, without pydantic's top-level title."""
        schema: dict[str, Any] = self.input_model.model_json_schema()
        schema.pop("title", None)
        schema.setdefault("type", "object")
        return schema

    def to_param(self, *, cache: bool = False) -> ToolParam:
        """The tool definition for the Messages API; ``cache`` ends a cached prefix here."""
        param = ToolParam(
            name=self.name, description=self.description, input_schema=self.input_schema()
        )
        if cache:
            param["cache_control"] = CacheControlEphemeralParam(type="ephemeral")
        return param

    def parse(self, raw: dict[str, object]) -> BaseModel:
        """Validate the model's input; raises `pydantic.ValidationError` when it does not fit."""
        return self.input_model.model_validate(raw)


def describe_invalid_input(tool: str, error: ValidationError) -> str:
    """A short message for the model naming each wrong field and what was wrong with it."""
    problems = []
    for item in error.errors(include_url=False):
        where = ".".join(str(part) for part in item["loc"]) or "input"
        problems.append(f"{where}: {item['msg']}")
    return f"invalid input for {tool}: " + "; ".join(problems) + ". Fix the input and call again."


@dataclass(frozen=True, kw_only=True)
class ToolOutcome:
    """What a tool returned, sent back to the model as a tool_result."""

    content: str
    is_error: bool = False
