"""The source evidence rule, checked in code, for both brains.

An answer is accepted only when:
- it cites at least one file (unless a listing found no account at all), and every cited file
  was read in this run (a listing's accounts count as read through their state.md fields);
- at least one citation is an email, call or text under ``sources/`` (state.md and history.md
  alone are not evidence), unless none of the cited accounts has any source at all;
- every quoted passage ("...") appears in one of the cited files.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from harper_search.run_log import RunLog, is_source_path

CITATION = re.compile(r"accounts/\d+/[A-Za-z0-9_./-]*[A-Za-z0-9_]")
QUOTE = re.compile(r"\"([^\"\n]+)\"|“([^”\n]+)”")
MIN_QUOTE_WORDS = 3
_SPACES = re.compile(r"\s+")
_FOLD = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-"})

HasSources = Callable[[str], bool]
"""Whether an account (by id) has any email, call or text on file."""


def citations_in(text: str) -> list[str]:
    """Memory paths mentioned in a text, in order, once each."""
    return list(dict.fromkeys(match.rstrip(".") for match in CITATION.findall(text)))


def quotes_in(text: str) -> list[str]:
    """Quoted passages of at least three words (shorter ones are names or terms, not claims)."""
    found = [first or second for first, second in QUOTE.findall(text)]
    return [q.strip() for q in found if len(q.split()) >= MIN_QUOTE_WORDS]


def fold(text: str) -> str:
    return _SPACES.sub(" ", text.translate(_FOLD)).strip().lower()


def check_evidence(
    answer: str, citations: Sequence[str], log: RunLog, has_sources: HasSources
) -> str | None:
    """Why the answer is not acceptable, or None when it is."""
    if not citations:
        if log.empty_listing and not log.listed_accounts:
            return None  # nothing matched, so there is nothing to cite
        return "cite the files you read (accounts/<id>/sources/.../raw.txt) in the answer"
    unread = [path for path in citations if not log.has_seen(path)]
    if unread:
        return (
            f"you cited {', '.join(unread[:5])} without reading it in this run; "
            "read_file it or leave it out"
        )
    if not any(is_source_path(path) for path in citations):
        accounts = {path.split("/")[1] for path in citations}
        if any(has_sources(account) for account in accounts):
            return (
                "an answer citing only state.md or history.md is not evidence: read the "
                "emails, calls or texts under sources/ and cite at least one"
            )
    cited = [fold(log.read[path]) for path in citations if path in log.read]
    for quote in quotes_in(answer):
        parts = [fold(p) for p in re.split(r"\.\.\.|…", quote) if p.strip()]
        if not all(any(part in text for text in cited) for part in parts):
            return f'the quote "{quote[:80]}" is not in any file you cited; quote exactly'
    return None
