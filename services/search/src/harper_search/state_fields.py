"""Questions answered by state.md's fields (stage, contact, coverage, premium, next step, ...).

Each field says which words ask for it, how to say its value, and what to look for in the
sources that back it (a premium's amount, a contact's phone) so the answer can cite one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from harper_common.memory.models import AccountState
from harper_common.memory.stages import Stage
from harper_search.line_names import names_a_line, said_in_full
from harper_search.passage_answers import HOW_MUCH, asks_part_of_a_whole
from harper_search.staff import staff_of


@dataclass(frozen=True)
class StateField:
    name: str
    label: str
    asks: re.Pattern[str]
    value: Callable[[AccountState], str | None]
    backing: Callable[[AccountState], list[str]]
    """Strings whose presence in a passage backs the value (e.g. "$2,600")."""
    answers: frozenset[str] = frozenset()
    """The kinds of answer (``passage_answers.asked_kinds``) the value gives: "who has their GL"
    asks a name the lines of coverage do not hold."""


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def money(amount: float | None) -> str | None:
    if amount is None:
        return None
    return f"${amount:,.0f}" if float(amount).is_integer() else f"${amount:,.2f}"


def _contact(state: AccountState) -> str | None:
    contact = state.primary_contact
    if contact is None:
        return None
    parts = [p for p in (contact.name, contact.email, contact.phone) if p]
    return ", ".join(parts) or None


def _contact_backing(state: AccountState) -> list[str]:
    contact = state.primary_contact
    return [p for p in (contact.name, contact.phone, contact.email) if p] if contact else []


def _lines(state: AccountState) -> str | None:
    """The account's lines, shorthand said in full ("WC (Workers' Compensation)")."""
    return ", ".join(map(said_in_full, state.insurance_types)) if state.insurance_types else None


def _next(state: AccountState) -> str | None:
    parts = []
    if state.next_step:
        parts.append(state.next_step)
    if state.pending_actions:
        parts.append("pending: " + "; ".join(state.pending_actions))
    return " (".join(parts) + (")" if len(parts) == 2 else "") if parts else None


_ATTRIBUTE_AT_END = _re(
    r"\b([^\W\d_']+)\.?\s+(e-?mail|phone|cell|mobile|tel)\s*(#|no\.?|address)?\s*\??\s*$"
)
_NOT_A_NAME = frozenset(
    """first last latest recent newest oldest previous next earlier later his her their its our
    my your a an one that this the which what they we i you he she it to by via in on per""".split()
)


_ATTRIBUTE_ALONE = _re(
    r"^\W*(?:(?:their|the|main|best|contact)\s+)*(e-?mail|phone|cell|mobile|tel|number|ph)"
    r"\s*(?:#|no\.?|number|address)?(?:\s+(?:for|of|at|to reach))?\W*$"
)


def asks_contact_attribute(question: str) -> bool:
    """A terse look-up ending on a contact's attribute after a name ("ana ruiz email",
    "sam at the florist phone #"): the last noun of a question without a verb is what it asks for.
    Not "his first email" or "did they email" (the channel, or the verb). With the account's
    name taken out, the attribute may be all that is left ("email for", "number?")."""
    if _ATTRIBUTE_ALONE.search(question):
        return True
    found = _ATTRIBUTE_AT_END.search(question)
    return found is not None and found[1].lower() not in _NOT_A_NAME


ENDS_ON_NUMBER = _re(r"\bnumber\s*\??\s*$")
""""... number": a phone number when the question names the contact ("ana ruiz number"),
else a figure ("the new carrier number")."""


def names_contact(question: str, state: AccountState) -> bool:
    """Whether the question names the account's primary contact (a first or last name)."""
    contact = state.primary_contact
    if contact is None or not contact.name:
        return False
    words = set(re.findall(r"[a-z]+", question.lower()))
    names = [w for w in re.findall(r"[a-z]+", contact.name.lower()) if len(w) > 2]
    return any(name in words for name in names)


def stage_as_written(state: AccountState) -> str:
    """The stage, and how the file writes it when that is no stage's name ("Renewal (read as
    New Lead)")."""
    written = state.extra.get("stage")
    return f"{written} (read as {state.stage.value})" if written else state.stage.value


STATE_FIELDS: tuple[StateField, ...] = (
    StateField(
        "stage",
        "Stage",
        _re(
            r"\b(stage|status|where (are|do) we|where.{0,20}\b(stand|at)\b|pipeline|"
            # "how far along", "how far did we get"; not a distance ("how far do they haul")
            r"how far (?:along|are we|is it|did we|have we)|"
            r"progress|state of play|update on|what'?s up with|latest on)\b"
            # a yes/no question about a stage: "is the bakery bound yet", "are they quoted"
            r"|^(?:is|are|has|have)\b.{0,60}\b(?:bound|quoted|submitted|closed|won|lost)\b"
            # the stage alone, asked of the account named before it: "- bound?", "quoted yet"
            r"|^\W*(?:bound|quoted|submitted|closed|won|lost|signed)(?:\s+yet)?\W*$"
        ),
        stage_as_written,
        lambda s: [s.stage.value],
    ),
    StateField(
        "premium",
        "Premium",
        _re(r"\b(premium|pric\w*|cost\w*|how much|annual)\b"),
        lambda s: money(s.premium),
        lambda s: [m for m in (money(s.premium),) if m],
        answers=frozenset({"amount"}),
    ),
    StateField(
        "contact",
        "Primary contact",
        _re(
            r"\b(contact\w*|who (is|'s) (the|our|my)|who do (i|we) (talk|speak|call|email)|"
            r"email address|e-mail|phone|number for|reach (them|him|her)|point person|poc|"
            r"decision maker|owner|who runs|how (do|can|should) (i|we) (e-?mail|reach|call|contact|"
            r"get hold of)|what number|call to reach|reach|e-?mail them|their e-?mail|"
            r"(main|key|right|best|go-?to) (person|guy|gal|contact|one)|person (to|i should|we "
            r"should) (talk|speak|call|ask|deal)|who (do|should|can|would) (i|we) (call|ring|ask|"
            r"talk|speak|deal|email|e-mail|work with)|who (makes|signs|calls) the (decisions?|"
            r"shots)|who'?s in charge|in charge)\b"
        ),
        _contact,
        _contact_backing,
        answers=frozenset({"name"}),
    ),
    StateField(
        "coverage",
        "Lines of coverage",
        _re(
            r"\b(coverages?|lines?( of (business|coverage))?|insurance types?|types? of insurance|"
            r"what insurance|policies|policy types?|what (are|do) (they|we) (quoting|writing|"
            r"placing|looking for|need|want)|what kind of insurance|wc|gl|bop|cov|covs)\b"
        ),
        _lines,
        lambda s: list(s.insurance_types or []),
        answers=frozenset({"count"}),
    ),
    StateField(
        "next_step",
        "Next step",
        _re(
            r"\b(next steps?|what'?s next|to ?do|action items?|pending|outstanding action|"
            r"what should (i|we)|follow[- ]?up needed|waiting on us|anything outstanding|"
            r"outstanding (items?|actions?|tasks?)|open items?|left to do|we (still )?owe|"
            r"what'?s outstanding)\b|^\W*next\W*$"
        ),
        _next,
        lambda s: [],
        answers=frozenset({"date"}),
    ),
    StateField(
        "last_contact",
        "Last contact",
        _re(
            r"\b(last (contact\w*|talk\w*|spoke|spoken|heard|email\w*|call\w*|touch\w*|reach\w*|"
            r"communicat\w*)|when did (we|i|they) (last )?(talk|speak|hear|contact|reach|email|"
            r"call|get in touch)|most recent (contact|communication|email|call|message)|"
            r"how long since|days since|gone quiet)\b"
        ),
        lambda s: s.last_contact.isoformat() if s.last_contact else None,
        lambda s: [],
        answers=frozenset({"date"}),
    ),
    StateField(
        "location",
        "Location",
        _re(
            r"\b(where (is|are) (it|they|this|the (business|company|client))( located| based)?|"
            r"located|location|based|which (city|town)|what (city|town)|which state|what state|"
            r"address)\b"
            r"|^\W*(?:city|town)\W*$"
            # "where's <the account>": nothing left but the place asked for ("where and what")
            r"|^\W*where(?:'s|\s+is|\s+are)?(?:\W*$|\s+(?:and|&)\s)"
        ),
        lambda s: s.location,
        lambda s: [s.location.split(",")[0]] if s.location else [],
    ),
    StateField(
        "industry",
        "Industry",
        _re(
            # "what does <the account> do": the name taken out leaves the two verbs
            r"\b(industry|what (do|does) (they|it|the business|the company) do|what (do|does) do|"
            r"(kind|type|sort) of (business|shop|company|outfit|place|operation|firm|store)|"
            r"type of business|line of work|trade|sector|what business)\b"
        ),
        lambda s: s.industry,
        lambda s: [],
    ),
)


_BROKER_NOTE = re.compile(r"\bBroker:\s*([A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*)")


def _broker(state: AccountState) -> str | None:
    """The agency's people on the account: state.md's own fields for them (broker, producer,
    ...), else the notes' "Broker: <name>"."""
    staff = staff_of(state.extra)
    if staff:
        return ", ".join(staff)
    found = _BROKER_NOTE.search(state.body)
    return found.group(1) if found else None


BROKER = StateField(
    "broker",
    "Broker",
    _re(
        r"\b(broker|producer|account exec\w*|our (person|guy|rep)|who (handles|owns|manages|"
        r"covers|works)|assigned to|whose account)\b"
    ),
    _broker,
    lambda s: [b for b in (_broker(s),) if b],
    answers=frozenset({"name"}),
)


_STAGE_ASKED = re.compile(
    r"\b(are|is|was|were|has|have|did)\b.{0,30}\b("
    + "|".join(re.escape(stage.value.lower()) for stage in Stage)
    + r")\b",
    re.IGNORECASE,
)
"""A yes/no question about a stage ("are they bound yet", "has it been submitted")."""


_YES_OR_NO = re.compile(r"^\W*(?:does|do|did|is|are|was|has|have|will|would|can)\b", re.I)
"""A question asking yes or no ("does the marina have general liability")."""


def asks_of_a_line(question: str) -> bool:
    """A yes/no question naming a line of coverage by its name or shorthand ("does the marina
    have general liability", "are they quoting WC"): it asks the account's lines."""
    return bool(_YES_OR_NO.search(question)) and names_a_line(question)


ALL_FIELDS: tuple[StateField, ...] = (*STATE_FIELDS, BROKER)
"""Every field a question may ask of one account."""


ASKS_WHEN = re.compile(r"^\W*when\b", re.IGNORECASE)
"""A question that opens by asking when: only a field that gives a day answers it ("when
should we reach out again" asks a time, not the contact's phone)."""


LAST_CONTACT = re.compile(r"\b(?:last|most recent) contact\w*", re.IGNORECASE)
""""last contact": the day of it, which the word "contact" alone does not ask."""


def asked_fields(question: str) -> list[StateField]:
    found = [field for field in ALL_FIELDS if field.asks.search(question)]
    if ASKS_WHEN.search(question):
        found = [field for field in found if "date" in field.answers]
    if asks_part_of_a_whole(question):
        # a share of the business is asked, not the premium, unless another word of it says so
        rest = HOW_MUCH.sub(" ", question)
        found = [f for f in found if f.name != "premium" or f.asks.search(rest)]
    contact = next(field for field in STATE_FIELDS if field.name == "contact")
    last = next(field for field in ALL_FIELDS if field.name == "last_contact")
    if (
        contact in found
        and last in found
        and not contact.asks.search(LAST_CONTACT.sub(" ", question))
    ):
        found.remove(contact)  # "last contact" asks when, not who
    if contact not in found and asks_contact_attribute(question):
        found.append(contact)
    coverage = next(field for field in STATE_FIELDS if field.name == "coverage")
    if coverage not in found and asks_of_a_line(question):
        found.append(coverage)
    stage = STATE_FIELDS[0]
    if stage not in found and _STAGE_ASKED.search(question):
        found.insert(0, stage)
    return found
