"""The value syntax of history bullets: plain text, or a JSON string when plain would be ambiguous.

Changes are written ``old → new``, with '–' for "no value". A value that is empty, padded, starts
with a double quote, contains an arrow or a line break, or is the '–' marker itself, is written as
a JSON string so it reads back exactly.
"""

from __future__ import annotations

import json

NONE_MARK = "–"
ARROW = " → "
_ARROWS = (" → ", " -> ")
_DECODER = json.JSONDecoder()


def write_value(value: str | None) -> str:
    if value is None:
        return NONE_MARK
    needs_quotes = (
        value == ""
        or value != value.strip()
        or value.startswith('"')
        or value == NONE_MARK
        or any(mark in value for mark in ("→", "->", "\n", "\r"))
    )
    return json.dumps(value, ensure_ascii=False) if needs_quotes else value


def read_value(text: str) -> str | None:
    """One whole value (a detail's, or one side of a change)."""
    if text.startswith('"'):
        value, end = _decode(text)
        if end == len(text):
            return value
    return None if text == NONE_MARK else text


def split_change(text: str) -> tuple[str | None, str | None] | None:
    """``old → new`` as (old, new), or None when the text is not a change."""
    if text.startswith('"'):
        try:
            old, end = _DECODER.raw_decode(text)
        except json.JSONDecodeError:
            return None
        rest = text[end:]
        arrow = next((a for a in _ARROWS if rest.startswith(a)), None)
        return (old, read_value(rest[len(arrow) :])) if arrow else None
    cuts = [(text.find(a), a) for a in _ARROWS if a in text]
    if not cuts:
        return None
    index, arrow = min(cuts)
    return read_value(text[:index]), read_value(text[index + len(arrow) :])


def _decode(text: str) -> tuple[str, int]:
    try:
        value, end = _DECODER.raw_decode(text)
    except json.JSONDecodeError:
        return text, -1
    return (value, end) if isinstance(value, str) else (text, -1)
