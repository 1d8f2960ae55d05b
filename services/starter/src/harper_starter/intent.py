"""The starter's local intent engine: what does the broker want, and about which account?

`classify(query)` is pure and deterministic: the ordered rules of `intent_rules` pick the
intent, `reference` pulls the account name(s) as written, `intent_describe` finds a described
account ("the childcare center in Texas"), `intent_scope` tells one account from the whole book,
and `intent_suggest` offers rephrasings when the query is unclear or names no account.

`IntentClassifier` adds a second stage when an `Embedder` is given: the query is compared by
meaning with the labelled examples of `intent_examples` when the rules are unsure (confidence
below 0.6), and when they read a statement as an update although it names no account and points
at none ("applications in, none sent to carriers" lists the book; an update needs an account).

The query is data only: nothing in it is ever followed as an instruction.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from harper_common.messages.query import Intent
from harper_starter.intent_describe import Description, find_description
from harper_starter.intent_embed import Embedder, ExampleIndex, LabelledText, Match
from harper_starter.intent_examples import Example, all_examples
from harper_starter.intent_rules import NAME_LIKE, RuleInput, Verdict, first_verdict, strip_prefix
from harper_starter.intent_scope import is_cross_account, points_at_one_account, scope_text
from harper_starter.intent_suggest import suggest
from harper_starter.intent_text import Query
from harper_starter.reference import account_candidates, best_run_score, mask_names

__all__ = ["Embedder", "IntentClassifier", "IntentDecision", "classify"]

logger = logging.getLogger(__name__)

EMBED_BELOW = 0.6
"""Rule decisions less confident than this go to the embedding stage (when there is one)."""
KEEP_RULES = frozenset({"single_word"})
"""Rules whose unsure answer stands: one word ("insurance") has no speech act to compare."""
STATEMENT = "update_statement"
"""A rule whose answer is checked by meaning: a statement of a change reads like a question
about it often enough ("the loss runs Sunny Days sent")."""
CHECKED_RULES = frozenset({STATEMENT, "followup_command"})
"""Confident rules whose answer the nearest examples may still overturn, when they lean far: a
change or a command verb opening what is asked as a question."""
UNNAMED_STATEMENT_MARGIN = 0.0
"""How far the nearest examples must lean away from a statement that names and points at no
account: any lean. A change needs an account to land on, and one that names none ("signed forms
still not mailed") reads as a question about the book as often as a note; its words alone are no
better guide than the examples."""
FAR_LEAN = 0.08
"""How far the nearest examples must lean away from the other checked rules' answers: far. The
verb of a change or of a command is a strong sign; only a question worded like one is not."""
MASK = "the account"


class IntentDecision(BaseModel):
    """What the starter understood from one query."""

    model_config = ConfigDict(frozen=True, use_attribute_docstrings=True)

    intent: Intent
    confidence: float = Field(ge=0, le=1)
    """How sure: ~0.9 when a rule clearly fired, 0.3-0.6 for guesses."""
    account_candidates: list[str] = Field(default_factory=list)
    """The account name(s) as written, most likely first; to be checked against the index."""
    descriptive_reference: str | None = None
    """An account described rather than named ("the childcare center in Texas")."""
    requires_specific_account: bool = False
    """The request is about one account (named or not)."""
    cross_account: bool = False
    """The request is about many accounts ("Which accounts need follow-up?")."""
    rule: str
    """Which rule (or stage) decided, for the trace."""
    suggestions: list[str] = Field(default_factory=list)
    """2-4 rephrasings when the intent is unclear or an account is needed but not named."""


def _suggestion_name(q: Query) -> str | None:
    """A word of the query good enough to put in a suggestion ("Banana" -> "... of Banana?")."""
    words = q.words
    if len(words) == 1 and words[0].capitalized and words[0].kind == "name":
        return words[0].text
    if best_run_score(q) >= 2.0:
        return account_candidates(q)[0]
    return None


def decide(q: Query, verdict: Verdict, description: Description | None = None) -> IntentDecision:
    """Complete a verdict into a decision: scope, account candidates and suggestions."""
    excluded = description.token_indexes(q) if description else set()
    names_one = description is not None or best_run_score(q, excluded) >= NAME_LIKE
    general = verdict.intent == "unclear" or verdict.rule == "glossary"
    cross = not general and is_cross_account(scope_text(q), names_one)
    single = not general and not cross
    candidates = account_candidates(q, excluded) if single else []
    described = description.text if description is not None and single else None
    suggestions: list[str] = []
    if verdict.intent == "unclear" or (single and not candidates and not described):
        name = _suggestion_name(q) if verdict.intent == "unclear" else None
        suggestions = suggest(q.text, q.norm, verdict.intent, name)
    return IntentDecision(
        intent=verdict.intent,
        confidence=verdict.confidence,
        account_candidates=candidates,
        descriptive_reference=described,
        requires_specific_account=single,
        cross_account=cross,
        rule=verdict.rule,
        suggestions=suggestions,
    )


def _prepare(query: str) -> tuple[Query, Description | None, RuleInput]:
    q = Query.parse(query)
    description = find_description(q)
    excluded = description.token_indexes(q) if description else set()
    x = RuleInput(q=q, body=strip_prefix(q.norm), name_score=best_run_score(q, excluded))
    return q, description, x


def classify(query: str) -> IntentDecision:
    """Classify one query with the deterministic rules alone."""
    q, description, x = _prepare(query)
    return decide(q, first_verdict(x), description)


class Classifier(Protocol):
    """Anything that classifies a query (the local engine or the Claude brain)."""

    async def classify(self, query: str) -> IntentDecision: ...


def _masked(q: Query, description: Description | None) -> str:
    return mask_names(q, description.token_indexes(q) if description else set())


def labelled_texts(examples: tuple[Example, ...]) -> list[LabelledText]:
    """The examples as the embedding stage compares them: account names masked like a query;
    those left with fewer than two words besides the mask ("Sunny Days Childcare") say nothing
    about what the broker wants and are left out."""
    texts = [(_masked(q := Query.parse(e.q), find_description(q)), e.intent) for e in examples]
    return [LabelledText(text, intent) for text, intent in texts if _content_words(text) >= 2]


def _content_words(masked: str) -> int:
    return len(Query.parse(masked.replace(MASK, " ")).words)


class IntentClassifier:
    """Rules first; unsure results go to the nearest intent by meaning (when an embedder is set)."""

    def __init__(
        self,
        embedder: Embedder | None = None,
        min_margin: float = 0.03,
        examples: tuple[Example, ...] | None = None,
    ) -> None:
        chosen = examples if examples is not None else all_examples()
        self._index = (
            ExampleIndex(embedder, labelled_texts(chosen)) if embedder is not None else None
        )
        self._min_margin = min_margin

    async def warm(self, attempts: int = 10, pause_s: float = 3.0) -> None:
        """Embed the examples now (a few seconds), so no query waits for it. The embedder may
        not answer yet while the indexer starts: try again a few times, then leave it to the
        first unsure query. Never fails."""
        if self._index is None:
            return
        for attempt in range(1, attempts + 1):
            try:
                await self._index.warm()
                return
            except Exception as exc:
                logger.info("intent examples not embedded (try %d): %s", attempt, exc)
                await asyncio.sleep(pause_s)
        logger.warning("intent examples not embedded; the first unsure query will embed them")

    async def classify(self, query: str) -> IntentDecision:
        """Classify one query; never fails because the embedder does."""
        q, description, x = _prepare(query)
        verdict = first_verdict(x)
        if self._index is None or not self._unsure(verdict):
            return decide(q, verdict, description)
        masked = _masked(q, description)
        if _content_words(masked) < 2:
            if masked.strip() == MASK and len(q.words) > 1 and verdict.rule == "fallback":
                # the whole query reads as a name ("maple ridge taproom"): look it up
                return decide(q, Verdict("search", 0.5, "name_only"), description)
            return decide(q, verdict, description)  # a name alone has no speech act to compare
        try:
            match = await self._index.nearest(masked)
        except Exception:  # the embedder is remote; the rules' answer still stands
            logger.warning("intent embedding failed; keeping rule %s", verdict.rule, exc_info=True)
            return decide(q, verdict, description)
        margin = self._min_margin
        if verdict.rule in CHECKED_RULES and verdict.confidence >= EMBED_BELOW:
            unnamed = (
                verdict.rule == STATEMENT
                and x.name_score < NAME_LIKE
                and description is None
                and not points_at_one_account(q.text)
            )
            margin = UNNAMED_STATEMENT_MARGIN if unnamed else FAR_LEAN
        return decide(q, self._second_opinion(verdict, match, margin), description)

    @staticmethod
    def _unsure(verdict: Verdict) -> bool:
        if verdict.rule in KEEP_RULES:
            return False
        return verdict.confidence < EMBED_BELOW or verdict.rule in CHECKED_RULES

    @staticmethod
    def _second_opinion(verdict: Verdict, match: Match, min_margin: float) -> Verdict:
        if match.margin <= min_margin or match.intent == verdict.intent:
            return verdict
        if match.intent == "unclear" and verdict.intent != "unclear":
            return verdict  # a query the rules read as a request is not sent back by likeness
        confidence = round(min(0.75, max(verdict.confidence, 0.4 + match.margin)), 3)
        return Verdict(match.intent, confidence, f"embedding_knn({verdict.rule})")
