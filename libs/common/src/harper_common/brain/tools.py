"""Tool specifications for the model: a name, a description, a pydantic input model.

The JSON schema sent to the API is generated from the input model (field docstrings or
descriptions become schema descriptions) and made compact (`compact_schema`): it is part of the
cached prefix of every request, and the model's answer is validated against the pydantic model
itself, which stays as strict as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from anthropic.types import CacheControlEphemeralParam, ToolParam
from pydantic import BaseModel, ValidationError

from harper_common.messages.problems import validation_problems


@dataclass(frozen=True, kw_only=True)
class ToolSpec:
    """A tool the model may call. ``input_model`` is the contract of its input."""

    name: str
    description: str
    input_model: type[BaseModel]

    def input_schema(self) -> dict[str, object]:
        """The compact JSON schema of the input (see `compact_schema`)."""
        schema = compact_schema(self.input_model.model_json_schema())
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
    problems = validation_problems(error, whole="input")
    return f"invalid input for {tool}: {problems}. Fix the input and call again."


@dataclass(frozen=True, kw_only=True)
class ToolOutcome:
    """What a tool returned, sent back to the model as a tool_result."""

    content: str
    is_error: bool = False


_DROPPED = frozenset({"title", "additionalProperties", "maxLength", "minLength", "pattern"})
"""Keys the model does not need: labels, and limits that only guard against abuse (the input
is still validated against them, and a violation is returned to the model as a tool error)."""


def compact_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A JSON schema that accepts what the pydantic model accepts, in fewer tokens: references
    inlined; titles, ``additionalProperties`` and length or pattern limits dropped; a field that
    may be left out (default null) written as its non-null type; a nested model without its
    class docstring (its fields say what they are). A null that means something (a default
    other than null) is kept."""
    definitions: dict[str, Any] = schema.get("$defs", {})

    def walk(node: Any, nested: bool) -> Any:
        if isinstance(node, list):
            return [walk(item, nested) for item in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            target = definitions[str(node["$ref"]).rsplit("/", 1)[-1]]
            inlined = walk(target, nested=True)
            extra = {k: walk(v, nested) for k, v in node.items() if k != "$ref"}
            return {**inlined, **extra}
        options = node.get("anyOf")
        absent_is_null = "default" in node and node["default"] is None
        if isinstance(options, list) and absent_is_null:
            kept = [o for o in options if o != {"type": "null"}]
            if len(kept) == 1 and len(kept) < len(options):
                merged = {**{k: v for k, v in node.items() if k != "anyOf"}, **kept[0]}
                return walk(merged, nested)
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in _DROPPED or key == "$defs":
                continue
            if key == "default" and value is None:
                continue
            if key == "description" and nested and "properties" in node:
                continue
            if key == "properties" and isinstance(value, dict):
                out[key] = {name: walk(field, nested) for name, field in value.items()}
            else:
                out[key] = walk(value, nested)
        return out

    compact: dict[str, Any] = walk(schema, nested=False)
    return compact
