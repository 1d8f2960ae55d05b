"""Grading an answer: does it state the expected facts and cite the required files?

Facts are compared after normalising both sides: case, ``$`` and thousands commas, whitespace,
dates (any of the usual spellings becomes ``YYYY-MM-DD``) and US phone numbers (digits only).
A fact of several words also counts when every one of its significant words is in the answer,
so "6 full-time employees" states "6 employees". Citations are compared as paths relative to
the memory root (``mem/accounts/1/state.md`` and ``/x/mem/accounts/1/state.md`` are
``accounts/1/state.md``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
_US_DATE = re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})\b")
_MONTH_DAY_YEAR = re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b")
_DAY_MONTH_YEAR = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH})\.?,?\s+(\d{{4}})\b"
)
_PHONE = re.compile(r"\(?\b(\d{3})\)?[\s.-]*(\d{3})[\s.-](\d{4})\b")
_LOCAL_PHONE = re.compile(r"^(\d{3})[\s.-](\d{4})$")
"""A phone number without its area code ("555-0141"): the end of a full one."""
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_WORD = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")
STOPWORDS = frozenset(
    "a an and are as at be by for from in is it of on or the to with was were this that".split()
)


def _iso(year: int, month: int, day: int) -> str:
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return f"{year:04d}-{month:02d}-{day:02d}"


def normalise(text: str) -> str:
    """Lower case, no ``$`` or thousands commas, dates as ISO, phones as digits, single spaces."""
    out = text.lower().replace("’", "'")
    out = _ISO_DATE.sub(lambda m: _iso(int(m[1]), int(m[2]), int(m[3])), out)
    out = _US_DATE.sub(
        lambda m: _iso(int(m[3]) + (2000 if len(m[3]) == 2 else 0), int(m[1]), int(m[2])), out
    )
    out = _MONTH_DAY_YEAR.sub(lambda m: _iso(int(m[3]), MONTHS[m[1]], int(m[2])), out)
    out = _DAY_MONTH_YEAR.sub(lambda m: _iso(int(m[3]), MONTHS[m[2]], int(m[1])), out)
    out = _PHONE.sub(lambda m: m[1] + m[2] + m[3], out)
    out = _THOUSANDS.sub("", out).replace("$", "")
    out = re.sub(r"\.00\b", "", out)
    return " ".join(out.split())


def significant_words(text: str) -> list[str]:
    return [w for w in _WORD.findall(normalise(text)) if w not in STOPWORDS]


def mentions(answer: str, text: str) -> bool:
    """Whether the normalised text appears in the normalised answer, as whole words."""
    said, wanted = normalise(answer), normalise(text)
    local = _LOCAL_PHONE.match(wanted)
    if local:  # "(402) 555-0141" is written as digits; its last seven are the local number
        digits = local[1] + local[2]
        if re.search(rf"(?<![0-9])(?:\d{{3}})?{digits}(?![0-9])", said):
            return True
    return not wanted or bool(re.search(rf"(?<![a-z0-9]){re.escape(wanted)}(?![a-z0-9])", said))


def states_fact(answer: str, fact: str | tuple[str, ...]) -> bool:
    """Whether the answer states the fact (normalised substring, or all its significant words);
    a tuple is alternative spellings, any one of which is enough."""
    if isinstance(fact, tuple):
        return any(states_fact(answer, spelling) for spelling in fact)
    if mentions(answer, fact):
        return True
    said = normalise(answer)
    words = significant_words(fact)
    if len(words) < 2:
        return False
    present = set(_WORD.findall(said))
    return all(word in present for word in words)


def relative_citation(path: str, account_id: str | None = None) -> str:
    """A cited path as it is relative to the memory root."""
    clean = path.strip().strip("`'\"").replace("\\", "/")
    marker = clean.rfind("accounts/")
    if marker >= 0:
        return clean[marker:]
    clean = clean.lstrip("./")
    if account_id and (clean.startswith("sources/") or clean in ("state.md", "history.md")):
        return f"accounts/{account_id}/{clean}"
    return clean


@dataclass(frozen=True)
class CitationNeed:
    """At least one of ``any_of`` must be cited (exact paths, or folders ending in ``/``)."""

    any_of: tuple[str, ...]
    why: str = ""

    def met_by(self, cited: Iterable[str]) -> bool:
        for path in cited:
            for wanted in self.any_of:
                if path == wanted or (wanted.endswith("/") and path.startswith(wanted)):
                    return True
        return False


@dataclass
class Grade:
    passed: bool
    missing_facts: list[str] = field(default_factory=list)
    missing_citations: list[str] = field(default_factory=list)
    wrongly_listed: list[str] = field(default_factory=list)
    reason: str = ""


def _label(fact: str | tuple[str, ...]) -> str:
    return fact if isinstance(fact, str) else " / ".join(fact)


def grade_answer(
    answer: str,
    citations: Sequence[str],
    facts: Sequence[str | tuple[str, ...]],
    needs: Sequence[CitationNeed],
    account_id: str | None = None,
    must_not_list: Sequence[str] = (),
) -> Grade:
    """Right when every fact is stated, every citation need is met and nothing in
    ``must_not_list`` (e.g. accounts outside an L3 filter) is named."""
    cited = [relative_citation(c, account_id) for c in citations]
    missing = [_label(fact) for fact in facts if not states_fact(answer, fact)]
    unmet = [need.why or " | ".join(need.any_of) for need in needs if not need.met_by(cited)]
    wanted = [normalise(_label(f)) for f in facts]
    extra = [
        name
        for name in must_not_list
        if mentions(answer, name) and not any(normalise(name) in w for w in wanted)
    ]
    reasons = []
    if missing:
        reasons.append(f"missing {len(missing)} of {len(facts)} facts")
    if unmet:
        reasons.append(f"{len(unmet)} citation(s) missing")
    if extra:
        reasons.append(f"{len(extra)} account(s) listed that do not match")
    passed = not missing and not unmet and not extra
    return Grade(passed, missing, unmet, extra, "; ".join(reasons))
