"""Lines of coverage: the full names Harper writes, and the shorthand brokers use for them."""

from __future__ import annotations

import re

LINES: tuple[str, ...] = (
    "Workers' Compensation",
    "General Liability",
    "Commercial Auto",
    "Commercial Property",
    "Business Owners Policy",
    "Professional Liability",
    "Cyber Liability",
    "Umbrella",
    "Employment Practices Liability",
    "Inland Marine",
    "Liquor Liability",
    "Abuse & Molestation",
    "Medical Malpractice",
    "Dental Malpractice",
    "Builder's Risk",
    "Commercial Crime",
    "Product Liability",
    "Motor Truck Cargo",
    "Physical Damage",
)
"""The lines offered in forms, in the order brokers think of them."""

_ALIASES: dict[str, str] = {
    "workers comp": "Workers' Compensation",
    "workers compensation": "Workers' Compensation",
    "work comp": "Workers' Compensation",
    "wc": "Workers' Compensation",
    "general liability": "General Liability",
    "gl": "General Liability",
    "cgl": "General Liability",
    "commercial auto": "Commercial Auto",
    "auto": "Commercial Auto",
    "business auto": "Commercial Auto",
    "commercial property": "Commercial Property",
    "property": "Commercial Property",
    "business owners policy": "Business Owners Policy",
    "businessowners policy": "Business Owners Policy",
    "bop": "Business Owners Policy",
    "professional liability": "Professional Liability",
    "errors and omissions": "Professional Liability",
    "errors omissions": "Professional Liability",
    "e o": "Professional Liability",
    "eo": "Professional Liability",
    "cyber": "Cyber Liability",
    "cyber liability": "Cyber Liability",
    "umbrella": "Umbrella",
    "excess": "Umbrella",
    "excess liability": "Umbrella",
    "employment practices liability": "Employment Practices Liability",
    "employment practices": "Employment Practices Liability",
    "epli": "Employment Practices Liability",
    "epl": "Employment Practices Liability",
    "inland marine": "Inland Marine",
    "liquor liability": "Liquor Liability",
    "liquor": "Liquor Liability",
    "abuse molestation": "Abuse & Molestation",
    "abuse and molestation": "Abuse & Molestation",
    "a m": "Abuse & Molestation",
    "sexual abuse": "Abuse & Molestation",
    "medical malpractice": "Medical Malpractice",
    "med mal": "Medical Malpractice",
    "malpractice": "Medical Malpractice",
    "dental malpractice": "Dental Malpractice",
    "builders risk": "Builder's Risk",
    "builder s risk": "Builder's Risk",
    "commercial crime": "Commercial Crime",
    "crime": "Commercial Crime",
    "product liability": "Product Liability",
    "products liability": "Product Liability",
    "motor truck cargo": "Motor Truck Cargo",
    "cargo": "Motor Truck Cargo",
    "physical damage": "Physical Damage",
}

_NON_WORD = re.compile(r"[^a-z0-9]+")


def _key(text: str) -> str:
    words = _NON_WORD.sub(" ", text.lower().replace("'", "")).split()
    if words and words[-1] in ("coverage", "insurance", "policy") and len(words) > 1:
        if " ".join(words) not in _ALIASES:
            words = words[:-1]
    return " ".join(words)


def canonical_line(text: str) -> str | None:
    """The full name of a line given by name or shorthand ("WC", "cyber", "the BOP"), or None."""
    key = _key(text)
    key = key.removeprefix("the ").removeprefix("a ")
    if key in _ALIASES:
        return _ALIASES[key]
    for line in LINES:
        if _key(line) == key:
            return line
    return None


def line_pattern() -> str:
    """A regex alternation of every alias, longest first (for finding lines inside a sentence)."""
    spelled = {alias.replace(" ", r"[\s'&/-]*") for alias in _ALIASES}
    spelled |= {re.escape(line.lower()) for line in LINES}
    return "|".join(sorted(spelled, key=len, reverse=True))
