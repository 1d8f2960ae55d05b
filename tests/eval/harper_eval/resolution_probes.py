"""``python -m harper_eval.resolution_probes <book> [--show]`` (``PYTHONPATH=tests/eval:
tests/integration:tests/bench``): which account a question means, asked of the starter and then
the search agent in this process, as a broker names accounts: by their aliases, their people
(whole name, first name at the account), their emails and phones, their names shortened or
mistyped, their trade and city.

The probes are built from the book's ``roster.json`` (who the writer put in the book), not from
its questions, so they may be read and fixed against freely. A probe passes when the answer is
about the account the probe names; a name two accounts share (a bookkeeper of both) can pass
for neither, and is printed like any other miss. Prints the passes per kind of reference.
"""

from __future__ import annotations

import json
import random
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harper_common.messages.query import QueryRequest
from harper_eval.books import load_book
from harper_eval.direct import local_search
from harper_eval.field_probes import print_tally, run_on_a_book

LEGAL_FORM = re.compile(r",? (?:LLC|Inc\.?|Co\.|P\.C\.|PLLC|P\.A\.|LLP)$")


@dataclass(frozen=True)
class Probe:
    account_id: str
    kind: str
    question: str


def probes(roster: list[dict[str, Any]], seed: int = 7) -> list[Probe]:
    """The questions naming each account of the roster, a few per kind of reference."""
    typos = random.Random(seed)
    found: list[Probe] = []
    for account in roster:
        aid, name = str(account["account_id"]), str(account["name"])
        words = LEGAL_FORM.sub("", name).split()

        def add(kind: str, question: str, aid: str = aid) -> None:
            found.append(Probe(aid, kind, question))

        for alias in account.get("aliases", []):
            add("alias", f"{alias} - what stage are they at")
            add("alias", f"whats the latest with {alias.lower()}")
        add("name", f"whats the premium for {' '.join(words).lower()}")
        add("name", f"{' '.join(words[:2]).lower()} renewal date?")
        add("typo", f"did {' '.join(_typo(w, typos) for w in words).lower()} sign the apps")
        industry, city = str(account.get("industry", "")), str(account.get("city", ""))
        if industry:
            add("trade", f"the {industry.lower()} in {city} - where are we")
            add("trade", f"what's going on with the {industry.lower()}")
        for number, contact in enumerate(account.get("contacts", [])):
            person = str(contact["name"]).replace("Dr. ", "")
            add("person", f"what did {person} say last time")
            add("person", f"{person.lower()} - any update?")
            if number == 0:
                first = person.split()[0]
                add("person", f"when did we last talk to {first} at {' '.join(words[:2])}")
            if contact.get("email"):
                add("email", f"who is {contact['email']}")
            if contact.get("phone"):
                add("phone", f"whose number is {contact['phone']}")
    return found


def _typo(word: str, chance: random.Random) -> str:
    """The word with one inner letter left out (words of five letters or more)."""
    if len(word) < 5:
        return word
    at = chance.randrange(1, len(word) - 1)
    return word[:at] + word[at + 1 :]


async def run(name: str, show: bool) -> int:
    from decide_parts import in_process_index, recording_starter  # tests/bench

    book = load_book(name)
    roster = json.loads((book.mem.parent / "roster.json").read_text(encoding="utf-8"))
    asked = probes(roster)
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder, local_search(book) as local:
        index = in_process_index(book.mem, Path(folder), Path(folder) / "models")
        starter, bus, _ = await recording_starter(index, index)
        for probe in asked:
            bus.last = None
            reply = await starter.handle_query(QueryRequest(query=probe.question, request_id="p"))
            got = (await local.agent.handle(bus.last)).account_id if bus.last is not None else None
            total[probe.kind] += 1
            right[probe.kind] += got == probe.account_id
            if show and got != probe.account_id:
                print(
                    f"MISS {probe.kind} {probe.account_id} -> {got} ({reply.type}): {probe.question}"
                )
    print_tally(f"{name}: probes answered about their account", right, total)
    return 0


def main() -> int:
    return run_on_a_book(run, "print the probes missed")


if __name__ == "__main__":
    sys.exit(main())
