"""YAML frontmatter: split a file into its fields and body, and write fields back canonically.

Reading is lenient (any YAML mapping). Writing emits a fixed, small subset of YAML so that what
Harper writes reads back to the same values and renders to the same bytes.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

from harper_common.memory.errors import MemoryFormatError

_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER = Resolver()
_STR_TAG = "tag:yaml.org,2002:str"
_FENCE = "---"

# Characters YAML may read as something other than text at the start of a plain scalar are left
# out of the first position; ": " and " #" never occur because ':' and '#' are not allowed at all.
_PLAIN_BLOCK = re.compile(r"[A-Za-z0-9$(.][A-Za-z0-9 .,'()&/@+$%=~!?;\-]*")
_PLAIN_FLOW = re.compile(r"[A-Za-z0-9$(.][A-Za-z0-9 .'()&/@+$%=~!?;\-]*")
# Characters YAML refuses or folds inside a double-quoted scalar; written as \u escapes.
_UNSAFE_IN_QUOTES = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\u2028\u2029\ufffe\uffff]"
)


class Frontmatter:
    """A file split at its frontmatter fences: the mapping, the key lines and the body."""

    def __init__(self, fields: dict[str, Any], key_lines: dict[str, int], body: str) -> None:
        self.fields = fields
        self.key_lines = key_lines
        self.body = body

    def line_of(self, key: str) -> int:
        """The 1-based file line of a top-level key (the opening fence when the key is absent)."""
        return self.key_lines.get(key, 1)


def plain_text(text: str) -> str:
    """``text`` as the parsers read it: without the byte-order mark an editor may have saved at
    its start, and, when the file was saved with Windows line ends (its first line ends in
    CR LF), with plain line ends; a CR inside a body written with plain line ends is kept."""
    text = text.removeprefix("\ufeff")
    first, _, _ = text.partition("\n")
    return text.replace("\r\n", "\n") if first.endswith("\r") else text


def split_frontmatter(text: str, path: Path | str | None) -> Frontmatter:
    """Split ``---`` fenced YAML from the body; raise MemoryFormatError naming the line."""
    lines = plain_text(text).split("\n")
    if not lines or lines[0].rstrip("\r") != _FENCE:
        raise MemoryFormatError(
            path, 1, "file must start with a '---' line opening the frontmatter"
        )
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].rstrip("\r") == _FENCE)
    except StopIteration:
        raise MemoryFormatError(
            path, 1, "frontmatter opened here is never closed: no second '---' line"
        ) from None
    source = "\n".join(lines[1:end])
    try:
        fields = _load_leniently(source)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 2
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise MemoryFormatError(path, line, f"frontmatter is not valid YAML: {problem}") from None
    except (ValueError, TypeError, OverflowError) as exc:  # e.g. a date such as 2026-02-30
        line, key = _locate_unreadable_value(source)
        raise MemoryFormatError(path, line, f"{key}: value cannot be read: {exc}") from None
    if not isinstance(fields, dict):
        raise MemoryFormatError(path, 2, "frontmatter must be a mapping of 'key: value' lines")
    key_lines: dict[str, int] = {}
    for number, line in enumerate(lines[1:end], start=2):
        match = re.match(r"([^\s#:][^:]*):", line)
        if match and match.group(1).strip() not in key_lines:
            key_lines[match.group(1).strip()] = number
    return Frontmatter(
        {str(k): v for k, v in fields.items()}, key_lines, "\n".join(lines[end + 1 :])
    )


_PLAIN_LINE = re.compile(r"^([A-Za-z_][\w-]*):[ \t]+([^\s\"'\[{|>&*!%@`#-].*?)[ \t]*$")
"""A top-level ``key: value`` line whose value is written plain (no quotes, no flow, no block)."""


def _load_leniently(source: str) -> Any:
    """The frontmatter's YAML; when it is not valid YAML only because a value written by hand
    holds ": " ("lost_reason: Price: the incumbent renewed 8% lower"), the mapping read with
    every such plain value as the text it says. Otherwise YAML's own error."""
    if not source.strip():
        return {}
    try:
        return yaml.load(source, Loader=_Loader)
    except yaml.YAMLError as written:
        lines = source.split("\n")
        repaired = [_quoted_if_plain(line) for line in lines]
        if repaired == lines:
            raise
        try:
            return yaml.load("\n".join(repaired), Loader=_Loader)
        except yaml.YAMLError:
            raise written from None  # its line is the line as written


def _quoted_if_plain(line: str) -> str:
    match = _PLAIN_LINE.match(line)
    if match is None or ": " not in match.group(2):
        return line
    return f"{match.group(1)}: {quote(match.group(2))}"


def _locate_unreadable_value(source: str) -> tuple[int, str]:
    """The file line and key of the first value YAML parses but cannot turn into a value."""
    root = yaml.compose(source, Loader=yaml.SafeLoader)
    if isinstance(root, yaml.MappingNode):
        for key_node, value_node in root.value:
            try:
                yaml.SafeLoader("").construct_object(value_node, deep=True)
            except (ValueError, TypeError, OverflowError):
                return value_node.start_mark.line + 2, str(key_node.value)
    return 2, "frontmatter"


def join_frontmatter(field_lines: Sequence[str], body: str) -> str:
    """Put rendered field lines between fences, followed by the body."""
    return "\n".join([_FENCE, *field_lines, _FENCE, body])


def quote(text: str) -> str:
    """A double-quoted YAML scalar for any string (JSON escapes, which YAML accepts)."""
    quoted = json.dumps(text, ensure_ascii=False)
    return _UNSAFE_IN_QUOTES.sub(lambda m: f"\\u{ord(m.group()):04x}", quoted)


def _reads_as_text(text: str) -> bool:
    tag: str = _RESOLVER.resolve(ScalarNode, text, (True, False))  # type: ignore[no-untyped-call]
    return tag == _STR_TAG


def scalar(text: str, *, flow: bool = False) -> str:
    """A string as a YAML scalar: plain when that reads back as the same string, else quoted."""
    pattern = _PLAIN_FLOW if flow else _PLAIN_BLOCK
    if text == text.strip() and pattern.fullmatch(text) and _reads_as_text(text):
        return text
    return quote(text)


def number(value: int | float) -> str:
    """An int or a finite float as YAML 1.1 reads it back (a '.' and a signed exponent)."""
    if isinstance(value, bool) or (isinstance(value, float) and not math.isfinite(value)):
        raise ValueError(f"not a number that can be written: {value!r}")
    if isinstance(value, int):
        return str(value)
    mantissa, _, exponent = repr(value).partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    if exponent and exponent[0] not in "+-":
        exponent = "+" + exponent
    return f"{mantissa}e{exponent}" if exponent else mantissa


def timestamp(value: datetime) -> str:
    """An aware datetime as ISO 8601 UTC with a 'Z' (microseconds only when present)."""
    if value.tzinfo is None:
        raise ValueError("timestamps must be timezone-aware")
    utc = value.astimezone(UTC)
    base = utc.strftime("%Y-%m-%dT%H:%M:%S")
    return f"{base}.{utc.microsecond:06d}Z" if utc.microsecond else f"{base}Z"


def day(value: date) -> str:
    return value.isoformat()


def flow_list(items: Sequence[str]) -> str:
    return "[" + ", ".join(scalar(item, flow=True) for item in items) + "]"


def other_value(key: str, value: Any) -> list[str]:
    """Lines for a key Harper does not know: kept as read, written back in standard YAML."""
    dumped = yaml.safe_dump(
        {key: value}, default_flow_style=False, sort_keys=False, allow_unicode=True, width=4096
    )
    return dumped.rstrip("\n").split("\n")


def mapping_lines(key: str, items: Mapping[str, str]) -> list[str]:
    """A nested block mapping of strings, two-space indented."""
    return [f"{key}:", *(f"  {k}: {scalar(v)}" for k, v in items.items())]
