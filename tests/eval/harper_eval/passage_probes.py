"""``python -m harper_eval.passage_probes <book> [--show]``: questions about facts that only a
book's emails, calls and texts hold, each about one account, put to the search agent with the
account given, and graded by whether the answer states the facts.

The probes (``books/<book>/passage_probes.jsonl``) were written from the book's files, after
its questions and apart from them: most by a helper that read no engine code, some by the
engineer who works on the engines (``by``). They have been fixed against, so they measure
nothing on their own; they widen the dev halves, so a change that helps one wording can be seen
to hold on others. Prints the figures per author, and with ``--show`` what was not answered.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from harper_common.messages.query import AccountRef, AgentRequest, IntentInfo
from harper_eval.books import BOOKS, load_book
from harper_eval.direct import LocalSearch, local_search
from harper_eval.field_probes import print_tally, run_on_a_book
from harper_eval.grading import states_fact

PROBES_FILE = "passage_probes.jsonl"


class ProbeError(ValueError):
    """A line of a probes file that is not a probe (the message names the line)."""


@dataclass(frozen=True)
class PassageProbe:
    id: str
    account_id: str
    query: str
    facts: tuple[str | tuple[str, ...], ...]
    by: str


def load_probes(book: str, folder: Path = BOOKS) -> list[PassageProbe]:
    """The book's passage probes (none when it has no probes file)."""
    path = folder / book / PROBES_FILE
    if not path.is_file():
        return []
    found: list[PassageProbe] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            facts = tuple(f if isinstance(f, str) else tuple(f) for f in row["facts"])
            probe = PassageProbe(
                row["id"], str(row["account_id"]), row["query"], facts, row.get("by", "")
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise ProbeError(f"{path}:{number}: not a probe ({exc})") from exc
        if not probe.facts or not probe.query.strip():
            raise ProbeError(f"{path}:{number}: a probe needs a question and facts")
        found.append(probe)
    return found


async def answer(local: LocalSearch, probe: PassageProbe) -> tuple[str, list[str]]:
    """The agent's answer to the probe, and the facts it does not state."""
    card = local.catalog.get(probe.account_id)
    if card is None:
        raise ProbeError(f"probe {probe.id}: no account {probe.account_id} in the book")
    request = AgentRequest(
        request_id=probe.id,
        query=probe.query,
        intent=IntentInfo(intent="search", confidence=0.9, cross_account=False),
        account=AccountRef(account_id=card.account_id, account_name=card.name),
    )
    reply = await local.agent.handle(request)
    missing = [
        fact if isinstance(fact, str) else " / ".join(fact)
        for fact in probe.facts
        if not states_fact(reply.answer, fact)
    ]
    return reply.answer, missing


async def run(book_name: str, show: bool) -> int:
    book = load_book(book_name)
    probes = load_probes(book_name)
    if not probes:
        print(f"{book_name}: no {PROBES_FILE}")
        return 0
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    with local_search(book) as local:
        for probe in probes:
            text, missing = await answer(local, probe)
            total[probe.by] += 1
            right[probe.by] += not missing
            if show and missing:
                print(f"{probe.id} {probe.query!r}: missing {missing}")
                print(f"    {' '.join(text.split())[:400]}")
    print_tally(f"{book_name}: passage probes answered, by author", right, total)
    return 0


def main() -> int:
    return run_on_a_book(run, "print the probes not answered")


if __name__ == "__main__":
    sys.exit(main())
