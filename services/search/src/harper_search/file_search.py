"""Lines of files that match a text query, ranked: the engine behind the search_files tool.

Inside one account the account's files are scanned directly (a few dozen small files); across
accounts the inverted index picks the files worth scanning first. Either way the lines come from
disk, so a hit is what the file says now.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from harper_common.memory.paths import MemoryRoot
from harper_search.account_files import read_account
from harper_search.terms import term_set, terms
from harper_search.text_index import TextIndex

LINE_CHARS = 240


@dataclass(frozen=True, kw_only=True)
class LineHit:
    path: str
    line: int
    text: str
    score: float


@dataclass(frozen=True, kw_only=True)
class SearchResult:
    hits: list[LineHit]
    files_scanned: int
    used_index: bool


def search_lines(
    memory: MemoryRoot, index: TextIndex, query: str, scope: str, limit: int = 20
) -> SearchResult:
    """Lines under ``scope`` (a root-relative folder or file) matching ``query``, best first."""
    wanted = terms(query)
    if not wanted:
        return SearchResult(hits=[], files_scanned=0, used_index=False)
    parts = scope.strip("/").split("/")
    if len(parts) >= 2:
        memory.resolve(scope)  # the path guard: refuses what is not inside an account folder
        texts = _scoped(read_account(memory, parts[1]).files, scope.strip("/"))
        used_index = False
    else:
        texts = {path: _read(memory.root / path) for path in index.candidates(wanted, "accounts/")}
        used_index = True
    hits: list[LineHit] = []
    for relative, text in texts.items():
        hits.extend(_hits_in(text, relative, wanted, query))
    hits.sort(key=lambda h: (-h.score, h.path, h.line))
    return SearchResult(hits=hits[:limit], files_scanned=len(texts), used_index=used_index)


def _scoped(files: dict[str, str], scope: str) -> dict[str, str]:
    return {p: t for p, t in files.items() if p == scope or p.startswith(scope + "/")}


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _hits_in(text: str, relative: str, wanted: list[str], query: str) -> list[LineHit]:
    unique = set(wanted)
    phrase = " ".join(query.lower().split())
    found: list[LineHit] = []
    lower = text.lower()
    if not any(term in lower for term in unique):
        return []
    for number, line in enumerate(text.splitlines(), start=1):
        line_lower = line.lower()
        if not any(term in line_lower for term in unique):
            continue  # cheap substring test first; the exact term test below confirms
        matched = unique & term_set(line)
        if not matched:
            continue
        score = len(matched) / len(unique)
        if len(phrase) > 3 and phrase in " ".join(line.lower().split()):
            score += 1.0
        if relative.endswith("raw.txt"):
            score += 0.05
        found.append(
            LineHit(path=relative, line=number, text=line.strip()[:LINE_CHARS], score=score)
        )
    return found
