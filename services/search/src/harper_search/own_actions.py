"""Whether a pending action is the agency's own task ("Send the COI to the landlord") or waits
on someone else ("Client decision on the quote"), by its closest labelled examples.

The examples are data (the description-search skill's ``categories.md``, "Whose pending
action"). An action is ours when the examples marked ours are, on average over the closest
few, nearer to it than the others. Without vectors every pending action counts as ours.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from harper_search.text_vectors import Matrix, TextVectors

NEAREST = 3
"""Examples of each side averaged (the closest ones)."""


class OwnActions:
    def __init__(self, vectors: TextVectors | None, examples: Sequence[tuple[str, bool]]) -> None:
        self.vectors = vectors
        self.ours = [text for text, ours in examples if ours]
        self.theirs = [text for text, ours in examples if not ours]

    async def ours_of(self, actions: Sequence[str]) -> list[bool]:
        """For each action, True when it is a task for the agency."""
        if self.vectors is None or not actions or not self.ours or not self.theirs:
            return [True] * len(actions)
        texts = list(actions)
        found = await self.vectors.matrix(texts)
        ours = _nearest(found @ (await self.vectors.matrix(self.ours)).T)
        theirs = _nearest(found @ (await self.vectors.matrix(self.theirs)).T)
        return [bool(a > b) for a, b in zip(ours, theirs, strict=True)]


def _nearest(scores: Matrix) -> list[float]:
    """Each row's mean over its ``NEAREST`` highest scores."""
    count = min(NEAREST, scores.shape[1])
    return [float(x) for x in np.sort(scores, axis=1)[:, -count:].mean(axis=1)]
