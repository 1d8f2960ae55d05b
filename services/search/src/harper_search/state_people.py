"""The people of state.md a question about one account asks for, by name or by role.

State.md names the primary contact, and often others beside it (``harper_common.memory.people``:
an owner, a farm manager, a billing contact). "ana ortiz phone" asks the phone of Ana Ortiz,
whoever the primary contact is; "who is the bookkeeper" asks for the person whose role is
bookkeeper. A question that names or describes none of them asks for the primary contact.
"""

from __future__ import annotations

import re

from harper_common.memory import AccountState
from harper_common.memory.people import AccountPerson, account_people
from harper_search.terms import STOP_WORDS, cut_short, stem, without_accents

MIN_NAME_WORD = 3
"""Shorter words of a name ("Dr", "Jo", initials) never say which person is meant."""
_ROLE_PARTS = re.compile(r"[,/;()&]|\band\b|\bor\b", re.IGNORECASE)


def _words(text: str) -> set[str]:
    return {stem(w) for w in re.findall(r"[a-z0-9]+", without_accents(text))}


def people_asked(question: str, state: AccountState) -> list[AccountPerson]:
    """The people of state.md the question names (a first or last name); when it names none,
    the people whose role it says in full ("farm manager", "owner"). Empty when neither."""
    said = _words(question) - _words(state.name) - STOP_WORDS  # "Ruiz Roofing": the account
    people = account_people(state)
    named = {p: _name_words_said(p.name, said) for p in people}
    most = max(named.values(), default=0)
    if most:  # "dana ruiz" names Dana Ruiz, not her brother Carl Ruiz too
        return [p for p, count in named.items() if count == most]
    return [p for p in people if p.role and _role_said(p.role, said)]


def _name_words_said(name: str, said: set[str]) -> int:
    """How many words of the name the question says, a short form counting ("doug" for
    "Douglas", "chris" for "Christina")."""
    return sum(
        1
        for word in _words(name)
        if len(word) >= MIN_NAME_WORD and any(cut_short(w, word) for w in said)
    )


def _role_said(role: str, said: set[str]) -> bool:
    """A part of the role ("Owner", "chiropractor" of "Owner, chiropractor (DC)") whose every
    word the question says."""
    for part in _ROLE_PARTS.split(role):
        wanted = _words(part) - STOP_WORDS
        wanted = {w for w in wanted if len(w) >= MIN_NAME_WORD}
        if wanted and wanted <= said:
            return True
    return False


def person_value(person: AccountPerson) -> str:
    """How the answer says a person: name (role), email, phone."""
    named = f"{person.name} ({person.role})" if person.role else person.name
    return ", ".join(p for p in (named, person.email, person.phone) if p)


def person_label(person: AccountPerson) -> str:
    """ "Primary contact", or the key the person was written under ("Other contacts")."""
    if person.primary:
        return "Primary contact"
    text = " ".join(w for w in re.split(r"[_\s]+", person.key) if w)
    return text[:1].upper() + text[1:]
