"""The Claude brain through the real `anthropic` SDK against the fake Messages API: the same
tools, budgets and evidence checker as the local engine; usage in the response and the audit log.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from fake_anthropic import FakeAnthropic, Reply, Usage, text, tool_use
from pydantic import SecretStr

from harper_common.brain import AuditLog, BrainSettings, ClaudeClient, read_audit
from harper_common.demo.truth import FactKind
from harper_common.messages.progress import ToolCallStep, ToolResultStep
from harper_common.skills import skills_index
from harper_search.book_values import BookValues
from harper_search.claude_brain import ClaudeBrain
from harper_search.first_turn import FirstTurn
from harper_search.listing_reader import ListingReader
from harper_search.listing_words import load_listing_words
from harper_search.state_fields import asked_fields
from harper_search.text_vectors import TextVectors

if TYPE_CHECKING:
    from conftest import AgentFactory, Book, RecordedProgress, RequestFactory

EPHEMERAL = {"type": "ephemeral"}
MAX_REJECTIONS = 2
"""run_tool_loop's default: an answer is sent back this many times before it stands."""


@pytest.fixture
async def brain(
    fake: FakeAnthropic, book: Book, text_vectors: TextVectors
) -> AsyncIterator[ClaudeBrain]:
    settings = BrainSettings(
        anthropic_api_key=SecretStr("sk-test"),
        anthropic_base_url=fake.base_url,
        claude_retry_base_delay_s=0.001,
        claude_retry_max_delay_s=0.01,
    )
    client = ClaudeClient.from_settings(settings)
    reader = ListingReader(
        load_listing_words(book.skills), BookValues(book.toolbox()), text_vectors
    )
    first_turn = FirstTurn(reader, asks_state_field=lambda question: bool(asked_fields(question)))
    yield ClaudeBrain(client, skills_index(book.skills), book.has_sources, first_turn)
    await client.aclose()


def injection(book: Book) -> tuple[Any, Any]:
    return next(
        (a, f) for a in book.truth.accounts for f in a.facts if f.kind == FactKind.INJECTION
    )


def first_message(fake: FakeAnthropic) -> str:
    """The text of the first message the brain sent (what the first turn hands over)."""
    return str(fake.requests[0].body["messages"][0]["content"][0]["text"])


def read(path: str) -> Reply:
    return Reply(content=[tool_use("read_file", {"path": path})])


@pytest.mark.anyio
async def test_tool_loop_reads_then_answers_with_a_checked_citation(
    book: Book,
    fake: FakeAnthropic,
    brain: ClaudeBrain,
    make_agent: AgentFactory,
    make_request: RequestFactory,
    progress: RecordedProgress,
    tmp_path: Path,
) -> None:
    account, fact = injection(book)
    source = fact.files[0]
    answer_text = (
        f'They asked for quotes: "need quotes on WC, GL, auto and inland marine" ({source}). '
        f'The email also says "{fact.value}"; that is text in an email, not an instruction.'
    )
    fake.reset(
        read("skills/search/file-navigation/SKILL.md"),
        read(f"accounts/{account.id}/state.md"),
        read(source),
        Reply(content=[text(answer_text)], usage=Usage(input_tokens=50, output_tokens=20)),
    )
    agent = make_agent(claude=brain, audit=AuditLog(tmp_path))
    answer = await agent.handle(make_request("what did they ask for in the first email", account))

    assert answer.answer == answer_text
    assert answer.citations == [source]
    assert answer.notes == []
    step = answer.usage.steps[0] if answer.usage else None
    assert step is not None and step.brain == "claude"
    assert step.input_tokens == 3 * 10 + 50 and step.output_tokens == 3 * 5 + 20
    first, last = fake.requests[0], fake.requests[-1]
    assert "<available_skills location=" in first.body["system"][1]["text"]
    assert first.body["system"][1]["cache_control"] == EPHEMERAL
    assert "<question>" in first.messages[0]["content"][0]["text"]
    tool_result = last.messages[-1]["content"][0]
    assert 'trust="untrusted-evidence"' in tool_result["content"]
    # the passages of the first message come from one search_files made for the model
    called = [s.tool for s in progress.steps if isinstance(s, ToolCallStep)]
    assert called == ["search_files", *["read_file"] * 3]
    assert len([s for s in progress.steps if isinstance(s, ToolResultStep)]) == 4
    runs = read_audit(next(iter(sorted((tmp_path / "audit").glob("*.jsonl")))))
    assert len(runs) == 1 and runs[0].brain == "claude" and runs[0].agent == "search"
    assert runs[0].totals.input == 80


@pytest.mark.anyio
async def test_an_answer_without_a_source_is_rejected_and_asked_again(
    book: Book,
    fake: FakeAnthropic,
    brain: ClaudeBrain,
    make_agent: AgentFactory,
    make_request: RequestFactory,
) -> None:
    maple = book.truth.account("Maple Avenue Dental")
    state = f"accounts/{maple.id}/state.md"
    quote = next(f for f in maple.facts if f.kind == FactKind.QUOTE_AMOUNT)
    fake.reset(
        read(state),
        Reply(content=[text(f"They are Quoted ({state}).")]),
        read(quote.files[0]),
        Reply(content=[text(f"Quoted at $2,600 ({state}, {quote.files[0]}).")]),
    )
    answer = await make_agent(claude=brain).handle(make_request("status?", maple))
    rejection = fake.requests[2].messages[-1]["content"][0]["text"]
    assert "not accepted" in rejection and "sources/" in rejection
    assert answer.citations == [state, quote.files[0]]
    assert answer.notes == []


@pytest.mark.anyio
async def test_a_spent_budget_forces_an_answer_from_what_was_read(
    book: Book,
    fake: FakeAnthropic,
    brain: ClaudeBrain,
    make_agent: AgentFactory,
    make_request: RequestFactory,
) -> None:
    maple = book.truth.account("Maple Avenue Dental")
    payroll = next(f for f in maple.facts if f.kind == FactKind.PAYROLL)
    sources = f"accounts/{maple.id}/sources"
    fake.reset(
        read(payroll.files[0]),
        # 1 search_files for the first message + 1 read + 13 lists = the 15 calls of the budget
        *[Reply(content=[tool_use("list_files", {"path": sources})]) for _ in range(13)],
        Reply(content=[text(f"Payroll is about $390,000 ({payroll.files[0]}).")]),
    )
    answer = await make_agent(claude=brain).handle(make_request("payroll?", maple))
    assert answer.budget_used is not None and answer.budget_used.tool_calls == 15
    assert fake.requests[-1].body["tool_choice"] == {"type": "none"}
    assert "Budget exhausted" in str(fake.requests[-1].messages[-1]["content"])
    assert answer.citations == [payroll.files[0]]
    assert any("budget ran out" in note for note in answer.notes)


@pytest.mark.anyio
async def test_reads_over_the_read_file_limit_are_refused_and_still_charged(
    book: Book,
    fake: FakeAnthropic,
    brain: ClaudeBrain,
    make_agent: AgentFactory,
    make_request: RequestFactory,
    progress: RecordedProgress,
) -> None:
    maple = book.truth.account("Maple Avenue Dental")
    state = f"accounts/{maple.id}/state.md"
    source = maple.facts[0].files[0]
    fake.reset(
        read(source),
        *[read(state) for _ in range(8)],
        Reply(content=[text(f"Six employees ({source}).")]),
    )
    answer = await make_agent(claude=brain).handle(make_request("staff?", maple))
    assert answer.budget_used is not None
    # the first message's passage search is charged too
    assert answer.budget_used.read_file == 9 and answer.budget_used.tool_calls == 10
    refused = [s for s in progress.steps if isinstance(s, ToolResultStep) and not s.ok]
    assert len(refused) == 1 and refused[0].summary == "refused"
    assert "limit reached" in str(fake.requests[-1].messages[-1]["content"])


@pytest.mark.anyio
async def test_the_first_turn_hands_over_the_resolved_accounts_state_and_sources(
    book: Book,
    fake: FakeAnthropic,
    brain: ClaudeBrain,
    make_agent: AgentFactory,
    make_request: RequestFactory,
) -> None:
    account, fact = injection(book)
    source, state = fact.files[0], f"accounts/{account.id}/state.md"
    answered = f"The stage is in {state}; the email says so ({source})."
    fake.reset(read(source), Reply(content=[text(answered)]))
    answer = await make_agent(claude=brain).handle(make_request("what stage are they at", account))

    first = first_message(fake)
    on_file = (book.memory.root / state).read_text(encoding="utf-8")
    assert f'<file path="{state}">' in first and on_file.strip() in first
    assert source in first and first.index("<sources>") < first.index(source)
    assert first.rstrip().endswith("</question>")
    assert len(fake.requests) == 2  # one read of the source, then the answer
    assert answer.citations == [state, source] and answer.notes == []


@pytest.mark.anyio
async def test_the_handed_over_state_is_no_source_an_answer_may_rest_on(
    book: Book,
    fake: FakeAnthropic,
    brain: ClaudeBrain,
    make_agent: AgentFactory,
    make_request: RequestFactory,
) -> None:
    account, _ = injection(book)
    state = f"accounts/{account.id}/state.md"
    fake.reset(*(Reply(content=[text(f"See {state}.")]) for _ in range(1 + MAX_REJECTIONS)))
    answer = await make_agent(claude=brain).handle(make_request("what stage are they at", account))
    assert any("Evidence check not passed" in note for note in answer.notes)
    assert answer.citations == [state]  # shown, but the answer rests on no source


@pytest.mark.anyio
async def test_a_question_state_md_answers_gets_no_passage_search(
    book: Book,
    fake: FakeAnthropic,
    brain: ClaudeBrain,
    make_agent: AgentFactory,
    make_request: RequestFactory,
    progress: RecordedProgress,
) -> None:
    account, fact = injection(book)
    fake.reset(read(fact.files[0]), Reply(content=[text(f"Per {fact.files[0]}.")]))
    await make_agent(claude=brain).handle(make_request("who is the contact", account))
    first = first_message(fake)
    assert "<passages>" not in first
    assert [s.tool for s in progress.steps if isinstance(s, ToolCallStep)] == ["read_file"]


@pytest.mark.anyio
async def test_the_first_turn_hands_over_the_passages_closest_to_the_question(
    book: Book,
    fake: FakeAnthropic,
    brain: ClaudeBrain,
    make_agent: AgentFactory,
    make_request: RequestFactory,
) -> None:
    maple = book.truth.account("Maple Avenue Dental")
    payroll = next(f for f in maple.facts if f.kind == FactKind.PAYROLL)
    folder = payroll.files[0].rsplit("/", 1)[0]
    cited_unread = f"Payroll is about $390,000 ({payroll.files[0]})."
    fake.reset(*(Reply(content=[text(cited_unread)]) for _ in range(1 + MAX_REJECTIONS)))
    answer = await make_agent(claude=brain).handle(
        make_request(f"what payroll did {maple.name} give us", maple)
    )
    first = first_message(fake)
    passages = first[first.index("<passages>") : first.index("</passages>")]
    assert folder in passages  # the passage that says it points at its source
    assert maple.name not in passages.split("\n", 1)[0]
    # a passage is no read of its file: citing it unread does not pass the evidence check
    assert any("Evidence check not passed" in note for note in answer.notes)


@pytest.mark.anyio
async def test_a_question_about_many_accounts_arrives_with_the_listing(
    book: Book,
    fake: FakeAnthropic,
    brain: ClaudeBrain,
    make_agent: AgentFactory,
    make_request: RequestFactory,
) -> None:
    quoted = [a for a in book.truth.accounts if a.stage == "Quoted"]
    assert quoted
    some = quoted[0]
    source = next(f.files[0] for f in some.facts if f.files)
    listed = ", ".join(f"{a.name} (accounts/{a.id}/state.md)" for a in quoted)
    fake.reset(read(source), Reply(content=[text(f"Quoted: {listed}; latest: {source}.")]))
    answer = await make_agent(claude=brain).handle(make_request("which accounts are quoted?"))
    first = first_message(fake)
    assert "Listed for you" in first and f"{len(quoted)} accounts" in first
    assert all(f"{a.id} | {a.name} | Quoted" in first for a in quoted)
    assert len(fake.requests) == 2  # no listing call of its own: one read, then the answer
    # the listed accounts' state.md may be cited without reading each one
    assert set(answer.citations) == {f"accounts/{a.id}/state.md" for a in quoted} | {source}
    assert answer.notes == []


@pytest.mark.anyio
async def test_a_question_past_its_token_budget_answers_from_what_was_read_and_says_so(
    book: Book, fake: FakeAnthropic, make_agent: AgentFactory, make_request: RequestFactory
) -> None:
    maple = book.truth.account("Maple Avenue Dental")
    payroll = next(f for f in maple.facts if f.kind == FactKind.PAYROLL)
    settings = BrainSettings(
        anthropic_api_key=SecretStr("sk-test"),
        anthropic_base_url=fake.base_url,
        claude_token_budget=5_000,
    )
    history = f"accounts/{maple.id}/history.md"
    fake.reset(
        read(payroll.files[0]),
        Reply(content=[read(history).content[0]], usage=Usage(input_tokens=6_000)),
        Reply(content=[text(f"Payroll is about $390,000 ({payroll.files[0]}).")]),
    )
    async with ClaudeClient.from_settings(settings) as client:
        lean = ClaudeBrain(client, skills_index(book.skills), book.has_sources)
        answer = await make_agent(claude=lean).handle(make_request("payroll?", maple))
    assert fake.requests[-1].body["tool_choice"] == {"type": "none"}
    assert any("budget ran out (5,000 tokens)" in note for note in answer.notes), answer.notes
    assert answer.usage is not None and answer.usage.cost_usd is not None
    assert answer.usage.cost_usd > 0  # the default model is in the price table
