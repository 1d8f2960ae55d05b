"""Turn a pydantic ValidationError about a file into a MemoryFormatError naming the line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pydantic import ValidationError

from harper_common.memory.errors import MemoryFormatError


def format_error(
    exc: ValidationError, path: Path | str | None, line_of: Callable[[str], int]
) -> MemoryFormatError:
    """The first validation problem, as 'path:line: field: what is wrong'."""
    first = exc.errors()[0]
    location = [str(part) for part in first["loc"]]
    key = location[0] if location else ""
    field = ".".join(location) or "file"
    message = first["msg"].removeprefix("Value error, ")
    if first["type"] == "missing":
        return MemoryFormatError(path, 1, f"required field {field!r} is missing")
    given = first.get("input")
    shown = f" (got {given!r})" if isinstance(given, str | int | float) else ""
    return MemoryFormatError(path, line_of(key), f"{field}: {message}{shown}")
