"""``python -m harper_eval.direct <book> [--split dev]``: a book's questions put to the search agent
in this process with the account already resolved (the starter left out), graded as `make eval`
grades them, so the search engine is measured apart from account resolution.

Builds the book's index (MiniLM, passages included) in a temporary folder; a few seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from harper_common.memory.paths import MemoryRoot
from harper_common.messages.query import AccountRef, AgentRequest, AnswerResponse, IntentInfo
from harper_common.skills import load_skills
from harper_eval.books import Book, load_book
from harper_eval.grading import Grade, grade_answer
from harper_eval.questions_search import SearchQuestion
from harper_indexer.account_index import AccountIndex
from harper_indexer.edge_store import EdgeStore
from harper_indexer.embedding import make_embedder
from harper_indexer.in_process import InProcessDirectory
from harper_indexer.ingest import ingest_memory_root
from harper_indexer.passage_index import PassageIndex
from harper_indexer.passage_store import EdgePassageStore
from harper_search.agent import SearchAgent
from harper_search.book_values import BookValues
from harper_search.catalog import Catalog
from harper_search.listing_reader import ListingReader
from harper_search.listing_words import load_listing_words
from harper_search.local_brain import LocalBrain
from harper_search.own_actions import OwnActions
from harper_search.text_vectors import TextVectors
from harper_search.toolbox import Toolbox

ROOT = Path(__file__).resolve().parents[3]


class _Progress:
    async def step(self, _: object) -> None:
        return None


@dataclass(frozen=True)
class LocalSearch:
    """The local search agent over a book, the catalog it reads accounts from and the
    in-process index directory it searches (descriptions and passages)."""

    agent: SearchAgent
    catalog: Catalog
    directory: InProcessDirectory


@contextmanager
def local_search(book: Book) -> Iterator[LocalSearch]:
    """The local search agent over a book's files, indexed (MiniLM, passages) in a temporary
    folder that is removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="harper-direct-") as folder:
        base = Path(folder)
        memory = MemoryRoot(book.mem)
        embedder = make_embedder(base / "models")
        store = EdgeStore(base / "index", dense_dim=embedder.dim)
        index = AccountIndex(store, embedder)
        ingest_memory_root(book.mem, index)
        passages = PassageIndex(
            EdgePassageStore(base / "p", dense_dim=embedder.dim), embedder, memory
        )
        for account_id in memory.account_ids():
            passages.refresh(account_id)
        passages.fill_complete = True
        catalog = Catalog(memory)
        catalog.build()
        skills = load_skills(ROOT / "skills", "search")
        directory = InProcessDirectory(index, passages)  # it embeds texts too
        toolbox = Toolbox(memory, directory, skills)
        vectors = TextVectors(directory)
        words = load_listing_words(skills)
        reader = ListingReader(words, BookValues(toolbox), vectors)
        brain = LocalBrain(
            catalog, catalog.has_word, reader, OwnActions(vectors, words.action_examples)
        )
        agent = SearchAgent(
            toolbox=toolbox,
            local=brain,
            has_sources=lambda a: True,
            progress=lambda _: _Progress(),
            today=lambda: book.as_of,  # type: ignore[arg-type,return-value]
        )
        yield LocalSearch(agent, catalog, directory)


async def ask(local: LocalSearch, question: SearchQuestion) -> tuple[AnswerResponse, Grade]:
    """A book question put to the local agent, its account given when it names one, and the
    answer graded as `make eval` grades it."""
    card = local.catalog.get(question.account_id) if question.account_id else None
    request = AgentRequest(
        request_id="direct",
        query=question.query,
        intent=IntentInfo(intent="search", confidence=0.9, cross_account=card is None),
        account=AccountRef(account_id=card.account_id, account_name=card.name) if card else None,
    )
    answer = await local.agent.handle(request)
    grade = grade_answer(
        answer.answer,
        answer.citations,
        question.facts,
        question.needs,
        account_id=question.account_id,
        must_not_list=question.other_names,
    )
    return answer, grade


QUOTED = re.compile(r"(?<!\w)'[^'\n]*'(?!\w)|\"[^\"\n]*\"|close to '.*")
ACCOUNT_ROW = re.compile(r"\(account \d+\)")


def answer_shape(answer: str) -> str:
    """The kind of answer it was, without the question's words: its first line with anything
    quoted masked (a listing echoes the question's words there), and how many accounts it
    names. For reading failures of a half one may only score."""
    head = QUOTED.sub("'…'", answer.split("\n", 1)[0])[:120]
    return f"{len(ACCOUNT_ROW.findall(answer))} account(s) | {head}"


async def run(name: str, split: str, show: bool, shapes: bool = False) -> int:
    book = load_book(name)
    with local_search(book) as local:
        right: Counter[str] = Counter()
        total: Counter[str] = Counter()
        for question in book.split(split):
            answer, grade = await ask(local, question)
            total[question.level] += 1
            right[question.level] += grade.passed
            if shapes and not grade.passed:
                print(
                    f"{question.id} {question.level} | {grade.reason} | {answer_shape(answer.answer)}"
                )
            if show and not grade.passed:
                print(
                    json.dumps(
                        {
                            "id": question.id,
                            "q": question.query,
                            "facts": question.facts,
                            "why": grade.reason,
                            "answer": " ".join(answer.answer.split())[:600],
                        }
                    )
                )
        for level in sorted(total):
            print(f"{name} {split} {level}: {right[level]}/{total[level]}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("book")
    parser.add_argument("--split", default="dev")
    parser.add_argument("--show", action="store_true", help="print the failures (dev half only)")
    parser.add_argument(
        "--shapes",
        action="store_true",
        help="print each failure's id, grade reason and answer shape (no question text: any half)",
    )
    args = parser.parse_args()
    show = args.show and args.split == "dev"
    return asyncio.run(run(args.book, args.split, show, args.shapes))


if __name__ == "__main__":
    sys.exit(main())
