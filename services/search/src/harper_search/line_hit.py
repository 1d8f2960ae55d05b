"""A line of a file that matched a search: what the search_files tool returns per hit.

The hits come from the indexer's passage index (MiniLM and BM25 fused, see the toolbox's
``search_files``); the path and line point at the file, so a hit can be read and cited.
"""

from __future__ import annotations

from dataclasses import dataclass

LINE_CHARS = 240
"""A hit's text is cut to this many characters."""


@dataclass(frozen=True, kw_only=True)
class LineHit:
    path: str
    line: int
    text: str
    score: float
