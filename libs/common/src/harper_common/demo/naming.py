"""Names of people and companies, and the addresses and numbers that go with them."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from harper_common.demo.industries import Industry
from harper_common.demo.vocabulary import (
    FEMALE_FIRST_NAMES,
    LAST_NAMES,
    MALE_FIRST_NAMES,
    PLACE_WORDS,
    City,
)

FORBIDDEN_NAMES: tuple[str, ...] = (
    "Lakeshore Pediatrics",
    "ABC Security Services",
    "New Company LLC",
)
"""Names other tests use for accounts that do not exist: never generated."""

_SUFFIXES = ("LLC", "LLC", "Inc.")
_DOMAIN_WORDS = {"avenue": "ave", "street": "st", "company": "co", "and": ""}


@dataclass(frozen=True)
class Person:
    first: str
    last: str
    female: bool
    doctor: bool = False

    @property
    def name(self) -> str:
        return f"Dr. {self.first} {self.last}" if self.doctor else f"{self.first} {self.last}"

    @property
    def salute(self) -> str:
        """How a formal letter addresses them."""
        if self.doctor:
            return f"Dr. {self.last}"
        return f"{'Ms.' if self.female else 'Mr.'} {self.last}"


def random_person(rng: random.Random, *, doctor: bool) -> Person:
    female = rng.random() < 0.5
    first = rng.choice(FEMALE_FIRST_NAMES if female else MALE_FIRST_NAMES)
    return Person(first, rng.choice(LAST_NAMES), female, doctor)


def company_name(rng: random.Random, trade: Industry, city: City) -> str:
    """A realistic company name: "Cascade Ridge Roofing", "Hernandez Plumbing LLC"."""
    noun = rng.choice(trade.nouns)
    roll = rng.random()
    if roll < 0.55:
        stem = rng.choice(PLACE_WORDS)
    elif roll < 0.8:
        stem = rng.choice(LAST_NAMES)
    elif roll < 0.9:
        stem = city.name
    else:
        stem = f"{rng.choice(LAST_NAMES)} & {rng.choice(('Sons', 'Daughters', 'Family'))}"
    name = f"{stem} {noun}"
    if not noun.endswith(".") and rng.random() < 0.3:
        name = f"{name} {rng.choice(_SUFFIXES)}"
    return name


def is_allowed(name: str) -> bool:
    """False for names that contain one of the forbidden names (any case)."""
    folded = name.casefold()
    return not any(forbidden.casefold() in folded for forbidden in FORBIDDEN_NAMES)


def email_domain(company: str) -> str:
    """``mapleavedental.com`` for "Maple Avenue Dental"; suffixes and punctuation dropped."""
    words = re.findall(r"[a-z0-9]+", company.lower())
    kept = [_DOMAIN_WORDS.get(word, word) for word in words if word not in ("llc", "inc")]
    return "".join(kept)[:28] + ".com"


def email_address(rng: random.Random, person: Person, company: str) -> str:
    first, last = person.first.lower(), person.last.lower()
    local = rng.choice(
        (f"{first[0]}{last}", first, f"{first}.{last}", "office", f"{first}{last[0]}")
    )
    return f"{local}@{email_domain(company)}"


def phone_number(rng: random.Random, city: City) -> str:
    """A fictional number (555-01xx) in the city's area code."""
    return f"({city.area_code}) 555-01{rng.randrange(100):02d}"


def money(amount: int) -> str:
    return f"${amount:,}"
