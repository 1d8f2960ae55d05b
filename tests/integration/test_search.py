"""The search agent for real: gateway -> starter -> search (local engine) -> indexer, over NATS.

Questions are asked through HTTP as a broker would; expected facts come from the demo's ground
truth. One test files a new email through the updater; the text index picks it up from the event.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from harness import Harper
from sse import read_events

from harper_common.demo.truth import GroundTruth
from harper_common.memory.files import read_history, read_state


def truth_of(harper: Harper) -> GroundTruth:
    path = harper.settings.mem_root.parent / "truth.json"
    return GroundTruth.model_validate_json(path.read_text(encoding="utf-8"))


def accounts_of(harper: Harper) -> list[Path]:
    return sorted(p for p in (harper.settings.mem_root / "accounts").iterdir() if p.is_dir())


def ask(client: httpx.Client, query: str) -> dict:  # type: ignore[type-arg]
    response = client.post("/query", json={"query": query})
    body = response.json()
    assert response.status_code == 200, body
    assert body["routed_to"] == "search_agent", body
    return body  # type: ignore[no-any-return]


def test_state_question_is_answered_with_a_source(client: httpx.Client) -> None:
    body = ask(client, "what stage is maple avenue dental in rn")
    assert "Quoted" in body["answer"]
    assert "accounts/29041/state.md" in body["citations"]
    assert any(path.startswith("accounts/29041/sources/") for path in body["citations"])
    assert body["budget_used"]["read_file"] <= 8
    step = next(s for s in body["usage"]["steps"] if s["service"] == "search")
    assert step["brain"] == "local" and step["duration_ms"] > 0


def test_fact_from_a_call_is_quoted_and_cited(client: httpx.Client, harper: Harper) -> None:
    maple = truth_of(harper).account("Maple Avenue Dental")
    payroll = next(fact for fact in maple.facts if fact.kind == "payroll")
    body = ask(client, "how much payroll does Maple Avenue Dental have")
    assert payroll.value in body["answer"]
    assert set(payroll.files) & set(body["citations"])


def test_listing_names_every_matching_account(client: httpx.Client, harper: Harper) -> None:
    # From the files, not the ground truth: other tests of the session rename accounts.
    states = [read_state(folder / "state.md") for folder in accounts_of(harper)]
    expected = {s.name for s in states if s.stage == "Quoted"}
    body = ask(client, "Which accounts are quoted?")
    listed = {s.name for s in states if f"{s.name} (account {s.account_id})" in body["answer"]}
    assert listed == expected
    assert f"{len(expected)} accounts match" in body["answer"]


def test_stream_shows_each_tool_call_and_result(client: httpx.Client) -> None:
    with client.stream(
        "POST", "/query/stream", json={"query": "who's the contact at Maple Avenue Dental"}
    ) as response:
        events = list(read_events(response))
    calls = [e for e in events if e.kind == "tool_call"]
    results = [e for e in events if e.kind == "tool_result"]
    assert calls and len(calls) == len(results)
    assert {c.data["tool"] for c in calls} >= {"read_file", "list_files"}
    answer = next(e for e in events if e.kind == "answer")
    assert "Dr. Lisa Reed" in answer.data["answer"]


def test_a_filed_email_is_found_after_its_account_event(
    client: httpx.Client, harper: Harper
) -> None:
    """The updater files an email and publishes communication_filed; the search agent's text
    index takes the account in again, so a search across every account finds the new lines."""
    bound = next(a for a in truth_of(harper).accounts if a.stage == "Bound")
    raw = (
        f"From: {bound.contact.name} <{bound.contact.email}>\nTo: {bound.broker} "
        "<broker@northgateins.com>\nDate: 2026-01-01T09:00:00Z\nSubject: Sterilizer\n\n"
        "We bought an autoclave sterilizer worth $48,000 last month.\n"
    )
    filed = client.post(
        "/communications", json={"channel": "email", "raw": raw, "account_id": bound.id}
    )
    assert filed.status_code == 201, filed.json()
    source = filed.json()["source_path"] + "/raw.txt"
    deadline = time.monotonic() + 15
    while True:  # the event is applied asynchronously: wait for its observable effect
        client.post("/cache/clear")
        body = ask(client, "Which accounts mentioned an autoclave sterilizer?")
        if source in body["citations"] or time.monotonic() > deadline:
            break
    assert source in body["citations"], body
    assert "$48,000" in body["answer"]
    assert bound.name in body["answer"]


def test_a_hand_edit_of_state_md_reaches_listings_and_history(
    client: httpx.Client, harper: Harper
) -> None:
    """Someone edits a state.md in an editor while Harper runs: the updater records the edit
    (By: external edit) and the index follows, so a listing by stage shows it."""
    folder = next(f for f in accounts_of(harper) if read_state(f / "state.md").stage == "Submitted")
    state = read_state(folder / "state.md")
    text = (folder / "state.md").read_text(encoding="utf-8")
    (folder / "state.md").write_text(text.replace("stage: Submitted", "stage: Quoted", 1))
    listed = f"{state.name} (account {state.account_id})"
    deadline = time.monotonic() + 20
    while True:  # the watch and the index work asynchronously: wait for the listing to change
        client.post("/cache/clear")
        body = ask(client, "Which accounts are quoted?")
        if listed in body["answer"] or time.monotonic() > deadline:
            break
    assert listed in body["answer"], body["answer"]
    entry = read_history(folder / "history.md").entries[-1]
    assert entry.by == "external edit"
    assert [(c.field, c.old_value, c.new_value) for c in entry.changes] == [
        ("stage", "Submitted", "Quoted")
    ]
    assert read_state(folder / "state.md").version == state.version + 1
