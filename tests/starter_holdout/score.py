"""Score the starter on the held-out queries, through a running Harper's ``POST /query``.

Run: ``PYTHONPATH=tests/eval:tests/integration .venv/bin/python tests/starter_holdout/score.py`` (``make
eval`` does) starts a Harper of its own over a copy of the harbor book; or set ``HARPER_URL``
and ``HARPER_API_KEY`` to score a running Harper serving a *copy* of the book
(``tests/eval/books/harbor/mem``): updates and follow-ups in the set are carried out.

``queries.jsonl`` was written from the book's README and roster without reading the starter's
rules. It is a test set: read the numbers, never tune a rule against its lines. ``--failures``
lists the misses, for diagnosing a regression after the fact.

Each line: ``query``, ``kind``, ``intent`` (search, update, followup, unclear) and ``account``: an
account id, ``which_one`` (``candidates`` must be offered), ``none`` (no account: a listing, an
unknown business, an unclear query) or ``new`` (a request about a business not in the book, which
should be offered creation). Printed: intent accuracy, resolution accuracy, and how often a
question or listing was answered ``confirmation_required``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).parent
ROSTER = HERE.parent / "eval" / "books" / "harbor" / "roster.json"
AGENT_INTENT = {"search_agent": "search", "updater_agent": "update", "followup_agent": "followup"}
ERROR_INTENT = {"search": "search", "updater": "update", "followup": "followup"}
ASKS_BACK = {"which_one", "none"}
QUESTION_KINDS = {"question", "partial", "shortform", "contact", "listing", "unknown"}


def reply_intent(reply: dict[str, Any]) -> str:
    """The intent a reply shows: the agent it came from; a question back shows ``unclear``."""
    kind = reply.get("type")
    if kind == "success":
        return AGENT_INTENT.get(str(reply.get("routed_to")), "?")
    if kind in ("confirmation_required", "vague_update_clarification"):
        return "update"
    if kind == "error":
        return ERROR_INTENT.get(str(reply.get("service")), "error")
    return "unclear"


def intent_right(row: dict[str, Any], reply: dict[str, Any]) -> bool:
    """The intent matches; asking back is right when the expected outcome is a question back."""
    if reply_intent(reply) == row["intent"]:
        return True
    asked_back = reply.get("type") == "clarification_needed"
    return asked_back and (row["account"] in ASKS_BACK or row["intent"] == "unclear")


def names_of(account_id: str, roster: dict[str, dict[str, Any]]) -> list[str]:
    entry = roster[account_id]
    return [str(entry["name"]).lower(), *(str(a).lower() for a in entry["aliases"])]


def resolution_right(
    row: dict[str, Any], reply: dict[str, Any], roster: dict[str, dict[str, Any]]
) -> bool | None:
    """The account outcome matches; ``None`` when an agent's error hides it."""
    kind, expected = reply.get("type"), row["account"]
    if kind == "error":
        return None
    if expected == "new":
        return kind == "confirmation_required"
    if expected == "none":
        return kind != "confirmation_required" and not reply.get("account_id")
    if expected == "which_one":
        offered = " | ".join(str(s).lower() for s in reply.get("suggestions", []))
        return kind == "clarification_needed" and all(
            any(name in offered for name in names_of(cand, roster)) for cand in row["candidates"]
        )
    return str(reply.get("account_id") or "") == expected


def ask(client: httpx.Client, query: str) -> tuple[dict[str, Any], float]:
    started = time.perf_counter()
    response = client.post("/query", json={"query": query})
    elapsed = time.perf_counter() - started
    try:
        body = response.json()
    except ValueError:
        body = {"type": "error", "message": response.text}
    if not isinstance(body, dict):
        body = {"type": "error", "message": str(body)}
    return body, elapsed


def score(rows: list[dict[str, Any]], client: httpx.Client, show_failures: bool) -> None:
    roster = {str(a["account_id"]): a for a in json.loads(ROSTER.read_text())}
    intent_ok = res_ok = res_n = confirms = question_n = errors = 0
    by_kind: Counter[str] = Counter()
    kind_ok: Counter[str] = Counter()
    for row in rows:
        reply, _ = ask(client, row["query"])
        i_ok = intent_right(row, reply)
        r_ok = resolution_right(row, reply, roster)
        intent_ok += i_ok
        errors += reply.get("type") == "error"
        if r_ok is not None:
            res_n += 1
            res_ok += r_ok
        if row["kind"] in QUESTION_KINDS or (
            row["account"] == "which_one" and row["intent"] == "search"
        ):
            question_n += 1
            confirms += reply.get("type") == "confirmation_required"
        by_kind[row["kind"]] += 1
        kind_ok[row["kind"]] += bool(i_ok and r_ok)
        if show_failures and not (i_ok and r_ok):
            print(f"{row['id']} [{row['kind']}] {row['query']!r}: {_brief(reply)}")
    _report(len(rows), intent_ok, res_ok, res_n, confirms, question_n, errors, by_kind, kind_ok)


def _brief(reply: dict[str, Any]) -> str:
    return json.dumps(
        {k: reply.get(k) for k in ("type", "routed_to", "account_id", "suggestions", "message")}
    )[:300]


def _report(
    total: int,
    intent_ok: int,
    res_ok: int,
    res_n: int,
    confirms: int,
    question_n: int,
    errors: int,
    by_kind: Counter[str],
    kind_ok: Counter[str],
) -> None:
    print(f"queries: {total} (agent errors: {errors})")
    print(f"intent accuracy:      {intent_ok / total:.1%} ({intent_ok}/{total})")
    print(f"resolution accuracy:  {res_ok / max(res_n, 1):.1%} ({res_ok}/{res_n})")
    rate = confirms / max(question_n, 1)
    print(f"confirmation_required on questions/listings: {rate:.1%} ({confirms}/{question_n})")
    for kind in sorted(by_kind):
        print(f"  {kind:13} both right {kind_ok[kind]:3}/{by_kind[kind]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=Path, default=HERE / "queries.jsonl")
    parser.add_argument("--failures", action="store_true", help="list each miss")
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.queries.read_text().splitlines() if line.strip()]
    url, key = os.environ.get("HARPER_URL"), os.environ.get("HARPER_API_KEY")
    if url and key:
        _score_at(url, key, rows, args.failures)
        return 0
    if url or key:
        print("Set both HARPER_URL and HARPER_API_KEY, or neither.", file=sys.stderr)
        return 2
    # a Harper of its own, over a copy of the harbor book (needs tests/eval and tests/integration
    # on the path)
    from harness import start_harper_on
    from harper_eval.books import load_book

    book = load_book(ROSTER.parent.name, ROSTER.parent.parent)
    with tempfile.TemporaryDirectory(prefix="harper-holdout-") as folder:
        base = Path(folder)
        shutil.copytree(book.mem, base / "mem")
        harper = start_harper_on(base, otel_exporter="none", today=book.as_of)
        try:
            _score_at(harper.base_url, harper.settings.admin_key or "", rows, args.failures)
        finally:
            harper.stop()
    return 0


def _score_at(url: str, key: str, rows: list[dict[str, Any]], show_failures: bool) -> None:
    headers = {"Authorization": f"Bearer {key}"}
    with httpx.Client(base_url=url, headers=headers, timeout=60) as client:
        score(rows, client, show_failures)


if __name__ == "__main__":
    raise SystemExit(main())
