"""The follow-up agent through every hop, for real: HTTP -> gateway -> starter -> followup over
NATS, the approval session in Redis, the mail over SMTP to the sink, history via the updater.

It sends mail and writes Maple Avenue Dental's history, so it runs on a Harper of its own (this
module's ``harper`` replaces the session's) and leaves the shared one untouched.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from harness import Harper, start_harper

from harper_common.memory import read_history
from harper_common.servers.smtp_sink import read_mailbox


@pytest.fixture(scope="module")
def harper(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Harper]:
    running = start_harper(tmp_path_factory.mktemp("harper-followup"))
    try:
        yield running
    finally:
        running.stop()


def test_pending_lists_overdue_accounts_by_urgency(client: httpx.Client) -> None:
    response = client.get("/followup/pending", params={"today": "2026-11-22"})
    body = response.json()
    assert response.status_code == 200, body
    assert body["total"] == len(body["accounts"]) > 0
    order = {"critical": 0, "high": 1, "normal": 2}
    ranks = [order[account["urgency"]] for account in body["accounts"]]
    assert ranks == sorted(ranks)
    maple = next(a for a in body["accounts"] if a["account_id"] == "29041")
    assert (maple["days_since_contact"], maple["urgency"]) == (48, "critical")
    quoted = client.get("/followup/pending", params={"stage": "Quoted"}).json()
    assert {a["stage"] for a in quoted["accounts"]} == {"Quoted"}
    assert client.get("/followup/pending", params={"stage": "Sleeping"}).status_code == 400


def test_follow_up_with_maple_avenue_dental_then_approve(
    client: httpx.Client, harper: Harper
) -> None:
    history_path = harper.settings.mem_root / "accounts" / "29041" / "history.md"
    entries_before = len(read_history(history_path).entries)
    response = client.post("/query", json={"query": "Follow up with Maple Avenue Dental"})
    body = response.json()
    assert response.status_code == 200, body
    assert body["type"] == "success" and body["routed_to"] == "followup_agent"
    draft = body["draft"]
    assert draft["channel"] == "email"
    assert draft["body"].startswith("Dear Dr. Reed,")
    assert "biBERK" in draft["body"] and "$2,600" in draft["body"]
    assert body["sent"] is False and body["session_id"]
    assert read_mailbox(harper.settings.mail_dir) == []

    approve = client.post("/confirm", json={"session_id": body["session_id"], "confirmed": True})
    approved = approve.json()
    assert approve.status_code == 200, approved
    assert approved["sent"] is True
    [mail] = read_mailbox(harper.settings.mail_dir)
    assert mail["To"].addresses[0].addr_spec == "lreed@mapleavedental.com"
    assert "biBERK" in mail["Subject"]
    again = client.post("/confirm", json={"session_id": body["session_id"]})
    assert again.status_code == 409
    assert len(read_mailbox(harper.settings.mail_dir)) == 1

    outbox = client.get("/followup/outbox", params={"account_id": "29041"}).json()
    assert [item["channel"] for item in outbox["items"]] == ["email"]

    # Recording goes through the updater (UPDATER_RECORD_FOLLOWUP): one new history entry.
    assert approved["recorded"] is True, approved["message"]
    assert approved["history_entry_id"]
    entries = read_history(history_path).entries
    assert len(entries) == entries_before + 1
    assert entries[-1].id == approved["history_entry_id"]
