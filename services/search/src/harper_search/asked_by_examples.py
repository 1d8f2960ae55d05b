"""What a question asks of one account, read by its closest labelled examples when its words
name no field the engine knows ("digits for the kite shop", "who wrote them").

The examples are data (the description-search skill's ``categories.md``, "What a question asks
of one account"). A field wins when the mean similarity of its closest examples reaches
``MIN_SIMILARITY`` and beats every other field's by ``MARGIN``; ``overview`` and ``files`` are
fields too, so a question that asks for neither a field nor an overview stays with the files.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from harper_search.text_vectors import Matrix, TextVectors

MAX_WORDS = 4
"""Longer questions are left to the usual reading: a terse look-up ("digits for", "which of us
has") asks a field; more words say what to look for in the files."""
NEAREST = 2
"""Examples of each field averaged (its closest ones)."""
MIN_SIMILARITY = 0.35
MARGIN = 0.08
KEEP_READING = frozenset({"overview", "files"})
"""Fields that leave the question to the usual reading."""


class AskedByExamples:
    def __init__(self, vectors: TextVectors | None, examples: Sequence[tuple[str, str]]) -> None:
        self.vectors = vectors
        self.fields = sorted({field for _, field in examples})
        self.texts = [[text for text, f in examples if f == field] for field in self.fields]
        self._examples: list[Matrix] = []
        """Each field's example vectors, embedded on the first question."""

    async def field_of(self, question: str) -> str | None:
        """The field the question asks by its examples; None when no field is clearly closest
        or the closest says to read it as usual (an overview, the files)."""
        words = re.findall(r"[\w'&-]+", question)
        if self.vectors is None or len(self.fields) < 2 or not 0 < len(words) <= MAX_WORDS:
            return None
        if not self._examples:
            self._examples = [await self.vectors.matrix(texts) for texts in self.texts]
        asked = (await self.vectors.matrix([question], keep=False))[0]
        scores = [float(np.sort(rows @ asked)[-NEAREST:].mean()) for rows in self._examples]
        order = sorted(range(len(scores)), key=lambda n: -scores[n])
        best, second = scores[order[0]], scores[order[1]]
        field: str = self.fields[order[0]]
        if best < MIN_SIMILARITY or best - second < MARGIN or field in KEEP_READING:
            return None
        return field
