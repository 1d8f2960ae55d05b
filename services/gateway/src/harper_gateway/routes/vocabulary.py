"""``/vocabulary``: Harper's shared words (stages, lines of coverage, carriers, industries).

The UI builds its choices from it (the new-account form's industries and lines), so the browser
offers exactly the names the services read and write.
"""

from __future__ import annotations

from fastapi import APIRouter

from harper_common.vocabulary import Vocabulary, vocabulary
from harper_gateway.responses import refusals

router = APIRouter()


@router.get("/vocabulary", response_model=Vocabulary, responses=refusals())
async def get_vocabulary() -> Vocabulary:
    """The stages in pipeline order, the lines in form order, the carriers and industries."""
    return vocabulary()
