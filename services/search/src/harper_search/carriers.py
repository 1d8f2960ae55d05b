"""Carriers a text names, by the shared vocabulary's spellings."""

from __future__ import annotations

import re
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


def carriers_named(text: str) -> set[str]:
    """The carriers of the shared vocabulary that ``text`` names ("hartford" as typed, but
    "Progressive" only as written)."""
    any_case, as_written = _carrier_spellings()
    tokens = re.findall(r"[A-Za-z0-9&]+", text)
    written = f" {' '.join(tokens)} "
    lower = written.lower()
    found = {name for spelling, name in any_case.items() if f" {spelling} " in lower}
    return found | {name for spelling, name in as_written.items() if f" {spelling} " in written}
