"""The local engine's reading of an update request: rules that turn words into proposed changes.

    plan = parse_update("Mark Sunny Days Childcare as Quoted, $2,600 premium",
                        account_names=["Sunny Days Childcare"], today=date(2026, 11, 22))
    plan.changes  # stage -> Quoted, premium -> $2,600, each with the words it came from

Free text (a note, the next step) is taken out first, so words inside a note ("they may add
cyber later") never become changes of their own. A request with no change at all is vague.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Protocol

from pydantic import BaseModel, Field

from harper_common.memory.contact_marks import EMAIL
from harper_updater.changes import ChangeField, ProposedChange, best_pending
from harper_updater.lines import canonical_line, line_pattern
from harper_updater.stage_words import APPLICATION_WORDS, find_stage
from harper_updater.words import next_occurrence


class UpdatePlan(BaseModel):
    """What a request asks: its changes, or that it is too vague to apply."""

    vague: bool = Field(description="True when the request does not say what to change.")
    reason: str = Field(default="", description="Why it is vague, in a few words.")
    changes: list[ProposedChange] = Field(default_factory=list)


class _HasSpan(Protocol):
    def start(self) -> int: ...
    def end(self) -> int: ...


@dataclass
class _Text:
    """The request with the parts already read blanked out (so nothing is read twice)."""

    original: str
    rest: str
    changes: list[ProposedChange] = field(default_factory=list)

    def take(self, match: _HasSpan, field: ChangeField, value: str) -> None:
        evidence = self.original[match.start() : match.end()].strip(" ,;.")
        self.changes.append(ProposedChange(field=field, value=value.strip(), evidence=evidence))
        self.blank(match.start(), match.end())

    def blank(self, start: int, end: int) -> None:
        self.rest = self.rest[:start] + " " * (end - start) + self.rest[end:]


_END = r"(?=$|;|\.\s|\.$|\n)"
_NOTE = re.compile(
    r"\b(?:add(?:ing)?\s+(?:a\s+)?note|note(?:\s+that)?)\b(?:\s+(?:to|on|for)\s+[^:\n]*?)?"
    r"\s*(?::|-|–|—|\bthat\b|\bsaying\b)\s*(?P<text>[^\n]+)$",
    re.IGNORECASE,
)
_NEXT_STEP = re.compile(
    r"\bnext\s+step(?:s)?\b(?:\s+(?:(?:for|on)\s+(?:(?!\b(?:is|to|will|should)\b)[^:\n])*?\s+)?"
    r"(?:(?:is|will\s+be|should\s+be)(?:\s+to\b)?|to))?\s*:?\s*"
    r"(?P<text>[^;\n]+?)" + _END,
    re.IGNORECASE,
)
_PENDING_ADD = re.compile(
    r"\b(?:add\s+(?:a\s+)?pending\s+action|pending(?:\s+action)?|waiting\s+(?:on|for)|"
    r"still\s+need(?:s)?)\s*:?\s*(?P<text>[^;,\n]+?)" + _END,
    re.IGNORECASE,
)
_PENDING_DONE = re.compile(
    r"(?:\b(?:received|got)\s+(?:the\s+)?(?P<got>[a-z][\w' -]{2,60}?)|"
    r"\b(?:the\s+)?(?P<subject>[a-z][\w' -]{2,60}?)\s+(?:is|are|were|was|came)\s+"
    r"(?:in|received|done|complete|completed|back|signed|sent\s+over))" + _END,
    re.IGNORECASE,
)
_LOG = re.compile(
    r"^\s*(?:(?:pls|please|can\s+you|could\s+you)\s+)?(?:log|record|jot\s+down|write\s+down)"
    r"\s+(?:that\b)?(?P<text>[^\n]*\S[^\n]*)$",
    re.IGNORECASE,
)
_REPORTED = re.compile(
    r"\b(?:e-?mailed|sent(?:\s+(?:over|in|back))?|uploaded|faxed|returned|dropped\s+off|"
    r"forwarded|provided|mailed|shared|handed\s+over|turned\s+in)\s+(?:us\s+|over\s+|in\s+)?"
    r"(?:the\s+|their\s+|a\s+|an\s+|his\s+|her\s+|its\s+)?"
    r"(?P<doc>(?!(?:to|for|it|them|out|off|back)\b)[a-z][\w' -]{2,60}?)"
    r"(?=$|;|,|\.\s|\.$|\n|\s+-\s)",
    re.IGNORECASE,
)
_CLAUSE_START = re.compile(r"[;,.\n]|\s-\s")
_BROKER_SENT = re.compile(r"\b(?:we|i|we've|i've|we\s+have|i\s+have|broker)\s*$", re.IGNORECASE)
_DAY_AFTER = re.compile(
    r"^\s*(?:(?:from|for|by)\s+[^;,\n]{0,60}?\s+)?(?:on\s+)?(?P<day>today|yesterday|this\s+morning|this\s+afternoon|\d{4}-\d{2}-\d{2}|"
    r"\d{1,2}/\d{1,2}(?:/\d{2,4})?)\b",
    re.IGNORECASE,
)
_LEADING_FILLER = re.compile(r"^(?:(?:and|but|also|so|then|the|all)\s+)+", re.IGNORECASE)
_AMOUNT = r"\$\s?\d[\d,]*(?:\.\d+)?\s*(?:k\b|thousand\b)?|\d[\d,]*(?:\.\d+)?\s*(?:k\b|thousand\b)?"
_PREMIUM = re.compile(
    rf"(?:\b(?:premium|quote[ds]?|quoted|priced|came\s+in)\b[^$\d;\n]{{0,20}}(?P<a>{_AMOUNT}))|"
    rf"(?:(?P<b>\$\s?\d[\d,]*(?:\.\d+)?\s*(?:k\b|thousand\b)?)(?:\s+(?:premium|quote|annual))?)",
    re.IGNORECASE,
)
_EFFECTIVE = re.compile(
    r"\beff(?:ective)?\.?\s+(?P<day>\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{4}-\d{2}-\d{2})", re.IGNORECASE
)
_LINES = line_pattern()
_ADD_LINES = re.compile(
    rf"\b(?:add(?:ing)?|include|including|plus|also\s+wants?|quote\s+them)\s+(?:the\s+|a\s+)?"
    rf"(?P<lines>(?:(?:{_LINES})(?:\s+(?:coverage|insurance|policy))?(?:\s*,\s*|\s+and\s+|\s*&\s*)?)+)",
    re.IGNORECASE,
)
_REMOVE_LINES = re.compile(
    rf"\b(?:drop(?:ping)?|remove|removing|delete|take\s+off|cancel(?:led)?|no\s+longer\s+needs?)"
    rf"\s+(?:the\s+|their\s+)?(?P<lines>(?:(?:{_LINES})(?:\s+(?:coverage|insurance|policy))?"
    rf"(?:\s*,\s*|\s+and\s+|\s*&\s*)?)+)",
    re.IGNORECASE,
)
_ONE_LINE = re.compile(rf"\b(?:{_LINES})\b", re.IGNORECASE)
_PHONE = re.compile(r"\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b")
_CONTACT_NAME = re.compile(
    r"\b(?:new\s+|primary\s+|main\s+)?contact(?:\s+name)?\s*(?:is|:|to|now)\s+"
    r"(?P<name>[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,3})"
)
_CONTACT_WORDS = re.compile(r"\b(?:contact|email|e-mail|phone|number|cell|reach)\b", re.IGNORECASE)
_LAST_CONTACT = re.compile(
    r"\b(?:talked|spoke|spoken|met|called|heard\s+from|emailed|texted|last\s+contact(?:ed)?)\b"
    r"[^;\n]*?\b(?P<day>today|yesterday|this\s+morning|this\s+afternoon|\d{4}-\d{2}-\d{2}|"
    r"\d{1,2}/\d{1,2}(?:/\d{2,4})?)\b",
    re.IGNORECASE,
)


def parse_update(
    query: str, *, account_names: list[str], today: date, pending: list[str] | None = None
) -> UpdatePlan:
    """Read the changes a broker's command asks for; vague when there are none.

    ``pending`` (the account's pending actions) lets a reported document ("they emailed the
    payroll report") close the pending action asking for it; without it nothing is closed.
    """
    text = _Text(original=query, rest=_without_names(query, account_names))
    _notes(text)
    _logged(text, pending or [])
    _next_step(text)
    _effective(text, today)
    _stage(text, pending or [])
    _reported(text, pending or [])
    _premium(text)
    _lines(text)
    _contact(text)
    _last_contact(text)
    _pending(text)
    if not text.changes:
        return UpdatePlan(vague=True, reason="no field, value or note named")
    return UpdatePlan(vague=False, changes=text.changes)


def _without_names(query: str, names: list[str]) -> str:
    rest = query
    for name in sorted({n.strip() for n in names if len(n.strip()) >= 3}, key=len, reverse=True):
        pattern = rf"(?<!\w){re.escape(name)}(?!\w)"
        rest = re.sub(pattern, lambda m: " " * len(m.group(0)), rest, flags=re.IGNORECASE)
    return rest


def _notes(text: _Text) -> None:
    match = _NOTE.search(text.rest)
    if match and match.group("text").strip(" .\"'"):
        value = text.original[match.start("text") : match.end("text")].strip().strip("\"'")
        text.take(match, "note", value)


def _next_step(text: _Text) -> None:
    match = _NEXT_STEP.search(text.rest)
    if match and match.group("text").strip():
        value = text.original[match.start("text") : match.end("text")]
        text.take(match, "next_step", value.strip(" .\"'"))


def _effective(text: _Text, today: date) -> None:
    match = _EFFECTIVE.search(text.rest)
    if match:
        day = next_occurrence(match.group("day"), today)
        if day is not None:
            text.take(match, "note", f"Policy effective {day.isoformat()}")


def _logged(text: _Text, pending: list[str]) -> None:
    """ "log that they emailed the payroll report": the rest of the command is a note."""
    if any(change.field == "note" for change in text.changes):
        return
    match = _LOG.search(text.rest)
    if not match:
        return
    said = text.original[match.start("text") : match.end("text")].strip().strip("\"'").strip()
    if not said.strip(" .!"):
        return
    text.take(match, "note", said[0].upper() + said[1:])
    reported = _REPORTED.search(said)
    if reported and not _BROKER_SENT.search(said[: reported.start()].strip() or "-"):
        _close_pending(text, reported.group("doc"), reported.group(0), pending)


def _reported(text: _Text, pending: list[str]) -> None:
    """ "Acme sent over the loss runs": a note of what arrived; it closes a matching pending."""
    match = _REPORTED.search(text.rest)
    if not match:
        return
    starts = [m.end() for m in _CLAUSE_START.finditer(text.rest, 0, match.start())]
    start = starts[-1] if starts else 0
    said = " ".join(text.original[start : match.end()].split()).strip(" -")
    by_broker = _BROKER_SENT.search(text.rest[start : match.start()].strip() or "-")
    text.take(_Span(text.rest, start, match.end()), "note", said[0].upper() + said[1:])
    if by_broker is None:  # what the broker sent out closes nothing the client owes
        _close_pending(text, match.group("doc"), match.group(0), pending)


def _close_pending(text: _Text, said: str, evidence: str, pending: list[str]) -> None:
    best = best_pending(said, pending)
    done = {change.value for change in text.changes if change.field == "pending_action_done"}
    if best is not None and best not in done:
        text.changes.append(
            ProposedChange(field="pending_action_done", value=best, evidence=evidence.strip())
        )


def _stage(text: _Text, pending: list[str]) -> None:
    found = find_stage(text.rest)
    if found is None:
        return
    start, end, stage = found
    evidence = text.original[start:end]
    text.take(_Span(text.rest, start, end), "stage", stage)
    if day := _DAY_AFTER.match(text.rest[end:]):
        text.take(_Span(text.rest, end, end + day.end()), "last_contact", day.group("day"))
    if stage == "Application Received":
        for word in APPLICATION_WORDS:
            _close_pending(text, word, evidence, pending)


def _premium(text: _Text) -> None:
    match = _PREMIUM.search(text.rest)
    if match:
        amount = match.group("a") or match.group("b") or ""
        text.take(match, "premium", amount)


def _split_lines(found: str) -> list[str]:
    return [m.group(0) for m in _ONE_LINE.finditer(found)]


def _lines(text: _Text) -> None:
    for pattern, field_name in (
        (_REMOVE_LINES, "insurance_types_remove"),
        (_ADD_LINES, "insurance_types_add"),
    ):
        while match := pattern.search(text.rest):
            names = [canonical_line(part) for part in _split_lines(match.group("lines"))]
            evidence = text.original[match.start() : match.end()].strip(" ,;.")
            text.blank(match.start(), match.end())
            for name in dict.fromkeys(n for n in names if n):
                text.changes.append(
                    ProposedChange(field=field_name, value=name, evidence=evidence)  # type: ignore[arg-type]
                )


def _contact(text: _Text) -> None:
    if not _CONTACT_WORDS.search(text.rest):
        return
    if match := _CONTACT_NAME.search(text.rest):
        text.take(match, "contact_name", match.group("name"))
    if match := EMAIL.search(text.rest):
        text.take(match, "contact_email", match.group(0))
    if match := _PHONE.search(text.rest):
        text.take(match, "contact_phone", match.group(0))


def _last_contact(text: _Text) -> None:
    match = _LAST_CONTACT.search(text.rest)
    if match:
        text.take(match, "last_contact", match.group("day"))


def _pending(text: _Text) -> None:
    if match := _PENDING_ADD.search(text.rest):
        text.take(match, "pending_action_add", match.group("text").strip(" .\"'"))
    if match := _PENDING_DONE.search(text.rest):
        said = match.group("got") or match.group("subject") or ""
        said = _LEADING_FILLER.sub("", said.strip())
        if said.strip().lower() not in ("it", "that", "this", "they", "policy", "he", "she"):
            text.take(match, "pending_action_done", said.strip())


class _Span:
    """A match-like span for ``_Text.take`` when a finder returns positions, not a Match."""

    def __init__(self, text: str, start: int, end: int) -> None:
        self._start, self._end, self._text = start, end, text

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._end
