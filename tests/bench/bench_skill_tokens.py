"""What the search agent's Claude brain sends per question: progressive disclosure vs skills up front.

Runs the real search brain (``harper_search.claude_brain.ClaudeBrain``, the real ``anthropic`` SDK,
the real tools over a demo book) against the local fake Messages API, with the same scripted tool
calls in every mode, and counts what the SDK actually put on the wire: every request's system,
tools and messages, summed over the turns of one question.

Modes:
- ``progressive``: the system holds the ``<available_skills>`` index (level 1); the model reads
  the SKILL.md it needs with ``read_file`` (level 2), which costs one more tool turn;
- ``search-up-front``: the search agent's four skills, bodies and references, in the system;
- ``all-up-front``: all eleven skills of the three agents, bodies and references, in the system.

Tokens are counted with the MiniLM WordPiece tokenizer that ships with the indexer's model (no
network, so Anthropic's counter is out of reach): a proxy whose ratios carry over, since every
mode is counted the same way. Characters are printed too. Cache reads are what a cached prefix
would save on turns after the first; the table shows totals as sent.

    .venv/bin/python tests/bench/bench_skill_tokens.py [--accounts 60]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from tokenizers import Tokenizer

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "libs" / "common" / "tests"))

from fake_anthropic import Block, FakeAnthropic, Reply, text, tool_use  # noqa: E402

from harper_common.brain.claude import ClaudeClient  # noqa: E402
from harper_common.brain.settings import BrainSettings  # noqa: E402
from harper_common.bus.progress import NoProgress  # noqa: E402
from harper_common.demo import generate_demo  # noqa: E402
from harper_common.demo.truth import AccountTruth, GroundTruth  # noqa: E402
from harper_common.memory.paths import MemoryRoot  # noqa: E402
from harper_common.messages.query import AccountRef, AgentRequest, IntentInfo  # noqa: E402
from harper_common.skills import Skill, load_skills, skills_index  # noqa: E402
from harper_common.skills.loader import activate, read_resource, resources  # noqa: E402
from harper_common.skills.model import AGENTS  # noqa: E402
from harper_indexer.account_index import AccountIndex  # noqa: E402
from harper_indexer.edge_store import EdgeStore  # noqa: E402
from harper_indexer.embedding import make_embedder, model_folder  # noqa: E402
from harper_indexer.in_process import InProcessDirectory  # noqa: E402
from harper_indexer.ingest import ingest_memory_root  # noqa: E402
from harper_indexer.passage_index import PassageIndex  # noqa: E402
from harper_indexer.passage_store import EdgePassageStore  # noqa: E402
from harper_search.book_values import BookValues  # noqa: E402
from harper_search.catalog import Catalog  # noqa: E402
from harper_search.claude_brain import ClaudeBrain  # noqa: E402
from harper_search.first_turn import BRIEF_PASSAGES, FirstTurn  # noqa: E402
from harper_search.listing_reader import ListingReader  # noqa: E402
from harper_search.listing_words import load_listing_words  # noqa: E402
from harper_search.question_cues import without_name  # noqa: E402
from harper_search.run_log import RunLog  # noqa: E402
from harper_search.session import ToolSession  # noqa: E402
from harper_search.state_fields import asked_fields  # noqa: E402
from harper_search.text_vectors import TextVectors  # noqa: E402
from harper_search.tool_specs import SearchFilesInput, new_budget  # noqa: E402
from harper_search.toolbox import Toolbox  # noqa: E402

AS_OF = date(2026, 11, 22)
SKILLS = ROOT / "skills"
MODES = ("progressive", "search-up-front", "all-up-front")


@dataclass(frozen=True)
class Question:
    level: str
    query: str
    account: AccountTruth | None
    skills: tuple[str, ...]
    """The SKILL.md files the progressive brain reads before using the tools."""
    calls: tuple[tuple[str, dict[str, Any]], ...]
    cited: tuple[str, ...]


@dataclass(frozen=True)
class Count:
    requests: int
    chars: int
    tokens: int
    prefix_tokens: int


def skill_text(skills: Sequence[Skill]) -> str:
    """Every skill's instructions and references, as a prompt that loads them all up front."""
    parts = []
    for skill in skills:
        parts.append(f'<skill name="{skill.name}">\n{activate(skill)}')
        parts.extend(
            f'<reference path="{path}">\n{read_resource(skill, path)}\n</reference>'
            for path in resources(skill)
        )
        parts.append("</skill>")
    return "\n".join(parts)


def questions(
    truth: GroundTruth, passage_files: Callable[[str, str], set[str]], lists: Callable[[str], bool]
) -> list[Question]:
    """One question per level, with the tool calls a careful model would make for it, given
    what the first message already holds (``FirstTurn``): L1 and L2 arrive with the account
    resolved (its state.md and source list; for L2 also the closest passages, so the script
    reads the file they point to without searching when ``passage_files`` shows they do), L3 with
    the listing when the question's filters can be read (``lists``)."""
    l1 = next(a for a in truth.accounts if any(f.files for f in a.facts))
    l2, fact = next((a, f) for a in truth.accounts for f in a.facts if f.kind == "payroll")
    quoted_tx = [a for a in truth.accounts if a.stage == "Quoted" and a.state == "TX"]
    l3_states = "TX" if quoted_tx else truth.accounts[0].state
    l3_any = quoted_tx[0] if quoted_tx else truth.accounts[0]
    state_l1 = f"accounts/{l1.id}/state.md"
    source_l1 = _first_source(l1)
    l2_query = f"What payroll did {l2.name} give us?"
    l2_search: tuple[tuple[str, dict[str, Any]], ...] = ()
    l2_skills: tuple[str, ...] = ()
    if fact.files[0] not in passage_files(l2.id, l2_query):
        l2_search = (("search_files", {"query": "payroll", "path": f"accounts/{l2.id}"}),)
        l2_skills = ("text-search",)
    l3_query = f"Which quoted accounts are in {l3_states}?"
    l3_list: tuple[tuple[str, dict[str, Any]], ...] = ()
    l3_skills: tuple[str, ...] = ()
    if not lists(l3_query):
        l3_list = (
            (
                "search_descriptions",
                {"text": "quoted", "filters": {"stage": ["Quoted"], "state": [l3_states]}},
            ),
        )
        l3_skills = ("description-search",)
    return [
        Question(
            "L1",
            f"What stage is {l1.name} at and who is the contact?",
            l1,
            (),  # the account arrives resolved, its state.md in the first message
            (("read_file", {"path": source_l1}),),
            (state_l1, source_l1),
        ),
        Question(
            "L2",
            l2_query,
            l2,
            l2_skills,
            (*l2_search, ("read_file", {"path": fact.files[0]})),
            (fact.files[0],),
        ),
        Question(
            "L3",
            l3_query,
            None,
            l3_skills,
            (*l3_list, ("read_file", {"path": _first_source(l3_any)})),
            (f"accounts/{l3_any.id}/state.md", _first_source(l3_any)),
        ),
    ]


def _first_source(account: AccountTruth) -> str:
    for fact in account.facts:
        if fact.files:
            return fact.files[0]
    raise ValueError(f"account {account.id} has no source file in the ground truth")


def script(question: Question, mode: str) -> list[Reply]:
    calls: list[tuple[str, dict[str, Any]]] = []
    if mode == "progressive":
        calls += [
            ("read_file", {"path": f"skills/search/{name}/SKILL.md"}) for name in question.skills
        ]
    calls += list(question.calls)
    replies = [
        Reply(content=[tool_use(name, arguments, call_id=f"call_{index}")], stop_reason="tool_use")
        for index, (name, arguments) in enumerate(calls)
    ]
    answer: Block = text("Answer, from the files read: " + "; ".join(question.cited))
    replies.append(Reply(content=[answer]))
    return replies


def counter() -> Callable[[str], int]:
    tokenizer = Tokenizer.from_file(str(model_folder() / "tokenizer.json"))
    tokenizer.no_truncation()
    tokenizer.no_padding()
    return lambda value: len(tokenizer.encode(value, add_special_tokens=False).ids)


def count(requests: Sequence[Any], tokens: Callable[[str], int]) -> Count:
    chars = total = prefix = 0
    for request in requests:
        body = request.body
        sent = json.dumps(
            {"system": body.get("system"), "tools": body.get("tools"), "messages": body["messages"]}
        )
        chars += len(sent)
        total += tokens(sent)
        prefix += tokens(json.dumps({"system": body.get("system"), "tools": body.get("tools")}))
    return Count(len(requests), chars, total, prefix // max(len(requests), 1))


async def ask(
    fake: FakeAnthropic,
    toolbox: Toolbox,
    catalog: Catalog,
    system_skills: str,
    question: Question,
    first_turn: FirstTurn,
) -> None:
    settings = BrainSettings.model_validate(
        {"ANTHROPIC_API_KEY": "sk-bench", "ANTHROPIC_BASE_URL": fake.base_url}
    )
    async with ClaudeClient.from_settings(settings) as client:
        brain = ClaudeBrain(
            client, system_skills, lambda a: bool((c := catalog.get(a)) and c.sources), first_turn
        )
        account = question.account
        request = AgentRequest(
            request_id="bench",
            query=question.query,
            intent=IntentInfo(intent="search", confidence=0.9, cross_account=account is None),
            account=AccountRef(account_id=account.id, account_name=account.name)
            if account
            else None,
        )
        session = ToolSession(toolbox, new_budget(), NoProgress())
        run = await brain.answer(request, session, AS_OF)
    if not run.draft.citations or any("Evidence check" in note for note in run.draft.notes):
        raise SystemExit(f"{question.level}: the scripted answer was not accepted: {run.draft}")


def run(accounts: int) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        generate_demo(
            base / "mem", accounts=accounts, seed=7, as_of=AS_OF, truth_path=base / "t.json"
        )
        truth = GroundTruth.model_validate_json((base / "t.json").read_text(encoding="utf-8"))
        memory = MemoryRoot(base / "mem")
        embedder = make_embedder(base / "models")
        store = EdgeStore(base / "index", dense_dim=embedder.dim)
        ingest_memory_root(base / "mem", AccountIndex(store, embedder))
        passages = PassageIndex(
            EdgePassageStore(base / "passages", dense_dim=embedder.dim), embedder, memory
        )
        for account_id in memory.account_ids():
            passages.refresh(account_id)
        passages.fill_complete = True
        catalog = Catalog(memory)
        catalog.build()
        search_skills = load_skills(SKILLS, "search")
        every_skill = [s for agent in AGENTS for s in load_skills(SKILLS, agent)]
        systems = {
            "progressive": skills_index(search_skills),
            "search-up-front": skill_text(search_skills),
            "all-up-front": skill_text(every_skill),
        }
        directory = InProcessDirectory(AccountIndex(store, embedder), passages)
        toolbox = Toolbox(memory, directory, search_skills)
        words = load_listing_words(search_skills)
        reader = ListingReader(words, BookValues(toolbox), TextVectors(directory))
        first_turn = FirstTurn(reader, asks_state_field=lambda q: bool(asked_fields(q)))

        def passage_files(account_id: str, query: str) -> set[str]:
            name = catalog.get(account_id).name  # type: ignore[union-attr]
            asked = without_name(query, name) or query
            args = SearchFilesInput(
                query=asked, path=f"accounts/{account_id}", limit=BRIEF_PASSAGES
            )
            found = asyncio.run(toolbox.search_files(args, RunLog()))
            return {path.rsplit("/", 1)[0] + "/raw.txt" for path in found.files}

        def lists(query: str) -> bool:
            return not asyncio.run(reader.read(query, AS_OF)).filters.is_empty()

        tokens = counter()
        rows = []
        for question in questions(truth, passage_files, lists):
            for mode in MODES:
                with FakeAnthropic(script(question, mode)) as fake:
                    asyncio.run(ask(fake, toolbox, catalog, systems[mode], question, first_turn))
                    measured = count(fake.requests, tokens)
                rows.append({"level": question.level, "mode": mode, **measured.__dict__})
        store.close()
        return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--accounts", type=int, default=60)
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args()
    rows = run(args.accounts)
    print(f"{'level':<6}{'mode':<17}{'turns':>6}{'chars':>10}{'tokens':>9}{'prefix/turn':>13}")
    for row in rows:
        print(
            f"{row['level']:<6}{row['mode']:<17}{row['requests']:>6}{row['chars']:>10}"
            f"{row['tokens']:>9}{row['prefix_tokens']:>13}"
        )
    for other in MODES[1:]:
        ratios = []
        for level in ("L1", "L2", "L3"):
            mine = next(r for r in rows if r["level"] == level and r["mode"] == "progressive")
            theirs = next(r for r in rows if r["level"] == level and r["mode"] == other)
            ratios.append(f"{level} {theirs['tokens'] / mine['tokens']:.2f}x")
        print(f"{other} / progressive tokens: " + ", ".join(ratios))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
