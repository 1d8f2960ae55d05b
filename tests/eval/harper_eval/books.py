"""Hand-written books (``tests/eval/books/<name>/``): memory, questions, and how Harper does on them.

A book is a memory root written by someone who never read the engines (``mem/``) and its
questions (``questions.jsonl``: id, split, level, question, account_id, facts, cite,
must_not_list). The ``dev`` half may be read and fixed against; the ``test`` half is only
scored. Each book runs on a Harper of its own over a copy of its memory, so nothing the run
writes reaches the checked-in files.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, cast

import httpx

from harper_eval.client import HarperClient
from harper_eval.grading import CitationNeed
from harper_eval.questions_search import FactSpec, Level, SearchQuestion
from harper_eval.runner import SearchOutcome, run_search

BOOKS = Path(__file__).resolve().parents[1] / "books"
SPLITS = ("dev", "test")
LEVELS: tuple[Level, ...] = ("L1", "L2", "L3")


class BookError(ValueError):
    """A book's files do not say what a book must (the message names the file and line)."""


@dataclass(frozen=True)
class BookQuestion:
    split: str
    question: SearchQuestion


@dataclass(frozen=True)
class Book:
    name: str
    mem: Path
    as_of: date
    questions: tuple[BookQuestion, ...]

    def split(self, name: str) -> list[SearchQuestion]:
        return [q.question for q in self.questions if q.split == name]


def available_books(folder: Path = BOOKS) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if (p / "questions.jsonl").is_file())


def load_book(name: str, folder: Path = BOOKS) -> Book:
    """The book ``folder/name``; BookError naming the line when a question is malformed."""
    base = folder / name
    path = base / "questions.jsonl"
    questions: list[BookQuestion] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            questions.append(_question(json.loads(line)))
        except (ValueError, KeyError, TypeError) as exc:
            raise BookError(f"{path}:{number}: {exc}") from exc
    return Book(name=name, mem=base / "mem", as_of=_as_of(base), questions=tuple(questions))


def _question(row: dict[str, Any]) -> BookQuestion:
    split, level = str(row["split"]), str(row["level"])
    if split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS}, not {split!r}")
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}, not {level!r}")
    facts: list[FactSpec] = [
        tuple(str(s) for s in fact) if isinstance(fact, list) else str(fact)
        for fact in row.get("facts", [])
    ]
    needs = tuple(
        CitationNeed(any_of=tuple(str(p) for p in group), why=" | ".join(group))
        for group in row.get("cite", [])
    )
    question = SearchQuestion(
        id=str(row["id"]),
        level=cast(Level, level),
        topic=str(row.get("why", ""))[:40] or "book",
        query=str(row["question"]),
        facts=tuple(facts),
        needs=needs,
        account_id=str(row["account_id"]) if row.get("account_id") else None,
        other_names=tuple(str(n) for n in row.get("must_not_list", [])),
    )
    return BookQuestion(split=split, question=question)


def _as_of(base: Path) -> date:
    """The day the book is written as of (``book.json`` "as_of"), else today."""
    meta = base / "book.json"
    if meta.is_file():
        value = json.loads(meta.read_text(encoding="utf-8")).get("as_of")
        if value:
            return date.fromisoformat(str(value))
    return date.today()


@contextmanager
def harper_on_book(book: Book) -> Iterator[str]:
    """A Harper of its own over a copy of the book's memory; yields its base URL."""
    from harness import start_harper_on, use_key_of

    with tempfile.TemporaryDirectory(prefix=f"harper-book-{book.name}-") as folder:
        base = Path(folder)
        shutil.copytree(book.mem, base / "mem")
        harper = start_harper_on(base, otel_exporter="none", today=book.as_of)
        use_key_of(harper)
        try:
            if not wait_for_passages(harper.base_url):
                print(
                    f"[eval] {book.name}: passages still filling; scoring anyway", file=sys.stderr
                )
            yield harper.base_url
        finally:
            harper.stop()


PASSAGES_FILLED = "embedded in"
"""What the indexer's line of ``/health`` says once every account's passages are in the index."""
PASSAGES_WAIT_S = 300.0


def wait_for_passages(base_url: str, timeout_s: float = PASSAGES_WAIT_S) -> bool:
    """Wait until the indexer has cut and embedded every account's passages (it starts answering
    before: a question across the book meanwhile reads only the accounts filled so far, which
    is not what a book's score should measure). False when it did not finish in time."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            body = httpx.get(f"{base_url}/health", timeout=5).text
        except httpx.HTTPError:
            body = ""
        if PASSAGES_FILLED in body:
            return True
        time.sleep(0.2)
    return False


@dataclass
class BookResult:
    book: str
    outcomes: dict[str, list[SearchOutcome]]
    """Split -> the outcome of each of its questions."""
    seconds: float

    def accuracy(self, split: str, level: str) -> tuple[int, int]:
        chosen = [o for o in self.outcomes.get(split, []) if o.question.level == level]
        return sum(o.grade.passed for o in chosen), len(chosen)


def run_book(
    book: Book,
    splits: Sequence[str] = SPLITS,
    progress: Callable[[str], None] = lambda _: None,
    url: str | None = None,
) -> BookResult:
    """Ask every question of the chosen splits (on ``url`` when given: a Harper already
    serving the book's memory)."""
    started = time.perf_counter()
    outcomes: dict[str, list[SearchOutcome]] = {}

    def ask_all(base_url: str) -> None:
        client = HarperClient(base_url)
        try:
            for split in splits:
                progress(f"book {book.name}, {split} half")
                outcomes[split] = run_search(client, book.split(split), progress)
        finally:
            client.close()

    if url is not None:
        ask_all(url)
    else:
        with harper_on_book(book) as started_url:
            ask_all(started_url)
    return BookResult(book.name, outcomes, round(time.perf_counter() - started, 1))
