"""The hand-written books load, and every question points at files the book holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from harper_eval.books import BOOKS, BookError, available_books, load_book


@pytest.mark.parametrize("name", available_books())
def test_every_question_of_a_book_points_at_its_own_files(name: str) -> None:
    book = load_book(name)
    assert len(book.questions) >= 120
    assert {q.split for q in book.questions} == {"dev", "test"}
    accounts = {p.name for p in (book.mem / "accounts").iterdir()}
    for entry in book.questions:
        question = entry.question
        assert question.account_id is None or question.account_id in accounts, question.id
        for need in question.needs:
            for path in need.any_of:
                assert (book.mem / path).exists(), f"{question.id}: {path} is not in the book"


def test_a_malformed_question_is_named_by_file_and_line(tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    (folder / "mem").mkdir(parents=True)
    good = {"id": "q1", "split": "dev", "level": "L1", "question": "stage?", "facts": ["Bound"]}
    bad = dict(good, id="q2", split="holdout")
    lines = [json.dumps(good), json.dumps(bad)]
    (folder / "questions.jsonl").write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(BookError, match=r"questions.jsonl:2: split must be"):
        load_book("broken", tmp_path)
    assert "broken" in available_books(tmp_path)
    assert BOOKS.name == "books"
