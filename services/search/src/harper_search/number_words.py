"""Numbers people say in words, as figures: call transcripts write "fifteen thousand four
hundred" where an email writes "$15,400". ``text2num`` reads them; English words only here,
though it reads several other languages too."""

from __future__ import annotations

import re
from functools import lru_cache

from text_to_num import alpha2digit  # type: ignore[import-untyped]

SMALLEST = 100
"""Figures below this are counts said in passing ("two trucks", "forty kids"), not amounts."""

_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")
_THOUSANDS = re.compile(r"\s*(?:grand|k)\b", re.IGNORECASE)
"""What follows a figure said in thousands ("a hundred twenty grand")."""
_SCALED = re.compile(r"\b(\d+\.\d+) (1000|1000000|1000000000)\b")
"""What ``alpha2digit`` makes of a decimal said with its scale ("two point six million":
"2.6 1000000")."""


@lru_cache(maxsize=4096)
def in_figures(text: str) -> str:
    """``text`` with the numbers it says in words written in figures ("Sixteen, counting the
    bar staff" -> "16, counting the bar staff"); as it is when text2num cannot read it."""
    try:
        converted: str = alpha2digit(text, "en")
    except Exception:  # text2num's parser: odd input is left as it is, never an error
        return text
    return _SCALED.sub(_scaled, converted)


@lru_cache(maxsize=4096)
def figures_in_words(text: str) -> tuple[str, ...]:
    """The numbers of at least ``SMALLEST`` that ``text`` writes in words, as figures with
    thousands commas ("15,400"); numbers it already writes in digits are not repeated."""
    written = {d.replace(",", "") for d in _DIGITS.findall(text)}
    converted = in_figures(text)
    found: list[str] = []
    for match in _DIGITS.finditer(converted):
        bare = match.group(0).replace(",", "")
        if bare in written or "." in bare or not bare.isdigit() or int(bare) < SMALLEST:
            continue
        thousands = _THOUSANDS.match(converted, match.end()) is not None
        figure = f"{int(bare) * (1000 if thousands else 1):,}"
        if figure not in found:
            found.append(figure)
    return tuple(found)


def _scaled(match: re.Match[str]) -> str:
    """The decimal times its scale, as a whole number ("2.6 1000000" -> "2600000")."""
    whole, fraction = match.group(1).split(".")
    scale = len(match.group(2)) - 1  # zeros of the scale
    digits = (fraction + "0" * scale)[:scale]
    return str(int(whole + digits)) if len(fraction) <= scale else match.group(0)
