"""No engine copies an eval question: the books' questions and the starter's held-out queries
measure wording the engines were not written for. A run of six words shared between a question
and an engine file (code, skills, labelled examples) is a copy; shorter runs are how anyone
writes ("which accounts need follow up")."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUN = 6
FROM_THE_SPEC = frozenset({"when did we last talk to"})
"""Sample queries of the product spec, which engines and question writers both quote."""


def runs(text: str) -> set[str]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {" ".join(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


def question_runs() -> dict[str, str]:
    """Every six-word run of an eval question, with the question's id."""
    found: dict[str, str] = {}
    sets = [
        *ROOT.glob("tests/eval/books/*/questions.jsonl"),
        ROOT / "tests/starter_holdout/queries.jsonl",
    ]
    for path in sets:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                for run in runs(row.get("question") or row.get("query") or ""):
                    found.setdefault(run, row["id"])
    return found


def engine_files() -> list[Path]:
    kept = (".py", ".md", ".txt", ".tsv", ".toml", ".jsonl", ".yaml")
    files = [p for p in ROOT.glob("services/*/src/**/*") if p.suffix in kept]
    files += [
        p for p in ROOT.glob("libs/common/src/**/*") if p.suffix in kept and "demo" not in p.parts
    ]
    files += list(ROOT.glob("skills/**/*.md"))
    return [p for p in files if p.is_file()]


def test_no_engine_file_copies_six_words_of_an_eval_question() -> None:
    questions = question_runs()
    assert len(questions) > 1000  # the sets were read
    copied = {
        f"{path.relative_to(ROOT)}: {run!r} ({questions[run]})"
        for path in engine_files()
        for run in runs(path.read_text(encoding="utf-8", errors="ignore")) - FROM_THE_SPEC
        if run in questions
    }
    assert not copied, "\n".join(sorted(copied))
