"""One line naming each wrong field of a model that failed validation, for errors people read."""

from __future__ import annotations

from pydantic import ValidationError


def validation_problems(error: ValidationError, *, whole: str, limit: int | None = None) -> str:
    """Each wrong field and what was wrong with it ("stage: Input should be a valid string").

    ``whole`` names the model itself when the problem is not one field's ("message", "form");
    ``limit`` keeps only the first problems of a model that failed in many places.
    """
    items = error.errors(include_url=False)
    if limit is not None:
        items = items[:limit]
    return "; ".join(
        f"{'.'.join(str(part) for part in item['loc']) or whole}: {item['msg']}" for item in items
    )
