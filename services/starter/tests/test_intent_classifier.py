"""The second stage: unsure rule results are settled by meaning, through an `Embedder` seam.

The real embedder is the indexer's model over the bus; here a deterministic hashed bag-of-words
stands in for it (same interface, no model, no network).
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from harper_starter.intent import IntentClassifier, classify
from harper_starter.intent_embed import Embedder, ExampleIndex, LabelledText, Match
from harper_starter.intent_examples import (
    EXAMPLES_DIR,
    Example,
    ExampleError,
    all_examples,
    read_examples,
)
from harper_starter.intent_rules import Verdict

SPEECH_ACTS = tuple(read_examples(EXAMPLES_DIR / "speech_acts.jsonl"))
"""The short per-intent sentences: enough for the hashed stand-in to tell speech acts apart."""


def on_speech_acts(embedder: Embedder) -> IntentClassifier:
    return IntentClassifier(embedder, examples=SPEECH_ACTS)


class HashedBagOfWords:
    """Each word (crudely singularised) adds 1 to a hashed dimension. Records every call."""

    def __init__(self, dims: int = 512) -> None:
        self.dims = dims
        self.calls: list[list[str]] = []

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        return [self._vector(text) for text in texts]

    def _vector(self, text: str) -> list[float]:
        vector = [0.0] * self.dims
        for word in re.findall(r"[a-z0-9$&']+", text.lower()):
            word = word[:-1] if len(word) > 3 and word.endswith("s") else word
            digest = hashlib.blake2b(word.encode(), digest_size=4).digest()
            vector[int.from_bytes(digest, "big") % self.dims] += 1.0
        return vector


class BrokenEmbedder:
    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        raise TimeoutError("harper.index.embed did not answer")


class FlatEmbedder:
    """Every text gets the same vector: no intent wins by meaning."""

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[1.0, 0.0, 0.0] for _ in texts]


UNSURE = "sunny days is ready to go ahead"


def test_rules_alone_are_unsure_about_the_example() -> None:
    assert classify(UNSURE).rule == "fallback"


def test_confident_rules_never_call_the_embedder() -> None:
    embedder = HashedBagOfWords()
    decision = asyncio.run(on_speech_acts(embedder).classify("Mark Sunny Days as Quoted"))
    assert decision.intent == "update" and decision.rule == "update_command"
    assert embedder.calls == []


def test_unsure_query_is_decided_by_nearest_prototypes() -> None:
    embedder = HashedBagOfWords()
    decision = asyncio.run(on_speech_acts(embedder).classify(UNSURE))
    assert decision.intent == "update"
    assert decision.rule == "embedding_knn(fallback)"
    assert 0.4 <= decision.confidence <= 0.75
    assert decision.account_candidates == ["sunny days"]
    assert decision.requires_specific_account


@pytest.mark.parametrize(
    ("query", "intent"),
    [
        ("a quick message to them would be good", "followup"),
        ("never mind, whatever", "unclear"),
    ],
)
def test_more_unsure_queries(query: str, intent: str) -> None:
    assert classify(query).confidence < 0.6
    assert asyncio.run(on_speech_acts(HashedBagOfWords()).classify(query)).intent == intent


def test_examples_are_embedded_once() -> None:
    embedder = HashedBagOfWords()
    classifier = on_speech_acts(embedder)

    async def twice() -> None:
        await asyncio.gather(
            classifier.classify(UNSURE),
            classifier.classify("a quick message to them would be good"),
        )
        await classifier.classify("never mind, whatever")

    asyncio.run(twice())
    batches = [len(texts) for texts in embedder.calls]
    assert batches.count(1) == 3 and len(batches) == 4
    assert max(batches) > 40


def test_a_failing_embedder_leaves_the_rules_answer() -> None:
    decision = asyncio.run(on_speech_acts(BrokenEmbedder()).classify(UNSURE))
    assert decision == classify(UNSURE)


def test_no_clear_winner_keeps_the_rules_answer() -> None:
    decision = asyncio.run(on_speech_acts(FlatEmbedder()).classify(UNSURE))
    assert decision == classify(UNSURE)


def test_without_an_embedder_it_is_the_rules() -> None:
    for query in (UNSURE, "Follow up with Maple Avenue Dental", "hi"):
        assert asyncio.run(IntentClassifier().classify(query)) == classify(query)


STATEMENTS = (
    Example("which accounts still have loss runs not received", "search"),
    Example("loss runs that are still not received", "search"),
    Example("the account received the signed application", "update"),
    Example("the account sent the loss runs today", "update"),
)


def test_a_statement_naming_no_account_is_checked_by_meaning() -> None:
    query = "loss runs not received yet"
    assert classify(query).rule == "update_statement"  # no account to update, though
    embedder = HashedBagOfWords()
    decision = asyncio.run(IntentClassifier(embedder, examples=STATEMENTS).classify(query))
    assert decision.intent == "search" and decision.rule == "embedding_knn(update_statement)"
    assert embedder.calls


def test_an_unnamed_statement_follows_even_a_slight_lean_of_the_examples() -> None:
    strict = IntentClassifier(HashedBagOfWords(), min_margin=0.99, examples=STATEMENTS)
    decision = asyncio.run(strict.classify("loss runs not received yet"))
    assert decision.intent == "search" and decision.rule == "embedding_knn(update_statement)"
    unsure = IntentClassifier(HashedBagOfWords(), min_margin=0.99, examples=SPEECH_ACTS)
    assert asyncio.run(unsure.classify(UNSURE)) == classify(UNSURE)  # an unsure rule needs it


@pytest.mark.parametrize(
    "query", ["Sunny Days received the loss runs", "they received the loss runs"]
)
def test_a_statement_about_an_account_stays_an_update(query: str) -> None:
    embedder = HashedBagOfWords()
    decision = asyncio.run(IntentClassifier(embedder, examples=STATEMENTS).classify(query))
    assert decision.intent == "update" and decision.rule == "update_statement"


def test_a_statement_about_an_account_reads_as_a_question_only_on_a_strong_lean() -> None:
    """Worded like a change, asked like a question: the examples decide when they lean far."""
    asked = (
        Example("has the account received the loss runs", "search"),
        Example("the account renewed the policy today", "update"),
    )
    query = "Sunny Days received the loss runs"
    decision = asyncio.run(IntentClassifier(HashedBagOfWords(), examples=asked).classify(query))
    assert decision.intent == "search" and decision.rule == "embedding_knn(update_statement)"
    assert decision.requires_specific_account  # still about Sunny Days


def test_likeness_to_small_talk_never_sends_a_request_back() -> None:
    classifier = on_speech_acts(HashedBagOfWords())
    lookup = Verdict("search", 0.5, "bare_name")
    assert classifier._second_opinion(lookup, Match("unclear", 0.9, 0.4), 0.03) == lookup
    unsure = Verdict("unclear", 0.3, "fallback")
    assert classifier._second_opinion(unsure, Match("search", 0.6, 0.1), 0.03).intent == "search"


def test_every_example_file_loads() -> None:
    examples = all_examples()
    assert len(examples) > 500
    assert {e.intent for e in examples} == {"search", "update", "followup", "unclear"}
    assert {e.source.partition(":")[0] for e in examples} >= {"corpus.jsonl", "speech_acts.jsonl"}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"q": "x", "intent": "buy"}', "bad.jsonl:2: 'intent' must be one of"),
        ('{"q": "", "intent": "search"}', "bad.jsonl:2: 'q' must be a non-empty string"),
        ('{"q": "x", "intent": "search", "mood": 1}', "bad.jsonl:2: unknown field(s) ['mood']"),
        ("not json", "bad.jsonl:2: not JSON"),
    ],
)
def test_a_bad_example_line_is_named(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"q": "fine", "intent": "search"}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(ExampleError) as caught:
        read_examples(path)
    assert str(caught.value).startswith(message)


def test_a_query_that_reads_as_one_name_is_looked_up() -> None:
    query = "osprey point marina slip fees"
    assert classify(query).rule == "fallback"
    embedder = HashedBagOfWords()
    decision = asyncio.run(on_speech_acts(embedder).classify(query))
    assert decision.intent == "search" and decision.rule == "name_only"
    assert decision.requires_specific_account and decision.account_candidates
    assert embedder.calls == []  # nothing to compare: the whole query is the name


class GatedEmbedder(HashedBagOfWords):
    """Embeds the examples only once `gate` is set; single queries at once."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if len(texts) > 1:
            await self.gate.wait()
        return await super().embed(texts)


def test_a_query_never_waits_long_for_the_examples() -> None:
    embedder = GatedEmbedder()
    examples = [LabelledText(e.q, e.intent) for e in SPEECH_ACTS]
    index = ExampleIndex(embedder, examples, wait_s=0.01)

    async def run() -> Match:
        with pytest.raises(TimeoutError):
            await index.nearest("draft an email to the account")
        embedder.gate.set()  # the embedding started by the first query goes on and finishes
        return await index.nearest("draft an email to the account")

    match = asyncio.run(run())
    assert match.intent == "followup"
    assert [len(texts) for texts in embedder.calls].count(len(examples)) == 1


def test_a_command_verb_opening_a_question_is_overturned_only_by_a_far_lean() -> None:
    """A command verb decides, unless the nearest examples lean far toward a question."""
    query = "reply on the Sunny Days deposit"
    assert classify(query).rule == "followup_command"
    to_question = (
        Example("reply on the account deposit yet", "search"),
        Example("draft an email to the account about the renewal", "followup"),
    )
    to_command = (
        Example("did the account pay the deposit", "search"),
        Example("reply to the account about the deposit", "followup"),
    )
    asked = asyncio.run(IntentClassifier(HashedBagOfWords(), examples=to_question).classify(query))
    assert asked.intent == "search" and asked.rule == "embedding_knn(followup_command)"
    kept = asyncio.run(IntentClassifier(HashedBagOfWords(), examples=to_command).classify(query))
    assert kept.intent == "followup" and kept.rule == "followup_command"
