"""The ordered, deterministic intent rules (seed 002: quick rules first).

Each rule looks at the prepared query and either decides (intent, confidence, its name) or
passes. The first rule that decides wins, in this order:

 1. blank              nothing but punctuation or emoji                       unclear   0.99
 2. smalltalk          greetings, thanks, "help", "what can you do"           unclear   0.95
 3. off_topic          weather, jokes... and no account named                 unclear   0.85
 4. glossary           "what does noc mean", "what's a BOP"                   search    0.90
 5. how_to             "how do I add an account" (no account named)           unclear   0.70
 6. followup_listing   "which accounts need follow-up?", "pending follow-ups" search    0.95
 7. followup_command   "follow up with X", "draft an email to X", "text ..."  followup  0.92
 8. update_command     "mark X as quoted", "add a note to X", "update X"      update    0.92
                       (generic "fix/edit/remove ..." only with a field or a name: 0.85)
 9. question           wh-/yes-no question, "?", "show/list/pull up"          search    0.90
                       (a question word after the topic, "... list pls": 0.85)
10. aggregate          book-level listing, no question ("accounts in TX")     search    0.80
11. followup_statement "X needs a follow up"                                  followup  0.70
12. update_statement   "X bound eff 2/1", "X sent loss runs", "they bound"    update    0.85
                       (only a $ amount or a date: 0.70)
13. field_lookup       "X premium", "X loss runs", "3 Brothers Moving status" search    0.75
14. bare_name          just a business name: "Lakeshore Pediatrics"           search    0.60
                       (Title-Case words with no business word, "The Daily Grind": 0.50)
15. single_word        one word that is no command ("banana", "Zephyr")       unclear   0.40
16. fallback           nothing matched                                        unclear   0.30

Commands (7, 8) are matched after a polite prefix ("pls", "can you", "i need to") and at the start
of any later clause ("... and mark every account as bound"), unless the query opens as a question.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from harper_common.messages.query import Intent
from harper_starter import intent_patterns as patterns
from harper_starter.intent_lexicon import FRAME, LOSS_WORDS, OFF_TOPIC
from harper_starter.intent_scope import is_listing, scope_text
from harper_starter.intent_text import Query

NAME_LIKE = 3.5
"""A run scoring at least this (reference.best_run_score) is surely a business name."""


@dataclass(frozen=True)
class Verdict:
    """What a rule decided."""

    intent: Intent
    confidence: float
    rule: str


@dataclass(frozen=True)
class RuleInput:
    """A query prepared for the rules: `body` is the normalised text without polite prefix."""

    q: Query
    body: str
    name_score: float
    """reference.best_run_score of the query: how surely it names a business."""

    @property
    def clauses(self) -> list[str]:
        """The body split into clauses; later ones are checked only if the first is no question."""
        parts = [c.strip() for c in patterns.CLAUSE.split(self.body) if c.strip()]
        if parts and patterns.QUESTION_START.match(parts[0]):
            return parts[:1]
        return [patterns.PREFIX.sub("", c, count=1) for c in parts]


Rule = Callable[[RuleInput], Verdict | None]


def _blank(x: RuleInput) -> Verdict | None:
    return None if any(c.isalnum() for c in x.q.text) else Verdict("unclear", 0.99, "blank")


def _smalltalk(x: RuleInput) -> Verdict | None:
    hit = patterns.SMALLTALK.match(x.body) or patterns.SMALLTALK.match(x.q.norm)
    return Verdict("unclear", 0.95, "smalltalk") if hit else None


def _off_topic(x: RuleInput) -> Verdict | None:
    keys = {t.key for t in x.q.tokens}
    if x.name_score < NAME_LIKE and keys & OFF_TOPIC and not keys & LOSS_WORDS:
        return Verdict("unclear", 0.85, "off_topic")
    return None


def _glossary(x: RuleInput) -> Verdict | None:
    return Verdict("search", 0.9, "glossary") if patterns.GLOSSARY.match(x.body) else None


def _how_to(x: RuleInput) -> Verdict | None:
    if x.name_score < NAME_LIKE and patterns.HOW_TO.match(x.body):
        return Verdict("unclear", 0.7, "how_to")
    return None


def _followup_listing(x: RuleInput) -> Verdict | None:
    if patterns.FOLLOWUP_LISTING.search(x.body) and not patterns.FOLLOWUP_START.match(x.body):
        return Verdict("search", 0.95, "followup_listing")
    return None


def _command(pattern: re.Pattern[str], intent: Intent, rule: str) -> Rule:
    def check(x: RuleInput) -> Verdict | None:
        if any(pattern.match(clause) for clause in x.clauses):
            return Verdict(intent, 0.92, rule)
        return None

    return check


def _edit_command(x: RuleInput) -> Verdict | None:
    if not any(patterns.EDIT_START.match(clause) for clause in x.clauses):
        return None
    named = x.name_score >= NAME_LIKE or any(t.kind == "field" for t in x.q.tokens)
    return Verdict("update", 0.85, "update_command") if named else None


def _question(x: RuleInput) -> Verdict | None:
    if patterns.QUESTION_START.match(x.body):
        return Verdict("search", 0.9 if x.q.has_question_mark else 0.85, "question")
    if x.q.has_question_mark:
        return Verdict("search", 0.85, "question")
    # "Elm Street Florist - bound already?", "the e-bike claim, what happened": the topic
    # first, then the question (commands were matched before, so no clause is one)
    later = x.clauses[1:]
    if any(patterns.QUESTION_START.match(c) and len(c.split()) > 1 for c in later):
        return Verdict("search", 0.85, "question")
    if patterns.QUESTION_INSIDE.match(x.body) or patterns.LIST_REQUEST.search(x.body):
        return Verdict("search", 0.85, "question")
    return None


def _aggregate(x: RuleInput) -> Verdict | None:
    listing = is_listing(scope_text(x.q), x.name_score >= NAME_LIKE)
    return Verdict("search", 0.8, "aggregate") if listing else None


def _followup_statement(x: RuleInput) -> Verdict | None:
    hit = patterns.FOLLOWUP_STATEMENT.search(x.body)
    return Verdict("followup", 0.7, "followup_statement") if hit else None


def _update_statement(x: RuleInput) -> Verdict | None:
    if patterns.UPDATE_STATEMENT.search(x.body):
        return Verdict("update", 0.85, "update_statement")
    if any(t.kind == "value" and (t.text[:1] == "$" or "/" in t.text) for t in x.q.tokens):
        return Verdict("update", 0.7, "update_statement")  # "$2,600", "renewal 6/30"
    return None


def _field_lookup(x: RuleInput) -> Verdict | None:
    if any(t.key in patterns.LOOKUP_FIELDS for t in x.q.tokens):
        return Verdict("search", 0.75, "field_lookup")
    return None


def _bare_name(x: RuleInput) -> Verdict | None:
    if x.name_score >= NAME_LIKE and len(x.q.words) > 1:
        return Verdict("search", 0.6, "bare_name")  # one word ("pizza") is no account name
    words = [t for t in x.q.words if t.kind not in ("connector",) and t.key != "the"]
    if len(words) >= 2 and all(t.kind == "name" and t.capitalized for t in words):
        return Verdict("search", 0.5, "bare_name")  # "The Daily Grind": Title Case, no frame
    return None


def _single_word(x: RuleInput) -> Verdict | None:
    words = x.q.words
    if len(words) == 1 and words[0].key not in FRAME:
        return Verdict("unclear", 0.4, "single_word")
    return None


def _fallback(x: RuleInput) -> Verdict:
    return Verdict("unclear", 0.3, "fallback")


RULES: tuple[Rule, ...] = (
    _blank,
    _smalltalk,
    _off_topic,
    _glossary,
    _how_to,
    _followup_listing,
    _command(patterns.FOLLOWUP_START, "followup", "followup_command"),
    _command(patterns.UPDATE_START, "update", "update_command"),
    _edit_command,
    _question,
    _aggregate,
    _followup_statement,
    _update_statement,
    _field_lookup,
    _bare_name,
    _single_word,
)


def strip_prefix(norm: str) -> str:
    """The normalised query without greetings and polite openers ("pls", "can you")."""
    return patterns.PREFIX.sub("", norm, count=1).strip()


def first_verdict(x: RuleInput) -> Verdict:
    """Run the rules in order; the first that decides wins."""
    for rule in RULES:
        verdict = rule(x)
        if verdict is not None:
            return verdict
    return _fallback(x)
