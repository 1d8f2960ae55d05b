"""Carriers a text names, by the shared vocabulary's spellings."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from harper_common.vocabulary import vocabulary


@lru_cache(maxsize=1)
def _carrier_spellings() -> tuple[dict[str, str], dict[str, str]]:
    """The carriers of the shared vocabulary by spelling: (in any case, as written), the latter
    for names that are also everyday words or places."""
    any_case: dict[str, str] = {}
    as_written: dict[str, str] = {}
    for carrier in vocabulary().carriers:
        for spelling in carrier.spellings:
            if carrier.everyday:
                as_written[spelling] = carrier.name
            else:
                any_case[spelling.lower()] = carrier.name
    return any_case, as_written


@lru_cache(maxsize=1)
def _lower_spellings() -> frozenset[str]:
    any_case, as_written = _carrier_spellings()
    return frozenset(any_case) | {spelling.lower() for spelling in as_written}


def is_carrier_name(phrase: str) -> bool:
    """Whether ``phrase`` is a spelling of a carrier of the shared vocabulary ("erie")."""
    return phrase.lower() in _lower_spellings()


ADDRESS = re.compile(r"\S+@\S+|\bhttps?://\S+|\bwww\.\S+")
"""Mail and web addresses: a name in lower case there says nothing of how it is written."""


def _spaced(text: str) -> str:
    return f" {' '.join(re.findall(r'[A-Za-z0-9&]+', ADDRESS.sub(' ', text)))} "


def carriers_named(text: str, *, names_in: Iterable[str] = ()) -> set[str]:
    """The carriers of the shared vocabulary that ``text`` names ("hartford" as typed, but
    "Progressive" only as written). A carrier whose name is also an everyday word counts in
    lower case too when ``names_in`` (the files the question is put to) mostly write it as a
    name: a broker types "anything travelers turned down" in lower case."""
    any_case, as_written = _carrier_spellings()
    written = _spaced(text)
    lower = written.lower()
    found = {name for spelling, name in any_case.items() if f" {spelling} " in lower}
    found |= {name for spelling, name in as_written.items() if f" {spelling} " in written}
    typed = {s: n for s, n in as_written.items() if n not in found and f" {s.lower()} " in lower}
    if typed:
        files = [_spaced(t) for t in names_in]
        for spelling, name in typed.items():
            as_name = sum(f.count(f" {spelling} ") for f in files)
            as_word = sum(f.count(f" {spelling.lower()} ") for f in files)
            if as_name > as_word:
                found.add(name)
    return found


CARRIER_LEAD_INS = frozenset({"with", "from", "by", "at", "through", "to", "thru", "via"})
"""Words after which an everyday word that spells a carrier names it: "placed with travelers",
"a quote from progressive"."""


def carrier_words(question: str) -> frozenset[str]:
    """The words of ``question``, in lower case, that name a carrier of the shared vocabulary:
    a carrier's own name in any case ("hartford"); one that is also an everyday word or a
    place when written as a name ("Travelers") or right after "with", "from" ... ("placed with
    travelers"). Such words name who insures, not what a business is."""
    any_case, as_written = _carrier_spellings()
    words = re.findall(r"[A-Za-z0-9&']+", ADDRESS.sub(" ", question))
    found: set[str] = set()
    for i, word in enumerate(words):
        lower = word.lower()
        after_lead_in = i > 0 and words[i - 1].lower() in CARRIER_LEAD_INS
        if lower in any_case or word in as_written or (after_lead_in and is_carrier_name(lower)):
            found.add(lower)
    return frozenset(found)
