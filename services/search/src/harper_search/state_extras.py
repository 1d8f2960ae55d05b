"""Fields of state.md beyond the format's own (``AccountState.extra``), asked for by their key.

Others write these files too, and a brokerage keeps what it needs in the frontmatter:
``renewal_date``, ``current_carrier``, ``policy_number``. Such a key answers a question that says
every word of it: "renewal date" finds ``renewal_date``; a word may be cut short ("eff date"
finds ``effective_date``), said as a verb ("when do they renew" finds ``renewal_date``: "when"
says the date) or in everyday words (``KEY_WORDS_SAID_AS``: "paying" for "premium").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from harper_search.passage_answers import asked_kinds, roots
from harper_search.terms import STOP_WORDS, cut_short, stem, words

_VALUE_WORDS: dict[str, str] = {
    "date": "date",
    "day": "date",
    "number": "number",
    "no": "number",
    "num": "number",
    "id": "number",
    "amount": "amount",
    "reason": "reason",
}
"""Words of a key that say what kind of value it holds; the question may leave them out or ask
for the kind instead ("when" for a date, "#" for a number, "how much" for an amount)."""

KEY_WORDS_SAID_AS: dict[str, frozenset[str]] = {
    "premium": frozenset("paying pay pays paid cost costs price".split()),
    "expiring": frozenset("current currently now today existing".split()),
    "prior": frozenset("previous before old former".split()),
    "broker": frozenset("handling handles handler producer rep".split()),
    "carrier": frozenset("insurer insured bind bound".split()),
    "submitted": frozenset("markets market shopped".split()),
}
"""Everyday words for words keys are made of: "what do they pay now" asks
``expiring_premium``, "who handles them for us" asks ``broker``."""


@dataclass(frozen=True)
class ExtraField:
    key: str
    label: str
    value: str


def asked_extras(question: str, extra: Mapping[str, Any]) -> list[ExtraField]:
    """The extra fields whose every key word the question says (best matches only)."""
    said = [w for w in words(question) if w not in STOP_WORDS]
    kinds = asked_kinds(question) | ({"number"} if re.search(r"#|\bnumber\b", question) else set())
    found: list[tuple[int, ExtraField]] = []
    for key, raw in extra.items():
        key_words = [w for w in re.split(r"[^a-z0-9]+", key.lower()) if w and w not in STOP_WORDS]
        named = [w for w in key_words if any(_same(w, q) for q in said)]
        unsaid = [w for w in key_words if w not in named]
        # a word saying the kind of value may be left out or asked as its kind ("when")
        if not named or any(w not in _VALUE_WORDS for w in unsaid):
            continue
        value = render(raw)
        if value:
            score = len(named) + sum(_VALUE_WORDS[w] in kinds for w in unsaid)
            found.append((score, ExtraField(key, label(key), value)))
    if not found:
        return []
    best = max(count for count, _ in found)
    return [field for count, field in found if count == best]


def _same(key_word: str, said: str) -> bool:
    """A question's word names a key's word: the same word, the same root, or cut short."""
    if stem(key_word) == stem(said) or said in KEY_WORDS_SAID_AS.get(key_word, frozenset()):
        return True
    short = min(roots({stem(said), said}), key=len)  # "renews" and "renewing" name "renewal"
    return cut_short(short, key_word)


def label(key: str) -> str:
    """``renewal_date`` -> "Renewal date"."""
    text = " ".join(w for w in re.split(r"[_\s]+", key) if w)
    return text[:1].upper() + text[1:]


def render(value: Any) -> str:
    """A value as the answer says it: dates in ISO form, lists joined, mappings as key: value."""
    if value is None or value == "" or value == [] or value == {}:
        return ""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, Mapping):
        parts = [f"{label(str(k)).lower()}: {render(v)}" for k, v in value.items() if render(v)]
        return ", ".join(parts)
    if isinstance(value, Sequence) and not isinstance(value, str):
        return "; ".join(r for r in (render(v) for v in value) if r)
    return str(value).strip()
